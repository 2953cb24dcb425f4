import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QrCodeModal, type QrModalProps } from '../../../ui/qr/QrCodeModal';
import { useRegenerateQrCode, useWorkspaceQrSvg } from '../workspace-api';

/**
 * The QR code of a workspace, large, with its name and reference number, ready to print. Who
 * may edit the workspace can replace its code (after a confirmation): printed copies stop working.
 */
export function QrPrintModal({
  workspace,
  ...modal
}: QrModalProps & { workspace: { id: number; name: string; reference_number: string | null } }) {
  const { t } = useTranslation();
  const qr = useWorkspaceQrSvg(workspace.id, modal.opened);
  const regenerate = useRegenerateQrCode(workspace.id);
  return (
    <QrCodeModal
      {...modal}
      owner={workspace}
      qr={qr}
      regenerate={regenerate}
      texts={{
        title: t('workspaces.qr_title'),
        alt: t('workspaces.qr_alt', { name: workspace.name }),
        hint: t('workspaces.qr_hint'),
        loadFailed: t('workspaces.load_failed'),
        print: t('workspaces.print'),
        regenerate: t('workspaces.qr_regenerate'),
        regenerateTitle: t('workspaces.qr_regenerate_title'),
        regenerateText: t('workspaces.qr_regenerate_text'),
        regenerateConfirm: t('workspaces.qr_regenerate_confirm'),
        cancel: t('workspaces.cancel'),
        regenerated: t('workspaces.qr_regenerated'),
      }}
      buttons={
        <Button variant="default" onClick={modal.onClose}>
          {t('workspaces.close')}
        </Button>
      }
    />
  );
}
