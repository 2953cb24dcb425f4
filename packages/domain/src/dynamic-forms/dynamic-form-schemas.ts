import { z } from 'zod';
import { UI_LANGUAGES } from '../i18n/languages.js';
import {
  checkFormDefinition,
  FORM_FIELD_KINDS,
  FORM_KEY_MAX,
  FORM_KEY_PATTERN,
  FORM_LABEL_MAX,
  FORM_LONG_TEXT_MAX,
  FORM_MAX_FIELDS,
  FORM_MAX_OPTIONS,
  FORM_NUMBER_LIMIT,
  FORM_PHOTOS_MAX,
  FORM_TEXT_MAX,
  type FormDefinition,
} from './dynamic-form.js';

// The calls' shapes, apart from the rules (dynamic-form.ts) so the web's pages that check
// answers do not bundle zod.

const ZFormKey = z.string().trim().min(1).max(FORM_KEY_MAX).regex(FORM_KEY_PATTERN, 'invalid_format');

/** A text per language; empty ones are left out. */
export const ZFormLabelsSchema = z
  .partialRecord(z.enum(UI_LANGUAGES), z.string().trim().max(FORM_LABEL_MAX))
  .transform((labels) =>
    Object.fromEntries(Object.entries(labels).filter(([, text]) => !!text)),
  ) as unknown as z.ZodType<Partial<Record<(typeof UI_LANGUAGES)[number], string>>>;

const ZFormOptionSchema = z.object({ key: ZFormKey, label: ZFormLabelsSchema });

const ZLimit = z.number().finite().min(-FORM_NUMBER_LIMIT).max(FORM_NUMBER_LIMIT);

export const ZFormFieldSchema = z
  .object({
    key: ZFormKey,
    kind: z.enum(FORM_FIELD_KINDS),
    label: ZFormLabelsSchema,
    required: z.boolean().default(false),
    options: z.array(ZFormOptionSchema).max(FORM_MAX_OPTIONS).optional(),
    max_length: z.number().int().min(1).max(FORM_LONG_TEXT_MAX).optional(),
    min: ZLimit.optional(),
    max: ZLimit.optional(),
    max_photos: z.number().int().min(1).max(FORM_PHOTOS_MAX).optional(),
  })
  // Only the limits of its kind are kept (a text field has no options, a number no length).
  .transform((field) => {
    const { options, max_length, min, max, max_photos, ...base } = field;
    const kind = field.kind;
    return {
      ...base,
      ...(kind === 'choice' || kind === 'multiple_choice' ? { options: options ?? [] } : {}),
      ...((kind === 'text' || kind === 'long_text') && max_length !== undefined
        ? { max_length: kind === 'text' ? Math.min(max_length, FORM_TEXT_MAX) : max_length }
        : {}),
      ...(kind === 'number' && min !== undefined ? { min } : {}),
      ...(kind === 'number' && max !== undefined ? { max } : {}),
      ...(kind === 'photo' && max_photos !== undefined ? { max_photos } : {}),
    };
  });

/**
 * A design (POST workspace/{id}/form): keys unique, options for choice kinds, labels set, at
 * most FORM_MAX_FIELDS fields of FORM_MAX_OPTIONS options. The rule checks of dynamic-form.ts
 * answer with their keys at the field's path.
 */
export const ZFormDefinitionSchema = z
  .object({
    title: ZFormLabelsSchema.default({}),
    fields: z.array(ZFormFieldSchema).max(FORM_MAX_FIELDS),
  })
  .superRefine((definition, ctx) => {
    for (const [path, key] of Object.entries(checkFormDefinition(definition as FormDefinition))) {
      ctx.addIssue({
        code: 'custom',
        message: key,
        path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      });
    }
  });

/** POST workspace/{id}/form: the design; no fields removes the workspace's form. */
export const ZSaveWorkspaceFormSchema = ZFormDefinitionSchema;
export type SaveWorkspaceForm = z.input<typeof ZSaveWorkspaceFormSchema>;

const ZPerson = z.object({ id: z.number().int(), full_name: z.string() });

// Answers' shapes: plain (no transforms), as stored.
const ZLabelsOut = z.partialRecord(z.enum(UI_LANGUAGES), z.string());
export const ZFormFieldOutSchema = z
  .object({
    key: z.string(),
    kind: z.enum(FORM_FIELD_KINDS),
    label: ZLabelsOut,
    required: z.boolean(),
    options: z.array(z.object({ key: z.string(), label: ZLabelsOut })).optional(),
    max_length: z.number().int().optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    max_photos: z.number().int().optional(),
  })
  .meta({ id: 'FormFieldDefinition' });

export const ZWorkspaceFormSchema = z
  .object({
    workspace_id: z.number().int(),
    title: ZLabelsOut,
    fields: z.array(ZFormFieldOutSchema),
    updated_by: ZPerson.nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'WorkspaceForm' });

export const ZWorkspaceFormResponseSchema = z
  .object({ form: ZWorkspaceFormSchema.nullable() })
  .meta({ id: 'WorkspaceFormResponse' });
export type WorkspaceFormResponse = z.infer<typeof ZWorkspaceFormResponseSchema>;
export type WorkspaceForm = z.infer<typeof ZWorkspaceFormSchema>;

/** One answer value (the form's own rules check it: checkFormAnswers). */
const ZFormAnswer = z.union([
  z.string().max(FORM_LONG_TEXT_MAX * 2),
  z.number(),
  z.boolean(),
  z.array(z.string().max(FORM_KEY_MAX)).max(FORM_MAX_OPTIONS),
  z.array(z.number().int()).max(FORM_PHOTOS_MAX * 2),
  z.null(),
]);

/** Body {form} of the store and update calls: the answers by field key. */
export const ZFormAnswersBodySchema = z
  .object({ form: z.record(z.string().max(FORM_KEY_MAX), ZFormAnswer) })
  .meta({ id: 'FormAnswersRequest' });
export type FormAnswersBody = z.infer<typeof ZFormAnswersBodySchema>;

export const ZFormPhotoSchema = z
  .object({ id: z.number().int(), name: z.string(), url: z.string().nullable() })
  .meta({ id: 'FormPhoto' });
export type FormPhoto = z.infer<typeof ZFormPhotoSchema>;

/** A filled form of an issue or a schedule: its design snapshot, the answers, the photos named. */
export const ZFilledFormSchema = z
  .object({
    id: z.number().int(),
    issue_id: z.number().int().nullable(),
    schedule_id: z.number().int().nullable(),
    title: ZLabelsOut,
    fields: z.array(ZFormFieldOutSchema),
    answers: z.record(z.string(), ZFormAnswer),
    photos: z.array(ZFormPhotoSchema),
    updated_by: ZPerson.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'FilledForm' });
export type FilledForm = z.infer<typeof ZFilledFormSchema>;

/**
 * GET forms/issue/{issueId} and forms/schedule/{scheduleId} (ours): the filled form if any, the
 * workspace's current design to fill, and whether the caller may change them.
 */
export const ZEntityFormResponseSchema = z
  .object({
    form: ZFilledFormSchema.nullable(),
    workspace_form: ZWorkspaceFormSchema.nullable(),
    can_edit: z.boolean(),
  })
  .meta({ id: 'EntityFormResponse' });
export type EntityFormResponse = z.infer<typeof ZEntityFormResponseSchema>;

export const ZFilledFormResponseSchema = z
  .object({ form: ZFilledFormSchema })
  .meta({ id: 'FilledFormResponse' });

export const ZFormDeletedSchema = z.object({ success: z.literal(true) }).meta({ id: 'FormDeleted' });

export const ZFormUploadsResponseSchema = z
  .object({ data: z.array(ZFormPhotoSchema) })
  .meta({ id: 'FormUploadsResponse' });

export const ZFormIssueParamsSchema = z.object({ issueId: z.coerce.number().int().positive() });
export const ZFormScheduleParamsSchema = z.object({ scheduleId: z.coerce.number().int().positive() });
export const ZFormIdParamsSchema = z.object({ formId: z.coerce.number().int().positive() });
