import { isUtf8 } from 'node:buffer';
import {
  ATTACHMENT_MAX_FILE_BYTES,
  type AttachmentFields,
  type ErrorKey,
  fileExtensionOf,
  IMAGE_RESCALE_START_WIDTH,
  textProblem,
  toErrorKey,
  UPLOAD_DOCUMENT_TYPES,
  UPLOAD_IMAGE_TYPES,
  type UploadDocumentExtension,
  ZAttachmentFieldsSchema,
} from '@workbench/domain';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../http/errors.js';
import { hasActiveMarkup, isInternetMessage, pdfIsActive, pictureEnd } from '../../storage/content-checks.js';

/** Thumbnail widths made on upload (000 §5): the gallery strip and the viewer. */
export const THUMBNAIL_WIDTHS = { small: 200, large: 1024 } as const;

/** One attachment entry of a form: `attachments[n][file|description|due_date|priority_id|id]`. */
export type AttachmentFormItem = {
  index: number;
  /** The multipart prefix it came under ('attachments' or 'attachment'), for error field names. */
  prefix: string;
  id?: number;
  file?: { name: string; data: Buffer };
  /** Only the fields the form sent (undefined: not sent; null: sent empty, i.e. cleared). */
  fields: AttachmentFields;
};

/** A file to be stored, with the editable fields sent beside it. */
export type IncomingUpload = {
  index: number;
  /** The error field name, e.g. `attachments.0.file`. */
  field: string;
  name: string;
  data: Buffer;
  fields: AttachmentFields;
};

export type AttachmentForm = {
  /** Every other text field, in order (`_method` left out), for the caller's own body. */
  fields: Array<{ name: string; value: string }>;
  items: AttachmentFormItem[];
  uploads: IncomingUpload[];
  /** `delete_attachments[n]`: ids to delete. */
  deleteIds: number[];
};

/** A checked upload: its stored bytes (rescaled when it was too big), kind and thumbnails. */
export type PreparedUpload = {
  name: string;
  ext: string;
  mimeType: string;
  mediaType: 'picture' | 'document';
  data: Buffer;
  thumbnails: { small: Buffer; large: Buffer; ext: string } | null;
  fields: AttachmentFields;
};

const ITEM_FIELD = /^(attachments?)\[(\d{1,4})\]\[(file|description|due_date|priority_id|id)\]$/;
const DELETE_FIELD = /^delete_attachments(\[\d{0,4}\])?$/;

const FORM_MESSAGES: Record<string, string> = {
  too_long: 'The text is too long',
  required: 'Choose a file',
};

function formValueError(field: string, key: ErrorKey): AppError {
  return new AppError(422, key, FORM_MESSAGES[key] ?? 'The value is not valid', { [field]: key });
}

/** The text of one attachment field: empty means cleared; numbers must be whole numbers. */
function readItemValue(item: AttachmentFormItem, name: string, raw: string): void {
  const value = raw.trim();
  const field = `${item.prefix}.${item.index}.${name}`;
  if (name === 'description') {
    item.fields.description = value === '' ? null : value;
    return;
  }
  if (value === '' || value === 'null') {
    if (name !== 'id') (item.fields as Record<string, unknown>)[name] = null;
    return;
  }
  if (!/^\d{1,12}$/.test(value)) throw formValueError(field, 'invalid_format');
  if (name === 'id') item.id = Number(value);
  else (item.fields as Record<string, unknown>)[name] = Number(value);
}

/**
 * Reads a multipart request of any owner: the attachment entries (`attachments[n][...]` or
 * `attachment[n][...]`), `delete_attachments[n]`, and every other field for the caller. Files
 * are buffered (the server-wide multipart limit bounds them); a file over it is refused by name.
 * Each entry's fields are checked here (description ≤ 255, priority, deadline not in the past),
 * so nothing is written when one is wrong.
 */
export async function readAttachmentForm(
  request: FastifyRequest,
  options: { now?: Date } = {},
): Promise<AttachmentForm> {
  const items = new Map<string, AttachmentFormItem>();
  const fields: AttachmentForm['fields'] = [];
  const deleteIds: number[] = [];
  const itemOf = (prefix: string, index: number) => {
    const key = `${prefix}:${index}`;
    let item = items.get(key);
    if (!item) {
      item = { index, prefix, fields: {} };
      items.set(key, item);
    }
    return item;
  };
  try {
    for await (const part of request.parts()) {
      const match = ITEM_FIELD.exec(part.fieldname);
      if (part.type === 'file') {
        // Files come only as attachment entries: none may be dropped silently.
        if (match?.[3] !== 'file') {
          part.file.resume();
          throw formValueError(part.fieldname, 'invalid_format');
        }
        const data = await part.toBuffer();
        // A file name is a name: no control, invisible or direction-changing characters.
        if (part.filename && textProblem(part.filename, { name: true })) {
          throw formValueError(part.fieldname.replace(/\[(\w+)\]/g, '.$1'), 'invalid_characters');
        }
        const item = itemOf(match[1] as string, Number(match[2]));
        // An empty file part is a form sent without choosing a file: nothing to store.
        if (data.length) item.file = { name: (part.filename || 'file').slice(0, 255), data };
        continue;
      }
      const raw = typeof part.value === 'string' ? part.value : String(part.value);
      if (textProblem(raw)) throw formValueError(part.fieldname, 'invalid_characters');
      if (match) {
        readItemValue(itemOf(match[1] as string, Number(match[2])), match[3] as string, raw);
      } else if (DELETE_FIELD.test(part.fieldname)) {
        for (const v of raw.split(',')) {
          const value = v.trim();
          if (!value) continue;
          if (!/^\d{1,10}$/.test(value)) throw formValueError('delete_attachments', 'invalid_format');
          deleteIds.push(Number(value));
        }
      } else if (part.fieldname !== '_method') {
        fields.push({ name: part.fieldname, value: raw });
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(422, 'file_too_big', 'The file is too big', { attachments: 'file_too_big' });
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError(422, 'too_long', 'Too many files or fields in one request', {
        attachments: 'too_long',
      });
    }
    throw err;
  }
  const now = (options.now ?? new Date()).getTime();
  // An entry that is only an empty file part (a file input left empty) is no entry at all.
  const list = [...items.values()]
    .filter((item) => item.file || item.id !== undefined || Object.keys(item.fields).length)
    .sort((a, b) => a.index - b.index);
  for (const item of list) {
    // Fields for no file and no existing attachment would be lost silently.
    if (!item.file && item.id === undefined) {
      throw formValueError(`${item.prefix}.${item.index}.file`, 'required');
    }
    const parsed = ZAttachmentFieldsSchema.safeParse(item.fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const name = String(issue?.path[0] ?? 'file');
      throw formValueError(`${item.prefix}.${item.index}.${name}`, toErrorKey(issue?.message));
    }
    item.fields = parsed.data;
    if (item.fields.due_date && item.fields.due_date * 1000 < now) {
      throw new AppError(422, 'date_in_past', 'The deadline cannot be in the past', {
        [`${item.prefix}.${item.index}.due_date`]: 'date_in_past',
      });
    }
  }
  const uploads = list.flatMap((item) =>
    item.file && item.id === undefined
      ? [
          {
            index: item.index,
            field: `${item.prefix}.${item.index}.file`,
            name: item.file.name,
            data: item.file.data,
            fields: item.fields,
          },
        ]
      : [],
  );
  return { fields, items: list, uploads, deleteIds };
}

/** readAttachmentForm for the upload calls, which take form data only. */
export async function readUploadForm(request: FastifyRequest): Promise<AttachmentForm> {
  if (!request.isMultipart()) {
    throw new AppError(422, 'required', 'Send the files as multipart form data', { attachments: 'required' });
  }
  return readAttachmentForm(request);
}

/** What file-type detection can find of the accepted images (a .jpeg is detected as jpg). */
type ImageExt = 'jpg' | 'png' | 'gif';

type Detected = { kind: 'image'; ext: ImageExt } | { kind: 'document'; ext: UploadDocumentExtension } | null;

/**
 * What a file IS, by its bytes: the name only tells apart formats that share a container
 * (OLE compound files: doc, xls, msg) or have no signature at all (csv and eml, accepted only
 * as NUL-free UTF-8 text). A renamed program is whatever its bytes say, so it is refused.
 */
export async function detectFileType(name: string, data: Buffer): Promise<Detected> {
  const nameExt = fileExtensionOf(name);
  const type = await fileTypeFromBuffer(data);
  if (type) {
    if (type.ext === 'jpg' || type.ext === 'png' || type.ext === 'gif')
      return { kind: 'image', ext: type.ext };
    if (type.ext === 'pdf' || type.ext === 'docx' || type.ext === 'xlsx')
      return { kind: 'document', ext: type.ext };
    if (type.ext === 'cfb' && (nameExt === 'doc' || nameExt === 'xls' || nameExt === 'msg'))
      return { kind: 'document', ext: nameExt };
    return null;
  }
  if ((nameExt === 'csv' || nameExt === 'eml') && isUtf8(data) && !data.includes(0)) {
    return { kind: 'document', ext: nameExt };
  }
  return null;
}

const SHARP_FORMAT = { jpg: 'jpeg', png: 'png', gif: 'gif' } as const;

/**
 * An image over the per-file limit, scaled to 1920 px wide and then to two thirds of that
 * repeatedly until it fits (000 §5). Undefined when even a tiny one does not fit.
 */
async function rescaleToFit(data: Buffer, ext: ImageExt, maxBytes: number): Promise<Buffer | undefined> {
  let width = IMAGE_RESCALE_START_WIDTH;
  while (width >= 16) {
    const out = await sharp(data, { animated: ext === 'gif' })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .toFormat(SHARP_FORMAT[ext])
      .toBuffer();
    if (out.length <= maxBytes) return out;
    width = Math.floor((width * 2) / 3);
  }
  return undefined;
}

/** Thumbnails 200 and 1024 px wide, never upscaled; a gif's first frame, as png. */
async function makeThumbnails(
  data: Buffer,
  ext: ImageExt,
): Promise<NonNullable<PreparedUpload['thumbnails']>> {
  const format = ext === 'gif' ? 'png' : SHARP_FORMAT[ext];
  const at = (width: number) =>
    sharp(data).rotate().resize({ width, withoutEnlargement: true }).toFormat(format).toBuffer();
  const [small, large] = await Promise.all([at(THUMBNAIL_WIDTHS.small), at(THUMBNAIL_WIDTHS.large)]);
  return { small, large, ext: ext === 'gif' ? 'png' : ext };
}

type Refusal = { field: string; name: string; key: ErrorKey };

/**
 * A document that would run something where it is opened: a CSV with web-page markup, a PDF with
 * scripts or automatic actions (file_content_not_allowed), an .eml that is not an e-mail
 * message at its top (file_type_not_allowed: it is not what its name says). See content-checks.ts.
 */
function documentContentRefusal(ext: UploadDocumentExtension, data: Buffer): ErrorKey | undefined {
  if (ext === 'csv' && hasActiveMarkup(data.toString('utf8'))) return 'file_content_not_allowed';
  if (ext === 'eml' && !isInternetMessage(data.toString('utf8'))) return 'file_type_not_allowed';
  if (ext === 'pdf' && pdfIsActive(data)) return 'file_content_not_allowed';
  return undefined;
}

async function prepareOne(
  upload: IncomingUpload,
  maxBytes: number,
): Promise<PreparedUpload | Omit<Refusal, 'field'>> {
  const detected = await detectFileType(upload.name, upload.data);
  if (!detected) return { name: upload.name, key: 'file_type_not_allowed' };
  if (detected.kind === 'document') {
    if (upload.data.length > maxBytes) return { name: upload.name, key: 'file_too_big' };
    const refusal = documentContentRefusal(detected.ext, upload.data);
    if (refusal) return { name: upload.name, key: refusal };
    return {
      name: upload.name,
      ext: detected.ext,
      mimeType: UPLOAD_DOCUMENT_TYPES[detected.ext],
      mediaType: 'document',
      data: upload.data,
      thumbnails: null,
      fields: upload.fields,
    };
  }
  // A picture with something appended (a web page glued to a PNG) is refused, not trimmed.
  const end = pictureEnd(upload.data, detected.ext);
  if (end !== 'clean') {
    return {
      name: upload.name,
      key: end === 'appended' ? 'file_content_not_allowed' : 'file_type_not_allowed',
    };
  }
  try {
    const data =
      upload.data.length > maxBytes ? await rescaleToFit(upload.data, detected.ext, maxBytes) : upload.data;
    if (!data) return { name: upload.name, key: 'file_too_big' };
    return {
      name: upload.name,
      ext: detected.ext,
      mimeType: UPLOAD_IMAGE_TYPES[detected.ext],
      mediaType: 'picture',
      data,
      thumbnails: await makeThumbnails(data, detected.ext),
      fields: upload.fields,
    };
  } catch {
    // A readable header over unreadable pixels is as good as not an image.
    return { name: upload.name, key: 'file_type_not_allowed' };
  }
}

/**
 * Checks every upload before anything is written: type by content, active content (scripts in
 * a CSV or PDF, data appended to a picture), per-file size (oversized images rescaled, other
 * files refused), thumbnails. One refused file refuses the request with
 * 422, naming every refused file (`files: [{name, key}]`), so the web can list them.
 */
export async function prepareUploads(
  uploads: IncomingUpload[],
  options: { maxFileBytes?: number } = {},
): Promise<PreparedUpload[]> {
  const maxBytes = options.maxFileBytes ?? ATTACHMENT_MAX_FILE_BYTES;
  const prepared: PreparedUpload[] = [];
  const refused: Refusal[] = [];
  // One at a time: sharp is already multi-threaded, and memory stays bounded.
  for (const upload of uploads) {
    const result = await prepareOne(upload, maxBytes);
    if ('data' in result) prepared.push(result);
    else refused.push({ ...result, field: upload.field });
  }
  if (refused.length) {
    const keys = new Set(refused.map((r) => r.key));
    const key = keys.size === 1 ? (refused[0] as Refusal).key : 'validation_failed';
    throw new AppError(
      422,
      key,
      refused.length === 1
        ? `${(refused[0] as Refusal).name} cannot be uploaded`
        : `${refused.length} files cannot be uploaded`,
      Object.fromEntries(refused.map((r) => [r.field, r.key])),
      undefined,
      refused.map(({ name, key }) => ({ name, key })),
    );
  }
  return prepared;
}
