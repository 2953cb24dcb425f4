import { Box, Select, Switch, TextInput } from '@mantine/core';
import { PRIORITIES, readClientSettings, showsPartnerFilters } from '@workbench/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBarRow, FilterBarToggle, useWrappingFilterBar } from '../../../ui/FilterBarWrap';
import { idsOfValues as ids, valuesOfIds as strings } from '../../../ui/filter-values';
import { useAssetChoices } from '../../assets/components/use-asset-choices';
import { useAuth } from '../../auth/session-store';
import { SummaryMultiSelect } from '../../issues/components/SummaryMultiSelect';
import {
  useAssigneeFilterChoices,
  useExternalFilterChoices,
  useWorkspaceFilterChoices,
} from '../../issues/issue-list-api';
import { useCategories } from '../../issues/issues-api';
import { workspaceTreeOrder } from '../../issues/list-state';
import { useClientSettings } from '../../profiles/profiles-api';
import { useUserPositions } from '../calendar-api';
import type { CalendarFilterState } from '../calendar-state';

// The schedule filter searches schedules on the server: its code loads after the page, not with it.
const ScheduleFilterSelect = lazy(() =>
  import('../../schedules/components/ScheduleFilterSelect').then((m) => ({
    default: m.ScheduleFilterSelect,
  })),
);

const FIELD_WIDTH = { base: '100%', sm: 180 };
const STATUS_IDS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
const TYPES = ['both', 'issue', 'task'] as const;

/**
 * The calendar's filter bar (001 §2): type, status, workspaces (with their sub-workspaces),
 * users, priority, schedules, category, assets, job position and, in the main organisation with
 * collaborations on, externals. The pickers are the issue and schedule lists' own; every change
 * goes to the URL.
 */
export function CalendarFilters({
  filters,
  onChange,
}: {
  filters: CalendarFilterState;
  onChange: (change: Partial<CalendarFilterState>) => void;
}) {
  const { t } = useTranslation();
  const workspaces = useWorkspaceFilterChoices();
  const people = useAssigneeFilterChoices();
  const categories = useCategories();
  const positions = useUserPositions();
  const user = useAuth().session?.user;
  const settings = useClientSettings() ?? readClientSettings({});
  // Externals: only in the person's own (main) organisation, with collaborations on.
  const showPartners = showsPartnerFilters(user, settings);
  const externals = useExternalFilterChoices(showPartners);
  const showAssets = settings.include_assets;
  const assets = useAssetChoices('', showAssets);

  // 'Show more / show less' appears only when the filters wrap onto a second row.
  const bar = useWrappingFilterBar(
    () =>
      filters.priority_id.length > 0 ||
      filters.schedules.length > 0 ||
      filters.categories.length > 0 ||
      filters.assets.length > 0 ||
      filters.job_positions.length > 0 ||
      filters.externals.length > 0,
  );

  const typeValue = filters.issue_type ?? 'both';
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
  const statusOptions = STATUS_IDS.map((id) => ({ value: String(id), label: t(`issues.status.${id}`) }));
  const priorityOptions = PRIORITIES.map((p) => ({
    value: String(p.id),
    label: t(`issues.priority.${p.name}`),
  }));
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const assetOptions = (assets.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  const positionOptions = (positions.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));

  return (
    <Box>
      <FilterBarRow bar={bar} testId="calendar-filters">
        <Select
          aria-label={t('calendar.filters.type')}
          value={typeValue}
          onChange={(v) => v && onChange({ issue_type: v === 'both' ? null : (v as 'issue' | 'task') })}
          data={TYPES.map((type) => ({ value: type, label: t(`issues.list.filters.types.${type}`) }))}
          allowDeselect={false}
          w={{ base: '100%', sm: 240 }}
        />
        <SummaryMultiSelect
          label={t('calendar.filters.status')}
          data={statusOptions}
          value={strings(filters.status)}
          onChange={(v) =>
            onChange({ status: STATUS_IDS.filter((id) => v.includes(String(id))) as typeof filters.status })
          }
          w={FIELD_WIDTH}
        />
        <SummaryMultiSelect
          label={t('calendar.filters.workspaces')}
          data={workspaceOptions}
          value={strings(filters.workspaces)}
          onChange={(v) => onChange({ workspaces: ids(v) })}
          w={{ base: '100%', sm: 200 }}
        />
        <Switch
          checked={filters.include_sub_ws === 1}
          onChange={(e) => onChange({ include_sub_ws: e.currentTarget.checked ? 1 : 0 })}
          label={t('calendar.filters.include_sub_ws')}
        />
        <SummaryMultiSelect
          label={t('calendar.filters.users')}
          data={peopleOptions}
          value={strings(filters.assignees)}
          onChange={(v) => onChange({ assignees: ids(v) })}
          w={FIELD_WIDTH}
        />
        <SummaryMultiSelect
          label={t('calendar.filters.priority')}
          data={priorityOptions}
          value={strings(filters.priority_id)}
          onChange={(v) =>
            onChange({
              priority_id: PRIORITIES.map((p) => p.id).filter((id) =>
                v.includes(String(id)),
              ) as typeof filters.priority_id,
            })
          }
          w={{ base: '100%', sm: 160 }}
        />
        {settings.include_schedules && (
          <Suspense
            fallback={<TextInput disabled aria-label={t('calendar.filters.schedules')} w={FIELD_WIDTH} />}
          >
            <ScheduleFilterSelect
              value={filters.schedules}
              onChange={(schedules) => onChange({ schedules })}
              w={{ base: '100%', sm: 200 }}
            />
          </Suspense>
        )}
        <SummaryMultiSelect
          label={t('calendar.filters.category')}
          data={categoryOptions}
          value={strings(filters.categories)}
          onChange={(v) => onChange({ categories: ids(v) })}
          w={FIELD_WIDTH}
        />
        {showAssets && (
          <SummaryMultiSelect
            label={t('calendar.filters.assets')}
            data={assetOptions}
            value={strings(filters.assets)}
            onChange={(v) => onChange({ assets: ids(v) })}
            w={FIELD_WIDTH}
          />
        )}
        <SummaryMultiSelect
          label={t('calendar.filters.position')}
          data={positionOptions}
          value={strings(filters.job_positions)}
          onChange={(v) => onChange({ job_positions: ids(v) })}
          w={FIELD_WIDTH}
        />
        {showPartners && (
          <SummaryMultiSelect
            label={t('calendar.filters.externals')}
            data={externalOptions}
            value={strings(filters.externals)}
            onChange={(v) => onChange({ externals: ids(v) })}
            w={{ base: '100%', sm: 210 }}
          />
        )}
      </FilterBarRow>
      <FilterBarToggle
        bar={bar}
        showMore={t('calendar.filters.show_more')}
        showLess={t('calendar.filters.show_less')}
      />
    </Box>
  );
}
