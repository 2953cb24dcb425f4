import type { Readable } from 'node:stream';
import {
  type ClientSettings,
  type Issue,
  type IssueReportNameParam,
  type IssueReportRequest,
  issuePriorityName,
  issueReportFileName,
  issueStatusName,
  type PublicIssue,
  readClientSettings,
  reportPartsOf,
  tryResolveLanguage,
  type UiLanguage,
} from '@workbench/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { readContextOf } from '../../db/replica.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError } from '../../http/errors.js';
import { BUDGETS, type Budget, requireBudget } from '../../http/rate-limit.js';
import { newFileKey } from '../../storage/file-storage.js';
import { loadIssueFormForReport } from '../dynamic-forms/form-report.js';
import { loadIssue } from '../issues/issue-context.js';
import { getIssue } from '../issues/issue-service.js';
import { enqueueMail } from '../mail/outbox.js';
import { presentFollowPage } from '../public-area/public-issue-service.js';
import { ipKey, openLink } from '../public-area/public-links.js';
import {
  type IssueReportDocument,
  type ReportEntry,
  type ReportPhoto,
  type ReportRow,
  renderIssueReport,
} from './issue-report-pdf.js';
import {
  findLanguagesOf,
  findReportActivity,
  findReportChecklists,
  findReportComments,
  findReportIssueRow,
  findReportOrganisation,
  findReportPhotos,
  findReportSubtasks,
  findReportWorktime,
} from './issue-report-queries.js';
import { activityText, REPORT_WORDS, type ReportWords } from './issue-report-words.js';

const HOUR = 60 * 60_000;

/**
 * Throttles of the report (counted in rate_limits like every budget): reports per person an
 * hour (each one is seconds of CPU), and e-mail copies per person an hour, counted per address,
 * so the export cannot be used to send mail to many strangers.
 */
export const REPORT_BUDGETS = {
  reports: { bucket: 'issue_reports', limit: 120, windowMs: HOUR },
  mailCopies: { bucket: 'issue_report_mails', limit: 50, windowMs: HOUR },
} as const satisfies Record<string, Budget>;

export type IssueReportFile = { fileName: string; body: Readable | Buffer };

type Formatter = {
  date: (value: Date | string | null | undefined) => string | null;
  dateTime: (value: Date | string | null | undefined) => string | null;
};

function formatterOf(language: UiLanguage, timeZone: string): Formatter {
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone });
  const moment = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const read = (value: Date | string | null | undefined) => (value ? new Date(value) : null);
  return {
    date: (value) => {
      const at = read(value);
      return at ? day.format(at) : null;
    },
    dateTime: (value) => {
      const at = read(value);
      return at ? moment.format(at) : null;
    },
  };
}

/** Seconds as h:mm. */
export function formatWorktime(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')} h`;
}

const dayOf = (value: string | Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(value),
  );

/** The report's file name from the organisation's available_pdf_name_params. */
function fileNameOf(
  settings: ClientSettings,
  language: UiLanguage,
  values: {
    id: number;
    title: string;
    process_number: string | null;
    workspace: string;
    created_at: string;
    status_id: number;
  },
): string {
  return issueReportFileName(settings.available_pdf_name_params as IssueReportNameParam[], {
    title: values.title,
    process_number: values.process_number,
    workspace: values.workspace,
    created_at: dayOf(values.created_at, settings.time_zone),
    status: issueStatusName(language, values.status_id),
    id: String(values.id),
  });
}

const row = (label: string, value: string | null | undefined): ReportRow[] =>
  value ? [{ label, value }] : [];

function statusChange(words: ReportWords, language: UiLanguage, action: string, changes: unknown): string {
  const text = activityText(words, action);
  const status = (changes as { status_id?: unknown } | null)?.status_id;
  if (Array.isArray(status) && status.length === 2) {
    const [from, to] = status as unknown[];
    if (typeof from === 'number' && typeof to === 'number') {
      return `${text}: ${issueStatusName(language, from)} → ${issueStatusName(language, to)}`;
    }
  }
  return text;
}

/** Collects a report stream into one buffer (the e-mail copy needs the bytes). */
async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function readerLanguage(ctx: AppContext, auth: Auth, settings: ClientSettings): Promise<UiLanguage> {
  const user = await ctx.db
    .selectFrom('users')
    .select('language')
    .where('id', '=', auth.userId)
    .executeTakeFirst();
  return tryResolveLanguage(user?.language) ?? settings.default_language;
}

/**
 * GET issue/{id}/download/pdf: the report of an issue the caller sees (404 otherwise) and may
 * export (canExportToPdf, else 403). With e-mail copies the whole file is made first, stored, and
 * one mail per address goes to the outbox with it attached, in the addressee's language when
 * they have an account (else the report's); otherwise the file streams as it is made.
 */
export async function exportIssueReport(
  ctx: AppContext,
  auth: Auth,
  issueId: number,
  request: IssueReportRequest,
  aborted: () => boolean,
): Promise<IssueReportFile> {
  // The owner organisation's issue (a partner's people see it too): its logo, colour and settings.
  const clientId = (await loadIssue(ctx.db, auth, issueId)).row.client_id;
  const issue = await getIssue(ctx, auth, issueId);
  if (!issue.permissions.canExportToPdf) {
    throw new AppError(403, 'forbidden', 'You may not export this issue');
  }
  const organisation = await findReportOrganisation(ctx.db, clientId);
  const settings = readClientSettings(organisation.settings ?? {});
  const language = request.language ?? (await readerLanguage(ctx, auth, settings));
  await requireBudget(ctx.db, REPORT_BUDGETS.reports, `user:${auth.userId}`);
  if (request.emails.length) {
    await requireBudget(ctx.db, REPORT_BUDGETS.mailCopies, `user:${auth.userId}`, request.emails.length);
  }
  const document = await staffReportDocument(
    // The contents may come from the replica once it has the reader's and the owner's writes.
    await readContextOf(ctx, {
      clientId: auth.clientId,
      accessVersion: auth.accessVersion,
      ownerId: clientId,
    }),
    clientId,
    issue,
    request,
    settings,
    language,
    {
      name: organisation.name,
      logoKey: organisation.logo,
    },
  );
  const fileName = fileNameOf(settings, language, {
    id: issue.id,
    title: issue.title,
    process_number: issue.process_number,
    workspace: issue.workspace.name,
    created_at: issue.created_at,
    status_id: issue.status_id,
  });
  const read = (key: string) => ctx.storage.get(key);
  if (!request.emails.length) {
    return { fileName, body: renderIssueReport(document, read, aborted).stream };
  }
  const pdf = await bufferOf(renderIssueReport(document, read).stream);
  await mailCopies(
    ctx,
    auth,
    { clientId, pdf, fileName, title: issue.title, organisation: organisation.name },
    request.emails,
    language,
  );
  return { fileName, body: pdf };
}

async function staffReportDocument(
  ctx: AppContext,
  clientId: number,
  issue: Issue,
  request: IssueReportRequest,
  settings: ClientSettings,
  language: UiLanguage,
  organisation: { name: string; logoKey: string | null },
): Promise<IssueReportDocument> {
  const words = REPORT_WORDS[language];
  const parts = reportPartsOf(request.exportType, request.parts);
  const includeSubtasks = request.includeSubtasks ?? settings.include_export_subtasks;
  const format = formatterOf(language, settings.time_zone);
  const [extra, comments, worktime, activity, checklists, photos, form, subtasks] = await Promise.all([
    findReportIssueRow(ctx.db, clientId, issue.id),
    parts.comments ? findReportComments(ctx.db, clientId, issue.id) : null,
    parts.details ? findReportWorktime(ctx.db, clientId, issue.id) : null,
    parts.activity_log ? findReportActivity(ctx.db, clientId, issue.id) : null,
    parts.checklists_on_report ? findReportChecklists(ctx.db, clientId, issue.id) : null,
    parts.media ? findReportPhotos(ctx.db, clientId, issue.id) : null,
    parts.forms ? loadIssueFormForReport(ctx.db, clientId, issue.id, language) : null,
    includeSubtasks
      ? findReportSubtasks(
          ctx.db,
          clientId,
          issue.children.map((c) => c.id),
        )
      : null,
  ]);

  const details: ReportRow[] = [];
  if (parts.details) {
    details.push(
      ...row(words.status, issueStatusName(language, issue.status_id)),
      ...row(words.assignee, issue.assignee?.full_name),
      ...row(words.reporter, issue.created_by?.full_name ?? issue.public_report?.reporter.full_name),
      ...row(words.workspace, issue.workspace.name),
    );
  }
  if (parts.ws_reference_number) details.push(...row(words.reference_number, extra.reference_number));
  if (parts.details) {
    details.push(
      ...row(words.created_at, format.dateTime(issue.created_at)),
      ...row(words.start_date, format.dateTime(issue.start_date)),
      ...row(words.due_date, format.dateTime(issue.due_date)),
      ...row(words.completed_at, format.dateTime(extra.completed_at)),
      ...row(words.priority, issuePriorityName(language, issue.priority_id)),
      ...row(words.categories, issue.categories.map((c) => c.name).join(', ')),
      ...row(words.asset, issue.asset?.name),
      ...row(words.asset_group, issue.asset_group?.name),
      ...row(words.equipment, issue.equipments.map((e) => e.title).join(', ')),
      ...row(words.process_number, issue.process_number),
      ...row(words.worktime_total, issue.worktime_total ? formatWorktime(issue.worktime_total) : null),
      // The location picker's place (helper C's columns, 0028): the name, and the coordinates.
      ...row(
        words.location,
        extra.location_name || extra.location_lat !== null
          ? [
              extra.location_name,
              extra.location_lat !== null && extra.location_lng !== null
                ? `${extra.location_lat.toFixed(6)}, ${extra.location_lng.toFixed(6)}`
                : null,
            ]
              .filter(Boolean)
              .join(' · ')
          : null,
      ),
    );
  }

  const media = request.exportType === 'custom' ? request.media : null;
  let chosen: ReportPhoto[] | null = null;
  if (photos) {
    if (media) {
      const byId = new Map(photos.map((p) => [p.id, p]));
      chosen = media.flatMap((m) => {
        const photo = byId.get(m.id);
        return photo
          ? [{ key: photo.key, description: m.include_description ? photo.description : null }]
          : [];
      });
    } else {
      chosen = photos.map((p) => ({ key: p.key, description: p.description }));
    }
  }

  const entries: {
    comments: ReportEntry[] | null;
    worktime: ReportEntry[] | null;
    activity: ReportEntry[] | null;
  } = {
    comments:
      comments?.map((c) => ({
        heading: `${c.byReporter ? (issue.public_report?.reporter.full_name ?? words.reporter_name) : (c.author ?? '–')} · ${format.dateTime(c.at)}`,
        text: c.text,
      })) ?? null,
    worktime:
      worktime?.map((w) => ({
        heading: `${format.dateTime(w.at)} · ${w.person ?? '–'} · ${formatWorktime(w.seconds)}`,
        text: w.note,
      })) ?? null,
    activity:
      activity?.map((a) => ({
        heading: `${format.dateTime(a.at)} · ${a.person ?? '–'}`,
        text: statusChange(words, language, a.action, a.changes),
      })) ?? null,
  };

  return {
    language,
    organisation: { ...organisation, color: settings.colors.primary },
    issueId: issue.id,
    generatedAt: format.dateTime(new Date()) ?? '',
    header: parts.header,
    title: parts.title ? issue.title : null,
    details: details.length ? details : null,
    description: parts.description ? issue.description : null,
    photos: chosen,
    checklists,
    form: form?.rows.length ? form : null,
    comments: entries.comments,
    worktime: entries.worktime,
    activity: entries.activity,
    subtasks: subtasks
      ? issue.children.map((c) => ({
          title: `#${c.id} ${c.title}`,
          status: issueStatusName(language, c.status_id),
          assignee: subtasks.get(c.id)?.assignee ?? null,
          due: format.dateTime(subtasks.get(c.id)?.due ?? null),
        }))
      : null,
    watchers: settings.include_export_watchers ? issue.watchers.map((w) => w.full_name) : null,
  };
}

/** Stores the PDF once and queues one mail per address with it attached (one transaction). */
async function mailCopies(
  ctx: AppContext,
  auth: Auth,
  file: { clientId: number; pdf: Buffer; fileName: string; title: string; organisation: string },
  emails: string[],
  language: UiLanguage,
): Promise<void> {
  const key = newFileKey(file.clientId, 'reports', 'pdf');
  await ctx.storage.put(key, file.pdf);
  const sender = await ctx.db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', auth.userId)
    .executeTakeFirst();
  const senderName = `${sender?.first_name ?? ''} ${sender?.last_name ?? ''}`.trim() || file.organisation;
  const languages = await findLanguagesOf(ctx.db, emails);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      for (const to of emails) {
        const words = REPORT_WORDS[tryResolveLanguage(languages.get(to.toLowerCase())) ?? language];
        await enqueueMail(trx, {
          clientId: file.clientId,
          to,
          subject: words.mail_subject(file.title),
          text: words.mail_text(senderName, file.title, file.organisation),
          kind: 'issue_report',
          attachments: [{ filename: file.fileName, content_type: 'application/pdf', storage_key: key }],
        });
      }
    });
  } catch (err) {
    await ctx.storage.remove(key);
    throw err;
  }
}

/**
 * GET public/issue/{id}/download/pdf?token=: the reporter's report, opened by the follow token
 * (404 for a wrong or missing one, as the follow page): what the follow page shows — status,
 * the fields the form makes public, the reporter's photos, the public comments — in the page's
 * language unless another is asked; no sub-issues, no e-mail copies.
 */
export async function exportPublicIssueReport(
  ctx: AppContext,
  request: FastifyRequest,
  issueId: number,
  token: string | undefined,
  asked: UiLanguage | undefined,
): Promise<IssueReportFile> {
  await requireBudget(ctx.db, BUDGETS.publicViews, ipKey(request));
  const link = await openLink(ctx.db, issueId, 'reporter', token);
  const page = await presentFollowPage(ctx.db, link);
  const organisation = await findReportOrganisation(ctx.db, link.client_id);
  const settings = readClientSettings(organisation.settings ?? {});
  const language = asked ?? page.language;
  const document = await publicReportDocument(ctx, link.client_id, page, settings, language, {
    name: organisation.name,
    logoKey: page.organisation.logo ? organisation.logo : null,
  });
  const fileName = fileNameOf(settings, language, {
    id: page.id,
    title: page.title,
    process_number: null,
    workspace: page.workspace,
    created_at: page.created_at,
    status_id: page.status.id,
  });
  const aborted = () => request.raw.destroyed;
  return { fileName, body: renderIssueReport(document, (key) => ctx.storage.get(key), aborted).stream };
}

async function publicReportDocument(
  ctx: AppContext,
  clientId: number,
  page: PublicIssue,
  settings: ClientSettings,
  language: UiLanguage,
  organisation: { name: string; logoKey: string | null },
): Promise<IssueReportDocument> {
  const words = REPORT_WORDS[language];
  const format = formatterOf(language, settings.time_zone);
  const shownIds = new Set(page.attachments.map((a) => a.id));
  const photos = shownIds.size
    ? (await findReportPhotos(ctx.db, clientId, page.id, { reporterOnly: true })).filter((p) =>
        shownIds.has(p.id),
      )
    : [];
  const details: ReportRow[] = [
    ...row(words.status, issueStatusName(language, page.status.id)),
    ...row(words.workspace, page.workspace),
    ...row(words.asset, page.asset),
    ...row(words.categories, page.category),
    ...row(words.priority, page.priority_id === null ? null : issuePriorityName(language, page.priority_id)),
    ...row(words.assignee, page.assignee),
    ...row(words.created_at, format.dateTime(page.created_at)),
    ...row(words.due_date, format.dateTime(page.due_date)),
    ...row(words.completed_at, format.dateTime(page.completed_at)),
  ];
  return {
    language,
    organisation: { ...organisation, color: page.primary_color ?? settings.colors.primary },
    issueId: page.id,
    generatedAt: format.dateTime(new Date()) ?? '',
    header: true,
    title: page.title,
    details,
    description: page.description,
    photos: photos.map((p) => ({ key: p.key, description: p.description })),
    checklists: null,
    form: null,
    comments: page.comments.map((c) => ({
      heading: `${c.by_reporter ? words.reporter_name : (c.author ?? organisation.name)} · ${format.dateTime(c.created_at)}`,
      text: c.comment,
    })),
    worktime: null,
    activity: null,
    subtasks: null,
    watchers: null,
  };
}
