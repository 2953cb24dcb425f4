import 'dayjs/locale/de';
import 'dayjs/locale/hr';
import 'dayjs/locale/hu';
import 'dayjs/locale/it';
import 'dayjs/locale/pl';
import 'dayjs/locale/ro';
import 'dayjs/locale/ru';
import 'dayjs/locale/tr';
import 'dayjs/locale/uk';
import '@mantine/dates/styles.css';
import { DateInput, DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseDay } from '../booking-days';

/** The date pickers in the reader's language, weeks starting on Monday. */
export function BookingDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}

/** A day field (DD.MM.YYYY typed or picked), answering 'YYYY-MM-DD'. */
export function DayInput(props: {
  label: string;
  value: string | null;
  onChange: (day: string | null) => void;
  minDate?: string;
  maxDate?: string;
  excludeDate?: (day: string) => boolean;
  error?: ReactNode;
  required?: boolean;
  description?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <DateInput
      label={props.label}
      description={props.description}
      value={props.value}
      onChange={(v) => props.onChange(v ? v.slice(0, 10) : null)}
      dateParser={(text) => parseDay(text)}
      valueFormat="DD.MM.YYYY"
      placeholder="DD.MM.YYYY"
      minDate={props.minDate}
      maxDate={props.maxDate}
      excludeDate={props.excludeDate}
      error={props.error}
      required={props.required}
      clearable={!props.required}
      clearButtonProps={{ 'aria-label': t('equipment-bookings.clear_date') }}
      // The calendar's arrows and level buttons have only icons: name them for screen readers.
      ariaLabels={{
        previousMonth: t('equipment-bookings.calendar.previous_month'),
        nextMonth: t('equipment-bookings.calendar.next_month'),
        previousYear: t('equipment-bookings.calendar.previous_year'),
        nextYear: t('equipment-bookings.calendar.next_year'),
        previousDecade: t('equipment-bookings.calendar.previous_decade'),
        nextDecade: t('equipment-bookings.calendar.next_decade'),
        monthLevelControl: t('equipment-bookings.calendar.choose_month'),
        yearLevelControl: t('equipment-bookings.calendar.choose_year'),
      }}
      popoverProps={{ withinPortal: true }}
      data-testid={props.testId}
    />
  );
}
