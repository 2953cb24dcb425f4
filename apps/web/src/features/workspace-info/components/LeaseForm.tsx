import {
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  LEASE_CONTACT_MAX,
  LEASE_LANDLORD_MAX,
  LEASE_NOTES_MAX,
  LEASE_NOTICE_MONTHS_MAX,
  LEASE_REMINDER_DAYS_MAX,
  LEASE_RENT_PERIODS,
  type Lease,
  type LeaseRentPeriod,
  leaseNoticeDate,
} from '@workbench/domain';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { currentLanguage } from '../../../i18n';
import { useNotify } from '../../../ui/feedback/use-notify';
import { UnsavedChangesGuard } from '../../public-forms/components/UnsavedChangesGuard';
import {
  currencyChoices,
  formatDay,
  type LeaseFormValues,
  leaseFormValues,
  leaseRequestOf,
} from '../lease-form';
import { useSaveLease } from '../workspace-info-api';

/** Create or change a lease: the server's checks answer per field; the notice date shows as it is typed. */
export function LeaseForm({
  workspaceId,
  lease,
  onDone,
}: {
  workspaceId: number;
  lease: Lease | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const language = currentLanguage();
  const initial = useMemo(() => leaseFormValues(lease), [lease]);
  const [values, setValues] = useState<LeaseFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveLease(workspaceId);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial) && !save.isSuccess;
  const currencies = useMemo(() => currencyChoices(), []);
  const set = <K extends keyof LeaseFormValues>(key: K, value: LeaseFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };
  const fieldError = (key: keyof LeaseFormValues) => (errors[key] ? t(`errors.${errors[key]}`) : undefined);

  const notice =
    values.end_date && /^\d{4}-\d{2}-\d{2}$/.test(values.end_date)
      ? leaseNoticeDate({
          end_date: values.end_date,
          notice_period_months: Number(values.notice_period_months || 0),
        })
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!values.landlord_name.trim()) missing.landlord_name = 'required';
    if (!values.start_date) missing.start_date = 'required';
    if (Object.keys(missing).length) {
      setErrors(missing);
      return;
    }
    save.mutate(leaseRequestOf(values), {
      onSuccess: () => {
        notify.ok('workspace-info.saved');
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
        notify.fail(error);
      },
    });
  };

  return (
    <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="form" onSubmit={submit} noValidate>
      <UnsavedChangesGuard dirty={dirty} />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('workspace-info.landlord_name')}
            required
            maxLength={LEASE_LANDLORD_MAX}
            value={values.landlord_name}
            onChange={(e) => set('landlord_name', e.currentTarget.value)}
            error={fieldError('landlord_name')}
          />
          <TextInput
            label={t('workspace-info.landlord_contact')}
            description={t('workspace-info.landlord_contact_hint')}
            maxLength={LEASE_CONTACT_MAX}
            value={values.landlord_contact}
            onChange={(e) => set('landlord_contact', e.currentTarget.value)}
            error={fieldError('landlord_contact')}
          />
          <TextInput
            type="date"
            label={t('workspace-info.start_date')}
            required
            value={values.start_date}
            onChange={(e) => set('start_date', e.currentTarget.value)}
            error={fieldError('start_date')}
          />
          <TextInput
            type="date"
            label={t('workspace-info.end_date')}
            description={t('workspace-info.end_date_hint')}
            min={values.start_date || undefined}
            value={values.end_date}
            onChange={(e) => set('end_date', e.currentTarget.value)}
            error={fieldError('end_date')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NumberInput
            label={t('workspace-info.rent_amount')}
            min={0}
            decimalScale={2}
            thousandSeparator=" "
            value={values.rent_amount}
            onChange={(v) => set('rent_amount', typeof v === 'number' ? v : v === '' ? '' : Number(v))}
            error={fieldError('rent_amount')}
          />
          <Select
            label={t('workspace-info.rent_currency')}
            searchable
            clearable
            data={currencies}
            value={values.rent_currency || null}
            onChange={(v) => set('rent_currency', v ?? '')}
            error={fieldError('rent_currency')}
          />
          <Select
            label={t('workspace-info.rent_period')}
            clearable
            data={LEASE_RENT_PERIODS.map((p) => ({ value: p, label: t(`workspace-info.period_${p}`) }))}
            value={values.rent_period || null}
            onChange={(v) => set('rent_period', (v ?? '') as LeaseRentPeriod | '')}
            error={fieldError('rent_period')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label={t('workspace-info.notice_period_months')}
            min={0}
            max={LEASE_NOTICE_MONTHS_MAX}
            allowDecimal={false}
            value={values.notice_period_months}
            onChange={(v) => set('notice_period_months', v === '' ? '' : Number(v))}
            error={fieldError('notice_period_months')}
          />
          <NumberInput
            label={t('workspace-info.reminder_days_before')}
            min={0}
            max={LEASE_REMINDER_DAYS_MAX}
            allowDecimal={false}
            value={values.reminder_days_before}
            onChange={(v) => set('reminder_days_before', v === '' ? '' : Number(v))}
            error={fieldError('reminder_days_before')}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed" aria-live="polite">
          {notice
            ? t('workspace-info.form_notice_preview', { date: formatDay(notice, language) })
            : t('workspace-info.form_open_ended_preview', {
                count: Number(values.notice_period_months || 0),
              })}
        </Text>
        <Textarea
          label={t('workspace-info.notes')}
          autosize
          minRows={3}
          maxLength={LEASE_NOTES_MAX}
          value={values.notes}
          onChange={(e) => set('notes', e.currentTarget.value)}
          error={fieldError('notes')}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('workspace-info.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('workspace-info.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
