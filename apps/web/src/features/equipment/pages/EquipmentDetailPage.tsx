import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Card,
  Grid,
  Group,
  Menu,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArchive,
  IconArchiveOff,
  IconArrowLeft,
  IconCopy,
  IconDots,
  IconExternalLink,
  IconInfoCircle,
  IconPencil,
  IconQrcode,
  IconTrash,
} from '@tabler/icons-react';
import type { Equipment } from '@workbench/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import { EquipmentBookingPanel } from '../../equipment-bookings/components/EquipmentBookingPanel';
import { LocationFact } from '../../location/LocationFact';
import { EquipmentStatusBadge, OverdueBadge, PendingBadge } from '../components/EquipmentBadges';
import { EquipmentPictures } from '../components/EquipmentPictures';
import { type EquipmentSection, EquipmentSections } from '../components/EquipmentSections';
import {
  useDeleteEquipment,
  useDuplicateEquipment,
  useEquipment,
  useUpdateEquipment,
} from '../equipment-api';
import { equipmentBackPathOf, equipmentPaths } from '../list-state';
import { idOf } from './EquipmentFormPage';

/**
 * /dashboard/equipment/detail/{id} (001 §2): the item's header (title, status, type, group,
 * workspace) with its actions (edit, duplicate, archive or bring back, delete, as the person
 * may), its pictures and details, the handout and reservation panel, and the tabs activity log,
 * QR code and scan log. The back link returns to the list it came from.
 */
export function EquipmentDetailPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const id = idOf(useParams().id);
  const item = useEquipment(id);
  const back = equipmentBackPathOf(location.state);

  const backLink = (
    <Anchor component={Link} to={back} size="sm" data-testid="equipment-back">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('equipment.detail.back')}
      </Group>
    </Anchor>
  );
  const notFound = id === null || (item.error instanceof ApiError && item.error.status === 404);
  if (notFound) {
    return (
      <Stack>
        {backLink}
        <EmptyState
          icon={IconInfoCircle}
          title={t('equipment.detail.not_found_title')}
          text={t('equipment.detail.not_found_text')}
        />
      </Stack>
    );
  }
  if (item.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton h={20} w={120} />
        <Skeleton h={36} w={320} />
        <Skeleton h={480} radius="md" />
      </Stack>
    );
  }
  if (item.isError) {
    return (
      <Stack>
        {backLink}
        <ErrorPanel
          title={t('equipment.detail.load_failed')}
          error={item.error}
          onRetry={() => item.refetch()}
        />
      </Stack>
    );
  }
  return <EquipmentDetail key={item.data.id} item={item.data} back={back} backLink={backLink} />;
}

/** One line of the details card: a label and its value (nothing when there is none). */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function EquipmentDetail({ item, back, backLink }: { item: Equipment; back: string; backLink: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const update = useUpdateEquipment(item.id);
  const remove = useDeleteEquipment();
  const duplicate = useDuplicateEquipment();
  const [section, setSection] = useState<EquipmentSection>('activity');
  const isArchived = item.status === 'archived';

  const setStatus = (status: 'archived' | 'stored', okKey: string) =>
    update.mutate(
      { status },
      { onSuccess: (answer) => notify.ok(okKey, { name: answer.title }), onError: notify.fail },
    );
  const confirmArchive = () =>
    modals.openConfirmModal({
      title: t('equipment.detail.archive_title'),
      children: <Text size="sm">{t('equipment.detail.archive_text', { name: item.title })}</Text>,
      labels: { confirm: t('equipment.detail.archive'), cancel: t('equipment.cancel') },
      onConfirm: () => setStatus('archived', 'equipment.detail.archived'),
    });
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('equipment.detail.delete_title'),
      children: <Text size="sm">{t('equipment.detail.delete_text', { name: item.title })}</Text>,
      labels: { confirm: t('equipment.delete'), cancel: t('equipment.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(item.id, {
          onSuccess: () => {
            notify.ok('equipment.detail.deleted', { name: item.title });
            navigate(back, { replace: true });
          },
          onError: notify.fail,
        }),
    });
  const runDuplicate = () =>
    duplicate.mutate(item.id, {
      onSuccess: (copy) => {
        notify.ok('equipment.detail.duplicated', { name: copy.title });
        navigate(equipmentPaths.detail(copy.id), { state: location.state });
      },
      onError: notify.fail,
    });

  const storageText =
    item.storage === 'WORKSPACE'
      ? (item.storage_workspace?.name ?? t('equipment.storage.WORKSPACE'))
      : item.storage === 'CUSTOM'
        ? item.location
        : null;

  return (
    <Stack gap="md">
      {backLink}
      <Group justify="space-between" wrap="wrap" align="flex-start" gap="sm">
        <Stack gap={4} miw={0}>
          <Title
            order={1}
            size="h2"
            style={{ overflowWrap: 'anywhere' }}
            data-testid="equipment-detail-title"
          >
            {item.title}
          </Title>
          <Group gap={6} wrap="wrap">
            <EquipmentStatusBadge status={item.status} />
            {item.overdue && <OverdueBadge />}
            <PendingBadge count={item.pending_requests} />
            <Text size="sm" c="dimmed">
              {[item.type.name, item.group?.name, item.workspace.name].filter(Boolean).join(' · ')}
            </Text>
          </Group>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconQrcode size={18} aria-hidden />}
            onClick={() => setSection('qr')}
          >
            {t('equipment.qr.show')}
          </Button>
          {item.can_edit && (
            <Button
              component={Link}
              to={equipmentPaths.edit(item.id)}
              state={location.state}
              leftSection={<IconPencil size={18} aria-hidden />}
              data-testid="equipment-edit"
            >
              {t('equipment.edit')}
            </Button>
          )}
          {isArchived && item.can_manage && (
            <Button
              leftSection={<IconArchiveOff size={18} aria-hidden />}
              onClick={() => setStatus('stored', 'equipment.detail.unarchived')}
              loading={update.isPending}
              data-testid="equipment-unarchive"
            >
              {t('equipment.detail.unarchive')}
            </Button>
          )}
          {(item.can_edit || item.can_manage) && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  variant="default"
                  px="xs"
                  aria-label={t('equipment.detail.more_actions')}
                  data-testid="equipment-actions"
                >
                  <IconDots size={18} />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {item.can_edit && (
                  <Menu.Item
                    leftSection={<IconCopy size={16} />}
                    onClick={runDuplicate}
                    disabled={duplicate.isPending}
                  >
                    {t('equipment.detail.duplicate')}
                  </Menu.Item>
                )}
                {!isArchived && item.can_manage && (
                  <Menu.Item leftSection={<IconArchive size={16} />} onClick={confirmArchive}>
                    {t('equipment.detail.archive')}
                  </Menu.Item>
                )}
                {item.can_manage && (
                  <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete}>
                    {t('equipment.delete')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>

      {isArchived && (
        <Alert
          color="gray"
          variant="light"
          icon={<IconArchive size={18} />}
          data-testid="equipment-archived-note"
        >
          {t('equipment.detail.archived_note')}
        </Alert>
      )}

      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Card withBorder radius="md" padding="md">
              <Title order={2} size="h5" mb="sm">
                {t('equipment.detail.details')}
              </Title>
              <Stack gap="sm">
                {item.description && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {item.description}
                  </Text>
                )}
                <Grid gutter="sm">
                  {[
                    [t('equipment.fields.type'), item.type.name],
                    [t('equipment.fields.group'), item.group?.name],
                    [t('equipment.fields.workspace'), item.workspace.name],
                    [t('equipment.fields.storage'), storageText],
                    [t('equipment.fields.serial_number'), item.serial_number],
                    [t('equipment.fields.reference_number'), item.reference_number],
                    [
                      t('equipment.detail.approval'),
                      item.requires_approval
                        ? t('equipment.detail.approval_yes')
                        : t('equipment.detail.approval_no'),
                    ],
                    [t('equipment.detail.created_by'), item.created_by?.full_name],
                  ].map(([label, value]) =>
                    value ? (
                      <Grid.Col key={label} span={{ base: 12, xs: 6 }}>
                        <Detail label={label ?? ''}>{value}</Detail>
                      </Grid.Col>
                    ) : null,
                  )}
                </Grid>
                <LocationFact location={item.geo_location} />
                <Detail label={t('equipment.fields.managers')}>
                  {item.managers.length === 0 ? null : (
                    <Group gap="xs" wrap="wrap" mt={2}>
                      {item.managers.map((m) => (
                        <Group key={m.id} gap={6} wrap="nowrap">
                          <Avatar src={m.profile_image} size={22} radius="xl" alt="" />
                          <Text size="sm">{m.full_name}</Text>
                        </Group>
                      ))}
                    </Group>
                  )}
                </Detail>
                <Detail label={t('equipment.fields.links')}>
                  {item.links.length === 0 ? null : (
                    <Stack gap={2} mt={2}>
                      {item.links.map((link) => (
                        <Anchor
                          key={`${link.title}-${link.url}`}
                          href={link.url}
                          target="_blank"
                          rel="noreferrer noopener"
                          size="sm"
                        >
                          <Group gap={4} component="span" wrap="nowrap">
                            <IconExternalLink size={14} aria-hidden />
                            {link.title}
                          </Group>
                        </Anchor>
                      ))}
                    </Stack>
                  )}
                </Detail>
              </Stack>
            </Card>
            <EquipmentBookingPanel equipment={item} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder radius="md" padding="md">
            <Title order={2} size="h5" mb="sm">
              {t('equipment.pictures.title')}
            </Title>
            <EquipmentPictures item={item} canEdit={item.can_edit} />
          </Card>
        </Grid.Col>
      </Grid>

      <EquipmentSections item={item} section={section} onSection={setSection} />
    </Stack>
  );
}
