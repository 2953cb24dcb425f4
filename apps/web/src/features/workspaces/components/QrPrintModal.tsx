import './qr-print.css';
import { Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPrinter, IconRefresh } from '@tabler/icons-react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useRegenerateQrCode, useWorkspaceQrSvg } from '../workspace-api';

/**
 * The QR code of a workspace, large, with its name and reference number, ready to print. Who
 * may edit the workspace can replace its code (after a confirmation): printed copies stop working.
 */
export function QrPrintModal({
  workspace,
  opened,
  onClose,
  canRegenerate,
}: {
  workspace: { id: number; name: string; reference_number: string | null };
  opened: boolean;
  onClose: () => void;
  canRegenerate: boolean;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const qr = useWorkspaceQrSvg(workspace.id, opened);
  const regenerate = useRegenerateQrCode(workspace.id);
  const confirmRegenerate = () =>
    modals.openConfirmModal({
      title: t('workspaces.qr_regenerate_title'),
      children: <Text size="sm">{t('workspaces.qr_regenerate_text')}</Text>,
      labels: { confirm: t('workspaces.qr_regenerate_confirm'), cancel: t('workspaces.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        regenerate.mutate(undefined, {
          onSuccess: () => notify.ok('workspaces.qr_regenerated'),
          onError: notify.fail,
        }),
    });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('workspaces.qr_title')}
      size="lg"
      fullScreen={isPhone}
      centered
    >
      <Stack align="center" gap="md">
        <Title order={2} ta="center">
          {workspace.name}
        </Title>
        {workspace.reference_number && (
          <Text size="lg" c="dimmed" ta="center">
            {workspace.reference_number}
          </Text>
        )}
        {qr.isPending && (
          <Center h={300}>
            <Loader />
          </Center>
        )}
        {qr.isError && (
          <ErrorPanel title={t('workspaces.load_failed')} error={qr.error} onRetry={() => qr.refetch()} />
        )}
        {qr.data && (
          <div
            className="workspace-qr-code"
            style={{ width: 'min(360px, 80vw)' }}
            role="img"
            aria-label={t('workspaces.qr_alt', { name: workspace.name })}
            // Our own server's SVG of the code (qrcode package), nothing the user typed.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted SVG from our API
            dangerouslySetInnerHTML={{ __html: qr.data }}
          />
        )}
        <Text size="sm" c="dimmed" ta="center">
          {t('workspaces.qr_hint')}
        </Text>
      </Stack>
      <Group justify="flex-end" mt="md">
        {canRegenerate && (
          <Button
            variant="subtle"
            color="red"
            mr="auto"
            leftSection={<IconRefresh size={18} />}
            onClick={confirmRegenerate}
            loading={regenerate.isPending}
          >
            {t('workspaces.qr_regenerate')}
          </Button>
        )}
        <Button variant="default" onClick={onClose}>
          {t('workspaces.close')}
        </Button>
        <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} disabled={!qr.data}>
          {t('workspaces.print')}
        </Button>
      </Group>
      {qr.data &&
        createPortal(
          <div className="workspace-qr-sheet">
            <h1>{workspace.name}</h1>
            {workspace.reference_number && <p>{workspace.reference_number}</p>}
            <div
              className="workspace-qr-code"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted SVG from our API
              dangerouslySetInnerHTML={{ __html: qr.data }}
            />
            <p>{t('workspaces.qr_hint')}</p>
          </div>,
          document.body,
        )}
    </Modal>
  );
}
