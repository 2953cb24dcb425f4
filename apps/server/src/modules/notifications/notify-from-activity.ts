import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ActivityEntry } from '../activity/activity-log.js';

/**
 * The notifications an activity entry causes (the event table in packages/domain
 * notification-events.ts decides who receives what). No statement when the entry matches no event.
 */
export async function notifyFromActivity(
  _db: Kysely<Database> | Transaction<Database>,
  _entry: ActivityEntry,
): Promise<void> {
  // Filled in by the notifications work (issue 20).
}
