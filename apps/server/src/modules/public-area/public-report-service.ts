import {
  ASSET_STATUS,
  checkPublicReport,
  DEFAULT_ACCESSIBILITY_ID,
  DEFAULT_PRIORITY_ID,
  ISSUE_STATUS,
  isVisibleField,
  type PublicFormConfig,
  type PublicFormType,
  type PublicReportResponse,
  parsePublicWorkspaceRef,
  publicIssueTitle,
  tryResolveLanguage,
  UI_LANGUAGES,
  type UiLanguage,
  type ZPublicReportRequestSchema,
} from '@workbench/domain';
import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { BUDGETS, requireBudget } from '../../http/rate-limit.js';
import { fileUrl } from '../../storage/file-storage.js';
import { logActivity } from '../activity/activity-log.js';
import { storeAttachments, withFileCleanup } from '../attachments/attachment-service.js';
import { findCategoryIds } from '../categories/category-queries.js';
import { diffChanges, formError } from '../issues/issue-service.js';
import { readPublicFormConfig } from './public-forms.js';
import { followUrl, ipKey, newLinkToken } from './public-links.js';
import { mailReporter } from './public-mail.js';
import { preparePublicPictures, publicUploadsOf, readPublicMultipart } from './public-uploads.js';

/**
 * POST public/issue (000 §7 "Public"; issue 19): a problem reported without an account from a
 * workspace's or an asset's QR code. One issue in the workspace, reported by nobody of the
 * organisation (created_by null) but by a public reporter (one record per organisation and
 * e-mail address), with the reporter's follow link (public_issue_links kind reporter).
 */

type ReportInput = z.output<typeof ZPublicReportRequestSchema>;
type Db = AppContext['db'];

const NUMBER_FIELDS = new Set(['category_id', 'priority_id']);
const BOOLEAN_FIELDS = new Set(['follow']);

/**
 * The preValidation of POST public/issue: the address's budget of reports is spent before a
 * byte of the files is read (refused and invalid reports count too); a multipart form becomes
 * the JSON body the schema checks next (numbers and booleans from their text, empty fields left
 * out), its files kept for the handler.
 */
export function publicReportPreValidation(ctx: AppContext): preValidationHookHandler {
  return async (request: FastifyRequest) => {
    await requireBudget(ctx.db, BUDGETS.publicReports, ipKey(request));
    if (!request.isMultipart()) return;
    const body: Record<string, unknown> = {};
    for (const { name, value: raw } of await readPublicMultipart(request)) {
      const value = raw.trim();
      if (value === '') continue;
      if (NUMBER_FIELDS.has(name)) body[name] = /^\d{1,15}$/.test(value) ? Number(value) : value;
      else if (BOOLEAN_FIELDS.has(name))
        body[name] =
          value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
      else body[name] = raw;
    }
    (request as { body: unknown }).body = body;
  };
}

type Target = {
  clientId: number;
  workspaceId: number;
  workspace: string;
  organisation: string;
  logo: string | null;
  assetId: number | null;
  formType: Extract<PublicFormType, 'workspace' | 'asset'>;
};

/**
 * Where a report goes: a live workspace by its public code (or a legacy numeric id, which has a
 * smaller budget: it can be counted through), or a live asset by its public code (its
 * workspace). Unknown or deleted: 404; archived: 422 with its key.
 */
async function resolveTarget(ctx: AppContext, request: FastifyRequest, input: ReportInput): Promise<Target> {
  if (input.asset_id !== undefined) {
    const row = await ctx.db
      .selectFrom('assets as a')
      .innerJoin('workspaces as w', (join) =>
        join.onRef('w.id', '=', 'a.workspace_id').onRef('w.client_id', '=', 'a.client_id'),
      )
      .innerJoin('clients as c', 'c.id', 'a.client_id')
      .select([
        'a.id',
        'a.client_id',
        'a.status',
        'a.workspace_id',
        'w.name as workspace',
        'w.archived_at',
        'c.name as organisation',
        'c.logo',
      ])
      .where('a.public_code', '=', input.asset_id)
      .where('a.deleted_at', 'is', null)
      .where('w.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw notFound('Asset not found');
    if (row.status === ASSET_STATUS.ARCHIVED)
      throw new AppError(422, 'asset_archived', 'The asset is archived');
    if (row.archived_at) throw new AppError(422, 'workspace_archived', 'The workspace is archived');
    return {
      clientId: row.client_id,
      workspaceId: row.workspace_id,
      workspace: row.workspace,
      organisation: row.organisation,
      logo: row.logo,
      assetId: row.id,
      formType: 'asset',
    };
  }
  const ref = parsePublicWorkspaceRef(input.workspace_id);
  if (!ref) throw notFound('Workspace not found');
  if ('legacyId' in ref) await requireBudget(ctx.db, BUDGETS.publicLegacyViews, ipKey(request));
  let query = ctx.db
    .selectFrom('workspaces as w')
    .innerJoin('clients as c', 'c.id', 'w.client_id')
    .select(['w.id', 'w.client_id', 'w.name', 'w.archived_at', 'c.name as organisation', 'c.logo'])
    .where('w.deleted_at', 'is', null);
  query =
    'code' in ref
      ? query.where('w.public_code', '=', ref.code)
      : query.where('w.id', '=', ref.legacyId).where('w.public_id_legacy', '=', true);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('Workspace not found');
  if (row.archived_at) throw new AppError(422, 'workspace_archived', 'The workspace is archived');
  return {
    clientId: row.client_id,
    workspaceId: row.id,
    workspace: row.name,
    organisation: row.organisation,
    logo: row.logo,
    assetId: null,
    formType: 'workspace',
  };
}

/** The report's fields the form shows (a visitor cannot set what the form does not show). */
function shownFields(form: PublicFormConfig, input: ReportInput) {
  const shown = <T>(key: Parameters<typeof isVisibleField>[1], value: T | null | undefined): T | null =>
    isVisibleField(form, key) ? (value ?? null) : null;
  return {
    title: shown('title', input.title),
    description: shown('description', input.description),
    category_id: shown('category_id', input.category_id),
    priority_id: shown('priority_id', input.priority_id),
    reporter_name: shown('reporter_name', input.reporter_name),
    reporter_email: shown('reporter_email', input.reporter_email),
    reporter_phone: shown('reporter_phone', input.reporter_phone),
  };
}

/** The language of the report: the page's choice, else the browser's, else English. */
function reportLanguage(request: FastifyRequest, input: ReportInput): UiLanguage {
  if (input.language) return input.language;
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.split(';')[0];
  return tryResolveLanguage(first) ?? 'en';
}

/** The reporter of an organisation by address: made on the first report, refreshed on each. */
async function upsertReporter(
  db: Db,
  clientId: number,
  reporter: { email: string; name: string | null; phone: string | null; language: UiLanguage },
  now: Date,
): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO public_reporters AS r (client_id, email, full_name, phone, language, created_at, last_reported_at)
      VALUES (${clientId}, ${reporter.email}, ${reporter.name}, ${reporter.phone}, ${reporter.language}, ${now}, ${now})
    ON CONFLICT (client_id, (lower(email))) DO UPDATE SET
      full_name = coalesce(excluded.full_name, r.full_name),
      phone = coalesce(excluded.phone, r.phone),
      language = excluded.language,
      last_reported_at = excluded.last_reported_at
    RETURNING r.id`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('public reporter: no row');
  return row.id;
}

/**
 * POST public/issue. Checks in order: the honeypot (spam_detected, nothing written), the
 * target (404; workspace_archived, asset_archived), the workspace's budget of reports, the form
 * (public_form_disabled), the fields the form shows and requires, the category, the pictures.
 * Then one transaction: the reporter, the issue (status 2, unassigned), its follow link, the
 * pictures, the log entry and the confirmation mail (when the reporter gave an address and
 * may follow).
 */
export async function reportPublicly(
  ctx: AppContext,
  request: FastifyRequest,
  input: ReportInput,
): Promise<PublicReportResponse> {
  if (input.website?.trim()) throw new AppError(422, 'spam_detected', 'The report looks automated');
  const target = await resolveTarget(ctx, request, input);
  await requireBudget(ctx.db, BUDGETS.publicReportsPerWorkspace, `workspace:${target.workspaceId}`);
  const { form } = await readPublicFormConfig(ctx.db, target.clientId, target.formType);
  if (!form.enabled) throw new AppError(422, 'public_form_disabled', 'This form takes no reports');

  const fields = shownFields(form, input);
  const uploads = isVisibleField(form, 'attachments') ? publicUploadsOf(request) : [];
  const errors = checkPublicReport(form, { ...fields, files: uploads.length });
  if (Object.keys(errors).length) throw formError(errors);
  if (fields.category_id !== null) {
    const known = await findCategoryIds(ctx.db, target.clientId, [fields.category_id]);
    if (!known.has(fields.category_id)) throw fieldError('category_id', 'not_found', 'Category not found');
  }
  const files = await preparePublicPictures(uploads);

  const language = reportLanguage(request, input);
  const subscribed = input.follow !== false;
  const token = newLinkToken();
  const now = new Date();
  const values = {
    workspace_id: target.workspaceId,
    title: publicIssueTitle(form, fields),
    description: fields.description,
    status_id: ISSUE_STATUS.unassigned,
    priority_id: fields.priority_id ?? DEFAULT_PRIORITY_ID,
    accessibility_id: DEFAULT_ACCESSIBILITY_ID,
    category_id: fields.category_id,
    asset_id: target.assetId,
  };
  const { issueId, emailSent } = await withFileCleanup(ctx, (written) =>
    ctx.db.transaction().execute(async (trx) => {
      const email = fields.reporter_email;
      const reporterId = email
        ? await upsertReporter(
            trx,
            target.clientId,
            { email, name: fields.reporter_name, phone: fields.reporter_phone, language },
            now,
          )
        : null;
      const issue = await trx
        .insertInto('issues')
        .values({
          ...values,
          client_id: target.clientId,
          parent_id: null,
          assignee_id: null,
          last_assignee_id: null,
          created_by: null,
          asset_group_id: null,
          equipment_ids: [],
          external_email_address: null,
          start_date: null,
          due_date: null,
          is_attachment_required: false,
          is_worktime_required: false,
          process_number: null,
          schedule_id: null,
          rating: null,
          translations: JSON.stringify({}),
          started_at: null,
          completed_at: null,
          archived_at: null,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('public_issue_links')
        .values({
          client_id: target.clientId,
          issue_id: issue.id,
          kind: 'reporter',
          reporter_id: reporterId,
          email,
          reporter_name: fields.reporter_name,
          language,
          token,
          subscribed,
          form_type: target.formType,
          declined_notification_sent_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await storeAttachments(ctx, trx, {
        clientId: target.clientId,
        ownerType: 'issue',
        ownerId: issue.id,
        userId: null,
        files,
        written,
      });
      await logActivity(trx, {
        clientId: target.clientId,
        userId: null,
        entityType: 'issue',
        entityId: issue.id,
        action: 'reported_publicly',
        changes: {
          ...diffChanges({}, values),
          form_type: target.formType,
          ...(reporterId !== null ? { public_reporter_id: reporterId } : {}),
          ...(files.length ? { attachments: files.length } : {}),
        },
      });
      const sent =
        email && form.allow_follow && subscribed
          ? await mailReporter(ctx, trx, { id: issue.id, client_id: target.clientId }, { kind: 'received' })
          : null;
      return { issueId: issue.id, emailSent: sent !== null };
    }),
  );
  const thankYou: Partial<Record<UiLanguage, string>> = {};
  for (const lang of UI_LANGUAGES) {
    const text = form.texts[lang]?.thank_you;
    if (text) thankYou[lang] = text;
  }
  return {
    issue_id: issueId,
    token: form.allow_follow ? token : null,
    follow_url: form.allow_follow ? followUrl(ctx.config.appUrl, issueId, token) : null,
    workspace: target.workspace,
    organisation: target.organisation,
    logo: form.show_logo ? fileUrl(target.logo) : null,
    primary_color: form.primary_color,
    thank_you: thankYou,
    email_sent: emailSent,
  };
}
