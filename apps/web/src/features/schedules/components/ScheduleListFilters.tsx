import { Box, Group, Select, Switch, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import {
  PRIORITIES,
  readClientSettings,
  SCHEDULE_STATUS_KINDS,
  type ScheduleListQuery,
  type ScheduleStatusKind,
  showsPartnerFilters,
} from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBarRow, FilterBarToggle, useWrappingFilterBar } from '../../../ui/FilterBarWrap';
import { useUrlSearch } from '../../../ui/feedback/use-url-search';
import { idsOfValues as ids, valuesOfIds as strings } from '../../../ui/filter-values';
import { useAssetChoices } from '../../assets/components/use-asset-choices';
import { useAuth } from '../../auth/session-store';
import { useEquipmentChoices } from '../../equipment-sets/use-equipment-choices';
import { SummaryMultiSelect, type SummaryOption } from '../../issues/components/SummaryMultiSelect';
import {
  useAssigneeFilterChoices,
  useExternalFilterChoices,
  useJobPositionFilterChoices,
  useWorkspaceFilterChoices,
} from '../../issues/issue-list-api';
import { useCategories } from '../../issues/issues-api';
import { workspaceTreeOrder } from '../../issues/list-state';
import { useClientSettings } from '../../profiles/profiles-api';
import {
  rolesOf,
  type ScheduleFilterRole,
  type ScheduleRoleFamily,
  scheduleRoleChange,
  scheduleRoleIds,
  scheduleRoleInUse,
} from '../list-state';

const ROLE_SELECT_WIDTH = 130;
const FIELD_WIDTH = { base: '100%', sm: 190 };

/**
 * The schedule list's filter bar (001 §2 "Scheduling"): search, status kinds, workspaces, people
 * by role (assignee, watcher, replacement), partner companies and people (the main organisation
 * only), priority, category, assets, job position and equipment. Every change goes to the URL and back to page 1.
 */
export function ScheduleListFilters({
  query,
  onChange,
}: {
  query: ScheduleListQuery;
  onChange: (patch: Partial<ScheduleListQuery>) => void;
}) {
  const { t } = useTranslation();
  const workspaces = useWorkspaceFilterChoices();
  const people = useAssigneeFilterChoices();
  const categories = useCategories();
  const positions = useJobPositionFilterChoices();
  const user = useAuth().session?.user;
  const settings = useClientSettings() ?? readClientSettings({});
  // Collaborators: only in the person's own (main) organisation, with collaborations on.
  const showPartners = showsPartnerFilters(user, settings);
  const externals = useExternalFilterChoices(showPartners);
  const showAssets = settings.include_assets;
  const assets = useAssetChoices('', showAssets);
  const showEquipment = settings.include_equipment;
  const equipment = useEquipmentChoices(showEquipment);
  const [searchText, setSearchText] = useUrlSearch(query.search, (search) => onChange({ search }));

  // 'Show more / show less' appears only when the filters wrap onto a second row.
  const bar = useWrappingFilterBar(
    () =>
      query.priority_id.length > 0 ||
      query.categories.length > 0 ||
      query.assets.length > 0 ||
      query.equipment.length > 0 ||
      query.job_positions.length > 0 ||
      scheduleRoleInUse(query, 'companies') !== null ||
      scheduleRoleInUse(query, 'externals') !== null,
  );

  const statusOptions = SCHEDULE_STATUS_KINDS.map((s) => ({ value: s, label: t(`schedules.status.${s}`) }));
  const workspaceOptions = workspaceTreeOrder(workspaces.data ?? []).map((w) => ({
    value: String(w.id),
    label: w.name,
    depth: w.depth,
  }));
  const peopleOptions = (people.data ?? []).map((p) => ({
    value: String(p.id),
    label: p.full_name || p.email,
  }));
  const externalOptions = (externals.data ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.full_name || p.email} (${p.company.name})`,
  }));
  const companyOptions = [...new Map((externals.data ?? []).map((p) => [p.company.id, p.company])).values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((c) => ({ value: String(c.id), label: c.name }));
  const priorityOptions = PRIORITIES.map((p) => ({
    value: String(p.id),
    label: t(`issues.priority.${p.name}`),
  }));
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const assetOptions = (assets.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  const positionOptions = (positions.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));

  return (
    <Box>
      <FilterBarRow bar={bar} testId="schedule-filters">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('schedules.list.search_placeholder')}
          aria-label={t('schedules.list.search')}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
        />
        <SummaryMultiSelect
          label={t('schedules.filters.status')}
          data={statusOptions}
          value={query.status}
          onChange={(v) =>
            onChange({ status: SCHEDULE_STATUS_KINDS.filter((s: ScheduleStatusKind) => v.includes(s)) })
          }
          w={FIELD_WIDTH}
        />
        <SummaryMultiSelect
          label={t('schedules.filters.workspaces')}
          data={workspaceOptions}
          value={strings(query.workspaces)}
          onChange={(v) => onChange({ workspaces: ids(v) })}
          w={{ base: '100%', sm: 210 }}
        />
        <Switch
          checked={query.include_sub_ws === 1}
          onChange={(e) => onChange({ include_sub_ws: e.currentTarget.checked ? 1 : 0 })}
          label={t('schedules.filters.include_sub_ws')}
        />
        <RoleFilter
          family="users"
          label={t('schedules.filters.users')}
          options={peopleOptions}
          query={query}
          onChange={onChange}
        />
        {showPartners && (
          <RoleFilter
            family="companies"
            label={t('schedules.filters.collaborators')}
            options={companyOptions}
            query={query}
            onChange={onChange}
          />
        )}
        {showPartners && (
          <RoleFilter
            family="externals"
            label={t('schedules.filters.externals')}
            options={externalOptions}
            query={query}
            onChange={onChange}
          />
        )}
        <SummaryMultiSelect
          label={t('schedules.filters.priority')}
          data={priorityOptions}
          value={strings(query.priority_id)}
          onChange={(v) =>
            onChange({ priority_id: v.map(Number).filter((n) => Number.isSafeInteger(n) && n >= 0) })
          }
          w={{ base: '100%', sm: 170 }}
        />
        <SummaryMultiSelect
          label={t('schedules.filters.category')}
          data={categoryOptions}
          value={strings(query.categories)}
          onChange={(v) => onChange({ categories: ids(v) })}
          w={FIELD_WIDTH}
        />
        {showAssets && (
          <SummaryMultiSelect
            label={t('schedules.filters.assets')}
            data={assetOptions}
            value={strings(query.assets)}
            onChange={(v) => onChange({ assets: ids(v) })}
            w={FIELD_WIDTH}
          />
        )}
        <SummaryMultiSelect
          label={t('schedules.filters.position')}
          data={positionOptions}
          value={strings(query.job_positions)}
          onChange={(v) => onChange({ job_positions: ids(v) })}
          w={FIELD_WIDTH}
        />
        {showEquipment && (
          <SummaryMultiSelect
            label={t('schedules.filters.equipment')}
            data={equipment.data ?? []}
            value={strings(query.equipment)}
            onChange={(v) => onChange({ equipment: ids(v) })}
            w={FIELD_WIDTH}
          />
        )}
      </FilterBarRow>
      <FilterBarToggle
        bar={bar}
        showMore={t('schedules.list.show_more')}
        showLess={t('schedules.list.show_less')}
      />
    </Box>
  );
}

/**
 * A people or company filter with its role: the chosen ids go to the parameter of the role
 * (assignees / watchers / replacements, or their _companies / _externals). The role shown follows
 * the URL; without a selection it is kept here until one is made.
 */
function RoleFilter({
  family,
  label,
  options,
  query,
  onChange,
}: {
  family: ScheduleRoleFamily;
  label: string;
  options: SummaryOption[];
  query: ScheduleListQuery;
  onChange: (patch: Partial<ScheduleListQuery>) => void;
}) {
  const { t } = useTranslation();
  const inUse = scheduleRoleInUse(query, family);
  const [pickedRole, setPickedRole] = useState<ScheduleFilterRole>(inUse ?? 'assignee');
  const role = inUse ?? pickedRole;
  const selected = strings(scheduleRoleIds(query, family, role));
  return (
    <Group gap={4} wrap="nowrap" w={{ base: '100%', sm: 'auto' }}>
      <SummaryMultiSelect
        label={label}
        data={options}
        value={selected}
        onChange={(v) => onChange(scheduleRoleChange(family, role, ids(v)))}
        w={{ base: `calc(100% - ${ROLE_SELECT_WIDTH + 4}px)`, sm: 200 }}
      />
      <Select
        aria-label={t('schedules.filters.role_of', { filter: label })}
        value={role}
        onChange={(v) => {
          if (!v) return;
          const next = v as ScheduleFilterRole;
          setPickedRole(next);
          if (selected.length) onChange(scheduleRoleChange(family, next, ids(selected)));
        }}
        data={rolesOf(family).map((r) => ({ value: r, label: t(`schedules.filters.roles.${r}`) }))}
        allowDeselect={false}
        w={ROLE_SELECT_WIDTH}
        comboboxProps={{ width: 170, position: 'bottom-end' }}
      />
    </Group>
  );
}
