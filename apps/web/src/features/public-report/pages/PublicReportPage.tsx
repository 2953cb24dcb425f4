import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PublicForm, UiLanguage } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { PublicFailure, PublicMessage, usePageLanguage } from '../components/PublicPageParts';
import { PublicReportLoading } from '../components/PublicReportLayout';
import { ReportFormView, type ReportPlace } from '../components/ReportFormView';
import {
  type ReportTarget,
  reportForm,
  storeReport,
  usePublicAsset,
  usePublicWorkspace,
  useSendReport,
} from '../public-report-api';

type Loaded = { form: PublicForm; place: ReportPlace; picture: string | null; target: ReportTarget };

/** A failure of sending as the visitor reads it; an archived asset is said for visitors. */
function useSendErrorText() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (error: unknown) =>
    error instanceof ApiError && error.key === 'asset_archived'
      ? t('public-report.asset_archived')
      : errorText(error);
}

/**
 * The report form of a workspace or an asset once its code is read: sending it keeps the answer
 * for the thank-you page (the tab's session) and goes there; field errors of a 422 show at their
 * fields, anything else (too many reports, a place that takes none) above the button.
 */
function ReportScreen({
  loaded,
  language,
  onLanguageChange,
}: {
  loaded: Loaded;
  language: UiLanguage;
  onLanguageChange: (language: UiLanguage) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const send = useSendReport();
  const sendErrorText = useSendErrorText();
  const { form, place, picture, target } = loaded;

  if (!form.enabled)
    return (
      <PublicMessage
        language={language}
        onLanguageChange={onLanguageChange}
        organisation={place.organisation}
        logo={form.logo}
        color={form.primary_color}
        tone="orange"
        icon={<IconLock size={30} />}
        title={t('public-report.disabled_title')}
        text={t('public-report.form_disabled')}
        testId="report-disabled"
      />
    );

  const error = send.error;
  const fieldErrors = error instanceof ApiError ? error.fields : {};
  const shownFields = new Set(form.fields.filter((f) => f.visible).map((f) => f.key as string));
  // A field error the form cannot show at a field (a hidden one) is said above the button.
  const unplaced = Object.keys(fieldErrors).filter((k) => !shownFields.has(k));
  const alert =
    error && (Object.keys(fieldErrors).length === 0 || unplaced.length > 0) ? (
      <Alert color="red" role="alert" title={t('public-report.sending_failed')} data-testid="report-error">
        {sendErrorText(error)}
      </Alert>
    ) : null;

  return (
    <ReportFormView
      form={form}
      place={place}
      picture={picture}
      language={language}
      onLanguageChange={onLanguageChange}
      submitting={send.isPending}
      errors={fieldErrors}
      alert={alert}
      onSubmit={(values, files) => {
        send.mutate(reportForm(target, values, files, language, form.allow_follow), {
          onSuccess: (answer) => {
            // Back to the same form, without counting another QR scan.
            const search = new URLSearchParams(location.search);
            search.delete('qr');
            storeReport({ answer, back: `${location.pathname}?${search.toString()}` });
            navigate('/public/thank-you');
          },
        });
      }}
    />
  );
}

function useCodeParams(name: string) {
  const [params] = useSearchParams();
  return { code: params.get(name)?.trim() ?? '', qr: params.get('qr') === '1' };
}

/** A report page: its place read by the code of the page's address, then the form about it. */
function ReportPageFor<T>({
  code,
  place,
  toLoaded,
}: {
  code: string;
  place: UseQueryResult<T>;
  toLoaded: (data: T) => Loaded;
}) {
  const { t } = useTranslation();
  const [language, setLanguage] = usePageLanguage();
  if (!code || place.isError)
    return (
      <PublicFailure
        error={code ? place.error : null}
        language={language}
        onLanguageChange={setLanguage}
        invalidTitle={t('public-report.invalid_title')}
        invalidText={t('public-report.invalid_code')}
        hint={t('public-report.invalid_code_hint')}
        onRetry={() => void place.refetch()}
      />
    );
  if (!place.data) return <PublicReportLoading language={language} label={t('public-report.loading')} />;
  return <ReportScreen language={language} onLanguageChange={setLanguage} loaded={toLoaded(place.data)} />;
}

/** /public/report?workspace_id=CODE (a workspace's QR code; qr=1 counts the scan). */
export function PublicReportPage() {
  const { code, qr } = useCodeParams('workspace_id');
  return (
    <ReportPageFor
      code={code}
      place={usePublicWorkspace(code, qr)}
      toLoaded={(data) => ({
        form: data.form,
        place: { name: data.name, organisation: data.client.name, logo: data.form.logo, kind: 'workspace' },
        picture: null,
        target: { workspace_id: data.code || code },
      })}
    />
  );
}

/** /public/asset/report?asset_id=CODE (an asset's QR code): the same form, about the asset. */
export function PublicAssetReportPage() {
  const { code, qr } = useCodeParams('asset_id');
  return (
    <ReportPageFor
      code={code}
      place={usePublicAsset(code, qr)}
      toLoaded={(data) => ({
        form: data.form,
        place: {
          name: data.workspace ? `${data.name} · ${data.workspace}` : data.name,
          organisation: data.client.name,
          logo: data.form.logo,
          kind: 'asset',
        },
        picture: data.picture_url,
        target: { asset_id: data.code || code },
      })}
    />
  );
}
