import { FilterBarRow, FilterBarToggle, useWrappingFilterBar } from '../../../ui/FilterBarWrap';
import { idsOfValues, valuesOfIds } from '../../../ui/filter-values';
import '@mantine/dates/styles.css';
import { Box, Group, Select, Switch, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconSearch } from '@tabler/icons-react';
import {
  ISSUE_COMPANY_FILTER_KEYS,
  ISSUE_DATE_TYPES,
  ISSUE_LIST_PRIORITIES,
  ISSUE_PEOPLE_FILTER_KEYS,
  type IssueDateType,
  type IssueListQuery,
  PRIORITIES,
  readClientSettings,
  showsPartnerFilters,
} from '@workbench/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlSearch } from '../../../ui/feedback/use-url-search';
import { useAssetChoices, useAssetGroupChoices } from '../../assets/components/use-asset-choices';
import { useAuth } from '../../auth/session-store';
import { useEquipmentChoices } from '../../equipment-sets/use-equipment-choices';
import { useClientSettings } from '../../profiles/profiles-api';
import {
  useAssigneeFilterChoices,
  useExternalFilterChoices,
  useJobPositionFilterChoices,
  useWorkspaceFilterChoices,
} from '../issue-list-api';
import { useCategories } from '../issues-api';
import {
  dateOnly,
  ISSUE_FILTER_ROLES,
  type IssueFilterRole,
  type IssueTypeChoice,
  issueTypeChange,
  issueTypeChoice,
  type RoleFilterKeys,
  roleFilterChange,
  roleInUse,
  workspaceTreeOrder,
} from '../list-state';
import { IssueDates } from './IssueDates';
import { SummaryMultiSelect, type SummaryOption } from './SummaryMultiSelect';

/** Ids of the chosen values; 0 is 'unassigned' in the people filter. */
const ids = (values: string[]) => idsOfValues(values, { allowZero: true });
const strings = valuesOfIds;

// The schedule filter searches schedules on the server: its code loads after the list, not with it.
const ScheduleFilterSelect = lazy(() =>
  import('../../schedules/components/ScheduleFilterSelect').then((m) => ({
    default: m.ScheduleFilterSelect,
  })),
);

/** The role select beside a people or company filter. */
const ROLE_SELECT_WIDTH = 130;

/** The issue list's filter bar; every change goes to the URL (and back to page 1). */
export function IssueListFilters({
  query,
  onChange,
}: {
  query: IssueListQuery;
  onChange: (patch: Partial<IssueListQuery>) => void;
}) {
  const { t } = useTranslation();
  const workspaces = useWorkspaceFilterChoices();
  const people = useAssigneeFilterChoices();
  const categories = useCategories();
  const positions = useJobPositionFilterChoices();
  // Collaborators and externals: only in the person's own (main) organisation, with collaborations on.
  const user = useAuth().session?.user;
  const settings = useClientSettings() ?? readClientSettings({});
  const showPartners = showsPartnerFilters(user, settings);
  const externals = useExternalFilterChoices(showPartners);
  // Assets, their groups and systems (000 §3 "Issue filter keys"): when the organisation uses assets.
  const showAssets = settings.include_assets;
  const assets = useAssetChoices('', showAssets);
  const assetGroups = useAssetGroupChoices(showAssets);
  // Equipment the issue names: when the organisation uses equipment.
  const showEquipment = settings.include_equipment;
  const equipment = useEquipmentChoices(showEquipment);

  const [searchText, setSearchText] = useUrlSearch(query.search, (search) => onChange({ search }));

  // 'Show more / show less' appears only when the filters wrap onto a second row.
  // Opened at first when a filter from the second row is in use, so it is not hidden.
  const bar = useWrappingFilterBar(
    () =>
      query.priority_id.length > 0 ||
      query.categories.length > 0 ||
      query.date_from !== null ||
      query.date_to !== null ||
      roleInUse(query, ISSUE_PEOPLE_FILTER_KEYS) !== null ||
      roleInUse(query, ISSUE_COMPANY_FILTER_KEYS) !== null ||
      query.job_positions.length > 0 ||
      query.externals.length > 0 ||
      query.asset_ids.length > 0 ||
      query.asset_groups.length > 0 ||
      query.asset_systems.length > 0 ||
      query.equipment.length > 0 ||
      query.schedule_id.length > 0,
  );

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
  const positionOptions = (positions.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  const priorityOptions = ISSUE_LIST_PRIORITIES.map((id) => ({
    value: String(id),
    label: t(`issues.priority.${PRIORITIES.find((p) => p.id === id)?.name ?? 'normal'}`),
  }));
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const assetOptions = (assets.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  const assetGroupOptions = (assetGroups.data?.groups ?? []).map((g) => ({
    value: String(g.id),
    label: g.name,
  }));
  const assetSystemOptions = (assetGroups.data?.systems ?? []).map((s) => ({
    value: String(s.id),
    label: s.name,
  }));
  const hasDate = query.date_from !== null || query.date_to !== null;

  return (
    <Box>
      <FilterBarRow bar={bar} testId="issue-filters">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('issues.list.search_placeholder')}
          aria-label={t('issues.list.search')}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          w={{ base: '100%', sm: 290 }}
        />
        <SummaryMultiSelect
          label={t('issues.list.filters.workspaces')}
          data={workspaceOptions}
          value={strings(query.workspaces)}
          onChange={(v) => onChange({ workspaces: ids(v).filter((n) => n > 0) })}
          w={{ base: '100%', sm: 210 }}
        />
        <Switch
          checked={query.include_sub_ws === 1}
          onChange={(e) => onChange({ include_sub_ws: e.currentTarget.checked ? 1 : 0 })}
          label={t('issues.list.filters.include_sub_ws')}
        />
        <Select
          aria-label={t('issues.list.filters.type')}
          value={issueTypeChoice(query)}
          onChange={(v) => v && onChange(issueTypeChange(v as IssueTypeChoice))}
          data={(['issue', 'task', 'both'] as const).map((c) => ({
            value: c,
            label: t(`issues.list.filters.types.${c}`),
          }))}
          allowDeselect={false}
          w={{ base: '100%', sm: 210 }}
        />
        <RoleFilter
          label={t('issues.list.filters.users')}
          roleLabel={t('issues.list.filters.users_role')}
          keys={ISSUE_PEOPLE_FILTER_KEYS}
          options={peopleOptions}
          extraAssigneeOption={{ value: '0', label: t('issues.list.filters.unassigned') }}
          query={query}
          onChange={onChange}
        />
        <SummaryMultiSelect
          label={t('issues.list.filters.priority')}
          data={priorityOptions}
          value={strings(query.priority_id)}
          onChange={(v) => onChange({ priority_id: ids(v) })}
          w={{ base: '100%', sm: 170 }}
        />
        <SummaryMultiSelect
          label={t('issues.list.filters.category')}
          data={categoryOptions}
          value={strings(query.categories)}
          onChange={(v) => onChange({ categories: ids(v).filter((n) => n > 0) })}
          w={{ base: '100%', sm: 200 }}
        />
        <SummaryMultiSelect
          label={t('issues.list.filters.position')}
          data={positionOptions}
          value={strings(query.job_positions)}
          onChange={(v) => onChange({ job_positions: ids(v).filter((n) => n > 0) })}
          w={{ base: '100%', sm: 200 }}
        />
        {showAssets && (
          <SummaryMultiSelect
            label={t('issues.list.filters.assets')}
            data={assetOptions}
            value={strings(query.asset_ids)}
            onChange={(v) => onChange({ asset_ids: ids(v).filter((n) => n > 0) })}
            w={{ base: '100%', sm: 200 }}
          />
        )}
        {showAssets && (
          <SummaryMultiSelect
            label={t('issues.list.filters.asset_groups')}
            data={assetGroupOptions}
            value={strings(query.asset_groups)}
            onChange={(v) => onChange({ asset_groups: ids(v).filter((n) => n > 0) })}
            w={{ base: '100%', sm: 200 }}
          />
        )}
        {showAssets && (
          <SummaryMultiSelect
            label={t('issues.list.filters.asset_systems')}
            data={assetSystemOptions}
            value={strings(query.asset_systems)}
            onChange={(v) => onChange({ asset_systems: ids(v).filter((n) => n > 0) })}
            w={{ base: '100%', sm: 200 }}
          />
        )}
        {showEquipment && (
          <SummaryMultiSelect
            label={t('issues.list.filters.equipment')}
            data={equipment.data ?? []}
            value={strings(query.equipment)}
            onChange={(v) => onChange({ equipment: ids(v).filter((n) => n > 0) })}
            w={{ base: '100%', sm: 200 }}
          />
        )}
        {settings.include_schedules && (
          <Suspense
            fallback={
              <TextInput
                disabled
                aria-label={t('schedules.issue_filter.label')}
                w={{ base: '100%', sm: 210 }}
              />
            }
          >
            <ScheduleFilterSelect
              value={query.schedule_id}
              onChange={(schedule_id) => onChange({ schedule_id })}
              w={{ base: '100%', sm: 210 }}
            />
          </Suspense>
        )}
        {showPartners && (
          <RoleFilter
            label={t('issues.list.filters.collaborators')}
            roleLabel={t('issues.list.filters.collaborators_role')}
            keys={ISSUE_COMPANY_FILTER_KEYS}
            options={companyOptions}
            query={query}
            onChange={onChange}
          />
        )}
        {showPartners && (
          <SummaryMultiSelect
            label={t('issues.list.filters.externals')}
            data={externalOptions}
            value={strings(query.externals)}
            onChange={(v) => onChange({ externals: ids(v).filter((n) => n > 0) })}
            w={{ base: '100%', sm: 210 }}
          />
        )}
        <IssueDates>
          <DatePickerInput
            type="range"
            allowSingleDateInRange
            clearable
            leftSection={<IconCalendar size={16} />}
            aria-label={`${t('issues.list.filters.date_from')} – ${t('issues.list.filters.date_to')}`}
            placeholder={`${t('issues.list.filters.date_from')} – ${t('issues.list.filters.date_to')}`}
            value={[dateOnly(query.date_from), dateOnly(query.date_to)]}
            onChange={([from, to]) => {
              // A range is written once both ends are chosen (or both cleared).
              if ((from && to) || (!from && !to))
                onChange({ date_from: dateOnly(from), date_to: dateOnly(to) });
            }}
            valueFormat="DD.MM.YYYY"
            styles={{ input: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } }}
            w={{ base: '100%', sm: 270 }}
          />
        </IssueDates>
        <Select
          aria-label={t('issues.list.filters.date_type')}
          value={query.date_type}
          onChange={(v) => v && onChange({ date_type: v as IssueDateType })}
          data={ISSUE_DATE_TYPES.map((d) => ({ value: d, label: t(`issues.list.date_types.${d}`) }))}
          allowDeselect={false}
          disabled={!hasDate}
          w={{ base: '100%', sm: 170 }}
        />
      </FilterBarRow>
      <FilterBarToggle
        bar={bar}
        showMore={t('issues.list.show_more')}
        showLess={t('issues.list.show_less')}
      />
    </Box>
  );
}

/**
 * A people or company filter with its role: the chosen ids go to the parameter of the role
 * (users / assignees / reporters / watchers / worked_on_by, or collaborators / assignee_companies
 * / ...). The role shown follows the URL; without a selection it is kept here until one is made.
 */
function RoleFilter({
  label,
  roleLabel,
  keys,
  options,
  extraAssigneeOption,
  query,
  onChange,
}: {
  label: string;
  roleLabel: string;
  keys: RoleFilterKeys;
  options: SummaryOption[];
  extraAssigneeOption?: SummaryOption;
  query: IssueListQuery;
  onChange: (patch: Partial<IssueListQuery>) => void;
}) {
  const { t } = useTranslation();
  const inUse = roleInUse(query, keys);
  const [pickedRole, setPickedRole] = useState<IssueFilterRole>(inUse ?? 'any');
  const role = inUse ?? pickedRole;
  const key = keys[ISSUE_FILTER_ROLES.indexOf(role)] ?? keys[0];
  const selected = strings(query[key]);
  const data = role === 'assignee' && extraAssigneeOption ? [extraAssigneeOption, ...options] : options;
  return (
    <Group gap={4} wrap="nowrap" w={{ base: '100%', sm: 'auto' }}>
      <SummaryMultiSelect
        label={label}
        data={data}
        value={selected}
        onChange={(v) => onChange(roleFilterChange(keys, role, ids(v)))}
        w={{ base: `calc(100% - ${ROLE_SELECT_WIDTH + 4}px)`, sm: 200 }}
      />
      <Select
        aria-label={roleLabel}
        value={role}
        onChange={(v) => {
          if (!v) return;
          const next = v as IssueFilterRole;
          setPickedRole(next);
          if (selected.length) onChange(roleFilterChange(keys, next, ids(selected)));
        }}
        data={ISSUE_FILTER_ROLES.map((r) => ({ value: r, label: t(`issues.list.filters.roles.${r}`) }))}
        allowDeselect={false}
        w={ROLE_SELECT_WIDTH}
        comboboxProps={{ width: 170, position: 'bottom-end' }}
      />
    </Group>
  );
}
