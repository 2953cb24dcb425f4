import { describe, expect, it } from 'vitest';
import {
  currencyChoices,
  daysUntil,
  formatDay,
  formatRent,
  leaseFormValues,
  leaseRequestOf,
} from './lease-form';

describe('lease form', () => {
  it('starts a new lease with the defaults and sends empty inputs as none', () => {
    const values = leaseFormValues(null);
    expect(values).toMatchObject({ notice_period_months: 3, reminder_days_before: 30, rent_period: 'month' });
    const request = leaseRequestOf({ ...values, landlord_name: 'Acme', start_date: '2026-01-01' });
    expect(request).toEqual({
      landlord_name: 'Acme',
      landlord_contact: null,
      start_date: '2026-01-01',
      end_date: null,
      rent_amount: null,
      rent_currency: null,
      rent_period: 'month',
      notice_period_months: 3,
      reminder_days_before: 30,
      notes: null,
    });
  });

  it('leaves a cleared number to the server default', () => {
    const request = leaseRequestOf({
      ...leaseFormValues(null),
      notice_period_months: '',
      reminder_days_before: '',
    });
    expect(request).not.toHaveProperty('notice_period_months');
    expect(request).not.toHaveProperty('reminder_days_before');
  });

  it('formats rent, days and the days left', () => {
    expect(formatRent(18450, 'EUR', 'en')).toBe('€18,450.00');
    expect(formatRent(10, null, 'en')).toBe('10.00');
    expect(formatDay('2027-03-30', 'en')).toBe('Mar 30, 2027');
    expect(daysUntil('2027-03-30', '2027-03-01')).toBe(29);
    expect(currencyChoices()[0]).toBe('EUR');
  });
});
