import { describe, expect, it } from 'vitest';
import {
  canEditLease,
  canReadLease,
  leaseNoticeDate,
  leaseNoticeState,
  leaseReminderDate,
  subtractMonths,
} from './workspace-info.js';
import { ZLeaseRequestSchema } from './workspace-info-schemas.js';

describe('lease rules', () => {
  it('subtracts months like PostgreSQL (clamped to the month end)', () => {
    expect(subtractMonths('2027-05-31', 3)).toBe('2027-02-28');
    expect(subtractMonths('2028-05-31', 3)).toBe('2028-02-29');
    expect(subtractMonths('2027-01-15', 1)).toBe('2026-12-15');
    expect(subtractMonths('2027-01-15', 0)).toBe('2027-01-15');
    expect(subtractMonths('2027-03-10', 120)).toBe('2017-03-10');
  });

  it('computes the notice and reminder dates and the state', () => {
    const lease = { end_date: '2027-06-30', notice_period_months: 3, reminder_days_before: 30 };
    expect(leaseNoticeDate(lease)).toBe('2027-03-30');
    expect(leaseReminderDate(lease)).toBe('2027-02-28');
    expect(leaseNoticeState(lease, '2027-02-27')).toBe('upcoming');
    expect(leaseNoticeState(lease, '2027-02-28')).toBe('reminder_due');
    expect(leaseNoticeState(lease, '2027-03-30')).toBe('reminder_due');
    expect(leaseNoticeState(lease, '2027-03-31')).toBe('passed');
    expect(leaseNoticeState({ ...lease, end_date: null }, '2027-03-31')).toBe('open_ended');
    expect(leaseNoticeDate({ ...lease, end_date: null })).toBeNull();
  });

  it('lets admins, managers and group managers read; admins and managers write', () => {
    expect(canReadLease('group_manager')).toBe(true);
    expect(canReadLease('member')).toBe(false);
    expect(canReadLease('collab_admin')).toBe(false);
    expect(canEditLease('manager')).toBe(true);
    expect(canEditLease('group_manager')).toBe(false);
  });
});

describe('ZLeaseRequestSchema', () => {
  const ok = { landlord_name: 'Acme', start_date: '2026-01-01' };
  const keyOf = (body: unknown) => {
    const r = ZLeaseRequestSchema.safeParse(body);
    return r.success ? null : { path: r.error.issues[0]?.path.join('.'), key: r.error.issues[0]?.message };
  };

  it('takes a minimal lease with the defaults', () => {
    const r = ZLeaseRequestSchema.parse(ok);
    expect(r).toMatchObject({
      end_date: null,
      notice_period_months: 3,
      reminder_days_before: 30,
      rent_amount: null,
    });
  });

  it('refuses bad values with the field and key', () => {
    expect(keyOf({ start_date: '2026-01-01' })).toEqual({ path: 'landlord_name', key: 'required' });
    expect(keyOf({ landlord_name: 'A' })).toEqual({ path: 'start_date', key: 'required' });
    expect(keyOf({ ...ok, start_date: '2026-02-30' })).toEqual({ path: 'start_date', key: 'invalid_format' });
    expect(keyOf({ ...ok, end_date: '2025-12-31' })).toEqual({ path: 'end_date', key: 'end_before_start' });
    expect(keyOf({ ...ok, rent_amount: -1, rent_currency: 'EUR' })).toEqual({
      path: 'rent_amount',
      key: 'invalid_format',
    });
    expect(keyOf({ ...ok, rent_amount: 1.234, rent_currency: 'EUR' })?.key).toBe('invalid_format');
    expect(keyOf({ ...ok, rent_amount: 10 })).toEqual({ path: 'rent_currency', key: 'required' });
    expect(keyOf({ ...ok, rent_amount: 10, rent_currency: 'EU' })?.path).toBe('rent_currency');
    expect(keyOf({ ...ok, rent_amount: 10, rent_currency: 'XYZ' })?.path).toBe('rent_currency');
    expect(keyOf({ ...ok, notice_period_months: 121 })).toEqual({
      path: 'notice_period_months',
      key: 'invalid_format',
    });
    expect(keyOf({ ...ok, reminder_days_before: 366 })?.path).toBe('reminder_days_before');
    expect(keyOf({ ...ok, rent_period: 'week' })?.path).toBe('rent_period');
  });

  it('reads a currency in any case and 2-decimal amounts', () => {
    const r = ZLeaseRequestSchema.parse({
      ...ok,
      rent_amount: 1250.5,
      rent_currency: 'eur',
      rent_period: 'month',
    });
    expect(r.rent_currency).toBe('EUR');
    expect(r.rent_amount).toBe(1250.5);
  });
});
