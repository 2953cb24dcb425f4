import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import {
  DEFAULT_LANGUAGE,
  fullName,
  type IssueExportFormat,
  type IssueListQuery,
  issuePriorityName,
  issueStatusName,
  readClientSettings,
  tryResolveLanguage,
  type UiLanguage,
} from '@workbench/domain';
import ExcelJS from 'exceljs';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { type AssetScope, assetScope } from '../assets/asset-visibility.js';
import { loadIssueFormTexts } from '../dynamic-forms/form-report.js';
import {
  csvHeader,
  csvRecord,
  type IssueExportColumn,
  type IssueExportRecord,
  issueExportColumns,
  XML_HEAD,
  XML_TAIL,
  xlsxRecord,
  xmlRecord,
} from './issue-export-format.js';
import { findIssueExportIds, findIssueExportRows, type IssueExportRow } from './issue-list-queries.js';

/** Rows read per query while streaming. */
export const ISSUE_EXPORT_BATCH = 1000;

const person = (first: string | null, last: string | null, email: string | null): string | null =>
  first === null ? null : fullName({ first_name: first, last_name: last ?? '', email: email ?? '' });

function toRecord(row: IssueExportRow, language: UiLanguage): IssueExportRecord {
  return {
    id: row.id,
    process_number: row.process_number,
    title: row.title,
    status: issueStatusName(language, row.status_id),
    priority: issuePriorityName(language, row.priority_id),
    workspace: row.workspace_name,
    assignee: person(row.assignee_first_name, row.assignee_last_name, row.assignee_email),
    reporter: person(row.reporter_first_name, row.reporter_last_name, row.reporter_email),
    category: row.category_name,
    asset: row.asset_name,
    asset_group: row.asset_group_name,
    start_date: row.start_date?.toISOString() ?? null,
    due_date: row.due_date?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    archived: row.archived,
    form: null,
  };
}

/** The watchers' names of some issues, one statement per batch. */
async function watcherNames(ctx: AppContext, clientId: number, ids: number[]): Promise<Map<number, string>> {
  const rows = await ctx.db
    .selectFrom('issue_watchers as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.issue_id', 'u.first_name', 'u.last_name', 'u.email'])
    .where('w.client_id', '=', clientId)
    .where('w.issue_id', 'in', ids)
    .orderBy('w.issue_id')
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
  const names = new Map<number, string[]>();
  for (const r of rows) {
    const list = names.get(r.issue_id) ?? [];
    list.push(person(r.first_name, r.last_name, r.email) ?? '');
    names.set(r.issue_id, list);
  }
  return new Map([...names].map(([id, list]) => [id, list.join(', ')]));
}

/** Every exported issue in the list's order, read ISSUE_EXPORT_BATCH rows at a time. */
async function* exportRecords(
  ids: number[],
  ctx: AppContext,
  language: UiLanguage,
  assets: AssetScope,
  watchers: { clientId: number } | null,
): AsyncGenerator<IssueExportRecord> {
  for (let start = 0; start < ids.length; start += ISSUE_EXPORT_BATCH) {
    const batch = ids.slice(start, start + ISSUE_EXPORT_BATCH);
    const rows = new Map((await findIssueExportRows(ctx.db, assets, batch)).map((r) => [r.id, r]));
    const names = watchers ? await watcherNames(ctx, watchers.clientId, batch) : null;
    const forms = await loadIssueFormTexts(ctx.db, batch, language);
    for (const id of batch) {
      const row = rows.get(id);
      if (!row) continue;
      const record = toRecord(row, language);
      if (names) record.watchers = names.get(id) ?? '';
      record.form = forms.get(id) ?? null;
      yield record;
    }
  }
}

/** Writes a chunk, waiting when the reader is behind. */
async function write(stream: PassThrough, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

async function writeExport(
  format: IssueExportFormat,
  records: AsyncIterable<IssueExportRecord>,
  out: PassThrough,
  columns: readonly IssueExportColumn[],
) {
  if (format === 'xlsx') {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet('Issues');
    sheet.addRow([...columns]).commit();
    for await (const record of records) sheet.addRow(xlsxRecord(record, columns)).commit();
    sheet.commit();
    await workbook.commit();
    return;
  }
  if (format === 'csv') {
    await write(out, `\uFEFF${csvHeader(columns)}`);
    for await (const record of records) await write(out, csvRecord(record, columns));
  } else if (format === 'json') {
    await write(out, '[');
    let first = true;
    for await (const record of records) {
      await write(out, `${first ? '' : ','}\n${JSON.stringify(record)}`);
      first = false;
    }
    await write(out, first ? ']\n' : '\n]\n');
  } else {
    await write(out, XML_HEAD);
    for await (const record of records) await write(out, xmlRecord(record, columns));
    await write(out, XML_TAIL);
  }
  out.end();
}

/**
 * The export of the issue list (filters as GET issue/, ids included; no paging): the
 * matching ids are found first (so a failure there is still an error answer), then the rows are
 * streamed in batches into the returned stream.
 */
export async function exportIssues(
  ctx: AppContext,
  auth: Auth,
  query: IssueListQuery,
  format: IssueExportFormat,
): Promise<PassThrough> {
  const { subtasks, watchers } = await exportSettings(ctx, auth, query);
  const found = subtasks === 'none' ? [] : await findIssueExportIds(ctx.db, auth, { ...query, ...subtasks });
  const language = await callerLanguage(ctx, auth);
  const assets = await assetScope(ctx.db, auth);
  const out = new PassThrough();
  const records = exportRecords(found, ctx, language, assets, watchers ? { clientId: auth.clientId } : null);
  writeExport(format, records, out, issueExportColumns({ watchers })).catch((err: unknown) => {
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}

/**
 * The organisation's export switches (settings → general): include_export_subtasks exports the
 * sub-issues among the list's rows (as the list with include_subtasks, the same filters and
 * visibility); off, no sub-issue is exported (a list of only sub-issues exports nothing).
 * include_export_watchers adds the watchers column.
 */
async function exportSettings(
  ctx: AppContext,
  auth: Auth,
  query: IssueListQuery,
): Promise<{ subtasks: Partial<IssueListQuery> | 'none'; watchers: boolean }> {
  const row = await ctx.db
    .selectFrom('clients')
    .select('settings')
    .where('id', '=', auth.clientId)
    .executeTakeFirst();
  const settings = readClientSettings(row?.settings ?? {});
  const subtasks: Partial<IssueListQuery> | 'none' = settings.include_export_subtasks
    ? { include_subtasks: 1 }
    : query.issue_type === 'task'
      ? 'none'
      : { issue_type: 'issue', include_subtasks: 0 };
  return {
    subtasks,
    watchers: settings.include_export_watchers,
  };
}

/** The caller's interface language (users.language), English when it is not one of the ten. */
async function callerLanguage(ctx: AppContext, auth: Auth): Promise<UiLanguage> {
  const row = await ctx.db
    .selectFrom('users')
    .select('language')
    .where('id', '=', auth.userId)
    .executeTakeFirst();
  return tryResolveLanguage(row?.language) ?? DEFAULT_LANGUAGE;
}
