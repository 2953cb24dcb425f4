import { Box, Switch, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { ASSET_STATUS_IDS, type AssetListQuery, LEGAL_REQUIREMENT_STATES } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { FilterBarRow, FilterBarToggle, useWrappingFilterBar } from '../../../ui/FilterBarWrap';
import { useUrlSearch } from '../../../ui/feedback/use-url-search';
import { idsOfValues as ids, valuesOfIds as strings } from '../../../ui/filter-values';
import { SummaryMultiSelect } from '../../issues/components/SummaryMultiSelect';
import { useWorkspaceChoices } from '../../issues/issues-api';
import { useAssetFilterOptions } from '../assets-api';
import { useAssetStatusName } from './AssetBadges';

const FIELD_WIDTH = { base: '100%', sm: 190 };

/**
 * The asset list's filter bar (001 §2: status, workspaces, groups, systems, models,
 * manufacturers, managers, legal requirements, and the search). Every change goes to the URL and
 * back to page 1; the options come from GET asset/filter_options and the workspace tree.
 */
export function AssetListFilters({
  query,
  onChange,
}: {
  query: AssetListQuery;
  onChange: (patch: Partial<AssetListQuery>) => void;
}) {
  const { t } = useTranslation();
  const options = useAssetFilterOptions();
  const workspaces = useWorkspaceChoices();
  const statusName = useAssetStatusName();
  const [searchText, setSearchText] = useUrlSearch(query.search, (search) => onChange({ search }));

  // 'Show more / show less' appears only when the filters wrap onto a second row.
  const bar = useWrappingFilterBar(
    () =>
      query.models.length > 0 ||
      query.manufacturers.length > 0 ||
      query.managers.length > 0 ||
      query.legal_requirements.length > 0 ||
      query.systems.length > 0,
  );

  const data = options.data;
  const workspaceOptions = (workspaces.data ?? [])
    .filter((w) => !w.archived || query.workspaces.includes(w.id))
    .map((w) => ({ value: String(w.id), label: w.name, depth: w.depth }));
  const statusOptions = ASSET_STATUS_IDS.map((id) => ({ value: String(id), label: statusName(id) }));
  const groupOptions = (data?.groups ?? []).map((g) => ({ value: String(g.id), label: g.name }));
  const systemOptions = (data?.systems ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  const modelOptions = (data?.models ?? []).map((m) => ({ value: m, label: m }));
  const manufacturerOptions = (data?.manufacturers ?? []).map((m) => ({ value: m, label: m }));
  const managerOptions = (data?.managers ?? []).map((p) => ({ value: String(p.id), label: p.full_name }));
  const legalOptions = LEGAL_REQUIREMENT_STATES.map((s) => ({ value: s, label: t(`assets.legal.${s}`) }));

  return (
    <Box>
      <FilterBarRow bar={bar} testId="asset-filters">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('assets.list.search_placeholder')}
          aria-label={t('assets.list.search')}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
        />
        <SummaryMultiSelect
          label={t('assets.filters.status')}
          data={statusOptions}
          value={strings(query.status)}
          onChange={(v) => onChange({ status: ids(v) })}
          w={FIELD_WIDTH}
        />
        <SummaryMultiSelect
          label={t('assets.filters.workspaces')}
          data={workspaceOptions}
          value={strings(query.workspaces)}
          onChange={(v) => onChange({ workspaces: ids(v) })}
          w={{ base: '100%', sm: 210 }}
        />
        <Switch
          checked={query.include_sub_ws === 1}
          onChange={(e) => onChange({ include_sub_ws: e.currentTarget.checked ? 1 : 0 })}
          label={t('assets.filters.include_sub_ws')}
        />
        <SummaryMultiSelect
          label={t('assets.filters.groups')}
          data={groupOptions}
          value={strings(query.groups)}
          onChange={(v) => onChange({ groups: ids(v) })}
          w={FIELD_WIDTH}
        />
        <SummaryMultiSelect
          label={t('assets.filters.systems')}
          data={systemOptions}
          value={strings(query.systems)}
          onChange={(v) => onChange({ systems: ids(v) })}
          w={FIELD_WIDTH}
        />
        <SummaryMultiSelect
          label={t('assets.filters.models')}
          data={modelOptions}
          value={query.models}
          onChange={(v) => onChange({ models: v })}
          w={FIELD_WIDTH}
        />
        <SummaryMultiSelect
          label={t('assets.filters.manufacturers')}
          data={manufacturerOptions}
          value={query.manufacturers}
          onChange={(v) => onChange({ manufacturers: v })}
          w={FIELD_WIDTH}
        />
        <SummaryMultiSelect
          label={t('assets.filters.managers')}
          data={managerOptions}
          value={strings(query.managers)}
          onChange={(v) => onChange({ managers: ids(v) })}
          w={FIELD_WIDTH}
        />
        <SummaryMultiSelect
          label={t('assets.filters.legal_requirements')}
          data={legalOptions}
          value={query.legal_requirements}
          onChange={(v) =>
            onChange({
              legal_requirements: LEGAL_REQUIREMENT_STATES.filter((s) => v.includes(s)),
            })
          }
          w={FIELD_WIDTH}
        />
      </FilterBarRow>
      <FilterBarToggle
        bar={bar}
        showMore={t('assets.list.show_more')}
        showLess={t('assets.list.show_less')}
      />
    </Box>
  );
}
