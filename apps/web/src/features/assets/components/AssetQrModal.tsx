import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../ui/feedback/use-notify';
import { QrCodeModal, type QrModalProps } from '../../../ui/qr/QrCodeModal';
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
 * SVG downloads. Who may edit the asset can replace the code after a confirmation: printed
 * copies stop working.
 */
export function AssetQrModal({
  asset,
  ...modal
}: QrModalProps & { asset: { id: number; name: string; reference_number: string | null } }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const qr = useAssetQrSvg(asset.id, modal.opened);
  const regenerate = useRegenerateAssetQr(asset.id);
  const download = async (format: 'png' | 'svg') => {
    try {
      saveBlob(await assetQrBlob(asset.id, format), qrFileName(asset.name, format));
    } catch (err) {
      notify.fail(err);
    }
  };
  return (
    <QrCodeModal
      {...modal}
      owner={asset}
      qr={qr}
      regenerate={regenerate}
      texts={{
        title: t('assets.qr.title'),
        alt: t('assets.qr.alt', { name: asset.name }),
        hint: t('assets.qr.hint'),
        loadFailed: t('assets.qr.load_failed'),
        print: t('assets.qr.print'),
        regenerate: t('assets.qr.regenerate'),
        regenerateTitle: t('assets.qr.regenerate_title'),
        regenerateText: t('assets.qr.regenerate_text'),
        regenerateConfirm: t('assets.qr.regenerate'),
        cancel: t('assets.cancel'),
        regenerated: t('assets.qr.regenerated'),
      }}
      buttons={(['png', 'svg'] as const).map((format) => (
        <Button
          key={format}
          variant="default"
          leftSection={<IconDownload size={18} />}
          onClick={() => void download(format)}
        >
          {t('assets.qr.download', { format: format.toUpperCase() })}
        </Button>
      ))}
    />
  );
}
