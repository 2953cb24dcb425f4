import {
  LEASE_DEFAULT_NOTICE_MONTHS,
  LEASE_DEFAULT_REMINDER_DAYS,
  type Lease,
  type LeaseRentPeriod,
  type LeaseRequest,
  leaseDaysBetween,
} from '@workbench/domain';

/** The lease form's values: what the inputs hold (text for dates, '' for none). */
export type LeaseFormValues = {
  landlord_name: string;
  landlord_contact: string;
  start_date: string;
  end_date: string;
  rent_amount: number | '';
  rent_currency: string;
  rent_period: LeaseRentPeriod | '';
  notice_period_months: number | '';
  reminder_days_before: number | '';
  notes: string;
};

export function leaseFormValues(lease: Lease | null): LeaseFormValues {
  return {
    landlord_name: lease?.landlord_name ?? '',
    landlord_contact: lease?.landlord_contact ?? '',
    start_date: lease?.start_date ?? '',
    end_date: lease?.end_date ?? '',
    rent_amount: lease?.rent_amount ?? '',
    rent_currency: lease?.rent_currency ?? '',
    rent_period: lease?.rent_period ?? (lease ? '' : 'month'),
    notice_period_months: lease?.notice_period_months ?? LEASE_DEFAULT_NOTICE_MONTHS,
    reminder_days_before: lease?.reminder_days_before ?? LEASE_DEFAULT_REMINDER_DAYS,
    notes: lease?.notes ?? '',
  };
}

/** The request of the form: empty inputs are none; an empty number is left to the server's default. */
export function leaseRequestOf(values: LeaseFormValues): LeaseRequest {
  return {
    landlord_name: values.landlord_name,
    landlord_contact: values.landlord_contact.trim() || null,
    start_date: values.start_date,
    end_date: values.end_date || null,
    rent_amount: values.rent_amount === '' ? null : values.rent_amount,
    rent_currency: values.rent_currency.trim() || null,
    rent_period: values.rent_period || null,
    ...(values.notice_period_months === '' ? {} : { notice_period_months: values.notice_period_months }),
    ...(values.reminder_days_before === '' ? {} : { reminder_days_before: values.reminder_days_before }),
    notes: values.notes.trim() || null,
  };
}

/** Currencies offered first (the rest of ISO 4217 follows, from the browser). */
const COMMON_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'PLN', 'CZK', 'HUF', 'RON', 'HRK', 'TRY', 'UAH'];

export function currencyChoices(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  let all: string[] = [];
  try {
    all = intl.supportedValuesOf?.('currency') ?? [];
  } catch {
    all = [];
  }
  return [...COMMON_CURRENCIES, ...all.filter((c) => !COMMON_CURRENCIES.includes(c))];
}

/** "€18,450.00" in the reader's language; the bare number when the currency is unknown. */
export function formatRent(amount: number, currency: string | null, language: string): string {
  try {
    if (currency) return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount);
  } catch {
    // An unknown currency code: fall through to the plain number.
  }
  const number = new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return currency ? `${number} ${currency}` : number;
}

/** A calendar day (YYYY-MM-DD) as the reader writes it, whatever their time zone. */
export function formatDay(day: string, language: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/** Today in the reader's time zone (YYYY-MM-DD). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Days left until a day (negative once past). */
export const daysUntil = (day: string, today = localToday()) => leaseDaysBetween(today, day);
