import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The heading of the lease and maintenance pages: the way back to the workspace, the title. */
export function InfoHeader({
  workspace,
  title,
  subtitle,
  actions,
}: {
  workspace: { id: number; name: string };
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        <Anchor component={Link} to="/dashboard/workspaces" size="sm">
          {t('workspace-info.workspaces')}
        </Anchor>
        <Anchor component={Link} to={`/dashboard/workspaces/detail/${workspace.id}`} size="sm">
          {workspace.name}
        </Anchor>
        <Text size="sm">{title}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="end" gap="sm">
        <Stack gap={2} miw={0}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {subtitle ?? workspace.name}
          </Text>
        </Stack>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Stack>
  );
}
