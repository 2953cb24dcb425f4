import { Alert, Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconAlarm,
  IconCalendarCheck,
  IconEdit,
  IconFileText,
  IconInfoCircle,
  IconTrash,
} from '@tabler/icons-react';
import type { Lease } from '@workbench/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { currentLanguage } from '../../../i18n';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import { InfoHeader } from '../components/InfoHeader';
import { LeaseFiles } from '../components/LeaseFiles';
import { LeaseForm } from '../components/LeaseForm';
import { daysUntil, formatDay, formatRent } from '../lease-form';
import { useDeleteLease, useLease } from '../workspace-info-api';

/** /dashboard/workspaces/lease-info/:id: the workspace's lease, its notice date and contract files. */
export function LeasePage() {
  const id = Number(useParams().id);
  const { t } = useTranslation();
  const lease = useLease(id);
  const [editing, setEditing] = useState(false);
  if (lease.isPending)
    return (
      <Stack>
        <Skeleton h={60} />
        <Skeleton h={220} />
      </Stack>
    );
  if (lease.isError)
    return (
      <ErrorPanel
        title={t('workspace-info.lease_load_failed')}
        error={lease.error}
        onRetry={() => lease.refetch()}
      />
    );
  const { workspace, can_edit: canEdit } = lease.data;
  const current = lease.data.lease;
  const title = t('workspace-info.lease_title');
  if (editing && canEdit)
    return (
      <Stack gap="md">
        <InfoHeader
          workspace={workspace}
          title={current ? t('workspace-info.edit_lease') : t('workspace-info.add_lease')}
        />
        <LeaseForm workspaceId={id} lease={current} onDone={() => setEditing(false)} />
      </Stack>
    );
  if (!current)
    return (
      <Stack gap="md">
        <InfoHeader workspace={workspace} title={title} />
        <EmptyState
          icon={IconFileText}
          title={t('workspace-info.no_lease')}
          text={canEdit ? t('workspace-info.no_lease_text') : t('workspace-info.no_lease_text_read')}
          add={
            canEdit ? { label: t('workspace-info.add_lease'), onClick: () => setEditing(true) } : undefined
          }
        />
      </Stack>
    );
  return (
    <LeaseView workspace={workspace} lease={current} canEdit={canEdit} onEdit={() => setEditing(true)} />
  );
}

function LeaseView({
  workspace,
  lease,
  canEdit,
  onEdit,
}: {
  workspace: { id: number; name: string };
  lease: Lease;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const notify = useNotify();
  const remove = useDeleteLease(workspace.id);
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('workspace-info.delete_lease_title'),
      children: <Text size="sm">{t('workspace-info.delete_lease_text')}</Text>,
      labels: { confirm: t('workspace-info.delete'), cancel: t('workspace-info.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => notify.ok('workspace-info.deleted'),
          onError: notify.fail,
        }),
    });
  const rent =
    lease.rent_amount === null
      ? t('workspace-info.none')
      : `${formatRent(lease.rent_amount, lease.rent_currency, language)}${
          lease.rent_period ? ` ${t(`workspace-info.per_${lease.rent_period}`)}` : ''
        }`;
  return (
    <Stack gap="md">
      <InfoHeader
        workspace={workspace}
        title={t('workspace-info.lease_title')}
        actions={
          canEdit && (
            <>
              <Button size="sm" leftSection={<IconEdit size={16} />} onClick={onEdit}>
                {t('workspace-info.edit')}
              </Button>
              <Button
                size="sm"
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={confirmDelete}
              >
                {t('workspace-info.delete')}
              </Button>
            </>
          )
        }
      />
      <NoticeAlert lease={lease} language={language} />
      <Card withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Title order={2} size="h4" mb="sm">
          {t('workspace-info.details')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
          <Fact label={t('workspace-info.landlord_name')}>{lease.landlord_name}</Fact>
          <Fact label={t('workspace-info.landlord_contact')}>
            {lease.landlord_contact || t('workspace-info.none')}
          </Fact>
          <Fact label={t('workspace-info.term')}>
            {lease.end_date
              ? t('workspace-info.term_range', {
                  start: formatDay(lease.start_date, language),
                  end: formatDay(lease.end_date, language),
                })
              : t('workspace-info.term_open', { start: formatDay(lease.start_date, language) })}
          </Fact>
          <Fact label={t('workspace-info.rent')}>{rent}</Fact>
          <Fact label={t('workspace-info.notice_period')}>
            {t('workspace-info.months', { count: lease.notice_period_months })}
          </Fact>
          <Fact label={t('workspace-info.notice_date')}>
            {lease.notice_date ? formatDay(lease.notice_date, language) : t('workspace-info.notice_any_time')}
          </Fact>
          <Fact label={t('workspace-info.reminder')}>
            {lease.reminder_date
              ? t('workspace-info.reminder_on', {
                  count: lease.reminder_days_before,
                  date: formatDay(lease.reminder_date, language),
                })
              : t('workspace-info.days_before', { count: lease.reminder_days_before })}
          </Fact>
        </SimpleGrid>
        {lease.notes && (
          <Stack gap={2} mt="md">
            <Text size="sm" c="dimmed" fw={500}>
              {t('workspace-info.notes')}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{lease.notes}</Text>
          </Stack>
        )}
      </Card>
      <LeaseFiles workspaceId={workspace.id} files={lease.files} canEdit={canEdit} language={language} />
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** Where the lease stands: when notice must be given, and how many days are left. */
function NoticeAlert({ lease, language }: { lease: Lease; language: string }) {
  const { t } = useTranslation();
  if (lease.notice_state === 'open_ended' || !lease.notice_date)
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconInfoCircle size={18} />}
        title={t('workspace-info.open_ended')}
      >
        <Text size="sm" c="var(--mantine-color-text)">
          {t('workspace-info.open_ended_text', { count: lease.notice_period_months })}
        </Text>
      </Alert>
    );
  const date = formatDay(lease.notice_date, language);
  if (lease.notice_state === 'passed')
    return (
      <Alert
        color="gray"
        variant="light"
        icon={<IconCalendarCheck size={18} />}
        title={t('workspace-info.notice_passed')}
      >
        <Text size="sm" c="var(--mantine-color-text)">
          {t('workspace-info.notice_passed_text', {
            date,
            end: lease.end_date ? formatDay(lease.end_date, language) : '',
          })}
        </Text>
      </Alert>
    );
  const days = daysUntil(lease.notice_date);
  const due = lease.notice_state === 'reminder_due';
  return (
    <Alert
      color={due ? 'orange' : 'teal'}
      variant="light"
      icon={<IconAlarm size={18} />}
      title={t('workspace-info.notice_by', { date })}
      data-testid="lease-notice"
    >
      <Text size="sm" c="var(--mantine-color-text)">
        {t('workspace-info.days_left', { count: Math.max(0, days) })}{' '}
        {due ? t('workspace-info.notice_due_text') : t('workspace-info.notice_upcoming_text')}
      </Text>
    </Alert>
  );
}
