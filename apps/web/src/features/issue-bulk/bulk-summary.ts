import type { DuplicateResult, QuickCompleteResponse, ReassignIssuesResponse } from '@workbench/domain';
import { pageSelectionState } from '../../ui/bulk/selection';
import { errorTextKey } from '../../ui/feedback/error-text';

/**
 * Bulk actions on the issue list (000 §2, §4, §8): what a bulk answer means for the person. Pure:
 * an answer in, the lines of the result modal out (i18n keys under 'issue-bulk.' with a count,
 * and for refusals the server's error key), plus the issues 'view all' opens.
 */

export const BULK_ACTIONS = ['quick_complete', 'archive', 'delete', 'reassign', 'duplicate'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

type Refusal = { id: number; error: string };
export type ArchiveResult = { archived: number[]; not_archived: Refusal[] };
export type DeleteResult = { deleted: number[]; not_deleted: Refusal[] };

/** One line of the result: t(key, { count, reason: t(reasonKey) }). */
export type BulkLine = { key: string; count: number; reasonKey?: string };

export type BulkSummary = {
  action: BulkAction;
  /** Everything went through: a success toast is enough. */
  complete: boolean;
  /** How many issues the action went through for. */
  done: number;
  /** What did not go (or went only in part), one line per reason; empty when complete. */
  lines: BulkLine[];
  /** The issues 'view all' opens (the ones that need a look), in answer order, no duplicates. */
  viewIds: number[];
};

const unique = (ids: number[]) => [...new Set(ids)];

/** Refusals grouped by (translated) reason, in the order the reasons first appear. */
function refusalLines(key: string, refusals: Refusal[], exists: (key: string) => boolean): BulkLine[] {
  const counts = new Map<string, number>();
  for (const r of refusals) {
    const reason = errorTextKey(r.error, exists);
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...counts].map(([reasonKey, count]) => ({ key, count, reasonKey }));
}

function refusalSummary(
  action: BulkAction,
  done: number,
  refusals: Refusal[],
  exists: (key: string) => boolean,
): BulkSummary {
  return {
    action,
    complete: refusals.length === 0,
    done,
    lines: refusalLines(`issue-bulk.result.not_done.${action}`, refusals, exists),
    viewIds: unique(refusals.map((r) => r.id)),
  };
}

/** POST issue/quick_complete: the not completed ones, by their (translated) reason. */
export function quickCompleteSummary(
  result: QuickCompleteResponse,
  exists: (key: string) => boolean,
): BulkSummary {
  return refusalSummary('quick_complete', result.completed.length, result.not_completed, exists);
}

/** POST issue/multiple/archive. */
export function archiveSummary(result: ArchiveResult, exists: (key: string) => boolean): BulkSummary {
  return refusalSummary('archive', result.archived.length, result.not_archived, exists);
}

/** POST issue/multiple/delete. */
export function deleteSummary(result: DeleteResult, exists: (key: string) => boolean): BulkSummary {
  return refusalSummary('delete', result.deleted.length, result.not_deleted, exists);
}

/**
 * POST issue/multiple/reassign (000 §8): the person is not in one / several of the workspaces,
 * permission is missing in one / several workspaces, the status does not allow it.
 * workspaceOf tells the workspace of a selected issue (unknown ones count as one each).
 */
export function reassignSummary(
  result: ReassignIssuesResponse,
  workspaceOf: (issueId: number) => number | undefined,
): BulkSummary {
  const spread = (ids: number[]) => {
    const seen = new Set<string>();
    for (const id of ids) seen.add(String(workspaceOf(id) ?? `issue-${id}`));
    return seen.size > 1 ? 'several' : 'one';
  };
  const lines: BulkLine[] = [];
  const notInWs = unique(result.not_reassigned_issues_because_user_is_not_part_of_ws);
  const denied = unique(result.permission_denied_for_issues);
  const wrongStatus = unique(result.statuses_not_allowed);
  if (notInWs.length) {
    lines.push({
      key: `issue-bulk.result.reassign.not_in_workspace_${spread(notInWs)}`,
      count: notInWs.length,
    });
  }
  if (denied.length) {
    lines.push({ key: `issue-bulk.result.reassign.permission_${spread(denied)}`, count: denied.length });
  }
  if (wrongStatus.length) {
    lines.push({ key: 'issue-bulk.result.reassign.wrong_status', count: wrongStatus.length });
  }
  return {
    action: 'reassign',
    complete: lines.length === 0,
    done: unique(result.reassigned_issues).length,
    lines,
    viewIds: unique([...notInWs, ...denied, ...wrongStatus]),
  };
}

/**
 * POST issue/multi_duplicate (000 §8): how many were duplicated, how many of the copies lost the
 * assignee, and the refused ones by reason. 'View all' opens the copies.
 */
export function duplicateSummary(result: DuplicateResult, exists: (key: string) => boolean): BulkSummary {
  const lines: BulkLine[] = [];
  const incomplete = result.not_assigned.length > 0 || result.not_completed.length > 0;
  if (incomplete) {
    lines.push({ key: 'issue-bulk.result.duplicate.duplicated', count: result.completed.length });
  }
  if (result.not_assigned.length) {
    lines.push({ key: 'issue-bulk.result.duplicate.not_assigned', count: result.not_assigned.length });
  }
  lines.push(...refusalLines('issue-bulk.result.not_done.duplicate', result.not_completed, exists));
  return {
    action: 'duplicate',
    complete: !incomplete,
    done: result.completed.length,
    lines,
    viewIds: unique(result.completed.map((c) => c.new_id)),
  };
}

/** The list filtered by the given ids (000 §2 'view all'). */
export function viewAllPath(ids: number[]): string {
  const clean = unique(ids.filter((id) => Number.isSafeInteger(id) && id > 0));
  return clean.length ? `/dashboard/issues?ids=${clean.join(',')}` : '/dashboard/issues';
}

/** The select-all box's state (ui/bulk/selection.ts), as this feature's lists use it. */
export { pageSelectionState };

/** Select-all-on-page: selects every issue of the page, or (when all are selected) unselects them. */
export function toggledPageSelection(selected: ReadonlySet<number>, pageIds: readonly number[]): Set<number> {
  const next = new Set(selected);
  if (pageSelectionState(selected, pageIds) === 'all') for (const id of pageIds) next.delete(id);
  else for (const id of pageIds) next.add(id);
  return next;
}
