import {
  ASSET_BULK_MAX,
  type ErrorKey,
  fileExtensionOf,
  REGULATORY_FILE_EXTENSIONS,
  REGULATORY_FILE_MAX_BYTES,
  type RegulatoryFileKind,
  textProblem,
  toErrorKey,
  UPLOAD_DOCUMENT_TYPES,
  UPLOAD_IMAGE_TYPES,
  ZRegulatoryFileFieldsSchema,
} from '@workbench/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import { pdfIsActive, pictureEnd } from '../../storage/content-checks.js';
import { detectFileType } from '../attachments/attachment-upload.js';

/** The checked form of a regulatory upload: the file as it will be stored, and its fields. */
export type RegulatoryUpload = {
  file: { name: string; ext: string; mimeType: string; data: Buffer };
  fields: {
    name: string;
    kind: RegulatoryFileKind;
    issued_on: string | null;
    valid_until: string | null;
  };
  /** `asset_ids` of the global upload (comma-joined in the form); empty when not sent. */
  assetIds: number[];
};

const TEXT_FIELDS = new Set(['name', 'kind', 'issued_on', 'valid_until', 'asset_ids']);

const formError = (field: string, key: ErrorKey, message = 'The value is not valid') =>
  new AppError(422, key, message, { [field]: key });

/** A refused file: named like the issue upload's refusals (`files: [{name, key}]`). */
const fileRefusal = (name: string, key: ErrorKey) =>
  new AppError(422, key, `${name} cannot be uploaded`, { file: key }, undefined, [{ name, key }]);

function readAssetIds(raw: string): number[] {
  const ids: number[] = [];
  for (const part of raw.split(',')) {
    const value = part.trim();
    if (!value) continue;
    if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > 2_147_483_647) {
      throw formError('asset_ids', 'invalid_format');
    }
    if (!ids.includes(Number(value))) ids.push(Number(value));
  }
  if (ids.length > ASSET_BULK_MAX) throw formError('asset_ids', 'too_long');
  return ids;
}

/**
 * Reads the multipart form of a regulatory upload: one `file`, the text fields name, kind,
 * issued_on, valid_until (YYYY-MM-DD, empty for none) and, for the global upload, asset_ids.
 * The fields are checked with ZRegulatoryFileFieldsSchema and the file by its content (below)
 * before anything is written.
 */
export async function readRegulatoryForm(request: FastifyRequest): Promise<RegulatoryUpload> {
  if (!request.isMultipart()) throw formError('file', 'required', 'Send the file as multipart form data');
  const text: Record<string, string> = {};
  let file: { name: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: REGULATORY_FILE_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          throw formError(part.fieldname, 'invalid_format');
        }
        const data = await part.toBuffer();
        if (part.filename && textProblem(part.filename, { name: true })) {
          throw formError('file', 'invalid_characters');
        }
        if (data.length) file = { name: (part.filename || 'file').slice(0, 255), data };
        continue;
      }
      const raw = typeof part.value === 'string' ? part.value : String(part.value);
      if (!TEXT_FIELDS.has(part.fieldname)) continue;
      if (textProblem(raw)) throw formError(part.fieldname, 'invalid_characters');
      text[part.fieldname] = raw;
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw formError('file', 'file_too_big', 'The file is too big');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw formError('file', 'too_long', 'Send one file');
    }
    throw err;
  }
  const parsed = ZRegulatoryFileFieldsSchema.safeParse({
    name: text.name,
    kind: text.kind,
    // An empty date field is no date.
    issued_on: text.issued_on?.trim() || null,
    valid_until: text.valid_until?.trim() || null,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw formError(String(issue?.path[0] ?? 'name'), toErrorKey(issue?.message));
  }
  const assetIds = text.asset_ids === undefined ? [] : readAssetIds(text.asset_ids);
  if (!file) throw formError('file', 'required', 'Choose a file');
  return { file: await checkRegulatoryFile(file.name, file.data), fields: parsed.data, assetIds };
}

/** jpeg is spelt jpg by content detection. */
const sameType = (nameExt: string, detected: string) =>
  nameExt === detected || (nameExt === 'jpeg' && detected === 'jpg');

/**
 * What a regulatory file IS, by its bytes: a PDF without scripts or automatic actions, a clean
 * jpeg/png/gif picture, or a Word or Excel document, and exactly what its name says (a .pdf that
 * is a web page, or a picture named .pdf, is refused with file_type_not_allowed).
 */
export async function checkRegulatoryFile(name: string, data: Buffer): Promise<RegulatoryUpload['file']> {
  if (data.length > REGULATORY_FILE_MAX_BYTES) throw fileRefusal(name, 'file_too_big');
  const nameExt = fileExtensionOf(name);
  const detected = await detectFileType(name, data);
  if (
    !detected ||
    !(REGULATORY_FILE_EXTENSIONS as readonly string[]).includes(detected.ext) ||
    !sameType(nameExt, detected.ext)
  ) {
    throw fileRefusal(name, 'file_type_not_allowed');
  }
  if (detected.kind === 'image') {
    const end = pictureEnd(data, detected.ext);
    if (end !== 'clean')
      throw fileRefusal(name, end === 'appended' ? 'file_content_not_allowed' : 'file_type_not_allowed');
    return { name, ext: detected.ext, mimeType: UPLOAD_IMAGE_TYPES[detected.ext], data };
  }
  if (detected.ext === 'pdf' && pdfIsActive(data)) throw fileRefusal(name, 'file_content_not_allowed');
  return { name, ext: detected.ext, mimeType: UPLOAD_DOCUMENT_TYPES[detected.ext], data };
}
