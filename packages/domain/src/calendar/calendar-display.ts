import type { ClientSettings } from '../client/client-settings.js';
import { ISSUE_STATUS } from '../issues/statuses.js';
import type { CalendarDisplayType } from './calendar-schemas.js';

/**
 * The colour of a calendar card (001 §3 display types, §4 "Calendar item display"): overdue when
 * the due date has passed and the issue is not completed (in review only with
 * show_in_review_overdue); otherwise by status. A prepared task (status 0) and an accepted issue
 * are planned work; created, unassigned, deciding and declined are still to do.
 */
export function calendarDisplayType(
  item: { status_id: number; due_date: number | null },
  settings: Pick<ClientSettings, 'show_in_review_overdue'>,
  nowSeconds: number,
): CalendarDisplayType {
  const { status_id: status, due_date: due } = item;
  if (status === ISSUE_STATUS.completed) return 'COMPLETED';
  const reviewCounts = status !== ISSUE_STATUS.inReview || settings.show_in_review_overdue;
  if (due !== null && due < nowSeconds && status !== ISSUE_STATUS.scheduled && reviewCounts) return 'OVERDUE';
  if (status === ISSUE_STATUS.inReview) return 'IN_REVIEW';
  if (status === ISSUE_STATUS.inProgress) return 'IN_PROGRESS';
  if (status === ISSUE_STATUS.scheduled || status === ISSUE_STATUS.accepted) return 'PLANNED';
  return 'TODO';
}

/** Which colour wins in an aggregated cell: what needs attention first. */
const BLOCK_ORDER: readonly CalendarDisplayType[] = [
  'OVERDUE',
  'IN_REVIEW',
  'IN_PROGRESS',
  'TODO',
  'PLANNED',
  'COMPLETED',
];

/** The colour of a yearly cell (blockDisplayType): the most urgent of its items; null when empty. */
export function blockDisplayType(types: readonly CalendarDisplayType[]): CalendarDisplayType | null {
  for (const type of BLOCK_ORDER) if (types.includes(type)) return type;
  return null;
}
