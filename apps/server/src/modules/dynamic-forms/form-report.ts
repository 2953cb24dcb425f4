import {
  DEFAULT_LANGUAGE,
  type FormAnswers,
  type FormDefinition,
  formAnswerLines,
  formAnswerRows,
  labelIn,
  photoIdsOf,
  tryResolveLanguage,
  type UiLanguage,
} from '@workbench/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** An issue's dynamic form as the PDF report prints it: the form's title and each answer as text. */
export type IssueFormReport = { title: string; rows: { label: string; value: string }[] };

type Db = Kysely<Database> | Transaction<Database>;
type FormTextRow = {
  issue_id: number;
  definition: FormDefinition;
  answers: FormAnswers;
  default_language: string | null;
};

/** The filled forms of these issues with their organisation's default language (one statement). */
async function findIssueForms(
  db: Db,
  issueIds: readonly number[],
  clientId?: number,
): Promise<FormTextRow[]> {
  if (!issueIds.length) return [];
  const { rows } = await sql<FormTextRow>`
    SELECT f.issue_id, f.definition, f.answers, c.settings->>'default_language' AS default_language
    FROM issue_forms f JOIN clients c ON c.id = f.client_id
    WHERE f.issue_id = ANY(${sql.val(`{${issueIds.join(',')}}`)}::integer[])
      ${clientId === undefined ? sql`` : sql`AND f.client_id = ${clientId}`}`.execute(db);
  return rows;
}

/** File names of the photos the forms' answers name (one statement). */
async function photoNames(db: Db, forms: FormTextRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(forms.flatMap((f) => photoIdsOf(f.definition, f.answers)))];
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('form_uploads')
    .select(['id', 'file_name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.file_name]));
}

const languageOf = (code: string | null | undefined): UiLanguage =>
  tryResolveLanguage(code) ?? DEFAULT_LANGUAGE;

/** The issue's filled dynamic form in the reader's language, or null when the issue carries none. */
export async function loadIssueFormForReport(
  db: Kysely<Database> | Transaction<Database>,
  clientId: number,
  issueId: number,
  language: string,
): Promise<IssueFormReport | null> {
  const [form] = await findIssueForms(db, [issueId], clientId);
  if (!form) return null;
  const reader = languageOf(language);
  const fallback = languageOf(form.default_language);
  return {
    title: labelIn(form.definition.title, reader, fallback, 'Form'),
    rows: formAnswerRows(form.definition, form.answers, reader, fallback, await photoNames(db, [form])),
  };
}

/**
 * The issue list exports' 'form' column: each issue's answers as `label: value` lines in the
 * reader's language (two statements for a batch of issues, whatever its size).
 */
export async function loadIssueFormTexts(
  db: Db,
  issueIds: readonly number[],
  language: UiLanguage,
): Promise<Map<number, string>> {
  const forms = await findIssueForms(db, issueIds);
  const names = await photoNames(db, forms);
  return new Map(
    forms.map((f) => [
      f.issue_id,
      formAnswerLines(
        formAnswerRows(f.definition, f.answers, language, languageOf(f.default_language), names),
      ),
    ]),
  );
}
