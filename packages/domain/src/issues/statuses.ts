/** Issue status ids of 000 §4. Status 0 is a read-only preview of a scheduled task. */
export const ISSUE_STATUS = {
  scheduled: 0,
  draft: 1,
  unassigned: 2,
  deciding: 3,
  declined: 4,
  accepted: 5,
  inProgress: 6,
  inReview: 7,
  completed: 8,
} as const;
export type IssueStatusId = (typeof ISSUE_STATUS)[keyof typeof ISSUE_STATUS];

/** Name of each status and the name a list shows it as (000 §4 "Shown as"). */
export const ISSUE_STATUSES: ReadonlyArray<{ id: IssueStatusId; name: string; shown_as: string }> = [
  { id: 0, name: 'scheduled', shown_as: 'scheduled' },
  { id: 1, name: 'created', shown_as: 'to_do' },
  { id: 2, name: 'to_do_unassigned', shown_as: 'to_do' },
  { id: 3, name: 'to_do_deciding', shown_as: 'to_do' },
  { id: 4, name: 'declined', shown_as: 'declined' },
  { id: 5, name: 'accepted', shown_as: 'accepted' },
  { id: 6, name: 'in_progress', shown_as: 'in_progress' },
  { id: 7, name: 'in_review', shown_as: 'in_review' },
  { id: 8, name: 'completed', shown_as: 'completed' },
];

/** Priorities of 000 §9; default 3 (normal). */
export const PRIORITIES = [
  { id: 0, name: 'no_priority' },
  { id: 2, name: 'low' },
  { id: 3, name: 'normal' },
  { id: 4, name: 'high' },
  { id: 5, name: 'urgent' },
] as const;
export const DEFAULT_PRIORITY_ID = 3;
export const DEFAULT_ACCESSIBILITY_ID = 2;
