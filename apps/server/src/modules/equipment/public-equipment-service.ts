import {
  addDays,
  checkFoundReport,
  checkHandoutReturnDate,
  type EquipmentPeriodUnit,
  type FoundReportRequest,
  handoutReturnDate,
  isOverdue,
  type PublicEquipment,
  type PublicHandout,
  todayIn,
} from '@workbench/domain';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { BUDGETS, type Budget, hashedKey, requireBudget } from '../../http/rate-limit.js';
import { fileUrl } from '../../storage/file-storage.js';
import { intArray } from '../access/workspace-access.js';
import { logActivity } from '../activity/activity-log.js';
import { enqueueMail } from '../mail/outbox.js';
import { readPublicForm, readPublicFormConfig } from '../public-area/public-forms.js';
import { findClientTimeZone } from '../schedules/schedule-queries.js';
import { recordQrScan } from '../workspaces/qr-scans.js';
import { hashExtendToken } from './extend-token.js';
import { foundReportMail } from './public-equipment-mail.js';

/**
 * The public equipment pages (001 §2; issue 18): what a finder sees of an item or a group by its
 * public code (never its id), the finder's report, and the holder's e-mailed extend link. No
 * account: every call spends the client address's budget of public views (the one the public
 * workspace view spends), a found report also a small budget of its own (each one sends mail).
 */

type Db = AppContext['db'];
type Kind = 'equipment' | 'equipment_group';

/** Found reports per client address: each one e-mails the item's managers. */
export const FOUND_REPORT_BUDGET: Budget = {
  bucket: 'equipment_found_reports',
  limit: 10,
  windowMs: 60 * 60_000,
};
/** Days a handout may be extended to when its type sets no return period (counted from today). */
export const EXTEND_DEFAULT_DAYS = 30;

const ipKey = (request: FastifyRequest) => hashedKey('ip', request.ip);

type PublicRow = {
  id: number;
  client_id: number;
  title: string;
  description: string | null;
  organisation: string;
  logo: string | null;
  workspace: string | null;
  picture_key: string | null;
  items: Array<{ title: string; picture_key: string | null }>;
};

/** The first live picture of an item (gallery order), as a key: its small thumbnail. */
const firstPictureSql = (item: string) =>
  sql.raw(`(SELECT coalesce(p.thumbnail_key, p.file_key) FROM attachments p
    WHERE p.owner_type = 'equipment' AND p.owner_id = ${item}.id AND p.client_id = ${item}.client_id
      AND p.deleted_at IS NULL AND p.media_type = 'picture'
    ORDER BY p.sort_index, p.id LIMIT 1)`);

/** A live, not archived item by its public code, with what a finder may see. */
async function findPublicItem(db: Db, code: string): Promise<PublicRow | undefined> {
  const { rows } = await sql<PublicRow>`
    SELECT e.id, e.client_id, e.title, e.description, c.name AS organisation, c.logo, w.name AS workspace,
      ${firstPictureSql('e')} AS picture_key, '[]'::json AS items
    FROM equipment e
      JOIN clients c ON c.id = e.client_id
      JOIN workspaces w ON w.id = e.workspace_id AND w.deleted_at IS NULL
    WHERE e.public_code = ${code} AND e.deleted_at IS NULL AND e.status <> 'archived'`.execute(db);
  return rows[0];
}

/** A live, active group by its public code, with its live items' titles and pictures. */
async function findPublicGroup(db: Db, code: string): Promise<PublicRow | undefined> {
  const { rows } = await sql<PublicRow>`
    SELECT g.id, g.client_id, g.name AS title, g.description, c.name AS organisation, c.logo, w.name AS workspace,
      NULL::text AS picture_key,
      (SELECT coalesce(json_agg(json_build_object('title', e.title, 'picture_key', ${firstPictureSql('e')})
          ORDER BY lower(e.title), e.id), '[]'::json)
        FROM equipment e
        WHERE e.group_id = g.id AND e.client_id = g.client_id AND e.deleted_at IS NULL
          AND e.status <> 'archived') AS items
    FROM equipment_groups g
      JOIN clients c ON c.id = g.client_id
      LEFT JOIN workspaces w ON w.id = g.workspace_id AND w.deleted_at IS NULL
    WHERE g.public_code = ${code} AND g.deleted_at IS NULL AND g.status = 'active'`.execute(db);
  return rows[0];
}

const findPublic = (db: Db, kind: Kind, code: string) =>
  kind === 'equipment' ? findPublicItem(db, code) : findPublicGroup(db, code);

function presentPublic(row: PublicRow, form: PublicEquipment['form']): PublicEquipment {
  const items = row.items.map((item) => ({ title: item.title, picture_url: fileUrl(item.picture_key) }));
  return {
    title: row.title,
    description: row.description,
    organisation: row.organisation,
    workspace: row.workspace ?? '',
    // A group shows the first picture of its items.
    picture_url: fileUrl(row.picture_key) ?? items.find((i) => i.picture_url)?.picture_url ?? null,
    equipment: items,
    form,
  };
}

/**
 * GET public/equipment/{code} and public/equipment/group/{code}: only what a finder may see.
 * Unknown, deleted or archived: 404. Each view is a QR scan (the code is what the label
 * carries), logged at most once per client address and item in 5 minutes, without a user.
 */
export async function getPublicEquipment(
  ctx: AppContext,
  request: FastifyRequest,
  kind: Kind,
  code: string,
): Promise<PublicEquipment> {
  await requireBudget(ctx.db, BUDGETS.publicViews, ipKey(request));
  const row = await findPublic(ctx.db, kind, code);
  if (!row) throw notFound(kind === 'equipment' ? 'Equipment not found' : 'Equipment group not found');
  await recordQrScan(ctx, request, {
    clientId: row.client_id,
    entityType: kind,
    entityId: row.id,
    userId: null,
  });
  return presentPublic(row, await readPublicForm(ctx.db, row.client_id, 'equipment', row.logo));
}

type Recipient = { email: string; first_name: string; language: string | null };

/**
 * Who hears of a found report: the item's (group's) managers who are still active people of the
 * organisation, or else its active admins.
 */
async function findFoundRecipients(db: Db, kind: Kind, clientId: number, id: number): Promise<Recipient[]> {
  const managers =
    kind === 'equipment'
      ? sql`SELECT m.user_id FROM equipment_managers m WHERE m.equipment_id = ${id}`
      : sql`SELECT m.user_id FROM equipment_group_managers m WHERE m.group_id = ${id}`;
  const { rows } = await sql<Recipient & { manager: boolean }>`
    SELECT u.email, u.first_name, u.language, (u.id IN (${managers})) AS manager
    FROM users u JOIN user_clients uc ON uc.user_id = u.id AND uc.client_id = ${clientId}
    WHERE u.deleted_at IS NULL AND u.status = 'active' AND (u.id IN (${managers}) OR uc.role = 'admin')
    ORDER BY u.id`.execute(db);
  const chosen = rows.some((r) => r.manager) ? rows.filter((r) => r.manager) : rows;
  const seen = new Set<string>();
  return chosen.filter((r) => {
    const to = r.email.toLowerCase();
    if (seen.has(to)) return false;
    seen.add(to);
    return true;
  });
}

/**
 * POST public/equipment/{code}/found and …/group/{code}/found: the report is stored, logged as
 * 'found' on the item (group), and mailed to its managers (else the admins) in their language,
 * all in one transaction.
 */
export async function reportFound(
  ctx: AppContext,
  request: FastifyRequest,
  kind: Kind,
  code: string,
  body: FoundReportRequest,
): Promise<{ success: true }> {
  const ip = ipKey(request);
  await requireBudget(ctx.db, BUDGETS.publicViews, ip);
  const row = await findPublic(ctx.db, kind, code);
  if (!row) throw notFound(kind === 'equipment' ? 'Equipment not found' : 'Equipment group not found');
  await requireBudget(ctx.db, FOUND_REPORT_BUDGET, ip);
  // The organisation's finder form decides what is asked for and what is kept.
  const { form } = await readPublicFormConfig(ctx.db, row.client_id, 'equipment');
  if (!form.enabled)
    throw new AppError(422, 'public_form_disabled', 'Reports through this form are switched off');
  const { report, errors } = checkFoundReport(form, {
    finder_name: body.finder_name?.trim() || null,
    finder_contact: body.finder_contact?.trim() || null,
    message: body.message?.trim() || null,
    // A location is a pair: half of one says nothing (checkFoundReport keeps only both).
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
  });
  if (Object.keys(errors).length) {
    throw new AppError(422, 'validation_failed', 'Fill in the required fields', errors);
  }
  const url =
    kind === 'equipment'
      ? `${ctx.config.appUrl.replace(/\/+$/, '')}/dashboard/equipment/detail/${row.id}`
      : `${ctx.config.appUrl.replace(/\/+$/, '')}/dashboard/equipment/groups`;
  await ctx.db.transaction().execute(async (trx) => {
    const saved = await trx
      .insertInto('equipment_found_reports')
      .values({
        client_id: row.client_id,
        equipment_id: kind === 'equipment' ? row.id : null,
        group_id: kind === 'equipment_group' ? row.id : null,
        ...report,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      clientId: row.client_id,
      userId: null,
      entityType: kind,
      entityId: row.id,
      action: 'found',
      changes: { report_id: saved.id, ...report },
    });
    for (const person of await findFoundRecipients(trx, kind, row.client_id, row.id)) {
      const mail = foundReportMail({
        language: person.language,
        recipientName: person.first_name,
        title: row.title,
        url,
        report,
      });
      await enqueueMail(trx, {
        clientId: row.client_id,
        to: person.email,
        kind: 'equipment_found',
        ...mail,
      });
    }
  });
  return { success: true };
}

// ---------------------------------------------------------------------------------------------
// The holder's extend link
// ---------------------------------------------------------------------------------------------

type HandoutRow = {
  id: number;
  client_id: number;
  equipment_id: number;
  title: string;
  starts_on: string;
  ends_on: string;
  buffer_after: number;
  organisation: string;
  holder_name: string | null;
  set_default_return_period: boolean;
  default_return_period_value: number;
  default_return_period_type: EquipmentPeriodUnit;
  /** The first day another pending or active booking of the item holds after this one. */
  next_blocked_from: string | null;
};

const invalidToken = () =>
  new AppError(400, 'invalid_token', 'This link is invalid, expired or already used');

/**
 * The active handouts a token names: its own booking's batch (a group handout is extended
 * together), or the booking alone. `forUpdate` locks the items, so bookings of one item are
 * decided one after another.
 */
async function findTokenHandouts(db: Db, token: string, forUpdate = false): Promise<HandoutRow[]> {
  const lock = forUpdate ? sql`FOR UPDATE OF e` : sql``;
  const { rows } = await sql<HandoutRow>`
    WITH named AS (
      SELECT t.id, t.client_id, t.batch_id FROM equipment_bookings t
      WHERE t.extend_token_hash = ${hashExtendToken(token)} AND t.kind = 'handout'
    )
    SELECT b.id, b.client_id, b.equipment_id, e.title, b.starts_on::text AS starts_on,
      b.ends_on::text AS ends_on, b.buffer_after, c.name AS organisation,
      coalesce(nullif(trim(hu.first_name || ' ' || hu.last_name), ''), hx.full_name) AS holder_name,
      ty.set_default_return_period, ty.default_return_period_value, ty.default_return_period_type,
      (SELECT min(lower(o.blocked))::text FROM equipment_bookings o
        WHERE o.equipment_id = b.equipment_id AND o.id <> b.id AND o.state IN ('pending', 'active')
          AND lower(o.blocked) > b.ends_on) AS next_blocked_from
    FROM named n
      JOIN equipment_bookings b ON b.client_id = n.client_id
        AND (b.id = n.id OR (n.batch_id IS NOT NULL AND b.batch_id = n.batch_id))
      JOIN equipment e ON e.id = b.equipment_id AND e.deleted_at IS NULL
      JOIN equipment_types ty ON ty.id = e.type_id
      JOIN clients c ON c.id = b.client_id
      LEFT JOIN users hu ON hu.id = b.holder_user_id
      LEFT JOIN external_holders hx ON hx.id = b.holder_external_id
    WHERE b.kind = 'handout' AND b.state = 'active'
    ORDER BY lower(e.title), e.id
    ${lock}`.execute(db);
  return rows;
}

/** The latest return date the type's period allows from today (30 days when it sets none). */
function periodLimit(row: HandoutRow, today: string): string {
  return row.set_default_return_period
    ? handoutReturnDate(today, row.default_return_period_value, row.default_return_period_type)
    : handoutReturnDate(today, EXTEND_DEFAULT_DAYS, 'DAYS');
}

/** The earliest of some days (YYYY-MM-DD sorts as text). */
const minDay = (days: string[]) => [...days].sort()[0] as string;

function presentHandout(rows: HandoutRow[], today: string): PublicHandout {
  const first = rows[0] as HandoutRow;
  const returnAt = minDay(rows.map((r) => r.ends_on));
  // Each item: its type's period from today, and the day before the next booking holds it.
  const latest = minDay(
    rows.flatMap((r) => [
      periodLimit(r, today),
      ...(r.next_blocked_from ? [addDays(r.next_blocked_from, -1 - r.buffer_after)] : []),
    ]),
  );
  return {
    organisation: first.organisation,
    holder_name: first.holder_name ?? '',
    items: rows.map((r) => ({ title: r.title, return_at: r.ends_on, overdue: isOverdue(r.ends_on, today) })),
    return_at: returnAt,
    latest_return_at: latest > returnAt && latest >= today ? latest : null,
    today,
  };
}

/** GET public/equipment/extend_handout?token=: the handout(s) the link names. */
export async function getExtendableHandout(
  ctx: AppContext,
  request: FastifyRequest,
  token: string,
): Promise<PublicHandout> {
  await requireBudget(ctx.db, BUDGETS.publicViews, ipKey(request));
  const rows = await findTokenHandouts(ctx.db, token);
  const first = rows[0];
  if (!first) throw invalidToken();
  return presentHandout(rows, todayIn(await findClientTimeZone(ctx.db, first.client_id)));
}

/** The exclusion constraint refused the change: another booking holds one of the days. */
function isOverlapError(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  return (
    e?.code === '23P01' ||
    e?.constraint === 'equipment_bookings_no_overlap' ||
    String(e?.message).includes('equipment_bookings_no_overlap')
  );
}

const notAvailable = () =>
  new AppError(409, 'equipment_not_available', 'Another handout or reservation holds these days');

/**
 * POST public/equipment/extend_handout: the holder moves the return date of the handout(s) the
 * link names, not into the past, not past the type's period counted from today (30 days when it
 * sets none), never over another booking (the exclusion constraint decides: 409). The link works
 * once: a successful extension uses it up.
 */
export async function extendHandoutByToken(
  ctx: AppContext,
  request: FastifyRequest,
  body: { token: string; return_at: string },
): Promise<PublicHandout> {
  await requireBudget(ctx.db, BUDGETS.publicViews, ipKey(request));
  const seen = await findTokenHandouts(ctx.db, body.token);
  const first = seen[0];
  if (!first) throw invalidToken();
  const today = todayIn(await findClientTimeZone(ctx.db, first.client_id));
  try {
    const rows = await ctx.db.transaction().execute(async (trx) => {
      const rows = await findTokenHandouts(trx, body.token, true);
      if (!rows.length) throw invalidToken();
      const check = checkHandoutReturnDate(body.return_at, today);
      if (!check.ok) throw fieldError('return_at', check.key, 'This return date is not possible');
      if (body.return_at > minDay(rows.map((r) => periodLimit(r, today)))) {
        throw fieldError(
          'return_at',
          'booking_too_far_ahead',
          "The return date lies beyond the equipment type's return period",
        );
      }
      const ids = rows.map((r) => r.id);
      await trx
        .updateTable('equipment_bookings')
        .set({ ends_on: body.return_at, updated_at: new Date() })
        .where('client_id', '=', first.client_id)
        .where(sql<boolean>`id = ANY(${intArray(ids)})`)
        .execute();
      // The link is used up (the next reminder brings a new one).
      await trx
        .updateTable('equipment_bookings')
        .set({ extend_token_hash: null })
        .where('extend_token_hash', '=', hashExtendToken(body.token))
        .execute();
      for (const row of rows) {
        if (row.ends_on === body.return_at) continue;
        await logActivity(trx, {
          clientId: row.client_id,
          userId: null,
          entityType: 'equipment',
          entityId: row.equipment_id,
          action: 'extended',
          changes: { booking_id: row.id, return_at: [row.ends_on, body.return_at], by: 'extend_link' },
        });
      }
      return rows.map((r) => ({ ...r, ends_on: body.return_at, next_blocked_from: r.next_blocked_from }));
    });
    return presentHandout(rows, today);
  } catch (err) {
    if (isOverlapError(err)) throw notAvailable();
    throw err;
  }
}
