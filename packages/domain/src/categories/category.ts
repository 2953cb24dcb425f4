import { z } from 'zod';
import { TEXT_FIELD_MAX } from '../limits.js';
import type { UserRole } from '../users/user.js';

/**
 * Categories (000 §2 /dashboard/categories, §7 GET category/): one list per organisation, used
 * by issues (main category and a list), filters and templates.
 */
export const CATEGORY_NAME_MAX = TEXT_FIELD_MAX;

/**
 * Who manages categories: admins only. They are organisation-wide set-up (like PUT client/{id},
 * which 000 §6 gives to admins alone): a workspace manager's say ends at their workspaces, and a
 * renamed or deleted category changes every workspace's issues and filters. Everyone reads them.
 */
export function canManageCategories(user: { role: UserRole }): boolean {
  return user.role === 'admin';
}

/** Category names compare without case and surrounding spaces: 'Electrical' and ' electrical' are one. */
export function categoryNameKey(name: string): string {
  return name.trim().toLowerCase();
}

const ZHexColor = z.string('invalid_format').regex(/^#[0-9a-fA-F]{6}$/, 'invalid_format');
const ZCategoryName = z.string('required').trim().min(1, 'required').max(CATEGORY_NAME_MAX, 'too_long');

/** A category of GET category/, with how many issues (not deleted) carry it as main category. */
export const ZCategoryItemSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    color: z.string().nullable(),
    issues_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'CategoryItem' });
export type CategoryItem = z.infer<typeof ZCategoryItemSchema>;
export const ZCategoryListResponseSchema = z.array(ZCategoryItemSchema);

/** POST category/. */
export const ZCreateCategoryRequestSchema = z
  .object({ name: ZCategoryName, color: ZHexColor.nullish().transform((v) => v ?? null) })
  .meta({ id: 'CreateCategoryRequest' });
export type CreateCategoryRequest = z.infer<typeof ZCreateCategoryRequestSchema>;

/** PUT category/{id}: rename and/or recolour. */
export const ZUpdateCategoryRequestSchema = z
  .object({ name: ZCategoryName.optional(), color: ZHexColor.nullable().optional() })
  .meta({ id: 'UpdateCategoryRequest' });
export type UpdateCategoryRequest = z.infer<typeof ZUpdateCategoryRequestSchema>;
