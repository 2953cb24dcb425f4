import { Anchor, Badge, Button, Card, Group, Loader, Pagination, Stack, Tabs, Text } from '@mantine/core';
import {
  IconCalendarRepeat,
  IconCertificate,
  IconChecklist,
  IconClipboardList,
  IconHistory,
  IconPlus,
} from '@tabler/icons-react';
import type { Asset } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { formatDateTime, issuePaths, statusColor } from '../../issues/issue-helpers';
import { useAssetActivity, useAssetIssues, useAssetSchedules } from '../assets-api';
import { RegulatoryFiles } from './RegulatoryFiles';

export const ASSET_SECTIONS = ['activity', 'schedules', 'tasks', 'issues', 'regulatory'] as const;
export type AssetSection = (typeof ASSET_SECTIONS)[number];

const SECTION_ICONS = {
  activity: IconHistory,
  schedules: IconCalendarRepeat,
  tasks: IconChecklist,
  issues: IconClipboardList,
  regulatory: IconCertificate,
} as const;

/** The issue creation for this asset: its workspace and the asset preset (001 §2). */
export function newIssuePath(asset: { id: number; workspace: { id: number } }): string {
  return issuePaths.add({ workspaceId: asset.workspace.id, assetId: asset.id });
}

/**
 * The sections of the asset detail (001 §2): activity log, schedules, tasks, issues and
 * regulatory files, as tabs; only the open tab loads.
 */
export function AssetSections({
  asset,
  canEdit,
  section,
  onSection,
}: {
  asset: Asset;
  canEdit: boolean;
  section: AssetSection;
  onSection: (section: AssetSection) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md">
      <Tabs value={section} onChange={(v) => v && onSection(v as AssetSection)} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {ASSET_SECTIONS.map((s) => {
            const Icon = SECTION_ICONS[s];
            return (
              <Tabs.Tab key={s} value={s} leftSection={<Icon size={16} aria-hidden />}>
                {t(`assets.sections.${s}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value="activity" pt="md">
          <ActivityLog assetId={asset.id} />
        </Tabs.Panel>
        <Tabs.Panel value="schedules" pt="md">
          <Schedules assetId={asset.id} />
        </Tabs.Panel>
        <Tabs.Panel value="tasks" pt="md">
          <IssueRows assetId={asset.id} kind="tasks" />
        </Tabs.Panel>
        <Tabs.Panel value="issues" pt="md">
          <Stack gap="sm">
            <Group justify="flex-end">
              <Button
                component={Link}
                to={newIssuePath(asset)}
                size="xs"
                leftSection={<IconPlus size={16} />}
                data-testid="asset-new-issue"
              >
                {t('assets.detail.new_issue')}
              </Button>
            </Group>
            <IssueRows assetId={asset.id} kind="issues" />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="regulatory" pt="md">
          <RegulatoryFiles assetId={asset.id} canEdit={canEdit} />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}

function Paging({ page, lastPage, onPage }: { page: number; lastPage: number; onPage: (p: number) => void }) {
  if (lastPage <= 1) return null;
  return <Pagination mt="sm" size="sm" total={lastPage} value={page} onChange={onPage} />;
}

function ActivityLog({ assetId }: { assetId: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const activity = useAssetActivity(assetId, page);
  return (
    <Stack gap={6}>
      {activity.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
      {activity.isError && <ErrorPanel error={activity.error} onRetry={() => activity.refetch()} />}
      {activity.data?.data.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('assets.activity.empty')}
        </Text>
      )}
      {activity.data?.data.map((entry) => {
        const fields = Object.keys(entry.changes).filter((k) => k !== 'id');
        return (
          <Group
            key={entry.id}
            justify="space-between"
            wrap="nowrap"
            align="flex-start"
            data-testid="asset-activity"
          >
            <Text size="sm">
              <Text span fw={600}>
                {entry.user?.full_name ?? t('assets.activity.someone')}
              </Text>{' '}
              {t(`assets.activity.actions.${entry.action}`, {
                defaultValue: entry.action.replace(/_/g, ' '),
              })}
              {entry.action === 'updated' && fields.length > 0 && (
                <Text span c="dimmed">
                  {': '}
                  {fields
                    .map((f) =>
                      t(`assets.fields.${f.replace(/_id$/, '')}`, { defaultValue: f.replace(/_/g, ' ') }),
                    )
                    .join(', ')}
                </Text>
              )}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatDateTime(entry.created_at, i18n.language)}
            </Text>
          </Group>
        );
      })}
      {activity.data && <Paging page={page} lastPage={activity.data.last_page} onPage={setPage} />}
    </Stack>
  );
}

function Schedules({ assetId }: { assetId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const schedules = useAssetSchedules(assetId, page);
  return (
    <Stack gap={6}>
      {schedules.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
      {schedules.isError && <ErrorPanel error={schedules.error} onRetry={() => schedules.refetch()} />}
      {schedules.data?.data.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('assets.schedules.empty')}
        </Text>
      )}
      {schedules.data?.data.map((schedule) => (
        <Group key={schedule.id} justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            {schedule.name}
          </Text>
          <Text size="xs" c="dimmed">
            {schedule.workspace.name}
          </Text>
        </Group>
      ))}
      {schedules.data && <Paging page={page} lastPage={schedules.data.last_page} onPage={setPage} />}
    </Stack>
  );
}

/** The asset's issues or tasks, each linking to the issue's detail. */
function IssueRows({ assetId, kind }: { assetId: number; kind: 'issues' | 'tasks' }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const issues = useAssetIssues(assetId, page, kind);
  return (
    <Stack gap={6}>
      {issues.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
      {issues.isError && <ErrorPanel error={issues.error} onRetry={() => issues.refetch()} />}
      {issues.data?.data.length === 0 && (
        <Text c="dimmed" size="sm">
          {t(`assets.${kind}.empty`)}
        </Text>
      )}
      {issues.data?.data.map((issue) => (
        <Group
          key={issue.id}
          justify="space-between"
          wrap="nowrap"
          gap="xs"
          data-testid={`asset-${kind}-row`}
        >
          <Stack gap={0} miw={0}>
            <Anchor
              component={Link}
              to={
                issue.parent_id ? issuePaths.detail(issue.parent_id, issue.id) : issuePaths.detail(issue.id)
              }
              fw={600}
              size="sm"
              lineClamp={1}
            >
              {issue.title}
            </Anchor>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {[
                issue.workspace.name,
                issue.assignee?.full_name,
                formatDateTime(issue.updated_at, i18n.language),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          <Badge color={statusColor(issue.status_id)} variant="light" size="sm" style={{ flexShrink: 0 }}>
            {t(`issues.status.${issue.status_id}`)}
          </Badge>
        </Group>
      ))}
      {issues.data && <Paging page={page} lastPage={issues.data.last_page} onPage={setPage} />}
    </Stack>
  );
}
