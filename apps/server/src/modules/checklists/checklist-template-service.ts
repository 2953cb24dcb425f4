import {
  buildPage,
  type Checklist,
  type ChecklistTemplate,
  type ChecklistTemplateListQuery,
  type ChecklistTemplateListResponse,
  type ZCreateChecklistTemplateRequestSchema,
  type ZSaveChecklistAsTemplateRequestSchema,
  type ZUpdateChecklistTemplateRequestSchema,
} from '@workbench/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { fieldError, notFound } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import { requireOwnCategory } from '../categories/category-queries.js';
import { loadIssue } from '../issues/issue-context.js';
import { requireTemplateManager } from '../templates/template-managers.js';
import { presentChecklistTemplate, type TemplateItemRow, type TemplateRow } from './checklist-presenter.js';
import { type Db, findItemsOf } from './checklist-queries.js';
import { insertChecklist, listChecklists, loadEditableIssue } from './checklist-service.js';

type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

function templateQuery(db: Db, clientId: number) {
  return db
    .selectFrom('checklist_templates as t')
    .leftJoin('categories as c', (join) =>
      join.onRef('c.id', '=', 't.category_id').onRef('c.client_id', '=', 't.client_id'),
    )
    .select(['t.id', 't.name', 't.category_id', 'c.name as category_name', 't.created_at', 't.updated_at'])
    .where('t.client_id', '=', clientId);
}

async function findTemplateItems(
  db: Db,
  clientId: number,
  templateIds: number[],
): Promise<Map<number, TemplateItemRow[]>> {
  const byTemplate = new Map<number, TemplateItemRow[]>(templateIds.map((id) => [id, []]));
  if (!templateIds.length) return byTemplate;
  const rows = await db
    .selectFrom('checklist_template_items')
    .select(['id', 'template_id', 'title', 'description', 'position'])
    .where('client_id', '=', clientId)
    .where('template_id', 'in', templateIds)
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const row of rows) byTemplate.get(row.template_id)?.push(row);
  return byTemplate;
}

async function requireTemplate(db: Db, clientId: number, id: number): Promise<TemplateRow> {
  const row = await templateQuery(db, clientId).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Checklist template not found');
  return row;
}

async function presentTemplate(db: Db, clientId: number, id: number): Promise<ChecklistTemplate> {
  const row = await requireTemplate(db, clientId, id);
  const items = await findTemplateItems(db, clientId, [id]);
  return presentChecklistTemplate(row, items.get(id) ?? []);
}

const SORT_COLUMNS = { created: 't.created_at', updated: 't.updated_at', name: 't.name' } as const;

/** GET checklist-templates: the organisation's templates, paged (category filter, name search). */
export async function listChecklistTemplates(
  ctx: AppContext,
  auth: Caller,
  query: ChecklistTemplateListQuery,
  path: string,
): Promise<ChecklistTemplateListResponse> {
  let base = templateQuery(ctx.db, auth.clientId);
  if (query.category_id !== undefined) base = base.where('t.category_id', '=', query.category_id);
  if (query.search) {
    base = base.where(sql<boolean>`strpos(lower(t.name), ${query.search.toLowerCase()}) > 0`);
  }
  const direction = query.sort_direction;
  const sortColumn = query.sort_by === 'name' ? sql`lower(t.name)` : sql.ref(SORT_COLUMNS[query.sort_by]);
  const [rows, count] = await Promise.all([
    base
      .orderBy(sortColumn, direction)
      .orderBy('t.id', direction)
      .limit(query.paginate_by)
      .offset((query.page - 1) * query.paginate_by)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .executeTakeFirst(),
  ]);
  const items = await findTemplateItems(
    ctx.db,
    auth.clientId,
    rows.map((row) => row.id),
  );
  return buildPage({
    rows: rows.map((row) => presentChecklistTemplate(row, items.get(row.id) ?? [])),
    total: Number(count?.total ?? 0),
    page: query.page,
    perPage: query.paginate_by,
    path,
    query: {
      category_id: query.category_id,
      search: query.search,
      paginate_by: query.paginate_by,
      sort_by: query.sort_by,
      sort_direction: query.sort_direction,
    },
  });
}

/** GET checklist-templates/{id}: everyone of the organisation. */
export async function getChecklistTemplate(
  ctx: AppContext,
  auth: Caller,
  id: number,
): Promise<ChecklistTemplate> {
  return presentTemplate(ctx.db, auth.clientId, id);
}

async function insertTemplate(
  trx: Db,
  auth: Caller,
  input: {
    name: string;
    category_id: number | null;
    items: ReadonlyArray<{ title: string; description: string | null }>;
  },
): Promise<number> {
  const { id } = await trx
    .insertInto('checklist_templates')
    .values({
      client_id: auth.clientId,
      name: input.name,
      category_id: input.category_id,
      created_by: auth.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.items.length) {
    await trx
      .insertInto('checklist_template_items')
      .values(
        input.items.map((item, position) => ({
          client_id: auth.clientId,
          template_id: id,
          title: item.title,
          description: item.description,
          position,
        })),
      )
      .execute();
  }
  await logActivity(trx, {
    clientId: auth.clientId,
    userId: auth.userId,
    entityType: 'checklist_template',
    entityId: id,
    action: 'created',
    changes: { name: input.name },
  });
  return id;
}

/** POST checklist-templates. */
export async function createChecklistTemplate(
  ctx: AppContext,
  auth: Caller,
  input: z.output<typeof ZCreateChecklistTemplateRequestSchema>,
): Promise<ChecklistTemplate> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    await requireTemplateManager(trx, auth);
    await requireOwnCategory(trx, auth.clientId, input.category_id);
    return insertTemplate(trx, auth, {
      name: input.name,
      category_id: input.category_id ?? null,
      items: input.items.map((item) => ({ title: item.title, description: item.description ?? null })),
    });
  });
  return presentTemplate(ctx.db, auth.clientId, id);
}

/**
 * PUT checklist-templates/{id}: name, category, and when `items` is sent the whole list in its
 * new order (known ids kept and updated, new entries added, missing ones removed).
 */
export async function updateChecklistTemplate(
  ctx: AppContext,
  auth: Caller,
  id: number,
  input: z.output<typeof ZUpdateChecklistTemplateRequestSchema>,
): Promise<ChecklistTemplate> {
  await ctx.db.transaction().execute(async (trx) => {
    await requireTemplateManager(trx, auth);
    await requireTemplate(trx, auth.clientId, id);
    await trx.selectFrom('checklist_templates').select('id').where('id', '=', id).forUpdate().execute();
    await requireOwnCategory(trx, auth.clientId, input.category_id);
    await trx
      .updateTable('checklist_templates')
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.category_id !== undefined ? { category_id: input.category_id } : {}),
        updated_at: new Date(),
      })
      .where('client_id', '=', auth.clientId)
      .where('id', '=', id)
      .execute();
    if (input.items !== undefined) {
      const existing = new Set(
        ((await findTemplateItems(trx, auth.clientId, [id])).get(id) ?? []).map((item) => item.id),
      );
      const unknown = input.items.findIndex((item) => item.id !== undefined && !existing.has(item.id));
      if (unknown >= 0) throw fieldError(`items.${unknown}.id`, 'not_found', 'Template item not found');
      const kept = input.items.flatMap((item) => (item.id !== undefined ? [item.id] : []));
      let removal = trx
        .deleteFrom('checklist_template_items')
        .where('client_id', '=', auth.clientId)
        .where('template_id', '=', id);
      if (kept.length) removal = removal.where('id', 'not in', kept);
      await removal.execute();
      for (const [position, item] of input.items.entries()) {
        const values = { title: item.title, description: item.description ?? null, position };
        if (item.id !== undefined) {
          await trx
            .updateTable('checklist_template_items')
            .set(values)
            .where('client_id', '=', auth.clientId)
            .where('id', '=', item.id)
            .execute();
        } else {
          await trx
            .insertInto('checklist_template_items')
            .values({ ...values, client_id: auth.clientId, template_id: id })
            .execute();
        }
      }
    }
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'checklist_template',
      entityId: id,
      action: 'updated',
      changes: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.category_id !== undefined ? { category_id: input.category_id } : {}),
        ...(input.items !== undefined ? { items_count: input.items.length } : {}),
      },
    });
  });
  return presentTemplate(ctx.db, auth.clientId, id);
}

/** DELETE checklist-templates/{id}: checklists made from it stay as they are. */
export async function deleteChecklistTemplate(
  ctx: AppContext,
  auth: Caller,
  id: number,
): Promise<{ success: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    await requireTemplateManager(trx, auth);
    const row = await requireTemplate(trx, auth.clientId, id);
    await trx
      .deleteFrom('checklist_templates')
      .where('client_id', '=', auth.clientId)
      .where('id', '=', id)
      .execute();
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'checklist_template',
      entityId: id,
      action: 'deleted',
      changes: { name: row.name },
    });
  });
  return { success: true };
}

/**
 * POST checklist-templates/save-checklist-as-template/{id}: a new template of the caller's
 * organisation with the checklist's items (titles and descriptions, in order; ticks are not
 * part of a template). Named after the checklist unless a name is given.
 */
export async function saveChecklistAsTemplate(
  ctx: AppContext,
  auth: Caller,
  checklistId: number,
  input: z.output<typeof ZSaveChecklistAsTemplateRequestSchema>,
): Promise<ChecklistTemplate> {
  const checklist = await ctx.db
    .selectFrom('checklists')
    .select(['id', 'issue_id', 'client_id', 'title'])
    .where('id', '=', checklistId)
    .executeTakeFirst();
  if (!checklist) throw notFound('Checklist not found');
  // Seeing the checklist means seeing its issue (also for a partner working on a shared issue).
  await loadIssue(ctx.db, auth, checklist.issue_id);
  const id = await ctx.db.transaction().execute(async (trx) => {
    await requireTemplateManager(trx, auth);
    await requireOwnCategory(trx, auth.clientId, input.category_id);
    const items = (await findItemsOf(trx, checklist.client_id, [checklistId])).get(checklistId) ?? [];
    return insertTemplate(trx, auth, {
      name: input.name ?? checklist.title,
      category_id: input.category_id ?? null,
      items: items.map((item) => ({ title: item.title, description: item.description })),
    });
  });
  return presentTemplate(ctx.db, auth.clientId, id);
}

/**
 * POST issue/{id}/assign-checklist-from-template/{checklistTemplateId}: a new checklist on the
 * issue named after the template, with its items, all open. Needs edit permission on the issue.
 */
export async function assignChecklistFromTemplate(
  ctx: AppContext,
  auth: Caller,
  issueId: number,
  templateId: number,
): Promise<Checklist> {
  const checklistId = await ctx.db.transaction().execute(async (trx) => {
    const loaded = await loadEditableIssue(trx, auth, issueId);
    const template = await requireTemplate(trx, auth.clientId, templateId);
    const items = (await findTemplateItems(trx, auth.clientId, [templateId])).get(templateId) ?? [];
    const id = await insertChecklist(trx, auth, loaded, {
      title: template.name,
      items: items.map((item) => ({ title: item.title, description: item.description })),
    });
    await logActivity(trx, {
      clientId: loaded.row.client_id,
      userId: auth.userId,
      entityType: 'issue',
      entityId: issueId,
      action: 'checklist_added',
      changes: { checklist_id: id, title: template.name, template_id: templateId },
    });
    return id;
  });
  const { data } = await listChecklists(ctx, auth, issueId);
  const created = data.find((checklist) => checklist.id === checklistId);
  if (!created) throw notFound('Checklist not found');
  return created;
}
