import {
  canSyncToOdoo,
  type OdooConnection,
  type OdooConnectionBody,
  type OdooIssueStatus,
  type OdooLink,
  type OdooModel,
  type OdooSyncResponse,
  type OdooTestResult,
  odooPriorityOf,
} from '@workbench/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, fieldError, forbidden } from '../../http/errors.js';
import { type Budget, requireBudget } from '../../http/rate-limit.js';
import { logActivity } from '../activity/activity-log.js';
import { loadIssue } from '../issues/issue-context.js';
import { OdooError, type OdooSettings, odooCreate, odooLogin, odooWrite } from './odoo-client.js';
import { integrationsKey, open, seal } from './secret-box.js';

/** Pushes per person: a manager sends a handful of issues at a time, not a stream. */
const SYNC_BUDGET: Budget = { bucket: 'odoo_sync', limit: 60, windowMs: 10 * 60_000 };
/** Connection tests per organisation. */
const TEST_BUDGET: Budget = { bucket: 'odoo_test', limit: 20, windowMs: 10 * 60_000 };

const keyContext = (clientId: number) => `odoo:${clientId}`;

const notConfigured = () =>
  new AppError(409, 'odoo_not_configured', 'This organisation is not connected to Odoo');

type ConnectionRow = {
  client_id: number;
  url: string;
  database: string;
  username: string;
  api_key_encrypted: string;
  model: string;
  updated_at: Date;
};

function findConnection(ctx: AppContext, clientId: number): Promise<ConnectionRow | undefined> {
  return ctx.db
    .selectFrom('odoo_connections')
    .select(['client_id', 'url', 'database', 'username', 'api_key_encrypted', 'model', 'updated_at'])
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

function presentConnection(row: ConnectionRow | undefined): OdooConnection {
  return {
    connected: !!row,
    url: row?.url ?? null,
    database: row?.database ?? null,
    username: row?.username ?? null,
    has_api_key: !!row?.api_key_encrypted,
    model: (row?.model as OdooModel | undefined) ?? null,
    updated_at: row ? new Date(row.updated_at).toISOString() : null,
  };
}

async function settingsOf(ctx: AppContext, row: ConnectionRow): Promise<OdooSettings> {
  const key = await integrationsKey(ctx);
  return {
    url: row.url,
    database: row.database,
    username: row.username,
    apiKey: open(key, row.api_key_encrypted, keyContext(row.client_id)),
  };
}

/** GET integration/odoo (admins). */
export async function getOdooConnection(ctx: AppContext, auth: Auth): Promise<OdooConnection> {
  return presentConnection(await findConnection(ctx, auth.clientId));
}

/** PUT integration/odoo (admins): the key is sealed before it is stored; no key keeps the stored one. */
export async function putOdooConnection(
  ctx: AppContext,
  auth: Auth,
  body: OdooConnectionBody & { api_key?: string | undefined },
): Promise<OdooConnection> {
  const current = await findConnection(ctx, auth.clientId);
  const apiKey = body.api_key?.trim();
  if (!apiKey && !current) throw fieldError('api_key', 'required', 'The API key is required');
  const sealed = apiKey ? seal(await integrationsKey(ctx), apiKey, keyContext(auth.clientId)) : undefined;
  const url = body.url.trim().replace(/\/+$/, '');
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('odoo_connections')
      .values({
        client_id: auth.clientId,
        url,
        database: body.database.trim(),
        username: body.username.trim(),
        api_key_encrypted: sealed ?? (current?.api_key_encrypted as string),
        model: body.model,
        created_by: auth.userId,
      })
      .onConflict((oc) =>
        oc.column('client_id').doUpdateSet({
          url,
          database: body.database.trim(),
          username: body.username.trim(),
          ...(sealed ? { api_key_encrypted: sealed } : {}),
          model: body.model,
          updated_at: sql<Date>`now()`,
        }),
      )
      .execute();
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'client',
      entityId: auth.clientId,
      action: current ? 'odoo_connection_changed' : 'odoo_connected',
      changes: { url, model: body.model, api_key_changed: !!sealed },
    });
  });
  return presentConnection(await findConnection(ctx, auth.clientId));
}

/** DELETE integration/odoo (admins): issues' links stay (a new connection to the same Odoo keeps them). */
export async function removeOdooConnection(ctx: AppContext, auth: Auth): Promise<OdooConnection> {
  await ctx.db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('odoo_connections')
      .where('client_id', '=', auth.clientId)
      .returning('id')
      .executeTakeFirst();
    if (gone) {
      await logActivity(trx, {
        clientId: auth.clientId,
        userId: auth.userId,
        entityType: 'client',
        entityId: auth.clientId,
        action: 'odoo_disconnected',
      });
    }
  });
  return presentConnection(undefined);
}

/** POST integration/odoo/test (admins): logs in with the stored settings. */
export async function testOdooConnection(ctx: AppContext, auth: Auth): Promise<OdooTestResult> {
  const row = await findConnection(ctx, auth.clientId);
  if (!row) throw notConfigured();
  await requireBudget(ctx.db, TEST_BUDGET, String(auth.clientId));
  try {
    const uid = await odooLogin(await settingsOf(ctx, row));
    return { success: true, uid, message: null };
  } catch (err) {
    return { success: false, uid: null, message: err instanceof Error ? err.message : String(err) };
  }
}

type LinkRow = {
  remote_model: string;
  remote_id: number | null;
  last_synced_at: Date | null;
  last_error: string | null;
};

function presentLink(link: LinkRow, baseUrl: string | undefined): OdooLink {
  return {
    remote_model: link.remote_model,
    remote_id: link.remote_id,
    remote_url:
      baseUrl && link.remote_id
        ? `${baseUrl}/web#id=${link.remote_id}&model=${encodeURIComponent(link.remote_model)}&view_type=form`
        : null,
    last_synced_at: link.last_synced_at ? new Date(link.last_synced_at).toISOString() : null,
    last_error: link.last_error,
  };
}

function findLink(ctx: AppContext, clientId: number, issueId: number): Promise<LinkRow | undefined> {
  return ctx.db
    .selectFrom('odoo_issue_links')
    .select(['remote_model', 'remote_id', 'last_synced_at', 'last_error'])
    .where('client_id', '=', clientId)
    .where('issue_id', '=', issueId)
    .executeTakeFirst();
}

/** GET integration/odoo-sync/{id}: anyone who may see the issue; can_sync for admins and its workspace's managers. */
export async function odooIssueStatus(
  ctx: AppContext,
  auth: Auth,
  issueId: number,
): Promise<OdooIssueStatus> {
  const { row, grant } = await loadIssue(ctx.db, auth, issueId);
  const own = row.client_id === auth.clientId;
  const [connection, link] = own
    ? await Promise.all([findConnection(ctx, row.client_id), findLink(ctx, row.client_id, row.id)])
    : [undefined, undefined];
  return {
    connected: !!connection,
    can_sync:
      own && !!connection && canSyncToOdoo({ isAdmin: auth.role === 'admin', workspaceRole: grant.role }),
    link: link ? presentLink(link, connection?.url) : null,
  };
}

/** The record Odoo gets: title, description with the workspace and due date, the model's date and priority. */
function recordValues(
  model: string,
  issue: {
    id: number;
    title: string;
    description: string | null;
    due_date: Date | null;
    priority_id: number;
  },
  workspaceName: string,
  appUrl: string,
): Record<string, unknown> {
  const due = issue.due_date ? new Date(issue.due_date) : null;
  const lines = [
    issue.description ?? '',
    '',
    `Workspace: ${workspaceName}`,
    ...(due ? [`Due: ${due.toISOString().slice(0, 10)}`] : []),
    `Workbench: ${appUrl}/dashboard/issues/${issue.id}`,
  ];
  const description = lines.join('\n').trim();
  const values: Record<string, unknown> = {
    name: issue.title,
    description: model === 'maintenance.request' ? description : description.replace(/\n/g, '<br>'),
    priority: odooPriorityOf(issue.priority_id, model),
  };
  // Odoo writes datetimes as 'YYYY-MM-DD HH:MM:SS' in UTC, dates as 'YYYY-MM-DD'.
  if (due && model === 'maintenance.request')
    values.schedule_date = due.toISOString().slice(0, 19).replace('T', ' ');
  if (due && model === 'project.task') values.date_deadline = due.toISOString().slice(0, 10);
  return values;
}

/**
 * POST integration/odoo-sync/{id} (000 §7): admins and the managers of the issue's workspace push
 * an issue of their organisation to its Odoo. The first sync creates the record, later ones write
 * to the same one (a record deleted in Odoo is made again); the result and any error go to the
 * issue's activity log, and the link keeps the last error.
 */
export async function syncIssueToOdoo(
  ctx: AppContext,
  auth: Auth,
  issueId: number,
): Promise<OdooSyncResponse> {
  const { row, grant } = await loadIssue(ctx.db, auth, issueId);
  if (
    row.client_id !== auth.clientId ||
    !canSyncToOdoo({ isAdmin: auth.role === 'admin', workspaceRole: grant.role })
  )
    throw forbidden('Only admins and the managers of this workspace may send an issue to Odoo');
  const connection = await findConnection(ctx, row.client_id);
  if (!connection) throw notConfigured();
  await requireBudget(ctx.db, SYNC_BUDGET, String(auth.userId));
  const [workspace, existing] = await Promise.all([
    ctx.db.selectFrom('workspaces').select('name').where('id', '=', row.workspace_id).executeTakeFirst(),
    findLink(ctx, row.client_id, row.id),
  ]);
  const model = existing?.remote_id ? existing.remote_model : connection.model;
  const values = recordValues(model, row, workspace?.name ?? '', ctx.config.appUrl);
  let remoteId = existing?.remote_model === model ? existing.remote_id : null;
  let created = false;
  try {
    const settings = await settingsOf(ctx, connection);
    const uid = await odooLogin(settings);
    if (remoteId) {
      try {
        await odooWrite(settings, uid, model, remoteId, values);
      } catch (err) {
        if (!(err instanceof OdooError && err.missingRecord)) throw err;
        remoteId = null;
      }
    }
    if (!remoteId) {
      remoteId = await odooCreate(settings, uid, model, values);
      created = true;
    }
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    await saveLink(ctx, row.client_id, row.id, {
      model,
      remoteId: existing?.remote_id ?? null,
      error: message,
    });
    await logActivity(ctx.db, {
      clientId: row.client_id,
      userId: auth.userId,
      entityType: 'issue',
      entityId: row.id,
      action: 'odoo_sync_failed',
      changes: { remote_model: model, error: message },
    });
    throw new AppError(502, 'odoo_sync_failed', `Odoo refused the issue: ${message}`);
  }
  const link = await saveLink(ctx, row.client_id, row.id, { model, remoteId, error: null });
  await logActivity(ctx.db, {
    clientId: row.client_id,
    userId: auth.userId,
    entityType: 'issue',
    entityId: row.id,
    action: 'odoo_synced',
    changes: { remote_model: model, remote_id: remoteId, created },
  });
  return { success: true, created, link: presentLink(link, connection.url) };
}

async function saveLink(
  ctx: AppContext,
  clientId: number,
  issueId: number,
  link: { model: string; remoteId: number | null; error: string | null },
): Promise<LinkRow> {
  const synced = link.error ? undefined : sql<Date>`now()`;
  return ctx.db
    .insertInto('odoo_issue_links')
    .values({
      issue_id: issueId,
      client_id: clientId,
      remote_model: link.model,
      remote_id: link.remoteId,
      last_synced_at: synced ?? null,
      last_error: link.error,
    })
    .onConflict((oc) =>
      oc.column('issue_id').doUpdateSet({
        remote_model: link.model,
        remote_id: link.remoteId,
        ...(synced ? { last_synced_at: synced } : {}),
        last_error: link.error,
        updated_at: sql<Date>`now()`,
      }),
    )
    .returning(['remote_model', 'remote_id', 'last_synced_at', 'last_error'])
    .executeTakeFirstOrThrow();
}
