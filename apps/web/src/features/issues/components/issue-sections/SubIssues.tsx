import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Issue } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { issuePaths, statusColor } from '../../issue-helpers';
import { Section } from './Section';

/** Sub-issues with the open count and 'add sub-issue' (only for top-level issues). */
export function SubIssues({ issue }: { issue: Issue }) {
  const { t } = useTranslation();
  const canAdd = issue.permissions.can_create_subissue && issue.parent_id === null && !issue.archived;
  return (
    <Section
      title={t('issues.subissues.title', { open: issue.open_subtasks_count, total: issue.children.length })}
      action={
        canAdd && (
          <Button
            component={Link}
            to={issuePaths.add({ parentId: issue.id })}
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
          >
            {t('issues.subissues.add')}
          </Button>
        )
      }
    >
      {issue.children.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('issues.subissues.empty')}
        </Text>
      ) : (
        <Stack gap={6}>
          {issue.children.map((child) => (
            <Group key={child.id} justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={issuePaths.detail(issue.id, child.id)} size="sm" lineClamp={1}>
                {child.title}
              </Anchor>
              <Badge color={statusColor(child.status_id)} variant="light" style={{ flexShrink: 0 }}>
                {t(`issues.status.${child.status_id}`)}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}
