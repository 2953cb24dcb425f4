import { Anchor, Box, Group, Paper, Text } from '@mantine/core';
import { IconTopologyStar3 } from '@tabler/icons-react';
import {
  type AssetSystem,
  assetListQueryToParams,
  assetSystemListQueryToParams,
  DEFAULT_ASSET_LIST_QUERY,
  readAssetSystemListQuery,
  withAssetSystemListFilter,
} from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../auth/session-store';
import { useAssetSystemList, useDeleteAssetSystem } from '../assets-api';
import { AssetStatusBadge } from '../components/AssetBadges';
import {
  AssetSetActions,
  AssetSetListPage,
  useConfirmDelete,
  useEditModal,
  useUrlListQuery,
} from '../components/AssetSetListPage';
import { SystemModal } from '../components/GroupModal';
import { assetPaths } from '../list-state';

/** The asset list of one system. */
const systemAssetsPath = (id: number) =>
  `${assetPaths.list}?${new URLSearchParams(assetListQueryToParams({ ...DEFAULT_ASSET_LIST_QUERY, systems: [id] }))}`;

/**
 * /dashboard/assets/systems (001 §2): the organisation's asset systems (a partner: those shared
 * with it) with the common status filter; admins add, change and delete them.
 */
export function AssetSystemsPage() {
  const { t } = useTranslation();
  const { query, update } = useUrlListQuery(
    readAssetSystemListQuery,
    assetSystemListQueryToParams,
    withAssetSystemListFilter,
  );
  const list = useAssetSystemList(query);
  const isAdmin = useAuth().session?.user.role === 'admin';
  const confirmDelete = useConfirmDelete('systems', useDeleteAssetSystem());
  const { editing, setEditing, modal } = useEditModal<AssetSystem>('systems');

  return (
    <AssetSetListPage
      kind="systems"
      maw={900}
      query={query}
      update={update}
      list={list}
      canAdd={isAdmin}
      onAdd={() => setEditing(null)}
      emptyIcon={IconTopologyStar3}
      skeleton="rows"
      rows={(page) => (
        <Paper withBorder radius="md">
          {page.data.map((system, index) => (
            <Group
              key={system.id}
              justify="space-between"
              wrap="nowrap"
              px="md"
              py="sm"
              data-testid="asset-system-row"
              style={{ borderTop: index ? '1px solid var(--mantine-color-default-border)' : undefined }}
            >
              <Box miw={0}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} lineClamp={1}>
                    {system.name}
                  </Text>
                  <AssetStatusBadge status={system.status} size="xs" />
                </Group>
                {system.description && (
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {system.description}
                  </Text>
                )}
                <Anchor component={Link} to={systemAssetsPath(system.id)} size="xs">
                  {t('assets.assets_count', { count: system.statistics.assets_in_system })}
                </Anchor>
              </Box>
              {isAdmin && system.can_edit && (
                <AssetSetActions
                  kind="systems"
                  name={system.name}
                  onEdit={() => setEditing(system)}
                  onDelete={() => confirmDelete(system, system.statistics.assets_in_system)}
                />
              )}
            </Group>
          ))}
        </Paper>
      )}
      modal={<SystemModal {...modal} system={editing ?? null} />}
    />
  );
}
