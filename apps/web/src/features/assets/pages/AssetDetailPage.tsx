import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  Menu,
  Paper,
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
  IconDots,
  IconInfoCircle,
  IconPlus,
  IconQrcode,
  IconTrash,
} from '@tabler/icons-react';
import { ASSET_STATUS, type Asset } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { errorKeyOf } from '../../../ui/feedback/error-text';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useAsset, useDeleteAsset, useUpdateAsset } from '../assets-api';
import { AssetStatusBadge, LegalFlag } from '../components/AssetBadges';
import { AssetForm } from '../components/AssetForm';
import { AssetPictures } from '../components/AssetPictures';
import { AssetQrModal } from '../components/AssetQrModal';
import { type AssetSection, AssetSections, newIssuePath } from '../components/AssetSections';
import {
  type AssetFormErrors,
  type AssetFormValues,
  assetFormOf,
  formErrorsOf,
  updateRequestOf,
  validateAssetForm,
} from '../form-values';
import { backPathOf } from '../list-state';

const idOf = (value: string | undefined) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * /dashboard/assets/detail/{id} (001 §2): the asset in the same form as the add screen (read only
 * for who may not edit it, and while archived), its pictures, QR code, and the sections activity,
 * schedules, tasks, issues and regulatory files. The back link returns to the list it came from.
 */
export function AssetDetailPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const id = idOf(useParams().id);
  const asset = useAsset(id);
  const back = backPathOf(location.state);

  const backLink = (
    <Anchor component={Link} to={back} size="sm" data-testid="asset-back">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('assets.detail.back')}
      </Group>
    </Anchor>
  );
  const notFound = id === null || (asset.error instanceof ApiError && asset.error.status === 404);
  if (notFound) {
    return (
      <Stack>
        {backLink}
        <EmptyState
          icon={IconInfoCircle}
          title={t('assets.detail.not_found_title')}
          text={t('assets.detail.not_found_text')}
        />
      </Stack>
    );
  }
  if (asset.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton h={20} w={120} />
        <Skeleton h={36} w={320} />
        <Skeleton h={480} radius="md" />
      </Stack>
    );
  }
  if (asset.isError) {
    return (
      <Stack>
        {backLink}
        <ErrorPanel
          title={t('assets.detail.load_failed')}
          error={asset.error}
          onRetry={() => asset.refetch()}
        />
      </Stack>
    );
  }
  return <AssetDetail key={asset.data.id} asset={asset.data} back={back} backLink={backLink} />;
}

function AssetDetail({ asset, back, backLink }: { asset: Asset; back: string; backLink: React.ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const errorText = useErrorText();
  const update = useUpdateAsset(asset.id);
  const remove = useDeleteAsset();
  const saved = assetFormOf(asset);
  const [values, setValues] = useState<AssetFormValues>(saved);
  const [errors, setErrors] = useState<AssetFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [qrOpen, setQrOpen] = useState(false);
  const [section, setSection] = useState<AssetSection>('activity');
  const isArchived = asset.status === ASSET_STATUS.ARCHIVED;
  const canEdit = asset.can_edit;
  const changes = updateRequestOf(saved, values);
  const dirty = Object.keys(changes).length > 0;

  const change = (next: AssetFormValues, changed: keyof AssetFormValues) => {
    setValues(next);
    setErrors(({ [changed]: _, ...rest }) => rest);
    setFormError(null);
  };
  const save = async () => {
    const found = validateAssetForm(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const answer = await update.mutateAsync(changes);
      setValues(assetFormOf(answer));
      notify.ok('assets.detail.saved', { name: answer.name });
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(formErrorsOf(err.fields));
      else setFormError(errorKeyOf(err));
    }
  };
  const setStatus = (status: number, okKey: string) =>
    update.mutate(
      { status },
      {
        onSuccess: (answer) => {
          setValues(assetFormOf(answer));
          notify.ok(okKey, { name: answer.name });
        },
        onError: notify.fail,
      },
    );
  const confirmArchive = () =>
    modals.openConfirmModal({
      title: t('assets.detail.archive_title'),
      children: <Text size="sm">{t('assets.detail.archive_text', { name: asset.name })}</Text>,
      labels: { confirm: t('assets.detail.archive'), cancel: t('assets.cancel') },
      onConfirm: () => setStatus(ASSET_STATUS.ARCHIVED, 'assets.detail.archived'),
    });
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('assets.detail.delete_title'),
      children: <Text size="sm">{t('assets.detail.delete_text', { name: asset.name })}</Text>,
      labels: { confirm: t('assets.delete'), cancel: t('assets.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(asset.id, {
          onSuccess: () => {
            notify.ok('assets.detail.deleted', { name: asset.name });
            navigate(back, { replace: true });
          },
          onError: notify.fail,
        }),
    });

  return (
    <Stack gap="md">
      {backLink}
      <Group justify="space-between" wrap="wrap" align="flex-start" gap="sm">
        <Stack gap={4} miw={0}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {asset.name}
          </Title>
          <Group gap={6} wrap="wrap">
            <AssetStatusBadge status={asset.status} />
            <LegalFlag state={asset.legal_state} />
            <Text size="sm" c="dimmed">
              {asset.workspace.name}
            </Text>
          </Group>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button variant="default" leftSection={<IconQrcode size={18} />} onClick={() => setQrOpen(true)}>
            {t('assets.qr.show')}
          </Button>
          {!isArchived && (
            <Button component={Link} to={newIssuePath(asset)} leftSection={<IconPlus size={18} />}>
              {t('assets.detail.new_issue')}
            </Button>
          )}
          {isArchived && asset.can_manage && (
            <Button
              leftSection={<IconArchiveOff size={18} />}
              onClick={() => setStatus(ASSET_STATUS.ACTIVE, 'assets.detail.unarchived')}
              loading={update.isPending}
              data-testid="asset-unarchive"
            >
              {t('assets.detail.unarchive')}
            </Button>
          )}
          {asset.can_manage && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="default" px="xs" aria-label={t('assets.detail.more_actions')}>
                  <IconDots size={18} />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {!isArchived && (
                  <Menu.Item leftSection={<IconArchive size={16} />} onClick={confirmArchive}>
                    {t('assets.detail.archive')}
                  </Menu.Item>
                )}
                <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete}>
                  {t('assets.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>

      {isArchived && (
        <Alert color="gray" variant="light" icon={<IconArchive size={18} />}>
          {t('assets.detail.archived_note')}
        </Alert>
      )}
      {!isArchived && !canEdit && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
          {t('assets.detail.read_only_note')}
        </Alert>
      )}

      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper
            withBorder
            radius="md"
            p={{ base: 'sm', sm: 'lg' }}
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <AssetForm
              values={values}
              onChange={change}
              errors={errors}
              readOnly={!canEdit}
              savedManagers={asset.managers}
            />
            {formError && (
              <Text c="red" size="sm" mt="md" role="alert">
                {errorText(formError)}
              </Text>
            )}
            {canEdit && (
              <Group justify="flex-end" gap="sm" mt="lg">
                <Button
                  variant="default"
                  disabled={!dirty}
                  onClick={() => {
                    setValues(saved);
                    setErrors({});
                  }}
                >
                  {t('assets.detail.reset')}
                </Button>
                <Button type="submit" disabled={!dirty} loading={update.isPending} data-testid="asset-save">
                  {t('assets.detail.save')}
                </Button>
              </Group>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Card withBorder radius="md" padding="md">
              <Title order={2} size="h5" mb="sm">
                {t('assets.pictures.title')}
              </Title>
              <AssetPictures asset={asset} canEdit={canEdit} />
            </Card>
            <Card withBorder radius="md" padding="md">
              <Title order={2} size="h5" mb="xs">
                {t('assets.qr.title')}
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                {t('assets.qr.hint')}
              </Text>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconQrcode size={16} />}
                onClick={() => setQrOpen(true)}
              >
                {t('assets.qr.show')}
              </Button>
            </Card>
            <Card withBorder radius="md" padding="md">
              <Title order={2} size="h5" mb="xs">
                {t('assets.detail.statistics')}
              </Title>
              <Stack gap={4}>
                <Text size="sm">
                  {t('assets.list.assets_in_group', { count: asset.statistics.assets_in_group })}
                </Text>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  ta="left"
                  onClick={() => setSection('issues')}
                >
                  {t('assets.list.asset_issues', { count: asset.statistics.asset_issues })}
                </Anchor>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  ta="left"
                  onClick={() => setSection('tasks')}
                >
                  {t('assets.detail.asset_tasks', { count: asset.statistics.asset_tasks })}
                </Anchor>
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>

      <AssetSections asset={asset} canEdit={canEdit} section={section} onSection={setSection} />
      <AssetQrModal asset={asset} opened={qrOpen} onClose={() => setQrOpen(false)} canRegenerate={canEdit} />
    </Stack>
  );
}
