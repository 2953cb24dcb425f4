import { z } from 'zod';
import { UI_LANGUAGES } from '../i18n/languages.js';
import { PUBLIC_FOUND_FIELDS, PUBLIC_REPORT_FIELDS } from './public-form.js';

/** The pieces of a public form that the public pages' answers carry (workspace, asset, equipment). */

export const ZPublicFormFieldSchema = z.object({
  key: z.enum([...PUBLIC_REPORT_FIELDS, ...PUBLIC_FOUND_FIELDS], 'invalid_format'),
  visible: z.boolean(),
  required: z.boolean(),
});
/** The admins' texts per language; null: the product's own text. */
export const ZPublicFormTextsOut = z.partialRecord(
  z.enum(UI_LANGUAGES),
  z.object({ title: z.string().nullable(), intro: z.string().nullable(), thank_you: z.string().nullable() }),
);

/**
 * What a public page gets of its form: the fields, texts (every language: the page picks),
 * looks and switches; never who configured it. For report forms, the categories it may offer.
 */
export const ZPublicFormSchema = z
  .object({
    enabled: z.boolean(),
    fields: z.array(ZPublicFormFieldSchema),
    texts: ZPublicFormTextsOut,
    logo: z.string().nullable(),
    primary_color: z.string().nullable(),
    allow_follow: z.boolean(),
    categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  })
  .meta({ id: 'PublicForm' });
export type PublicForm = z.infer<typeof ZPublicFormSchema>;
