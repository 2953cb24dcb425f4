import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type ChecklistTemplate,
  type ChecklistTemplateListQuery,
  type CreateChecklistTemplateRequest,
  checklistTemplateContracts,
  type UpdateChecklistTemplateRequest,
} from '@workbench/domain';
import { call } from '../../api/client';

export const templateKeys = {
  all: ['checklist-templates'] as const,
  lists: ['checklist-templates', 'list'] as const,
  list: (query: ChecklistTemplateListQuery) => ['checklist-templates', 'list', query] as const,
  detail: (id: number) => ['checklist-templates', 'detail', id] as const,
};

export function useChecklistTemplates(
  query: ChecklistTemplateListQuery,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: templateKeys.list(query),
    queryFn: ({ signal }) => call(checklistTemplateContracts.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useChecklistTemplate(id: number | null) {
  return useQuery({
    queryKey: templateKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(checklistTemplateContracts.get, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

/** A saved template into the cache; the lists (sorted, paged) refetch. */
function putTemplate(client: QueryClient, template: ChecklistTemplate) {
  client.setQueryData(templateKeys.detail(template.id), template);
  void client.invalidateQueries({ queryKey: templateKeys.lists });
}

export function useTemplateActions() {
  const client = useQueryClient();
  return {
    create: useMutation({
      mutationFn: (body: CreateChecklistTemplateRequest) => call(checklistTemplateContracts.create, { body }),
      onSuccess: (template) => putTemplate(client, template),
    }),
    update: useMutation({
      mutationFn: (input: { id: number; body: UpdateChecklistTemplateRequest }) =>
        call(checklistTemplateContracts.update, { params: { id: input.id }, body: input.body }),
      onSuccess: (template) => putTemplate(client, template),
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(checklistTemplateContracts.remove, { params: { id } }),
      onSuccess: (_, id) => {
        client.removeQueries({ queryKey: templateKeys.detail(id) });
        void client.invalidateQueries({ queryKey: templateKeys.lists });
      },
    }),
  };
}
