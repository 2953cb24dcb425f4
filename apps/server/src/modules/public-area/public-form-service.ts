import {
  applyPublicFormTemplate,
  normalisePublicForm,
  PUBLIC_FORM_TEMPLATE_KEYS,
  type PublicFormConfig,
  type PublicFormConfigResponse,
  type PublicFormTemplateKey,
  type PublicFormType,
  publicFormTemplate,
  type ZPublicFormRequestSchema,
  type ZPublicFormTemplateListSchema,
} from '@workbench/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { logActivity } from '../activity/activity-log.js';
import { readPublicFormConfig } from './public-forms.js';

/**
 * The public page configurator (public_page_configurator/{type}; settings tab public-forms):
 * an organisation's admins read and save the form of a type, or start from a preset. The
 * contract lets admins only through; every form is the caller's own organisation's.
 */

type FormBody = z.output<typeof ZPublicFormRequestSchema>;
type TemplateList = z.output<typeof ZPublicFormTemplateListSchema>;

const present = (form: PublicFormConfig, updatedAt: Date | null): PublicFormConfigResponse => ({
  ...form,
  updated_at: updatedAt?.toISOString() ?? null,
});

/** GET public_page_configurator/{type}: the saved form, or the default until one is saved. */
export async function getPublicFormConfig(
  ctx: AppContext,
  auth: Auth,
  type: PublicFormType,
): Promise<PublicFormConfigResponse> {
  const { form, updatedAt } = await readPublicFormConfig(ctx.db, auth.clientId, type);
  return present(form, updatedAt);
}

/** A form as it is stored: its type is the row's. */
const withoutType = ({ type: _type, ...config }: PublicFormConfig) => config;

/** The top-level settings a save changed, each with its value before and after (the activity log). */
function changesOf(before: PublicFormConfig, after: PublicFormConfig): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as Array<keyof PublicFormConfig>) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changes[key] = { from: before[key], to: after[key] };
    }
  }
  return changes;
}

/**
 * Writes the form of a type (normalised) in one transaction with its activity entry, the
 * organisation's current form locked meanwhile; `next` makes the new form from the current one.
 */
async function writeForm(
  ctx: AppContext,
  auth: Auth,
  type: PublicFormType,
  action: string,
  next: (current: PublicFormConfig) => PublicFormConfig,
  extra: Record<string, unknown> = {},
): Promise<PublicFormConfigResponse> {
  return ctx.db.transaction().execute(async (trx) => {
    // Two admins saving at once take turns (a preset is applied to the form the other saved).
    await trx
      .selectFrom('public_forms')
      .select('type')
      .where('client_id', '=', auth.clientId)
      .where('type', '=', type)
      .forUpdate()
      .execute();
    const { form: current } = await readPublicFormConfig(trx, auth.clientId, type);
    const form = normalisePublicForm(type, withoutType(next(current)));
    const now = new Date();
    const saved = await trx
      .insertInto('public_forms')
      .values({
        client_id: auth.clientId,
        type,
        config: JSON.stringify(withoutType(form)),
        updated_by: auth.userId,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['client_id', 'type']).doUpdateSet({
          config: JSON.stringify(withoutType(form)),
          updated_by: auth.userId,
          updated_at: now,
        }),
      )
      .returning('updated_at')
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'client',
      entityId: auth.clientId,
      action,
      changes: { form_type: type, ...extra, ...changesOf(current, form) },
    });
    return present(form, saved.updated_at);
  });
}

/** POST public_page_configurator/{type}: the whole configuration, made consistent, saved and answered. */
export function savePublicFormConfig(
  ctx: AppContext,
  auth: Auth,
  type: PublicFormType,
  body: FormBody,
): Promise<PublicFormConfigResponse> {
  return writeForm(ctx, auth, type, 'public_form_saved', () => ({ type, ...body }));
}

/** GET public_page_configurator/templates/{type}: the presets of the type, the default first. */
export function listPublicFormTemplates(type: PublicFormType): TemplateList {
  return {
    data: PUBLIC_FORM_TEMPLATE_KEYS.map((key) => ({ key, form: publicFormTemplate(type, key) })),
  };
}

/** POST public_page_configurator/templates/{type}: a preset becomes the form; texts, colour and logo stay. */
export function applyPublicFormTemplateTo(
  ctx: AppContext,
  auth: Auth,
  type: PublicFormType,
  template: PublicFormTemplateKey,
): Promise<PublicFormConfigResponse> {
  return writeForm(
    ctx,
    auth,
    type,
    'public_form_template_applied',
    (current) => applyPublicFormTemplate(current, template),
    { template },
  );
}
