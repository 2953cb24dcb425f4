import { Box, Select, Switch, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { EQUIPMENT_STATUS_FILTERS, type EquipmentListQuery } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { FilterBarRow, FilterBarToggle, useWrappingFilterBar } from '../../../ui/FilterBarWrap';
import { useUrlSearch } from '../../../ui/feedback/use-url-search';
import { idsOfValues as ids, valuesOfIds as strings } from '../../../ui/filter-values';
import { SummaryMultiSelect } from '../../issues/components/SummaryMultiSelect';
import { useWorkspaceChoices } from '../../issues/issues-api';
import { useEquipmentFilterOptions, useEquipmentPeople } from '../equipment-api';
import { holderPatch, holderValues } from '../list-state';
import { holderName } from './EquipmentCard';

const FIELD_WIDTH = { base: '100%', sm: 190 };

/**
 * The equipment list's filter bar (001 §2: status all / active / archived, workspaces with their
 * sub-workspaces, groups, types, holder, reserved for, managers, and the search). Every change
 * goes to the URL and back to page 1; the options come from GET equipment/filter_options, the
 * workspace tree and the organisation's people.
 */
export function EquipmentListFilters({
  query,
  onChange,
}: {
  query: EquipmentListQuery;
  onChange: (patch: Partial<EquipmentListQuery>) => void;
}) {
  const { t } = useTranslation();
  const options = useEquipmentFilterOptions();
  const workspaces = useWorkspaceChoices();
  const people = useEquipmentPeople(null);
  const [searchText, setSearchText] = useUrlSearch(query.search, (search) => onChange({ search }));

  // 'Show more / show less' appears only when the filters wrap onto a second row.
  const bar = useWrappingFilterBar(
    () =>
      query.holder.length > 0 ||
      query.external_holder.length > 0 ||
      query.reserved_for.length > 0 ||
      query.managers.length > 0,
  );

  const data = options.data;
  const workspaceOptions = (workspaces.data ?? [])
    .filter((w) => !w.archived || query.workspaces.includes(w.id))
    .map((w) => ({ value: String(w.id), label: w.name, depth: w.depth }));
  const groupOptions = (data?.groups ?? []).map((g) => ({ value: String(g.id), label: g.name }));
  const typeOptions = (data?.types ?? []).map((g) => ({ value: String(g.id), label: g.name }));
  const holderOptions = (data?.holders ?? []).map((h) => ({
    value: `${h.is_public_user ? 'e' : 'u'}${h.id}`,
    label: h.is_public_user ? `${holderName(h)} · ${t('equipment.filters.external')}` : holderName(h),
  }));
  const managerOptions = (data?.managers ?? []).map((p) => ({ value: String(p.id), label: p.full_name }));
  const peopleOptions = (people.data?.data ?? []).map((p) => ({
    value: String(p.id),
    label: p.full_name || p.email,
  }));

  return (
    <Box>
      <FilterBarRow bar={bar} testId="equipment-filters">
        <TextInput
          leftSection={<IconSearch size={16} aria-hidden />}
          placeholder={t('equipment.list.search_placeholder')}
          aria-label={t('equipment.list.search')}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
        />
        <Select
          aria-label={t('equipment.filters.status')}
          data={EQUIPMENT_STATUS_FILTERS.map((s) => ({
            value: s,
            label: t(`equipment.filters.statuses.${s}`),
          }))}
          value={query.status}
          onChange={(v) => v && onChange({ status: v as EquipmentListQuery['status'] })}
          allowDeselect={false}
          w={{ base: '100%', sm: 150 }}
          comboboxProps={{ withinPortal: true }}
          data-testid="equipment-status-filter"
        />
        <SummaryMultiSelect
          label={t('equipment.filters.workspaces')}
          data={workspaceOptions}
          value={strings(query.workspaces)}
          onChange={(v) => onChange({ workspaces: ids(v) })}
          w={{ base: '100%', sm: 210 }}
        />
        <Switch
          checked={query.include_sub_ws === 1}
          onChange={(e) => onChange({ include_sub_ws: e.currentTarget.checked ? 1 : 0 })}
          label={t('equipment.filters.include_sub_ws')}
        />
        <SummaryMultiSelect
          label={t('equipment.filters.groups')}
          data={groupOptions}
          value={strings(query.groups)}
          onChange={(v) => onChange({ groups: ids(v) })}
          w={FIELD_WIDTH}
        />
        <SummaryMultiSelect
          label={t('equipment.filters.types')}
          data={typeOptions}
          value={strings(query.types)}
          onChange={(v) => onChange({ types: ids(v) })}
          w={FIELD_WIDTH}
        />
        <SummaryMultiSelect
          label={t('equipment.filters.holder')}
          data={holderOptions}
          value={holderValues(query)}
          onChange={(v) => onChange(holderPatch(v))}
          w={FIELD_WIDTH}
        />
        <SummaryMultiSelect
          label={t('equipment.filters.reserved_for')}
          data={peopleOptions}
          value={strings(query.reserved_for)}
          onChange={(v) => onChange({ reserved_for: ids(v) })}
          w={FIELD_WIDTH}
        />
        <SummaryMultiSelect
          label={t('equipment.filters.managers')}
          data={managerOptions}
          value={strings(query.managers)}
          onChange={(v) => onChange({ managers: ids(v) })}
          w={FIELD_WIDTH}
        />
      </FilterBarRow>
      <FilterBarToggle
        bar={bar}
        showMore={t('equipment.list.show_more')}
        showLess={t('equipment.list.show_less')}
      />
    </Box>
  );
}
