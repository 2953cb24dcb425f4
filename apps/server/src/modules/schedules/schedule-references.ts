import { ASSET_STATUS } from '@workbench/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { AssetScope } from '../assets/asset-visibility.js';
import { findCategoryIds } from '../categories/category-queries.js';
import type { ScheduleForm } from './schedule-form.js';
import { findScheduleAssetChecks, findScheduleWorkerIds, findTemplateIds } from './schedule-queries.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Which references of the form to check (an update checks what it changes, and all on a move). */
export type ReferenceChecks = {
  people: boolean;
  categories: boolean;
  templates: boolean;
  assets: boolean;
};
export const ALL_REFERENCES: ReferenceChecks = {
  people: true,
  categories: true,
  templates: true,
  assets: true,
};

/**
 * The ids the form names must fit its workspace (one 422 with every field key, nothing written):
 * the assignee, watchers and replacements are people of the organisation who can work in the
 * workspace (findScheduleWorkerIds); categories and checklist templates are the organisation's; assets are
 * visible to the caller, in the workspace or below it (not_same_workspace), not archived.
 */
export async function requireFittingReferences(
  db: Db,
  clientId: number,
  assetScope: AssetScope,
  form: ScheduleForm,
  checks: ReferenceChecks,
): Promise<void> {
  const fields: Record<string, string> = {};
  const workspaceId = form.workspace_id;
  const [workers, categories, templates, assets] = await Promise.all([
    checks.people ? findScheduleWorkerIds(db, clientId, workspaceId) : undefined,
    checks.categories
      ? findCategoryIds(db, clientId, [...(form.category_id ? [form.category_id] : []), ...form.categories])
      : undefined,
    checks.templates ? findTemplateIds(db, clientId, form.checklist_templates) : undefined,
    checks.assets ? findScheduleAssetChecks(db, assetScope, workspaceId, form.assets) : undefined,
  ]);
  if (workers) {
    const available = workers;
    if (form.assignee_id && !available.has(form.assignee_id)) fields.assignee_id = 'assignee_not_available';
    for (const field of ['watchers', 'replacements'] as const) {
      const index = form[field].findIndex((id) => !available.has(id));
      if (index >= 0) fields[`${field}.${index}`] = 'assignee_not_available';
    }
  }
  if (categories) {
    if (form.category_id && !categories.has(form.category_id)) fields.category_id = 'not_found';
    const index = form.categories.findIndex((id) => !categories.has(id));
    if (index >= 0) fields[`categories.${index}`] = 'not_found';
  }
  if (templates) {
    const index = form.checklist_templates.findIndex((id) => !templates.has(id));
    if (index >= 0) fields[`checklist_templates.${index}`] = 'not_found';
  }
  if (assets) {
    for (const [index, id] of form.assets.entries()) {
      const asset = assets.get(id);
      const key = !asset
        ? 'not_found'
        : !asset.within
          ? 'not_same_workspace'
          : asset.status === ASSET_STATUS.ARCHIVED
            ? 'asset_archived'
            : undefined;
      if (key) {
        fields[`assets.${index}`] = key;
        break;
      }
    }
  }
  const [first] = Object.entries(fields);
  if (first)
    throw new AppError(422, first[1] as never, 'The schedule names something that does not fit', fields);
}
