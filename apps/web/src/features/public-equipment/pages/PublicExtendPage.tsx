import { Alert, Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { addDays, type PublicHandout } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { formatDay } from '../../equipment-bookings/booking-days';
import { BookingDates, DayInput } from '../../equipment-bookings/components/DayFields';
import { PublicFrame, PublicLoading, PublicProblem } from '../components/PublicParts';
import { useExtendPublicHandout, usePublicHandout } from '../public-api';

/**
 * /public/equipment/extend_handout?token=… and /public/equipment/group/extend_handout?token=…:
 * the holder's handout from their e-mailed link (items, return date, overdue) and a later
 * return date, up to the latest the type and the next booking allow. A link that is unknown,
 * expired or used says so.
 */
export function PublicExtendPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const handout = usePublicHandout(token);
  const [extended, setExtended] = useState<PublicHandout | null>(null);
  const invalidText = t('public-equipment.invalid_link');
  if (!token)
    return <PublicProblem error={new Error('missing')} invalidText={invalidText} onRetry={() => {}} />;
  if (handout.isPending) return <PublicLoading title={t('public-equipment.loading')} />;
  if (handout.isError)
    return (
      <PublicProblem error={handout.error} invalidText={invalidText} onRetry={() => void handout.refetch()} />
    );
  const shown = extended ?? handout.data;
  return (
    <PublicFrame title={t('public-equipment.extend_title')} subtitle={shown.organisation}>
      <Stack gap="md">
        <HandoutSummary handout={shown} />
        {extended ? (
          <Stack align="center" ta="center" gap="xs" role="status" data-testid="extend-done">
            <ThemeIcon size={48} radius="xl" color="teal" variant="light">
              <IconCheck size={26} aria-hidden />
            </ThemeIcon>
            <Text fw={600}>{t('public-equipment.extended_title')}</Text>
            <Text size="sm">
              {t('public-equipment.extended_text', { day: formatDay(extended.return_at, i18n.language) })}
            </Text>
          </Stack>
        ) : (
          <ExtendForm token={token} handout={shown} onDone={setExtended} />
        )}
      </Stack>
    </PublicFrame>
  );
}

function HandoutSummary({ handout }: { handout: PublicHandout }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="xs" data-testid="public-handout">
      <Text size="sm">{t('public-equipment.handout_of', { name: handout.holder_name })}</Text>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {handout.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a public answer carries no ids; titles may repeat
          <Paper key={`${item.title}-${index}`} component="li" withBorder radius="md" p="xs">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={500}>
                {item.title}
              </Text>
              <Group gap={6}>
                <Text size="sm" c={item.overdue ? 'red.9' : 'dimmed'}>
                  {t('public-equipment.return_on', { day: formatDay(item.return_at, i18n.language) })}
                </Text>
                {item.overdue && (
                  <Badge color="red" variant="filled" size="sm">
                    {t('public-equipment.overdue')}
                  </Badge>
                )}
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

function ExtendForm({
  token,
  handout,
  onDone,
}: {
  token: string;
  handout: PublicHandout;
  onDone: (answer: PublicHandout) => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const extend = useExtendPublicHandout();
  const [returnAt, setReturnAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The organisation's day, as the server judges the new date (the holder may be in another zone).
  const today = handout.today;
  const earliest = addDays(handout.return_at > today ? handout.return_at : addDays(today, -1), 1);
  const latest = handout.latest_return_at;
  if (latest !== null && latest < earliest) {
    return (
      <Alert color="yellow" role="status" data-testid="extend-not-possible">
        {t('public-equipment.cannot_extend')}
      </Alert>
    );
  }
  const submit = async () => {
    if (!returnAt) {
      setError(t('errors.return_date_required'));
      return;
    }
    setError(null);
    try {
      onDone(await extend.mutateAsync({ token, return_at: returnAt }));
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <BookingDates>
      <Stack gap="sm">
        <DayInput
          label={t('public-equipment.new_return_date')}
          value={returnAt}
          onChange={setReturnAt}
          minDate={earliest}
          maxDate={latest ?? undefined}
          required
          description={
            latest ? t('public-equipment.latest', { day: formatDay(latest, i18n.language) }) : undefined
          }
          testId="public-extend-date"
        />
        {error && (
          <Alert color="red" role="alert" p="xs">
            {error}
          </Alert>
        )}
        <Button
          size="md"
          fullWidth
          onClick={() => void submit()}
          loading={extend.isPending}
          data-testid="public-extend-confirm"
        >
          {t('public-equipment.extend_confirm')}
        </Button>
      </Stack>
    </BookingDates>
  );
}
