import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { equipmentContracts } from '@workbench/domain';
import { call } from '../../api/client';

/** How many items a list filter offers at most (the list call's largest page). */
const EQUIPMENT_CHOICES_MAX = 200;

/**
 * The equipment the viewer sees, every status, for the issue and schedule lists' equipment
 * filter (001 §2 schedule filter bar; the issue list's `equipment` parameter).
 */
export function useEquipmentChoices(enabled = true) {
  return useQuery({
    queryKey: ['equipment', 'filter-choices'],
    queryFn: ({ signal }) =>
      call(equipmentContracts.list, {
        query: { status: 'all', sort_by: 'name', paginate_by: String(EQUIPMENT_CHOICES_MAX) },
        signal,
      }),
    select: (page) => page.data.map((e) => ({ value: String(e.id), label: e.title })),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
