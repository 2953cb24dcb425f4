import type { ErrorKey } from '../errors/error-keys.js';

/**
 * The files issues, comments and checklist items accept (000 §5 Uploads): images jpeg, png, gif
 * and the documents pdf, doc, docx, xls, xlsx, csv, eml, msg, each with the type it is served as.
 * The browser checks name and type before uploading; the server checks the content again.
 */
export const UPLOAD_IMAGE_TYPES = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
} as const;

export const UPLOAD_DOCUMENT_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  eml: 'message/rfc822',
  msg: 'application/vnd.ms-outlook',
} as const;

export type UploadImageExtension = keyof typeof UPLOAD_IMAGE_TYPES;
export type UploadDocumentExtension = keyof typeof UPLOAD_DOCUMENT_TYPES;

export function isUploadImageExtension(ext: string): ext is UploadImageExtension {
  return Object.hasOwn(UPLOAD_IMAGE_TYPES, ext);
}

export function isUploadDocumentExtension(ext: string): ext is UploadDocumentExtension {
  return Object.hasOwn(UPLOAD_DOCUMENT_TYPES, ext);
}

/** The lower-case extension of a file name ('' when it has none). */
export const fileExtensionOf = (name: string): string =>
  /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** The `accept` list of a file input or drop zone: each type with its extensions. */
export const ACCEPTED_UPLOAD_TYPES: Record<string, string[]> = (() => {
  const accept: Record<string, string[]> = {};
  for (const [ext, mime] of Object.entries({ ...UPLOAD_IMAGE_TYPES, ...UPLOAD_DOCUMENT_TYPES })) {
    accept[mime] = [...(accept[mime] ?? []), `.${ext}`];
  }
  return accept;
})();

/**
 * What an upload form can be refused with (000 §5 Uploads): a malformed or empty entry, too many
 * parts, a file of a type not accepted or too big, one with scripts or appended data
 * (file_content_not_allowed), the owner's total passed, a deadline in the past.
 */
export const UPLOAD_ERROR_KEYS = [
  'required',
  'invalid_format',
  'too_long',
  'file_type_not_allowed',
  'file_too_big',
  'file_content_not_allowed',
  'total_limit_exceeded',
  'date_in_past',
] as const satisfies readonly ErrorKey[];
