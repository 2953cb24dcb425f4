import '../../workspaces/components/qr-print.css';
import { Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconDownload, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import { assetQrBlob, useAssetQrSvg, useRegenerateAssetQr } from '../assets-api';

/** Saves a blob under a file name (an object URL and a clicked link). */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name from the asset's name: letters, digits and dashes. */
export function qrFileName(name: string, format: 'png' | 'svg'): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'asset'}-qr.${format}`;
}

/**
 * The asset's QR code (it opens the public report page), large and ready to print, with PNG and
 * SVG downloads (as the workspace QR code, whose print sheet it shares). Who may edit the asset
 * can replace the code after a confirmation: printed copies stop working.
 */
export function AssetQrModal({
  asset,
  opened,
  onClose,
  canRegenerate,
}: {
  asset: { id: number; name: string; reference_number: string | null };
  opened: boolean;
  onClose: () => void;
  canRegenerate: boolean;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const qr = useAssetQrSvg(asset.id, opened);
  const regenerate = useRegenerateAssetQr(asset.id);
  const download = async (format: 'png' | 'svg') => {
    try {
      saveBlob(await assetQrBlob(asset.id, format), qrFileName(asset.name, format));
    } catch (err) {
      notify.fail(err);
    }
  };
  const confirmRegenerate = () =>
    modals.openConfirmModal({
      title: t('assets.qr.regenerate_title'),
      children: <Text size="sm">{t('assets.qr.regenerate_text')}</Text>,
      labels: { confirm: t('assets.qr.regenerate'), cancel: t('assets.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        regenerate.mutate(undefined, {
          onSuccess: () => notify.ok('assets.qr.regenerated'),
          onError: notify.fail,
        }),
    });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('assets.qr.title')}
      size="lg"
      fullScreen={isPhone}
      centered
    >
      <Stack align="center" gap="md">
        <Title order={2} ta="center">
          {asset.name}
        </Title>
        {asset.reference_number && (
          <Text size="lg" c="dimmed" ta="center">
            {asset.reference_number}
          </Text>
        )}
        {qr.isPending && (
          <Center h={300}>
            <Loader />
          </Center>
        )}
        {qr.isError && (
          <ErrorPanel title={t('assets.qr.load_failed')} error={qr.error} onRetry={() => qr.refetch()} />
        )}
        {qr.data && (
          <div
            className="workspace-qr-code"
            style={{ width: 'min(340px, 80vw)' }}
            role="img"
            aria-label={t('assets.qr.alt', { name: asset.name })}
            // Our own server's SVG of the code, nothing the user typed.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted SVG from our API
            dangerouslySetInnerHTML={{ __html: qr.data }}
          />
        )}
        <Text size="sm" c="dimmed" ta="center">
          {t('assets.qr.hint')}
        </Text>
      </Stack>
      <Group justify="flex-end" mt="md" gap="xs">
        {canRegenerate && (
          <Button
            variant="subtle"
            color="red"
            mr="auto"
            leftSection={<IconRefresh size={18} />}
            onClick={confirmRegenerate}
            loading={regenerate.isPending}
          >
            {t('assets.qr.regenerate')}
          </Button>
        )}
        <Button
          variant="default"
          leftSection={<IconDownload size={18} />}
          onClick={() => void download('png')}
        >
          {t('assets.qr.download', { format: 'PNG' })}
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} />}
          onClick={() => void download('svg')}
        >
          {t('assets.qr.download', { format: 'SVG' })}
        </Button>
        <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} disabled={!qr.data}>
          {t('assets.qr.print')}
        </Button>
      </Group>
      {qr.data &&
        opened &&
        createPortal(
          <div className="workspace-qr-sheet">
            <h1>{asset.name}</h1>
            {asset.reference_number && <p>{asset.reference_number}</p>}
            <div
              className="workspace-qr-code"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted SVG from our API
              dangerouslySetInnerHTML={{ __html: qr.data }}
            />
            <p>{t('assets.qr.hint')}</p>
          </div>,
          document.body,
        )}
    </Modal>
  );
}
