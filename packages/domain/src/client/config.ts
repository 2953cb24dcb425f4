import { z } from 'zod';
import { ISSUE_STATUSES } from '../issues/statuses.js';
import { MENU_ITEMS } from '../menu/menu.js';
import { ZTextTemplateSuggestionSchema } from '../templates/text-templates.js';
import { ZClientSchema } from './client.js';

/** Parts GET config?get_only=... may name (000 §7). */
export const CONFIG_PARTS = [
  'client',
  'categories',
  'templates',
  'menu',
  'issue_flow',
  'filters',
  'session_durations',
  'onboarding_progress',
  'privacy_policy_consent',
] as const;
export type ConfigPart = (typeof CONFIG_PARTS)[number];

export const ZConfigQuerySchema = z.object({
  get_only: z
    .string()
    .optional()
    .describe(`Comma-separated parts: ${CONFIG_PARTS.join(', ')}; all when absent`),
});

export const ZCategorySchema = z
  .object({ id: z.number().int(), name: z.string(), color: z.string().nullable() })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof ZCategorySchema>;

export const ZConfigResponseSchema = z
  .object({
    client: ZClientSchema.optional(),
    categories: z.array(ZCategorySchema).optional(),
    /** Text templates for the autocomplete (001 §9: at most 2000), newest first. */
    templates: z.array(ZTextTemplateSuggestionSchema).optional(),
    menu: z.array(z.object({ key: z.enum(MENU_ITEMS.map((m) => m.key)), path: z.string() })).optional(),
    issue_flow: z
      .object({
        statuses: z.array(z.object({ id: z.number().int(), name: z.string(), shown_as: z.string() })),
      })
      .optional(),
    filters: z
      .array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          description: z.string().nullable(),
          filter_type: z.string(),
          query_string: z.string(),
          is_favorite: z.boolean(),
        }),
      )
      .optional(),
    session_durations: z
      .array(z.object({ key: z.enum(['default', 'remember_me']), seconds: z.number().int() }))
      .optional(),
    onboarding_progress: z
      .object({ completed_steps: z.array(z.string()), dismissed: z.boolean() })
      .optional(),
    privacy_policy_consent: z.object({ consented_at: z.string().nullable() }).optional(),
  })
  .meta({ id: 'Config' });
export type ConfigResponse = z.infer<typeof ZConfigResponseSchema>;

export const ISSUE_FLOW = { statuses: ISSUE_STATUSES.map((s) => ({ ...s })) };

/** Reads get_only; unknown part names are refused so a typo does not silently return nothing. */
export function parseConfigParts(getOnly: string | undefined): { parts: ConfigPart[]; unknown: string[] } {
  if (!getOnly?.trim()) return { parts: [...CONFIG_PARTS], unknown: [] };
  const names = getOnly
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const parts = names.filter((n): n is ConfigPart => (CONFIG_PARTS as readonly string[]).includes(n));
  const unknown = names.filter((n) => !(CONFIG_PARTS as readonly string[]).includes(n));
  return { parts: [...new Set(parts)], unknown };
}
