import { Anchor, Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ClientSettings, type Issue, readClientSettings } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { AssetPicker } from '../../assets/components/AssetPicker';
import type { AssetSelection } from '../../assets/components/asset-picker-rules';
import { useClientSettings } from '../../profiles/profiles-api';
import { useSaveIssue, useWorkspaceChoices } from '../issues-api';

export const assetPaths = {
  detail: (id: number) => `/dashboard/assets/detail/${id}`,
  group: (id: number) => `/dashboard/assets?groups=${id}`,
};

const selectionOf = (issue: Issue): AssetSelection => ({
  asset_id: issue.asset_id,
  asset: issue.asset,
  asset_group_id: issue.asset_group_id,
  asset_group: issue.asset_group,
});

/** Whether the issue detail shows its asset facts: the organisation uses assets, or the issue names one. */
export function showsAssets(issue: Issue, settings: ClientSettings): boolean {
  return settings.include_assets || issue.asset_id !== null || issue.asset_group_id !== null;
}

/**
 * The asset and asset group of an issue on its detail: links to the asset and to the assets of
 * the group, and for who may edit the issue the picker (bound to the issue's workspace) in a modal.
 */
export function IssueAssets({ issue }: { issue: Issue }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const errorText = useErrorText();
  const settings = useClientSettings() ?? readClientSettings({});
  const [editing, setEditing] = useState<AssetSelection | null>(null);
  const [errors, setErrors] = useState<{ asset_id?: string; asset_group_id?: string }>({});
  const workspaces = useWorkspaceChoices();
  const save = useSaveIssue(issue.id);
  if (!showsAssets(issue, settings)) return null;

  const unavailable = t('issues.asset_picker.unavailable');
  const submit = async () => {
    if (!editing) return;
    try {
      await save.mutateAsync({ asset_id: editing.asset_id, asset_group_id: editing.asset_group_id });
      notify.ok('issues.saved');
      setEditing(null);
    } catch (err) {
      const { asset_id, asset_group_id } = err instanceof ApiError ? err.fields : {};
      if (asset_id || asset_group_id) {
        setErrors({
          asset_id: asset_id ? errorText(asset_id) : undefined,
          asset_group_id: asset_group_id ? errorText(asset_group_id) : undefined,
        });
      } else notify.fail(err);
    }
  };

  return (
    <Box>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('issues.fields.asset')}
        </Text>
        {issue.permissions.can_edit && (
          <Button
            size="compact-xs"
            // 24 px: the WCAG 2.2 target size (the asset's link sits right under it).
            h={24}
            variant="subtle"
            onClick={() => {
              setErrors({});
              setEditing(selectionOf(issue));
            }}
          >
            {t('issues.asset_picker.change')}
          </Button>
        )}
      </Group>
      <Stack gap={2} fz="sm">
        {issue.asset ? (
          <Anchor component={Link} to={assetPaths.detail(issue.asset.id)} size="sm" data-testid="issue-asset">
            {issue.asset.name}
          </Anchor>
        ) : (
          <Text size="sm" c={issue.asset_id !== null ? 'dimmed' : undefined}>
            {issue.asset_id !== null ? unavailable : t('issues.none')}
          </Text>
        )}
        {(issue.asset_group || issue.asset_group_id !== null) && (
          <Text size="sm" c="dimmed">
            {t('issues.fields.asset_group')}:{' '}
            {issue.asset_group ? (
              <Anchor component={Link} to={assetPaths.group(issue.asset_group.id)} size="sm">
                {issue.asset_group.name}
              </Anchor>
            ) : (
              unavailable
            )}
          </Text>
        )}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('issues.asset_picker.change')}
        size="lg"
      >
        {editing && (
          <Stack>
            <AssetPicker
              workspaceId={issue.workspace_id}
              workspaces={workspaces.data ?? []}
              value={editing}
              onChange={(next) => {
                setEditing(next);
                setErrors({});
              }}
              required={settings.is_asset_required}
              errors={errors}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setEditing(null)}>
                {t('issues.cancel')}
              </Button>
              <Button onClick={() => void submit()} loading={save.isPending}>
                {t('issues.save')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Box>
  );
}
