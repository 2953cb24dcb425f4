import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PublicIssueLinksTable } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { hashedKey } from '../../http/rate-limit.js';

/**
 * The private links of a publicly reported issue (public_issue_links): the reporter's follow
 * link (kind reporter) and the unsubscribe link of the mails to its external address (kind
 * watcher). The token is the whole secret: an issue id alone opens nothing, and a wrong token,
 * a missing link, an unknown or deleted issue all answer the same 404.
 */

type Db = Kysely<Database> | Transaction<Database>;
export type PublicLinkKind = 'reporter' | 'watcher';
export type PublicLinkRow = Selectable<PublicIssueLinksTable>;

/** A new link token: 32 random bytes, base64url (43 characters). */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');

/** The hashed client address public budgets are counted by. */
export const ipKey = (request: FastifyRequest): string => hashedKey('ip', request.ip);

/** The one answer for an issue a public caller may not open (unknown, deleted, wrong token). */
export const publicIssueNotFound = () => notFound('Issue not found');

/** Compares two tokens in constant time (whatever their lengths). */
export function sameToken(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

const base = (appUrl: string) => appUrl.replace(/\/+$/, '');
const query = (issueId: number, token: string) => `issueId=${issueId}&token=${encodeURIComponent(token)}`;

/** The follow page of a report. */
export const followUrl = (appUrl: string, issueId: number, token: string) =>
  `${base(appUrl)}/public/issue?${query(issueId, token)}`;
/** The unsubscribe page of the reporter's mails. */
export const reporterUnsubscribeUrl = (appUrl: string, issueId: number, token: string) =>
  `${base(appUrl)}/public/issue/unsubscribe?${query(issueId, token)}`;
/** The unsubscribe page of the mails to an issue's external address. */
export const watcherUnsubscribeUrl = (appUrl: string, issueId: number, token: string) =>
  `${base(appUrl)}/public/issue/watchers-unsubscribe?${query(issueId, token)}`;

/** The link of a kind of an issue, without checking any token (server-side use: mails). */
export function findLink(
  db: Db,
  clientId: number,
  issueId: number,
  kind: PublicLinkKind,
): Promise<PublicLinkRow | undefined> {
  return db
    .selectFrom('public_issue_links')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('issue_id', '=', issueId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/**
 * The link of a kind of a live issue (in a live workspace) opened by its token, or the one
 * 404: the id alone, or the other kind's token, opens nothing. `lock` locks the link's row (a
 * write on the follow page).
 */
export async function openLink(
  db: Db,
  issueId: number,
  kind: PublicLinkKind,
  token: string | undefined,
  options: { lock?: boolean } = {},
): Promise<PublicLinkRow> {
  let select = db
    .selectFrom('public_issue_links as l')
    .innerJoin('issues as i', (join) =>
      join.onRef('i.id', '=', 'l.issue_id').onRef('i.client_id', '=', 'l.client_id'),
    )
    .innerJoin('workspaces as w', (join) =>
      join.onRef('w.id', '=', 'i.workspace_id').onRef('w.client_id', '=', 'i.client_id'),
    )
    .selectAll('l')
    .where('l.issue_id', '=', issueId)
    .where('l.kind', '=', kind)
    .where('i.deleted_at', 'is', null)
    .where('w.deleted_at', 'is', null);
  if (options.lock) select = select.forUpdate('l');
  const link = await select.executeTakeFirst();
  // The comparison runs whether or not there is a link, so an unknown id takes as long.
  const matches = sameToken(link?.token ?? newLinkToken(), token ?? '');
  if (!link || !token || !matches) throw publicIssueNotFound();
  return link;
}
