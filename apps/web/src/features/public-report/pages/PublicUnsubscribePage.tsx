import { Alert, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailCheck, IconMailOff } from '@tabler/icons-react';
import type { ContractResponse, publicIssueContracts } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { isGone, PublicFailure, useIssueLink, usePageLanguage } from '../components/PublicPageParts';
import { PublicReportLayout } from '../components/PublicReportLayout';
import { usePublicUnsubscribe } from '../public-report-api';

type UnsubscribeAnswer = ContractResponse<typeof publicIssueContracts.unsubscribe>;

/**
 * /public/issue/unsubscribe and /public/issue/watchers-unsubscribe (?issueId=&token=): a mail's
 * unsubscribe link. Opening it changes nothing (a mail scanner that follows links must not
 * unsubscribe anyone); the button does, and an undo turns the e-mails on again.
 */
function UnsubscribeScreen({ type }: { type: 'reporter' | 'watcher' }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [language, setLanguage] = usePageLanguage();
  const { id, token } = useIssueLink();
  const change = usePublicUnsubscribe(id, token, type);
  // The last answer stays while the next click is on its way (a mutation forgets it meanwhile).
  const [last, setLast] = useState<UnsubscribeAnswer | null>(null);

  if (!id || !token || (change.error && isGone(change.error)))
    return (
      <PublicFailure
        error={null}
        language={language}
        onLanguageChange={setLanguage}
        invalidTitle={t('public-report.invalid_link_title')}
        invalidText={t('public-report.invalid_link_text')}
      />
    );

  const answer = last;
  const set = (subscribe: boolean) => change.mutate(subscribe, { onSuccess: setLast });
  return (
    <PublicReportLayout
      organisation={answer?.organisation ?? null}
      logo={null}
      color={null}
      language={language}
      onLanguageChange={setLanguage}
    >
      <Stack align="center" ta="center" gap="md" py="md" data-testid="public-unsubscribe">
        <ThemeIcon
          size={56}
          radius="xl"
          color={answer?.subscribed === false ? 'teal' : 'gray'}
          variant="light"
          aria-hidden
        >
          {answer?.subscribed === true ? <IconMailCheck size={30} /> : <IconMailOff size={30} />}
        </ThemeIcon>
        {!answer ? (
          <>
            <Title order={1} fz={22}>
              {t('public-report.unsubscribe_title')}
            </Title>
            <Text>
              {type === 'watcher'
                ? t('public-report.watcher_unsubscribe_question')
                : t('public-report.unsubscribe_question')}
            </Text>
            <Button
              size="md"
              onClick={() => set(false)}
              loading={change.isPending}
              data-testid="unsubscribe-confirm"
            >
              {t('public-report.unsubscribe_button')}
            </Button>
          </>
        ) : answer.subscribed ? (
          <>
            <Title order={1} fz={22}>
              {t('public-report.email_updates')}
            </Title>
            <Text role="status">{t('public-report.resubscribed_text', { title: answer.title })}</Text>
            <Button variant="light" onClick={() => set(false)} loading={change.isPending}>
              {t('public-report.unsubscribe_button')}
            </Button>
          </>
        ) : (
          <>
            <Title order={1} fz={22}>
              {t('public-report.unsubscribed_title')}
            </Title>
            <Text role="status" data-testid="unsubscribe-done">
              {t('public-report.unsubscribed_text', {
                title: answer.title,
                organisation: answer.organisation,
              })}
            </Text>
            <Button
              variant="light"
              onClick={() => set(true)}
              loading={change.isPending}
              data-testid="unsubscribe-undo"
            >
              {t('public-report.undo')}
            </Button>
          </>
        )}
        {change.error && (
          <Alert color="red" role="alert">
            {errorText(change.error)}
          </Alert>
        )}
      </Stack>
    </PublicReportLayout>
  );
}

/** /public/issue/unsubscribe: the reporter's e-mails. */
export function PublicUnsubscribePage() {
  return <UnsubscribeScreen type="reporter" />;
}

/** /public/issue/watchers-unsubscribe: the e-mails to an issue's external address. */
export function PublicWatcherUnsubscribePage() {
  return <UnsubscribeScreen type="watcher" />;
}
