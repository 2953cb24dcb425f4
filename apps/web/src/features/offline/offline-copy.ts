import type { QueryClient } from '@tanstack/react-query';
import {
  CACHE_EXPIRY_MS,
  calendarWindow,
  type Issue,
  type IssueListItem,
  isIssueListPage,
  issueContracts,
} from '@workbench/domain';
import { call, fetchFileAhead } from '../../api/client';
import { readCalendarState } from '../calendar/calendar-state';
import { localToday } from '../calendar-timeline/day-clock';
import { rowKindOf } from '../calendar-timeline/hidden-state';
import { filtersOf, timelineRowsQuery } from '../calendar-timeline/timeline-api';
import { checklistQuery } from '../checklists/checklists-api';
import { issueKeys, issueQueries } from '../issues/issues-api';

/** How many of the person's open issues are kept for offline use (the most urgent first). */
export const OFFLINE_ISSUES_MAX = 50;
/** The workspaces whose people are kept with them. */
const OFFLINE_WORKSPACES_MAX = 20;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The lists that make up "my work": assigned to me, watched by me, due this week with me in it. */
export function offlineListQueries(userId: number, now = Date.now()) {
  const base = { issue_state: 'all_active', paginate_by: OFFLINE_ISSUES_MAX, sort_by: 'due_date' } as const;
  const me = String(userId);
  return [
    { ...base, assignees: me },
    { ...base, watchers: me },
    { ...base, users: me, date_type: 'due_date', date_from: isoDay(now), date_to: isoDay(now + WEEK_MS) },
  ] as const;
}

/** Pictures per issue whose thumbnails are fetched ahead (the service worker keeps them). */
const OFFLINE_PICTURES_PER_ISSUE = 12;

/** Fetches an issue's thumbnails once, so that the service worker's picture cache has them. */
function keepPictures(issue: Issue | undefined) {
  const urls = (issue?.attachments ?? [])
    .map((a) => a.web_mob_thumbnail_url)
    .filter((url): url is string => !!url)
    .slice(0, OFFLINE_PICTURES_PER_ISSUE);
  for (const url of urls) void fetchFileAhead(url);
}

/** The issues to keep: each once, in the lists' order, at most OFFLINE_ISSUES_MAX. */
export function issuesToKeep(lists: ReadonlyArray<readonly IssueListItem[]>): IssueListItem[] {
  const seen = new Map<number, IssueListItem>();
  for (const list of lists) for (const row of list) if (!seen.has(row.id)) seen.set(row.id, row);
  return [...seen.values()].slice(0, OFFLINE_ISSUES_MAX);
}

/**
 * Fetches ahead what a technician needs when the signal drops: their open issues with each
 * issue's page (detail, checklists, first comments and activity, work time, timer), the
 * workspaces and the people of those issues' workspaces. The answers land in the query cache,
 * which query-persistence.ts keeps in IndexedDB. An issue whose list row shows no change since
 * its kept copy is not fetched again, so a refresh every few minutes costs three list calls.
 */
export async function refreshOfflineCopy(client: QueryClient, userId: number): Promise<number> {
  const pages = await Promise.all(
    offlineListQueries(userId).map((query) => call(issueContracts.list, { query })),
  );
  const rows = issuesToKeep(pages.map((page) => (isIssueListPage(page) ? page.data : [])));
  for (const row of rows) {
    const kept = client.getQueryData<Issue>(issueKeys.detail(row.id));
    if (kept && kept.updated_at === row.updated_at) continue;
    // staleTime 0: what is kept of a changed issue is fetched anew, however recent.
    const { id } = row;
    await Promise.all([
      client.prefetchQuery({ ...issueQueries.detail(id), staleTime: 0 }),
      client.prefetchQuery({ ...checklistQuery(id), staleTime: 0 }),
      client.prefetchQuery({ ...issueQueries.comments(id, 1), staleTime: 0 }),
      client.prefetchQuery({ ...issueQueries.activity(id, 1), staleTime: 0 }),
      client.prefetchQuery({ ...issueQueries.worktime(id), staleTime: 0 }),
      client.prefetchQuery({ ...issueQueries.timer(id), staleTime: 0 }),
    ]);
    keepPictures(client.getQueryData<Issue>(issueKeys.detail(id)));
  }
  const workspaceIds = [...new Set(rows.map((row) => row.workspace.id))].slice(0, OFFLINE_WORKSPACES_MAX);
  await Promise.all([
    client.prefetchQuery({ ...issueQueries.workspaces(), staleTime: CACHE_EXPIRY_MS }),
    ...workspaceIds.map((id) =>
      client.prefetchQuery({ ...issueQueries.people(id), staleTime: CACHE_EXPIRY_MS }),
    ),
  ]);
  await keepTodaysCalendar(client);
  return rows.length;
}

/** Today's calendar as the calendar page first shows it for the person (the daily view of people). */
async function keepTodaysCalendar(client: QueryClient) {
  const state = readCalendarState(new URLSearchParams({ view: 'dailyUsers' }));
  const window = calendarWindow(state.view, localToday(), state.show_weekend === 1);
  const query = timelineRowsQuery(rowKindOf(state.view), {
    filters: filtersOf(state),
    start_date: window.start_date,
    end_date: window.end_date,
  });
  await client.prefetchInfiniteQuery({ ...query, staleTime: CACHE_EXPIRY_MS });
}
