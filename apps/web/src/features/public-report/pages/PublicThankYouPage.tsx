import { Alert, Button, Group, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCheck, IconCopy, IconMailCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicMessage, usePageLanguage } from '../components/PublicPageParts';
import { PublicReportLayout } from '../components/PublicReportLayout';
import { followPath, readStoredReport } from '../public-report-api';

/**
 * /public/thank-you: after a report, from the answer kept in the tab's session: the thanks (the
 * form's own text or the product's), what happens next, the private follow link (open, copy),
 * whether a confirmation went by e-mail, and back to the form. Opened without a report (a
 * bookmark, another tab): a plain thank-you.
 */
export function PublicThankYouPage() {
  const { t } = useTranslation();
  const [language, setLanguage] = usePageLanguage();
  const [stored] = useState(readStoredReport);
  const [copied, setCopied] = useState(false);

  if (!stored)
    return (
      <PublicMessage
        language={language}
        onLanguageChange={setLanguage}
        tone="teal"
        icon={<IconCheck size={30} />}
        title={t('public-report.thanks_title')}
        text={t('public-report.plain_thanks')}
        testId="thank-you-plain"
      />
    );

  const { answer, back } = stored;
  const link = answer.token ? followPath(answer.issue_id, answer.token) : null;
  const absolute = answer.follow_url ?? (link ? `${window.location.origin}${link}` : null);
  const copy = async () => {
    if (!absolute) return;
    try {
      await navigator.clipboard.writeText(absolute);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refusal): the link stays selectable in its field.
      (document.getElementById('follow-link') as HTMLInputElement | null)?.select();
    }
  };

  return (
    <PublicReportLayout
      organisation={answer.organisation}
      logo={answer.logo}
      color={answer.primary_color}
      language={language}
      onLanguageChange={setLanguage}
    >
      <Stack gap="lg" data-testid="thank-you">
        <Stack align="center" ta="center" gap="xs">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCheck size={30} />
          </ThemeIcon>
          <Title order={1} fz={24}>
            {t('public-report.thanks_title')}
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap' }}>
            {answer.thank_you[language] ??
              t('public-report.thanks_text', { organisation: answer.organisation })}
          </Text>
          <Text size="sm" c="dimmed">
            {answer.workspace}
          </Text>
        </Stack>
        <Stack gap={6}>
          <Title order={2} fz="md">
            {t('public-report.next_title')}
          </Title>
          <Text size="sm">{t('public-report.next_text')}</Text>
          {link && <Text size="sm">{t('public-report.next_follow')}</Text>}
        </Stack>
        {link && absolute && (
          <Stack gap="xs">
            <Button
              component={Link}
              to={link}
              size="md"
              fullWidth
              rightSection={<IconArrowRight size={18} aria-hidden />}
              data-testid="thank-you-follow"
            >
              {t('public-report.follow_button')}
            </Button>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                id="follow-link"
                aria-label={t('public-report.follow_button')}
                value={absolute}
                readOnly
                flex={1}
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button
                variant="light"
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
                onClick={() => void copy()}
              >
                {copied ? t('public-report.link_copied') : t('public-report.copy_link')}
              </Button>
            </Group>
          </Stack>
        )}
        {answer.email_sent && (
          <Alert color="teal" variant="light" icon={<IconMailCheck size={20} aria-hidden />} role="status">
            {t('public-report.email_sent')}
          </Alert>
        )}
        <Button
          component={Link}
          to={back || '/'}
          variant="default"
          fullWidth
          leftSection={<IconPlus size={18} aria-hidden />}
        >
          {t('public-report.report_another')}
        </Button>
      </Stack>
    </PublicReportLayout>
  );
}
