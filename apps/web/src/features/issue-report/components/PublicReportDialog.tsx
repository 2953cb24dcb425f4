import { Modal } from '@mantine/core';
import type { UiLanguage } from '@workbench/domain';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadPublicIssueReport } from '../issue-report-api';
import { useReportDownload } from '../use-report-download';
import { ReportErrorView, ReportFailedDialog, ReportLoadingView } from './ReportProgress';

/** The public export: no options, it starts once when opened (loading with cancel, or the error view). */
export default function PublicReportDialog({
  id,
  token,
  language,
  onClose,
}: {
  id: number;
  token: string;
  language: UiLanguage;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const run = useMemo(
    () => (signal: AbortSignal) => downloadPublicIssueReport(id, token, language, signal),
    [id, token, language],
  );
  const handlers = useMemo(() => ({ onDone: onClose, onCancelled: onClose }), [onClose]);
  const download = useReportDownload(run, handlers);
  // Starts once, when the dialog opens (a run cut short by an unmount is aborted, not shown).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening
  useEffect(() => {
    void download.start();
  }, []);
  return (
    <>
      <Modal
        opened
        onClose={download.view === 'loading' ? download.cancel : onClose}
        title={t('issue-report.title')}
        size="sm"
        closeOnClickOutside={false}
        data-testid="public-report-dialog"
      >
        {download.view === 'error' ? (
          <ReportErrorView
            message={download.error}
            onCancel={onClose}
            onRetry={() => void download.start()}
          />
        ) : (
          <ReportLoadingView onCancel={download.cancel} />
        )}
      </Modal>
      <ReportFailedDialog
        opened={download.failedOpen}
        detail={`${t('issue-report.title')} #${id}: ${download.error}`}
        onClose={download.closeFailed}
      />
    </>
  );
}
