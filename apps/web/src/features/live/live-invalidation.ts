import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveChange } from '@workbench/domain';

/**
 * Which cached queries show an entity, by the live event's entity_type: the key prefixes of the
 * features' *-api.ts (written out here so the dashboard shell does not load every feature's
 * calls; live-invalidation.test.ts checks each against the feature's own keys). Invalidating a
 * prefix refetches only the queries on screen; the others are marked stale and refetch when shown.
 */
const ISSUE_LISTS: QueryKey = ['issues', 'list'];
const CALENDAR: QueryKey = ['calendar'];
const SCHEDULES: QueryKey = ['schedules'];
const EQUIPMENT: QueryKey = ['equipment'];
const EQUIPMENT_GROUPS: QueryKey = ['equipment-groups'];
const EQUIPMENT_TYPES: QueryKey = ['equipment-types'];
const EXTERNAL_HOLDERS: QueryKey = ['external-holders'];
const ASSETS: QueryKey = ['assets'];
const WORKSPACES: QueryKey = ['workspaces'];
const WORKSPACE_INFO: QueryKey = ['workspace-info'];
const PEOPLE: QueryKey = ['users'];
const COLLABORATIONS: QueryKey = ['collaborations'];
const CONFIG: QueryKey = ['config'];

/** One issue's detail and everything shown under it (issues-api.ts issueKeys / issueLog, checklists, attachments). */
export const issueParts = (id: number): QueryKey[] => [
  ['issues', 'detail', id],
  ['issues', 'comments', id],
  ['issues', 'activity', id],
  ['issues', 'worktime', id],
  ['issues', 'timer', id],
  ['issues', 'attachment-comments', id],
  ['checklists', 'issue', id],
];

/** The key prefixes to refetch after a change of one entity (unknown entity types: none). */
export function keysForChange(change: Pick<LiveChange, 'entity_type' | 'entity_id'>): QueryKey[] {
  const id = change.entity_id;
  switch (change.entity_type) {
    case 'issue':
      // The list with its tab counts, the issue and its parts, the calendar, and the pages that
      // list a schedule's or an asset's issues (schedule detail, asset tabs and cards, a
      // workspace's maintenance page).
      return [
        ISSUE_LISTS,
        ...issueParts(id),
        CALENDAR,
        ['schedules', 'of'],
        ['assets', 'of'],
        ['assets', 'list'],
        WORKSPACE_INFO,
      ];
    case 'schedule':
      // With the issues a schedule made (the materializer publishes once per schedule).
      return [SCHEDULES, CALENDAR, ['assets', 'of'], ISSUE_LISTS];
    case 'equipment':
      return [EQUIPMENT, EQUIPMENT_GROUPS];
    case 'equipment_group':
      return [EQUIPMENT_GROUPS, EQUIPMENT];
    case 'equipment_type':
      return [EQUIPMENT_TYPES, EQUIPMENT];
    case 'external_holder':
      return [EXTERNAL_HOLDERS, EQUIPMENT];
    case 'asset':
    case 'asset_group':
    case 'asset_system':
      return [ASSETS];
    case 'workspace':
      // The tree and its pickers (workspace-api.ts), the pickers of people who work in one, and
      // its lease and maintenance pages (a lease change is logged on its workspace).
      return [WORKSPACES, ['workspace_clean'], ['issues', 'people'], WORKSPACE_INFO];
    case 'collaboration':
      // What a partner shares changes which workspaces, people and issues one sees.
      return [COLLABORATIONS, WORKSPACES, ['workspace_clean'], PEOPLE, ISSUE_LISTS];
    case 'user':
    case 'membership_invite':
      return [PEOPLE, ['issues', 'people'], ['equipment', 'people'], ['assets', 'people']];
    case 'job_position':
      return [
        ['users', 'job_positions'],
        ['calendar', 'user-positions'],
        ['calendar', 'timeline', 'positions'],
      ];
    case 'category':
      return [['categories'], CONFIG];
    case 'text_template':
      return [['text-templates'], CONFIG];
    case 'checklist_template':
      return [['checklist-templates']];
    case 'saved_filter':
      return [['saved-filters']];
    case 'client':
      return [CONFIG];
    default:
      return [];
  }
}

const keyId = (key: QueryKey) => JSON.stringify(key);

/** Whether `prefix` is the start of `key` (TanStack's partial matching, for plain values). */
export function isPrefix(prefix: QueryKey, key: QueryKey): boolean {
  return prefix.length <= key.length && prefix.every((part, i) => keyId([part]) === keyId([key[i]]));
}

/** The keys without those another key of the set already covers (['issues'] covers ['issues', 'list']). */
export function collapseKeys(keys: Iterable<QueryKey>): QueryKey[] {
  const unique = new Map([...keys].map((k) => [keyId(k), k]));
  // Each key's shorter starts looked up in the set: linear in the keys (a bulk change has thousands).
  return [...unique.values()].filter((key) => {
    for (let length = 1; length < key.length; length += 1)
      if (unique.has(keyId(key.slice(0, length)))) return false;
    return true;
  });
}

type Scheduler = {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
};
const timers: Scheduler = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** How long changes are gathered before one refetch of everything they touch. */
export const LIVE_BATCH_MS = 300;

export type LiveInvalidator = {
  /** A change arrived: its queries are refetched with the others of the batch. */
  change(change: Pick<LiveChange, 'entity_type' | 'entity_id'>): void;
  /** Events were missed: everything cached is refetched (at the batch's end). */
  reset(): void;
  /** Refetches what the batch gathered now (tests; the timer calls it). */
  flush(): void;
  /** Drops what is pending (the stream closed on logout). */
  stop(): void;
};

/**
 * Gathers the changes of LIVE_BATCH_MS and then invalidates each query prefix once, so a bulk
 * change of 500 issues refetches each list once rather than 500 times.
 */
export function createLiveInvalidator(
  client: QueryClient,
  options: { delayMs?: number; scheduler?: Scheduler } = {},
): LiveInvalidator {
  const delayMs = options.delayMs ?? LIVE_BATCH_MS;
  const scheduler = options.scheduler ?? timers;
  let keys = new Map<string, QueryKey>();
  let issueIds = new Set<number>();
  let everything = false;
  let timer: unknown = null;

  const arm = () => {
    if (timer === null) timer = scheduler.set(flush, delayMs);
  };
  function flush() {
    if (timer !== null) scheduler.clear(timer);
    timer = null;
    const batch = { keys: [...keys.values()], issueIds, everything };
    keys = new Map();
    issueIds = new Set();
    everything = false;
    if (batch.everything) {
      void client.invalidateQueries();
      return;
    }
    for (const queryKey of collapseKeys(batch.keys)) void client.invalidateQueries({ queryKey });
    if (!batch.issueIds.size) return;
    // A cached issue that lists a changed one as its sub-issue shows its title and status.
    for (const query of client.getQueryCache().findAll({ queryKey: ['issues', 'detail'] })) {
      const children = (query.state.data as { children?: Array<{ id: number }> } | undefined)?.children;
      if (children?.some((child) => batch.issueIds.has(child.id)))
        void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }
  }
  return {
    change(change) {
      for (const key of keysForChange(change)) keys.set(keyId(key), key);
      if (change.entity_type === 'issue') issueIds.add(change.entity_id);
      arm();
    },
    reset() {
      everything = true;
      arm();
    },
    flush,
    stop() {
      if (timer !== null) scheduler.clear(timer);
      timer = null;
      keys = new Map();
      issueIds = new Set();
      everything = false;
    },
  };
}
