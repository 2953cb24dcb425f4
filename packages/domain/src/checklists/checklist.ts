import { z } from 'zod';
import { ZAttachmentSchema } from '../attachments/attachment.js';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from '../limits.js';
import { pagedEnvelope } from '../lists/paged.js';
import { canManageTextTemplates } from '../templates/text-templates.js';

/**
 * Checklists on issues and checklist templates (001 §2 "Checklists and templates", §3 "Checklist
 * and item", §5 "Checklist item update", §7 Checklists, §9).
 */

/** An item's status_id: open until ticked. */
export const CHECKLIST_ITEM_STATUS = { open: 1, done: 2 } as const;
export type ChecklistItemStatusId = (typeof CHECKLIST_ITEM_STATUS)[keyof typeof CHECKLIST_ITEM_STATUS];

export const CHECKLIST_TITLE_MAX = 255;
export const CHECKLIST_ITEM_TITLE_MAX = 255;
/** Item descriptions are text areas: the default text-area limit of 001 §9. */
export const CHECKLIST_ITEM_DESCRIPTION_MAX = 300;
export const CHECKLIST_TEMPLATE_NAME_MAX = 255;
/** Not a spec number: keeps one checklist (and one template) a list a person can work through. */
export const CHECKLIST_ITEMS_MAX = 200;

export const CHECKLIST_TEMPLATE_SORT_FIELDS = ['created', 'updated', 'name'] as const;
export type ChecklistTemplateSortField = (typeof CHECKLIST_TEMPLATE_SORT_FIELDS)[number];

/** Admins and workspace managers keep the organisation's templates, the same rule as text templates. */
export const canManageChecklistTemplates = canManageTextTemplates;

/** Progress of a checklist as shown beside its title (3/5). */
export function checklistProgress(items: ReadonlyArray<{ status_id: number }>): {
  done: number;
  total: number;
} {
  return {
    done: items.filter((item) => item.status_id === CHECKLIST_ITEM_STATUS.done).length,
    total: items.length,
  };
}

/**
 * Moves one element of an ordered list to a new index (clamped), the others closing up around
 * it: how an item's `index` is applied on the server and how a drag is shown at once on the web.
 */
export function moveToIndex<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const [moved] = next.splice(from, 1) as [T];
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

const ZDbId = z
  .number('invalid_format')
  .int('invalid_format')
  .positive('invalid_format')
  .max(2_147_483_647, 'invalid_format');
const ZTitle = (max: number) => z.string('required').trim().min(1, 'required').max(max, 'too_long');
const ZDescription = z
  .string('invalid_format')
  .trim()
  .max(CHECKLIST_ITEM_DESCRIPTION_MAX, 'too_long')
  .nullable()
  .transform((value) => value || null);
const ZIndex = z.number('invalid_format').int('invalid_format').min(0, 'invalid_format');
const ZItemStatus = z.union(
  [z.literal(CHECKLIST_ITEM_STATUS.open), z.literal(CHECKLIST_ITEM_STATUS.done)],
  'invalid_format',
);

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const ZChecklistItemSchema = z
  .object({
    id: z.number().int(),
    checklist_id: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    status_id: z.number().int(),
    is_done: z.boolean(),
    index: z.number().int(),
    /** Attachment JSON of the shared attachment contract, in their order. */
    attachments: z.array(ZAttachmentSchema),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ChecklistItem' });
export type ChecklistItem = z.infer<typeof ZChecklistItemSchema>;

export const ZChecklistSchema = z
  .object({
    id: z.number().int(),
    issue_id: z.number().int(),
    title: z.string(),
    index: z.number().int(),
    items: z.array(ZChecklistItemSchema),
    items_count: z.number().int(),
    done_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Checklist' });
export type Checklist = z.infer<typeof ZChecklistSchema>;

export const ZChecklistListResponseSchema = z.object({ data: z.array(ZChecklistSchema) });
export type ChecklistListResponse = z.infer<typeof ZChecklistListResponseSchema>;

export const ZChecklistTemplateItemSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    index: z.number().int(),
  })
  .meta({ id: 'ChecklistTemplateItem' });
export type ChecklistTemplateItem = z.infer<typeof ZChecklistTemplateItemSchema>;

export const ZChecklistTemplateSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    category_id: z.number().int().nullable(),
    category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    items: z.array(ZChecklistTemplateItemSchema),
    items_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ChecklistTemplate' });
export type ChecklistTemplate = z.infer<typeof ZChecklistTemplateSchema>;

export const ZChecklistTemplateListResponseSchema = pagedEnvelope(ZChecklistTemplateSchema);
export type ChecklistTemplateListResponse = z.infer<typeof ZChecklistTemplateListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const ZNewItem = z.object({
  title: ZTitle(CHECKLIST_ITEM_TITLE_MAX),
  description: ZDescription.optional(),
});

/** POST issue/{id}/checklists: a title, optionally its first items. */
export const ZCreateChecklistRequestSchema = z
  .object({
    title: ZTitle(CHECKLIST_TITLE_MAX),
    items: z.array(ZNewItem, 'invalid_format').max(CHECKLIST_ITEMS_MAX, 'too_long').optional(),
  })
  .meta({ id: 'CreateChecklistRequest' });
export type CreateChecklistRequest = z.input<typeof ZCreateChecklistRequestSchema>;

/** PUT issue/{id}/checklists/{checklistId}: rename, or move among the issue's checklists. */
export const ZUpdateChecklistRequestSchema = z
  .object({ title: ZTitle(CHECKLIST_TITLE_MAX).optional(), index: ZIndex.optional() })
  .meta({ id: 'UpdateChecklistRequest' });
export type UpdateChecklistRequest = z.input<typeof ZUpdateChecklistRequestSchema>;

/** POST issue/{id}/checklist/{checklistId}/items: appended unless an index is given. */
export const ZCreateChecklistItemRequestSchema = z
  .object({
    title: ZTitle(CHECKLIST_ITEM_TITLE_MAX),
    description: ZDescription.optional(),
    index: ZIndex.optional(),
    status_id: ZItemStatus.optional(),
  })
  .meta({ id: 'CreateChecklistItemRequest' });
export type CreateChecklistItemRequest = z.input<typeof ZCreateChecklistItemRequestSchema>;

/**
 * PUT .../items/{itemId} (001 §5 "Checklist item update": title, description, index, optional
 * status_id). Absent fields stay as they are; an index moves the item and renumbers the others.
 */
export const ZUpdateChecklistItemRequestSchema = z
  .object({
    title: ZTitle(CHECKLIST_ITEM_TITLE_MAX).optional(),
    description: ZDescription.optional(),
    index: ZIndex.optional(),
    status_id: ZItemStatus.optional(),
  })
  .meta({ id: 'UpdateChecklistItemRequest' });
export type UpdateChecklistItemRequest = z.input<typeof ZUpdateChecklistItemRequestSchema>;

/**
 * POST convert-checklist-item-to-issue-or-subtask/{checklistItemId}. `type` decides: 'subtask'
 * makes a sub-issue of the checklist's issue, 'issue' a separate issue (in the checklist issue's
 * workspace unless another is named). Title and description default to the item's.
 */
export const ZConvertChecklistItemRequestSchema = z
  .object({
    type: z.enum(['issue', 'subtask'], 'invalid_format'),
    workspace_id: ZDbId.optional(),
    title: z.string('invalid_format').max(10_000, 'too_long').optional(),
    description: z.string('invalid_format').max(5000, 'too_long').nullable().optional(),
  })
  .meta({ id: 'ConvertChecklistItemRequest' });
export type ConvertChecklistItemRequest = z.input<typeof ZConvertChecklistItemRequestSchema>;

/** POST checklist-templates/save-checklist-as-template/{id}: the name defaults to the checklist's title. */
export const ZSaveChecklistAsTemplateRequestSchema = z
  .object({
    name: ZTitle(CHECKLIST_TEMPLATE_NAME_MAX).optional(),
    category_id: ZDbId.nullable().optional(),
  })
  .meta({ id: 'SaveChecklistAsTemplateRequest' });
export type SaveChecklistAsTemplateRequest = z.input<typeof ZSaveChecklistAsTemplateRequestSchema>;

/** POST checklist-templates: a name, a category, the items in order. */
export const ZCreateChecklistTemplateRequestSchema = z
  .object({
    name: ZTitle(CHECKLIST_TEMPLATE_NAME_MAX),
    category_id: ZDbId.nullable().optional(),
    items: z.array(ZNewItem, 'invalid_format').max(CHECKLIST_ITEMS_MAX, 'too_long').default([]),
  })
  .meta({ id: 'CreateChecklistTemplateRequest' });
export type CreateChecklistTemplateRequest = z.input<typeof ZCreateChecklistTemplateRequestSchema>;

/**
 * PUT checklist-templates/{id}: `items`, when sent, is the whole new list in order (an entry with
 * the id of an existing item keeps it, one without adds it, a missing one is removed).
 */
export const ZUpdateChecklistTemplateRequestSchema = z
  .object({
    name: ZTitle(CHECKLIST_TEMPLATE_NAME_MAX).optional(),
    category_id: ZDbId.nullable().optional(),
    items: z
      .array(ZNewItem.extend({ id: ZDbId.optional() }), 'invalid_format')
      .max(CHECKLIST_ITEMS_MAX, 'too_long')
      .optional(),
  })
  .meta({ id: 'UpdateChecklistTemplateRequest' });
export type UpdateChecklistTemplateRequest = z.input<typeof ZUpdateChecklistTemplateRequestSchema>;

const ZPageSize = z.coerce
  .number('invalid_format')
  .int('invalid_format')
  .refine((n) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(n), 'invalid_format');

/** GET checklist-templates (001 §2: category filter only; sort updated, checklist templates descending). */
export const ZChecklistTemplateListQuerySchema = z.object({
  category_id: z.coerce.number('invalid_format').int('invalid_format').positive('invalid_format').optional(),
  search: z.string().trim().max(255, 'too_long').optional(),
  page: z.coerce.number('invalid_format').int('invalid_format').min(1, 'invalid_format').default(1),
  paginate_by: ZPageSize.default(PAGE_SIZE_DEFAULT),
  sort_by: z.enum(CHECKLIST_TEMPLATE_SORT_FIELDS, 'invalid_format').default('updated'),
  sort_direction: z.enum(['asc', 'desc'], 'invalid_format').default('desc'),
});
export type ChecklistTemplateListQuery = z.output<typeof ZChecklistTemplateListQuerySchema>;
