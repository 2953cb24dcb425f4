import { PUBLIC_FILES_MAX, textProblem } from '@workbench/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import {
  type AttachmentForm,
  type IncomingUpload,
  type PreparedUpload,
  prepareUploads,
  readAttachmentForm,
} from '../attachments/attachment-upload.js';

/**
 * The files of the public area's forms (a report, a comment's photos): `attachments[i][file]`
 * with `attachments[i][name]` (the file's name as the visitor's device gives it) and optionally
 * `attachments[i][description]`. Pictures only, at most PUBLIC_FILES_MAX per form; a visitor sets
 * no priority or deadline on a file.
 */

const NAME_FIELD = /^attachments?\[(\d{1,4})\]\[name\]$/;

/** The form of each public multipart request, kept for its handler after validation. */
const forms = new WeakMap<FastifyRequest, { form: AttachmentForm; uploads: IncomingUpload[] }>();

/** Reads a public multipart form: its text fields for the body, its files kept aside. */
export async function readPublicMultipart(
  request: FastifyRequest,
): Promise<Array<{ name: string; value: string }>> {
  const form = await readAttachmentForm(request);
  const names = new Map<number, string>();
  const fields: Array<{ name: string; value: string }> = [];
  for (const field of form.fields) {
    const match = NAME_FIELD.exec(field.name);
    if (!match) {
      fields.push(field);
      continue;
    }
    const name = field.value.trim().slice(0, 255);
    if (name && textProblem(name, { name: true })) {
      throw new AppError(422, 'invalid_characters', 'The file name is not valid', {
        [`attachments.${match[1]}.name`]: 'invalid_characters',
      });
    }
    if (name) names.set(Number(match[1]), name);
  }
  const uploads = form.uploads.map((upload) => ({
    ...upload,
    name: names.get(upload.index) ?? upload.name,
    // Only a description: priorities and deadlines of files are the staff's.
    fields: { description: upload.fields.description ?? null },
  }));
  forms.set(request, { form, uploads });
  return fields;
}

/** The files readPublicMultipart kept for this request (none for a JSON body). */
export function publicUploadsOf(request: FastifyRequest): IncomingUpload[] {
  return forms.get(request)?.uploads ?? [];
}

/**
 * Checks a public form's files like every upload (prepareUploads), then refuses more than
 * PUBLIC_FILES_MAX (`already` counted with them) and anything that is not a picture, naming the
 * files, before anything is written.
 */
export async function preparePublicPictures(
  uploads: IncomingUpload[],
  already = 0,
): Promise<PreparedUpload[]> {
  if (!uploads.length) return [];
  if (uploads.length + already > PUBLIC_FILES_MAX) {
    throw new AppError(422, 'too_long', `At most ${PUBLIC_FILES_MAX} pictures`, { attachments: 'too_long' });
  }
  const prepared = await prepareUploads(uploads);
  const documents = prepared
    .map((file, n) => ({ file, upload: uploads[n] as IncomingUpload }))
    .filter(({ file }) => file.mediaType !== 'picture');
  if (documents.length) {
    throw new AppError(
      422,
      'file_type_not_allowed',
      'Only pictures can be sent',
      Object.fromEntries(documents.map(({ upload }) => [upload.field, 'file_type_not_allowed'])),
      undefined,
      documents.map(({ upload }) => ({ name: upload.name, key: 'file_type_not_allowed' as const })),
    );
  }
  return prepared;
}
