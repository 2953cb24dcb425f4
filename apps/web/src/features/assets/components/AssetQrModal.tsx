import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QrCodeModal, type QrModalProps } from '../../../ui/qr/QrCodeModal';
import { useQrDownload } from '../../../ui/qr/qr-download';
import { assetQrBlob, useAssetQrSvg, useRegenerateAssetQr } from '../assets-api';

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
  const qr = useAssetQrSvg(asset.id, modal.opened);
  const regenerate = useRegenerateAssetQr(asset.id);
  const download = useQrDownload((format) => assetQrBlob(asset.id, format), asset.name, 'asset');
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
