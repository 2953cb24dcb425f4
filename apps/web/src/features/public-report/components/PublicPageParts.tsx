import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconLinkOff } from '@tabler/icons-react';
import { tryResolveLanguage, type UiLanguage } from '@workbench/domain';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { changeLanguage, currentLanguage } from '../../../i18n';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { PublicReportLayout } from './PublicReportLayout';

/**
 * The language of a public page: `?lang=` when the link names one (a mail in the reporter's
 * language links so), else the stored choice or the browser's (src/i18n). A choice in the
 * picker is kept (localStorage workbench.language) like on the login page.
 */
export function usePageLanguage(): [UiLanguage, (language: UiLanguage) => void] {
  const { i18n } = useTranslation();
  const [params] = useSearchParams();
  const asked = tryResolveLanguage(params.get('lang'));
  useEffect(() => {
    if (asked && asked !== currentLanguage()) void changeLanguage(asked);
  }, [asked]);
  const language = tryResolveLanguage(i18n.language) ?? currentLanguage();
  return [language, (next) => void changeLanguage(next)];
}

/** The issue id and token of a follow link (?issueId=&token=); 0 and '' when missing. */
export function useIssueLink() {
  const [params] = useSearchParams();
  const raw = params.get('issueId') ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  return { id, token: params.get('token') ?? '' };
}

/** A public page that has only something to say: an icon, a heading, a text and maybe a button. */
export function PublicMessage({
  language,
  onLanguageChange,
  organisation = null,
  logo = null,
  color = null,
  tone = 'red',
  icon,
  title,
  text,
  children,
  testId,
}: {
  language: UiLanguage;
  onLanguageChange?: (language: UiLanguage) => void;
  organisation?: string | null;
  logo?: string | null;
  color?: string | null;
  tone?: string;
  icon?: ReactNode;
  title: string;
  text?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <PublicReportLayout
      organisation={organisation}
      logo={logo}
      color={color}
      language={language}
      onLanguageChange={onLanguageChange}
    >
      <Stack align="center" ta="center" gap="md" py="md" data-testid={testId}>
        <ThemeIcon size={56} radius="xl" color={tone} variant="light" aria-hidden>
          {icon ?? <IconLinkOff size={30} />}
        </ThemeIcon>
        <Title order={1} fz={22}>
          {title}
        </Title>
        {text && <Text>{text}</Text>}
        {children}
      </Stack>
    </PublicReportLayout>
  );
}

/** Whether a failure stays so (an unknown code, a wrong token): no connection or 429 may pass. */
export const isGone = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

/**
 * A public page whose code or link failed: a code or link that leads nowhere says so plainly
 * (the same for unknown, removed or a wrong token: nothing is revealed); a failure that may pass
 * says what happened and offers to try again.
 */
export function PublicFailure({
  error,
  language,
  onLanguageChange,
  invalidTitle,
  invalidText,
  hint,
  onRetry,
}: {
  error: unknown;
  language: UiLanguage;
  onLanguageChange: (language: UiLanguage) => void;
  invalidTitle: string;
  invalidText: string;
  /** What to do instead, under an invalid code's text. */
  hint?: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const gone = error === null || isGone(error);
  return (
    <PublicMessage
      language={language}
      onLanguageChange={onLanguageChange}
      icon={gone ? <IconLinkOff size={30} /> : <IconAlertTriangle size={30} />}
      tone={gone ? 'red' : 'orange'}
      title={gone ? invalidTitle : t('public-report.problem_title')}
      text={gone ? invalidText : errorText(error)}
      testId={gone ? 'public-invalid' : 'public-problem'}
    >
      {gone && hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
      {!gone && onRetry && (
        <Button variant="light" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </PublicMessage>
  );
}
