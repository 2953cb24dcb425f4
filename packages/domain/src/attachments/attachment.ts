import { z } from 'zod';
import { ATTACHMENT_DESCRIPTION_MAX } from '../limits.js';

/** Attachment priorities (001 §3): none (0), low (2), medium (3), high (4), urgent (5). */
export const ATTACHMENT_PRIORITY_IDS = [0, 2, 3, 4, 5] as const;
/** Comments on one attachment (our bound, as the issue comments of 000 §5). */
export const ATTACHMENT_COMMENT_MAX = 5000;
/** Attachments one reorder call may name. */
export const ATTACHMENT_ORDER_MAX = 500;

const ZId = z.number().int();
const ZPositiveId = z
  .number('required')
  .int('invalid_format')
  .positive('invalid_format')
  .max(2_147_483_647, 'invalid_format');

/**
 * An attachment as every owner presents it (000 §3 "Attachment (shared)", 001 §3 Attachment):
 * issue, comment, checklist item. Dates are seconds since the epoch, as the spec's gallery reads them.
 */
export const ZAttachmentSchema = z
  .object({
    id: ZId,
    name: z.string(),
    original_filename: z.string(),
    file_name: z.string(),
    mime_type: z.string(),
    media_type: z.enum(['picture', 'document']),
    url: z.string(),
    /** 200 px wide (images only). */
    web_mob_thumbnail_url: z.string().nullable(),
    /** 1024 px wide (images only). */
    thumbnail_1024_url: z.string().nullable(),
    description: z.string().nullable(),
    priority_id: z.number().int().nullable(),
    due_date: z.number().int().nullable(),
    index: z.number().int(),
    size_bytes: z.number().int(),
    created_at: z.number().int(),
    updated_at: z.number().int(),
    user: z.object({ id: ZId, full_name: z.string(), profile_image: z.string().nullable() }).nullable(),
    allowedToEdit: z.boolean(),
    allowedToDelete: z.boolean(),
    allowedToRemove: z.boolean(),
  })
  .meta({ id: 'Attachment' });
export type Attachment = z.infer<typeof ZAttachmentSchema>;

export const ZAttachmentListResponseSchema = z
  .object({ data: z.array(ZAttachmentSchema) })
  .meta({ id: 'AttachmentListResponse' });

/** The editable fields of one attachment (description ≤ 255, priority, deadline in seconds). */
export const attachmentFieldsShape = {
  description: z
    .string('invalid_format')
    .trim()
    .max(ATTACHMENT_DESCRIPTION_MAX, 'too_long')
    .nullable()
    .optional(),
  priority_id: z
    .number('invalid_format')
    .int('invalid_format')
    .refine((v) => (ATTACHMENT_PRIORITY_IDS as readonly number[]).includes(v), 'invalid_format')
    .nullable()
    .optional(),
  due_date: z.number('invalid_format').int('invalid_format').positive('invalid_format').nullable().optional(),
};
export const ZAttachmentFieldsSchema = z.object(attachmentFieldsShape);
export type AttachmentFields = z.output<typeof ZAttachmentFieldsSchema>;

/** PUT issue/{id} `attachments`: the new order, as {id, index} pairs. */
export const ZAttachmentOrderSchema = z
  .array(
    z.object({ id: ZPositiveId, index: z.number('required').int('invalid_format').min(0, 'invalid_format') }),
  )
  .max(ATTACHMENT_ORDER_MAX, 'too_long');

/** A comment on an attachment (001 §3 Comment). created_at in seconds. */
export const ZAttachmentCommentSchema = z
  .object({
    id: ZId,
    comment: z.string(),
    created_at: z.number().int(),
    user: z
      .object({
        id: ZId,
        first_name: z.string(),
        last_name: z.string(),
        language: z.string(),
        profile_image: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'AttachmentComment' });
export type AttachmentComment = z.infer<typeof ZAttachmentCommentSchema>;

export const ZAttachmentCommentRequestSchema = z
  .object({
    comment: z.string('required').trim().min(1, 'required').max(ATTACHMENT_COMMENT_MAX, 'too_long'),
    attachment_id: z.coerce.number('required').pipe(ZPositiveId),
  })
  .meta({ id: 'AttachmentCommentRequest' });

export const ZAttachmentCommentQuerySchema = z.object({
  attachment_id: z.coerce.number('required').pipe(ZPositiveId),
});

export const ZAttachmentCommentListResponseSchema = z
  .object({ data: z.array(ZAttachmentCommentSchema) })
  .meta({ id: 'AttachmentCommentListResponse' });
export const ZAttachmentCommentResponseSchema = z
  .object({ data: ZAttachmentCommentSchema })
  .meta({ id: 'AttachmentCommentResponse' });

/**
 * The attachment fields an organisation does not use (client settings attachment_priority and
 * attachment_deadline): a priority or deadline sent there is refused rather than kept unseen.
 * Clearing one (null, or priority 0 "none") is always allowed.
 */
export function unusedAttachmentFields(
  fields: Pick<AttachmentFields, 'priority_id' | 'due_date'>,
  settings: { attachment_priority: boolean; attachment_deadline: boolean },
): Array<'priority_id' | 'due_date'> {
  const unused: Array<'priority_id' | 'due_date'> = [];
  // Priority 0 is "none" (001 §9), the same as clearing it.
  if (!settings.attachment_priority && fields.priority_id) unused.push('priority_id');
  if (!settings.attachment_deadline && fields.due_date !== undefined && fields.due_date !== null)
    unused.push('due_date');
  return unused;
}
