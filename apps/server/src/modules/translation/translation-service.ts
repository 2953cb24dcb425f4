import {
  readIssueTranslations,
  readWorkspaceTranslations,
  type TranslateIssueResponse,
  type TranslateWorkspaceResponse,
  type TranslationStatus,
  tryResolveLanguage,
  type UiLanguage,
} from '@workbench/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';
import { type Budget, requireBudget } from '../../http/rate-limit.js';
import { requireWorkspaceGrant } from '../access/request-access.js';
import { loadIssue } from '../issues/issue-context.js';
import { cachedMachine, sourceHash } from './translation-cache.js';
import { translateTexts, translationNotConfigured } from './translation-provider.js';

/** Provider calls per person (cached answers are free): a reader opens many issues, not thousands an hour. */
const TRANSLATE_BUDGET: Budget = { bucket: 'translations', limit: 300, windowMs: 60 * 60_000 };

type FieldFlags = Record<string, unknown>;

/** The fields the body names (000 §7: title and description, or name and description); none: all. */
function wantedFields<F extends string>(all: readonly F[], body: FieldFlags): F[] {
  const named = all.filter((f) => body[f] !== undefined && body[f] !== false);
  return named.length ? named : [...all];
}

async function readerLanguage(
  ctx: AppContext,
  auth: Auth,
  asked: UiLanguage | undefined,
): Promise<UiLanguage> {
  if (asked) return asked;
  const user = await ctx.db
    .selectFrom('users')
    .select('language')
    .where('id', '=', auth.userId)
    .executeTakeFirst();
  return tryResolveLanguage(user?.language) ?? 'en';
}

type Translated<F extends string> = { trans: Record<F, string | null>; cached: boolean };

/**
 * The shared path: the people's own translation when there is one for every wanted field, else
 * the fresh cached machine one, else the provider's (both fields at once, then cached).
 */
async function translateRecord<F extends string>(
  ctx: AppContext,
  auth: Auth,
  target: { table: 'issues' | 'workspaces'; id: number; clientId: number },
  source: Record<F, string | null>,
  manual: Record<F, Partial<Record<UiLanguage, string>>>,
  column: unknown,
  wanted: F[],
  language: UiLanguage,
): Promise<Translated<F>> {
  const fields = Object.keys(source) as F[];
  const pick = (get: (f: F) => string | null): Record<F, string | null> =>
    Object.fromEntries(wanted.map((f) => [f, get(f)])) as Record<F, string | null>;
  if (wanted.every((f) => !source[f]?.trim() || manual[f][language]?.trim())) {
    return { trans: pick((f) => manual[f][language]?.trim() || source[f]), cached: true };
  }
  const hash = sourceHash(fields.map((f) => source[f]));
  const hit = cachedMachine(column, language, hash);
  if (hit) return { trans: pick((f) => manual[f][language]?.trim() || (hit[f] ?? source[f])), cached: true };
  const config = ctx.config.translate;
  if (!config) throw translationNotConfigured();
  await requireBudget(ctx.db, TRANSLATE_BUDGET, String(auth.userId));
  const toSend = fields.filter((f) => source[f]?.trim());
  const answers = await translateTexts(
    config,
    toSend.map((f) => source[f] as string),
    language,
  );
  const entry: Record<string, string | null> = { h: hash };
  for (const f of fields) entry[f] = null;
  toSend.forEach((f, i) => {
    entry[f] = answers[i] ?? null;
  });
  // Only the machine key changes: a person's edit meanwhile is kept; a stale entry is replaced.
  await sql`UPDATE ${sql.table(target.table)}
    SET translations = jsonb_set(
      CASE WHEN jsonb_typeof(translations->'machine') = 'object' THEN translations
        ELSE coalesce(translations, '{}'::jsonb) || '{"machine": {}}'::jsonb END,
      ${sql.lit(`{machine,${language}}`)}::text[], ${JSON.stringify(entry)}::jsonb)
    WHERE id = ${target.id} AND client_id = ${target.clientId}`.execute(ctx.db);
  return { trans: pick((f) => manual[f][language]?.trim() || entry[f] || source[f]), cached: false };
}

/** POST translate/issue/{issueId} (000 §7): anyone who may see the issue. */
export async function translateIssue(
  ctx: AppContext,
  auth: Auth,
  issueId: number,
  body: { title?: unknown; description?: unknown; language?: UiLanguage | undefined },
): Promise<TranslateIssueResponse> {
  const { row } = await loadIssue(ctx.db, auth, issueId);
  const language = await readerLanguage(ctx, auth, body.language);
  const result = await translateRecord(
    ctx,
    auth,
    { table: 'issues', id: row.id, clientId: row.client_id },
    { title: row.title, description: row.description },
    readIssueTranslations(row.translations),
    row.translations,
    wantedFields(['title', 'description'] as const, body),
    language,
  );
  return { success: true, language, cached: result.cached, trans: result.trans };
}

/** POST translate/workspace/{workspaceId} (000 §7): anyone who may see the workspace. */
export async function translateWorkspace(
  ctx: AppContext,
  auth: Auth,
  workspaceId: number,
  body: { name?: unknown; description?: unknown; language?: UiLanguage | undefined },
): Promise<TranslateWorkspaceResponse> {
  const grant = await requireWorkspaceGrant(ctx.db, auth, workspaceId);
  const row = await ctx.db
    .selectFrom('workspaces')
    .select(['id', 'client_id', 'name', 'description', 'translations'])
    .where('id', '=', workspaceId)
    .where('client_id', '=', grant.client_id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('Workspace not found');
  const language = await readerLanguage(ctx, auth, body.language);
  const result = await translateRecord(
    ctx,
    auth,
    { table: 'workspaces', id: row.id, clientId: row.client_id },
    { name: row.name, description: row.description },
    readWorkspaceTranslations(row.translations),
    row.translations,
    wantedFields(['name', 'description'] as const, body),
    language,
  );
  return { success: true, language, cached: result.cached, trans: result.trans };
}

export function translationStatus(ctx: AppContext): TranslationStatus {
  return { configured: !!ctx.config.translate, provider: ctx.config.translate?.provider ?? null };
}
