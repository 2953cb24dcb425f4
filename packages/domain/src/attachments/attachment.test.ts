import { describe, expect, it } from 'vitest';
import {
  unusedAttachmentFields,
  ZAttachmentCommentRequestSchema,
  ZAttachmentFieldsSchema,
  ZAttachmentOrderSchema,
} from './attachment.js';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('attachment fields', () => {
  it('description at most 255 characters (trimmed), priorities 0, 2-5, deadlines in seconds', () => {
    expect(ZAttachmentFieldsSchema.parse({ description: `  ${'x'.repeat(255)}  ` }).description).toHaveLength(
      255,
    );
    expect(firstMessage(ZAttachmentFieldsSchema.safeParse({ description: 'x'.repeat(256) }))).toBe(
      'too_long',
    );
    for (const priority of [0, 2, 3, 4, 5]) {
      expect(ZAttachmentFieldsSchema.safeParse({ priority_id: priority }).success).toBe(true);
    }
    expect(firstMessage(ZAttachmentFieldsSchema.safeParse({ priority_id: 1 }))).toBe('invalid_format');
    expect(ZAttachmentFieldsSchema.parse({ due_date: null, description: null })).toEqual({
      due_date: null,
      description: null,
    });
    expect(firstMessage(ZAttachmentFieldsSchema.safeParse({ due_date: 1.5 }))).toBe('invalid_format');
  });

  it('reorder pairs and comments', () => {
    expect(ZAttachmentOrderSchema.parse([{ id: 3, index: 0 }])).toEqual([{ id: 3, index: 0 }]);
    expect(firstMessage(ZAttachmentOrderSchema.safeParse([{ id: 3, index: -1 }]))).toBe('invalid_format');
    expect(ZAttachmentCommentRequestSchema.parse({ comment: ' Rusty ', attachment_id: '7' })).toEqual({
      comment: 'Rusty',
      attachment_id: 7,
    });
    expect(firstMessage(ZAttachmentCommentRequestSchema.safeParse({ comment: ' ', attachment_id: 7 }))).toBe(
      'required',
    );
  });
});

describe('attachment fields an organisation does not use', () => {
  const off = { attachment_priority: false, attachment_deadline: false };
  const on = { attachment_priority: true, attachment_deadline: true };
  it('names a priority or deadline sent where the settings leave them out; clearing is always fine', () => {
    expect(unusedAttachmentFields({ priority_id: 4, due_date: 1_900_000_000 }, off)).toEqual([
      'priority_id',
      'due_date',
    ]);
    expect(unusedAttachmentFields({ priority_id: null, due_date: null }, off)).toEqual([]);
    expect(unusedAttachmentFields({}, off)).toEqual([]);
    expect(unusedAttachmentFields({ priority_id: 4, due_date: 1_900_000_000 }, on)).toEqual([]);
    expect(unusedAttachmentFields({ priority_id: 3 }, { ...off, attachment_deadline: true })).toEqual([
      'priority_id',
    ]);
    expect(unusedAttachmentFields({ priority_id: 0 }, off)).toEqual([]);
  });
});
