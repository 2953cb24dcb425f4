import { z } from 'zod';
import { UI_LANGUAGES } from '../i18n/languages.js';
import { TRANSLATION_TEXT_MAX } from './translation.js';

// The calls' shapes, apart from the rules (translation.ts) so web pages that read a rule do not
// bundle zod.

/**
 * 000 §7: the body names the fields to translate (title and description, or name and
 * description). The server always translates the stored texts, so a field's value only says
 * "this one" (the web sends the texts it shows); none named: all of them. The target language
 * is the reader's unless given.
 */
const ZFieldFlag = z
  .union([z.string().max(TRANSLATION_TEXT_MAX, 'too_long'), z.boolean(), z.null()])
  .optional();

export const ZTranslateIssueBodySchema = z
  .object({
    title: ZFieldFlag,
    description: ZFieldFlag,
    language: z.enum(UI_LANGUAGES, { error: 'unsupported_language' }).optional(),
  })
  .meta({ id: 'TranslateIssueRequest' });

export const ZTranslateWorkspaceBodySchema = z
  .object({
    name: ZFieldFlag,
    description: ZFieldFlag,
    language: z.enum(UI_LANGUAGES, { error: 'unsupported_language' }).optional(),
  })
  .meta({ id: 'TranslateWorkspaceRequest' });

export const ZTranslateIssueResponseSchema = z
  .object({
    success: z.boolean(),
    language: z.enum(UI_LANGUAGES),
    /** Whether the answer came from the cache (no provider call). */
    cached: z.boolean(),
    trans: z.object({
      title: z.string().nullable().optional(),
      description: z.string().nullable().optional(),
    }),
  })
  .meta({ id: 'TranslateIssueResponse' });
export type TranslateIssueResponse = z.infer<typeof ZTranslateIssueResponseSchema>;

export const ZTranslateWorkspaceResponseSchema = z
  .object({
    success: z.boolean(),
    language: z.enum(UI_LANGUAGES),
    cached: z.boolean(),
    trans: z.object({
      name: z.string().nullable().optional(),
      description: z.string().nullable().optional(),
    }),
  })
  .meta({ id: 'TranslateWorkspaceResponse' });
export type TranslateWorkspaceResponse = z.infer<typeof ZTranslateWorkspaceResponseSchema>;

/** Whether this installation translates (the web hides the switch when not). */
export const ZTranslationStatusSchema = z
  .object({
    configured: z.boolean(),
    provider: z.enum(['libretranslate', 'deepl']).nullable(),
  })
  .meta({ id: 'TranslationStatus' });
export type TranslationStatus = z.infer<typeof ZTranslationStatusSchema>;
