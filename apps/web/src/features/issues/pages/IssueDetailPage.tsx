import {
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Card,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArchive,
  IconArrowLeft,
  IconClock,
  IconExternalLink,
  IconPencil,
} from '@tabler/icons-react';
import { type Issue, PRIORITIES } from '@workbench/domain';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { IssueAttachments } from '../../attachments/components/IssueAttachments';
import { ChecklistsSection } from '../../checklists/components/ChecklistsSection';
import { DynamicFormSection } from '../../dynamic-forms/lazy-sections';
import { EquipmentLinks } from '../../equipment-sets/components/EquipmentLinks';
import { LocationFact } from '../../location/LocationFact';
import { IssuePendingChanges } from '../../offline/components/IssuePendingChanges';
import { IssueScheduleLink } from '../../schedules/components/IssueScheduleLink';
import { useMachineTranslation } from '../../translation/use-machine-translation';
import { IssueAssets } from '../components/IssueAssets';
import { IssueMenu } from '../components/IssueMenu';
import { DetailSkeleton, IssueNotFound } from '../components/IssueStates';
import { Activity } from '../components/issue-sections/Activity';
import { Comments } from '../components/issue-sections/Comments';
import { Links } from '../components/issue-sections/Links';
import { SubIssues } from '../components/issue-sections/SubIssues';
import { Watchers } from '../components/issue-sections/Watchers';
import { Worktime } from '../components/issue-sections/Worktime';
import { StatusActions } from '../components/StatusActions';
import { formatDateTime, idParam, issuePaths, priorityColor, statusColor } from '../issue-helpers';
import { useIssue } from '../issues-api';

// Only publicly reported issues show it: loaded when one does.
const PublicReportCard = lazy(() =>
  import('../../public-forms/components/PublicReportCard').then((m) => ({ default: m.PublicReportCard })),
);

/** /dashboard/issues/detail/:id and /dashboard/issues/detail/:id/:subtaskId (the sub-issue, with a link to its parent). */
export function IssueDetailPage() {
  const params = useParams();
  const parentId = idParam(params.id);
  const subtaskId = params.subtaskId === undefined ? null : idParam(params.subtaskId);
  const shownId = params.subtaskId === undefined ? parentId : subtaskId;
  const issue = useIssue(shownId);
  const { t } = useTranslation();
  if (shownId === null) return <IssueNotFound />;
  if (issue.isPending) return <DetailSkeleton />;
  if (issue.isError) {
    if (issue.error instanceof ApiError && issue.error.status === 404) return <IssueNotFound />;
    return <ErrorPanel title={t('issues.load_failed')} error={issue.error} onRetry={() => issue.refetch()} />;
  }
  return <IssueDetail issue={issue.data} routeParentId={subtaskId === null ? null : parentId} />;
}

function IssueDetail({ issue, routeParentId }: { issue: Issue; routeParentId: number | null }) {
  const { t, i18n } = useTranslation();
  const parentId = issue.parent_id ?? routeParentId;
  const parent = useIssue(parentId);
  const parentTitle = parent.data?.title ?? t('issues.parent_issue');
  const priority = PRIORITIES.find((p) => p.id === issue.priority_id);
  const translation = useMachineTranslation(
    'issue',
    issue.id,
    { title: issue.title, description: issue.description },
    issue.available_translations,
  );
  const date = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t('issues.none'));
  const facts = (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Fact label={t('issues.fields.workspace')}>
          <Anchor
            href={issuePaths.workspace(issue.workspace.id)}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
          >
            {issue.workspace.name}
            <IconExternalLink size={12} style={{ marginLeft: 4, verticalAlign: 'middle' }} />
          </Anchor>
        </Fact>
        <SimpleGrid cols={2} spacing="sm">
          <Fact label={t('issues.fields.assignee')}>
            {issue.assignee?.full_name ?? t('issues.unassigned')}
          </Fact>
          <Fact label={t('issues.reporter')}>
            {issue.created_by?.full_name ?? issue.public_report?.reporter.full_name ?? t('issues.none')}
          </Fact>
          <Fact label={t('issues.fields.start_date')}>{date(issue.start_date)}</Fact>
          <Fact label={t('issues.fields.due_date')}>{date(issue.due_date)}</Fact>
          <Fact label={t('issues.created_at')}>{date(issue.created_at)}</Fact>
          <Fact label={t('issues.updated_at')}>{date(issue.updated_at)}</Fact>
        </SimpleGrid>
        <Fact label={t('issues.categories')}>
          {issue.categories.length ? (
            <Group gap={4}>
              {issue.categories.map((c) => (
                <Badge key={c.id} variant="light" color={c.color ?? undefined} autoContrast>
                  {c.name}
                </Badge>
              ))}
            </Group>
          ) : (
            t('issues.none')
          )}
        </Fact>
        <IssueAssets issue={issue} />
        <LocationFact location={issue.location} issue />
        {issue.equipments.length > 0 && (
          <Fact label={t('equipment-sets.picker.label')}>
            <EquipmentLinks items={issue.equipments} />
          </Fact>
        )}
        {issue.schedule_id !== null && <IssueScheduleLink scheduleId={issue.schedule_id} />}
        {issue.process_number && (
          <Fact label={t('issues.fields.process_number')}>{issue.process_number}</Fact>
        )}
        {issue.external_email_address && (
          <Fact label={t('issues.fields.external_email_address')}>{issue.external_email_address}</Fact>
        )}
        {(issue.is_attachment_required || issue.is_worktime_required) && (
          <Group gap={4}>
            {issue.is_attachment_required && (
              <Badge variant="dot" color="orange">
                {t('issues.fields.is_attachment_required')}
              </Badge>
            )}
            {issue.is_worktime_required && (
              <Badge variant="dot" color="orange">
                {t('issues.fields.is_worktime_required')}
              </Badge>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/dashboard/issues">
          {t('issues.title')}
        </Anchor>
        {parentId !== null && (
          <Anchor component={Link} to={issuePaths.detail(parentId)} lineClamp={1}>
            {parentTitle}
          </Anchor>
        )}
        <Text lineClamp={1}>{issue.title}</Text>
      </Breadcrumbs>

      {/* The action area (001 §2): a left area with the state and a right column with the actions. */}
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Group gap="xs" wrap="wrap">
            <Badge size="lg" color={statusColor(issue.status_id)} variant="filled">
              {t(`issues.status.${issue.status_id}`)}
            </Badge>
            {issue.due_state && (
              <Badge
                size="lg"
                color={issue.due_state === 'overdue' ? 'red' : 'orange'}
                variant="light"
                leftSection={
                  issue.due_state === 'overdue' ? <IconAlertTriangle size={14} /> : <IconClock size={14} />
                }
              >
                {t(`issues.due_state.${issue.due_state}`)}
              </Badge>
            )}
            {priority && (
              <Badge size="lg" color={priorityColor(priority.id)} variant="outline">
                {t(`issues.priority.${priority.name}`)}
              </Badge>
            )}
            {issue.archived && (
              <Badge size="lg" color="gray" variant="light" leftSection={<IconArchive size={14} />}>
                {t('issues.archived')}
              </Badge>
            )}
          </Group>
          <Group gap="xs" wrap="wrap" justify="flex-end" style={{ marginLeft: 'auto' }}>
            <StatusActions issue={issue} />
            {issue.permissions.can_edit && (
              <Button
                component={Link}
                to={issuePaths.edit(issue.id)}
                variant="default"
                leftSection={<IconPencil size={16} />}
              >
                {t('issues.edit')}
              </Button>
            )}
            <IssueMenu issue={issue} />
          </Group>
        </Group>
      </Paper>

      {parentId !== null && (
        <Anchor component={Link} to={issuePaths.detail(parentId)} size="sm">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
          {t('issues.back_to_parent', { title: parentTitle })}
        </Anchor>
      )}

      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {translation.shown.title}
      </Title>
      <IssuePendingChanges issueId={issue.id} />
      {translation.toggle && <Box>{translation.toggle}</Box>}

      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Box hiddenFrom="md">{facts}</Box>
            {issue.public_report && (
              <Suspense fallback={null}>
                <PublicReportCard issue={issue} />
              </Suspense>
            )}
            <Card withBorder radius="md" padding="md">
              <Title order={2} size="h5" mb="xs">
                {t('issues.fields.description')}
              </Title>
              {translation.shown.description ? (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {translation.shown.description}
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('issues.no_description')}
                </Text>
              )}
            </Card>
            <IssueAttachments issue={issue} />
            <ChecklistsSection issue={issue} />
            <DynamicFormSection kind="issue" ownerId={issue.id} />
            {issue.parent_id === null && <SubIssues issue={issue} />}
            <Comments issue={issue} />
            <Activity issue={issue} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Box visibleFrom="md">{facts}</Box>
            <Worktime issue={issue} />
            <Watchers issue={issue} />
            <Links issue={issue} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Box fz="sm">{children}</Box>
    </Box>
  );
}
