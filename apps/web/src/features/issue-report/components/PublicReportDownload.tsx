import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import type { UiLanguage } from '@workbench/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The dialog and the download code load when the reporter asks for the PDF.
const PublicReportDialog = lazy(() => import('./PublicReportDialog'));

/**
 * The reporter's PDF on the follow page. For public users the export has no options and starts
 * once by itself when the dialog opens (001 §2, §4): the standard report of what the follow page
 * shows, sub-issues and the e-mail copy off; loading with cancel, or the error view.
 */
export function PublicReportDownload({
  id,
  token,
  language,
}: {
  id: number;
  token: string;
  language: UiLanguage;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileTypePdf size={16} />}
        onClick={() => setOpened(true)}
        style={{ alignSelf: 'flex-start' }}
        data-testid="public-report-pdf"
      >
        {t('issue-report.download_pdf')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <PublicReportDialog id={id} token={token} language={language} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
