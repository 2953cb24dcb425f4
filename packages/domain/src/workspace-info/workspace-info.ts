import { type AccessRole, isWorkspaceManagerRole } from '../permissions/access.js';

/**
 * A workspace's lease and maintenance pages (issue 21; /dashboard/workspaces/lease-info/{id}/ and
 * /maintenance-info/{id}/). The rules both sides use: who may read and change a lease, the
 * notice date and when its reminder is due.
 */

export const LEASE_RENT_PERIODS = ['month', 'quarter', 'year'] as const;
export type LeaseRentPeriod = (typeof LEASE_RENT_PERIODS)[number];

export const LEASE_NOTICE_MONTHS_MAX = 120;
export const LEASE_REMINDER_DAYS_MAX = 365;
export const LEASE_DEFAULT_NOTICE_MONTHS = 3;
export const LEASE_DEFAULT_REMINDER_DAYS = 30;
export const LEASE_LANDLORD_MAX = 255;
export const LEASE_CONTACT_MAX = 500;
export const LEASE_NOTES_MAX = 5000;
/** numeric(14, 2): below a trillion. */
export const LEASE_RENT_MAX = 999_999_999_999.99;
/** Contract files (PDFs, pictures, documents) of one lease. */
export const LEASE_FILES_MAX = 20;
/** The maintenance page's regulatory files: expired, or expiring within this many days. */
export const MAINTENANCE_FILES_EXPIRING_DAYS = 60;
/** Rows of each list on the maintenance page (the counts are of all). */
export const MAINTENANCE_LIST_LIMIT = 20;

/**
 * Reading a lease: the organisation's admins and the workspace's managers and group managers
 * (the rent is not for members nor for partners' people).
 */
export function canReadLease(role: AccessRole): boolean {
  return role === 'admin' || role === 'manager' || role === 'group_manager';
}

/** Creating, changing and deleting a lease and its files: admins and the workspace's managers. */
export function canEditLease(role: AccessRole): boolean {
  return isWorkspaceManagerRole(role);
}

/** The maintenance page: the same people as the lease (it lists what they run). */
export const canReadMaintenanceInfo = canReadLease;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * `day` (YYYY-MM-DD) minus `months` months, on the same day of the month or the month's last day
 * when it has fewer (31 May minus 3 months is 28 February), as PostgreSQL's date - interval does.
 */
export function subtractMonths(day: string, months: number): string {
  const m = DAY.exec(day);
  if (!m) throw new Error(`Not a day: ${day}`);
  const total = Number(m[1]) * 12 + (Number(m[2]) - 1) - months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const date = Math.min(Number(m[3]), last);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/** `day` plus `days` days (negative: before). */
function plusDays(day: string, days: number): string {
  const at = Date.parse(`${day}T00:00:00Z`);
  return new Date(at + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The last day notice can be given: the end minus the notice period. An open-ended lease has
 * none (notice any time, effective after the period).
 */
export function leaseNoticeDate(lease: {
  end_date: string | null;
  notice_period_months: number;
}): string | null {
  return lease.end_date ? subtractMonths(lease.end_date, lease.notice_period_months) : null;
}

/** The day the reminder goes out: the notice date minus reminder_days_before. */
export function leaseReminderDate(lease: {
  end_date: string | null;
  notice_period_months: number;
  reminder_days_before: number;
}): string | null {
  const notice = leaseNoticeDate(lease);
  return notice ? plusDays(notice, -lease.reminder_days_before) : null;
}

export type LeaseNoticeState = 'open_ended' | 'upcoming' | 'reminder_due' | 'passed';

/**
 * Where the lease stands on `today`: open-ended, before its reminder, in the reminder window (from
 * the reminder date to the notice date, both included: the reminder is sent then), or past the
 * notice date.
 */
export function leaseNoticeState(
  lease: { end_date: string | null; notice_period_months: number; reminder_days_before: number },
  today: string,
): LeaseNoticeState {
  const notice = leaseNoticeDate(lease);
  if (!notice) return 'open_ended';
  if (today > notice) return 'passed';
  return today >= plusDays(notice, -lease.reminder_days_before) ? 'reminder_due' : 'upcoming';
}

/** Days from `from` to `to` (negative when `to` is before). */
export function leaseDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
