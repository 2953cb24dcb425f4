import { z } from 'zod';
import {
  PAGE_DEFAULT,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_OPTIONS,
  TEXT_FIELD_MAX,
  TEXT_TEMPLATE_TEXT_MAX,
} from '../limits.js';
import { pagedEnvelope } from '../lists/paged.js';
import type { UserRole } from '../users/user.js';

/**
 * Text templates (001 §2 "Checklists and templates", §3 "Text template": id, text, category):
 * snippets the text fields offer while typing. Paths are not in the spec; ours are
 * GET/POST text-templates and GET/PUT/DELETE text-templates/{id}.
 */
export const TEXT_TEMPLATE_SORT_FIELDS = ['created', 'updated', 'name'] as const;
export type TextTemplateSortField = (typeof TEXT_TEMPLATE_SORT_FIELDS)[number];
export const TEXT_TEMPLATE_LIST_DEFAULTS = {
  category_id: 0,
  search: '',
  page: PAGE_DEFAULT,
  paginate_by: PAGE_SIZE_DEFAULT,
  sort_by: 'updated',
  sort_direction: 'desc',
} as const;

/**
 * Who manages text templates: admins and workspace managers (the same rule as checklist
 * templates); everyone of the organisation reads them and gets them as suggestions.
 */
export function canManageTextTemplates(user: { role: UserRole; managesAnyWorkspace: boolean }): boolean {
  return user.role === 'admin' || user.managesAnyWorkspace;
}

/**
 * GET text-templates query. Unsupported values fall back to the defaults (000 §2 "List
 * screens"); category_id 0 means every category. sort_by name sorts by the text.
 */
export const ZTextTemplateListQuerySchema = z.object({
  category_id: z.coerce.number().int().min(0).max(2_147_483_647).catch(0).default(0),
  search: z.string().trim().max(TEXT_FIELD_MAX).catch('').default(''),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(PAGE_DEFAULT).default(PAGE_DEFAULT),
  paginate_by: z.coerce
    .number()
    .pipe(z.union(PAGE_SIZE_OPTIONS.map((n) => z.literal(n))))
    .catch(PAGE_SIZE_DEFAULT)
    .default(PAGE_SIZE_DEFAULT),
  sort_by: z.enum(TEXT_TEMPLATE_SORT_FIELDS).catch('updated').default('updated'),
  sort_direction: z.enum(['asc', 'desc']).catch('desc').default('desc'),
});
export type TextTemplateListQuery = z.infer<typeof ZTextTemplateListQuerySchema>;

/** Reads list parameters (a URL's or a request's), every unsupported value at its default. */
export function readTextTemplateListQuery(params: Record<string, unknown>): TextTemplateListQuery {
  return ZTextTemplateListQuerySchema.parse(params);
}

const ZTemplateCategory = z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable() });

/** A text template as the list and the detail show it. */
export const ZTextTemplateSchema = z
  .object({
    id: z.number().int(),
    text: z.string(),
    category_id: z.number().int().nullable(),
    category: ZTemplateCategory.nullable(),
    created_by: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'TextTemplate' });
export type TextTemplate = z.infer<typeof ZTextTemplateSchema>;

export const ZTextTemplateListResponseSchema = pagedEnvelope(ZTextTemplateSchema);
export type TextTemplateListResponse = z.infer<typeof ZTextTemplateListResponseSchema>;

/** The least the autocomplete needs (GET config?get_only=templates): id, text, category. */
export const ZTextTemplateSuggestionSchema = z
  .object({ id: z.number().int(), text: z.string(), category: ZTemplateCategory.nullable() })
  .meta({ id: 'TextTemplateSuggestion' });
export type TextTemplateSuggestion = z.infer<typeof ZTextTemplateSuggestionSchema>;

const ZText = z.string('required').trim().min(1, 'required').max(TEXT_TEMPLATE_TEXT_MAX, 'too_long');
const ZCategoryId = z.number('invalid_format').int('invalid_format').positive('invalid_format').nullable();

/** POST text-templates. */
export const ZCreateTextTemplateRequestSchema = z
  .object({ text: ZText, category_id: ZCategoryId.optional().transform((v) => v ?? null) })
  .meta({ id: 'CreateTextTemplateRequest' });
export type CreateTextTemplateRequest = z.infer<typeof ZCreateTextTemplateRequestSchema>;

/** PUT text-templates/{id}. */
export const ZUpdateTextTemplateRequestSchema = z
  .object({ text: ZText.optional(), category_id: ZCategoryId.optional() })
  .meta({ id: 'UpdateTextTemplateRequest' });
export type UpdateTextTemplateRequest = z.infer<typeof ZUpdateTextTemplateRequestSchema>;
