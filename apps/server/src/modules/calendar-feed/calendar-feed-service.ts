import { CALENDAR_FEED_USE_RECORD_MS, type CalendarFeedResponse, webcalUrl } from '@workbench/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';
import { loadVisibleWorkspaces } from '../access/workspace-access.js';
import { logActivity } from '../activity/activity-log.js';
import { hashToken, newRawToken } from '../auth/tokens.js';
import { feedCalendar } from './calendar-feed-ics.js';
import { findFeedByToken, listFeedIssues } from './calendar-feed-queries.js';

/**
 * The private calendar feed (issue 17): one secret address per person and organisation. The
 * secret is kept only as a hash, so its address is answered once, when it is made.
 */

/** calendar/feed: the caller's feed in the organisation they work in (its address is not kept). */
export async function getCalendarFeed(ctx: AppContext, auth: Auth): Promise<CalendarFeedResponse> {
  const row = await ctx.db
    .selectFrom('calendar_feeds')
    .select(['created_at', 'last_used_at'])
    .where('user_id', '=', auth.userId)
    .where('client_id', '=', auth.clientId)
    .executeTakeFirst();
  return {
    feed: row
      ? {
          url: null,
          webcal_url: null,
          created_at: row.created_at.toISOString(),
          last_used_at: row.last_used_at?.toISOString() ?? null,
        }
      : null,
  };
}

/**
 * POST calendar/feed: a new secret address; the caller's earlier one (if any) is replaced in the
 * same statement, so it stops working at once. `feedPath` is the path the feeds are read under.
 */
export async function createCalendarFeed(
  ctx: AppContext,
  auth: Auth,
  feedPath: string,
): Promise<CalendarFeedResponse> {
  const raw = newRawToken();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const saved = await trx
      .insertInto('calendar_feeds')
      .values({ client_id: auth.clientId, user_id: auth.userId, token_hash: hashToken(raw) })
      .onConflict((oc) =>
        oc.columns(['user_id', 'client_id']).doUpdateSet({
          token_hash: (eb) => eb.ref('excluded.token_hash'),
          created_at: sql`now()`,
          last_used_at: null,
        }),
      )
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'user',
      entityId: auth.userId,
      action: 'calendar_feed_created',
    });
    return saved;
  });
  const url = `${ctx.config.appUrl}${feedPath}/${raw}.ics`;
  return {
    feed: { url, webcal_url: webcalUrl(url), created_at: row.created_at.toISOString(), last_used_at: null },
  };
}

/** DELETE calendar/feed: the caller's feed is turned off; its address stops working at once. */
export async function removeCalendarFeed(ctx: AppContext, auth: Auth): Promise<{ success: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('calendar_feeds')
      .where('user_id', '=', auth.userId)
      .where('client_id', '=', auth.clientId)
      .returning('id')
      .executeTakeFirst();
    if (removed) {
      await logActivity(trx, {
        clientId: auth.clientId,
        userId: auth.userId,
        entityType: 'user',
        entityId: auth.userId,
        action: 'calendar_feed_revoked',
      });
    }
  });
  return { success: true };
}

/**
 * calendar/feed/{token}: the iCalendar of the feed's owner, read with what they may see now.
 * An unknown, replaced or revoked secret, and an owner archived, deleted or no longer in the
 * organisation, all answer the same 404.
 */
export async function readCalendarFeed(ctx: AppContext, token: string, now = new Date()): Promise<string> {
  const raw = token.replace(/\.ics$/i, '');
  const owner = raw ? await findFeedByToken(ctx.db, raw) : undefined;
  if (!owner?.role || owner.status !== 'active' || owner.deleted_at) throw notFound();
  const visible = await loadVisibleWorkspaces(
    ctx.db,
    { userId: owner.user_id, clientId: owner.client_id, role: owner.role },
    owner.access_version,
  );
  const issues = await listFeedIssues(ctx.db, owner.user_id, visible, now);
  // Calendars poll: the last use is written at most once a minute.
  if (!owner.last_used_at || now.getTime() - owner.last_used_at.getTime() >= CALENDAR_FEED_USE_RECORD_MS) {
    await ctx.db
      .updateTable('calendar_feeds')
      .set({ last_used_at: now })
      .where('id', '=', owner.feed_id)
      .execute();
  }
  return feedCalendar({ appUrl: ctx.config.appUrl, organisationName: owner.client_name, issues, now });
}
