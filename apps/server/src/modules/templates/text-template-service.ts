import {
  buildPage,
  type CreateTextTemplateRequest,
  TEXT_TEMPLATES_LIMIT,
  type TextTemplate,
  type TextTemplateListQuery,
  type TextTemplateListResponse,
  type TextTemplateSuggestion,
  type UpdateTextTemplateRequest,
} from '@workbench/domain';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import { requireOwnCategory } from '../categories/category-queries.js';
import { requireTemplateManager } from './template-managers.js';
import { presentTextTemplate, presentTextTemplateSuggestion } from './text-template-presenter.js';
import { findTextTemplate, findTextTemplatePage, listTemplateSuggestions } from './text-template-queries.js';

const ENTITY = 'text_template';

export async function listTextTemplates(
  ctx: AppContext,
  auth: Auth,
  query: TextTemplateListQuery,
  path: string,
): Promise<TextTemplateListResponse> {
  const { rows, total } = await findTextTemplatePage(ctx.db, auth.clientId, query);
  const { page, paginate_by, ...rest } = query;
  return buildPage({
    rows: rows.map(presentTextTemplate),
    total,
    page,
    perPage: paginate_by,
    path,
    query: { ...rest, category_id: rest.category_id || undefined, paginate_by },
  });
}

/** GET config?get_only=templates: the newest templates, at most 2000 (001 §9). */
export async function listTextTemplateSuggestions(
  ctx: AppContext,
  clientId: number,
): Promise<TextTemplateSuggestion[]> {
  const rows = await listTemplateSuggestions(ctx.db, clientId, TEXT_TEMPLATES_LIMIT);
  return rows.map(presentTextTemplateSuggestion);
}

export async function getTextTemplate(ctx: AppContext, auth: Auth, id: number): Promise<TextTemplate> {
  const row = await findTextTemplate(ctx.db, auth.clientId, id);
  if (!row) throw notFound('Text template not found');
  return presentTextTemplate(row);
}

export function createTextTemplate(ctx: AppContext, auth: Auth, body: CreateTextTemplateRequest) {
  return ctx.db.transaction().execute(async (trx) => {
    await requireTemplateManager(trx, auth);
    await requireOwnCategory(trx, auth.clientId, body.category_id);
    const { id } = await trx
      .insertInto('text_templates')
      .values({
        client_id: auth.clientId,
        text: body.text,
        category_id: body.category_id,
        created_by: auth.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action: 'created',
      changes: { category_id: body.category_id },
    });
    const row = await findTextTemplate(trx, auth.clientId, id);
    if (!row) throw notFound('Text template not found');
    return presentTextTemplate(row);
  });
}

export function updateTextTemplate(ctx: AppContext, auth: Auth, id: number, body: UpdateTextTemplateRequest) {
  return ctx.db.transaction().execute(async (trx) => {
    await requireTemplateManager(trx, auth);
    const current = await trx
      .selectFrom('text_templates')
      .select(['id', 'text', 'category_id'])
      .where('client_id', '=', auth.clientId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound('Text template not found');
    await requireOwnCategory(trx, auth.clientId, body.category_id);
    const changes: Record<string, [unknown, unknown]> = {};
    if (body.text !== undefined && body.text !== current.text) changes.text = [current.text, body.text];
    if (body.category_id !== undefined && body.category_id !== current.category_id) {
      changes.category_id = [current.category_id, body.category_id];
    }
    if (Object.keys(changes).length) {
      await trx
        .updateTable('text_templates')
        .set({
          ...(body.text !== undefined ? { text: body.text } : {}),
          ...(body.category_id !== undefined ? { category_id: body.category_id } : {}),
          updated_at: new Date(),
        })
        .where('client_id', '=', auth.clientId)
        .where('id', '=', id)
        .execute();
      await logActivity(trx, {
        clientId: auth.clientId,
        userId: auth.userId,
        entityType: ENTITY,
        entityId: id,
        action: 'updated',
        changes,
      });
    }
    const row = await findTextTemplate(trx, auth.clientId, id);
    if (!row) throw notFound('Text template not found');
    return presentTextTemplate(row);
  });
}

export function deleteTextTemplate(ctx: AppContext, auth: Auth, id: number) {
  return ctx.db.transaction().execute(async (trx) => {
    await requireTemplateManager(trx, auth);
    const deleted = await trx
      .deleteFrom('text_templates')
      .where('client_id', '=', auth.clientId)
      .where('id', '=', id)
      .returning(['id', 'text'])
      .executeTakeFirst();
    if (!deleted) throw notFound('Text template not found');
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action: 'deleted',
      changes: { text: deleted.text.slice(0, 255) },
    });
    return { success: true as const };
  });
}
