import type { FastifyRequest } from 'fastify';
import { type AttachmentForm, readAttachmentForm } from '../attachments/attachment-upload.js';

const NUMBER_FIELDS = new Set([
  'workspace_id',
  'parent_id',
  'assignee_id',
  'priority_id',
  'accessibility_id',
  'category_id',
  'asset_id',
  'asset_group_id',
  // POST issue/{id}/status as multipart (mark done with a photo)
  'status_id',
  'worktime_seconds',
]);
const BOOLEAN_FIELDS = new Set(['is_attachment_required', 'is_worktime_required', 'is_public']);
const LIST_FIELDS = new Set(['categories', 'watchers', 'equipment_ids']);
const JSON_FIELDS = new Set(['translations']);

const asNumber = (value: string): number | string => (/^\d{1,15}$/.test(value) ? Number(value) : value);
function asBoolean(value: string): boolean | string {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
}

/** The attachment part of each multipart issue request, kept for the handler after validation. */
const attachmentForms = new WeakMap<FastifyRequest, AttachmentForm>();

/** The attachment entries and deletions read from this request's form (none for a JSON body). */
export function attachmentFormOf(request: FastifyRequest): AttachmentForm {
  return attachmentForms.get(request) ?? { fields: [], items: [], uploads: [], deleteIds: [] };
}

/**
 * The fields of a multipart issue form (000 §7 "POST issue (multipart)") read into the JSON
 * body the schema validates: numbers and booleans from their text, lists from repeated fields
 * (`categories`, `categories[]`, `categories[0]`) or a comma list, translations as JSON text.
 * Empty fields are left out, as the web sends only non-empty ones. The attachment entries
 * (`attachment[n][...]`, `delete_attachments[n]`) are kept aside for attachmentFormOf.
 */
export async function readIssueFormBody(request: FastifyRequest): Promise<Record<string, unknown>> {
  const form = await readAttachmentForm(request);
  attachmentForms.set(request, form);
  const body: Record<string, unknown> = {};
  for (const { name: fieldName, value: raw } of form.fields) {
    const value = raw.trim();
    const name = fieldName.replace(/\[\d*\]$/, '');
    if (value === '') continue;
    if (LIST_FIELDS.has(name)) {
      const list = (body[name] as unknown[] | undefined) ?? [];
      for (const item of value.split(',')) {
        if (item.trim()) list.push(asNumber(item.trim()));
      }
      body[name] = list;
    } else if (NUMBER_FIELDS.has(name)) {
      body[name] = value === 'null' ? null : asNumber(value);
    } else if (BOOLEAN_FIELDS.has(name)) {
      body[name] = asBoolean(value);
    } else if (JSON_FIELDS.has(name)) {
      try {
        body[name] = JSON.parse(value);
      } catch {
        body[name] = value;
      }
    } else {
      body[name] = raw;
    }
  }
  return body;
}

/**
 * preValidation hook of the issue calls that take JSON or a multipart form: a form becomes the
 * body, validated by the route's body schema next like a JSON body.
 */
export async function multipartIssueBody(request: FastifyRequest): Promise<void> {
  if (request.isMultipart()) (request as { body: unknown }).body = await readIssueFormBody(request);
}
