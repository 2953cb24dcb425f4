import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { fieldError } from '../http/errors.js';
import { pictureEnd } from './content-checks.js';

/** The image formats the product accepts (000 §5), with the extension their files get. */
const IMAGE_EXTS = { jpeg: 'jpg', png: 'png', gif: 'gif' } as const;

export type ImageFormat = keyof typeof IMAGE_EXTS;

export type ImageInfo = { format: ImageFormat; ext: string; width: number; height: number };

type ReadOptions = {
  /** The field named in errors. */
  field: string;
  /** Multipart field names to take the file from; any file part when omitted. */
  fileFields?: readonly string[];
  /** Larger files answer file_too_big; without it the server-wide multipart limit applies. */
  maxBytes?: number;
};

/**
 * The first matching file part of a multipart request. The other parts are drained so the
 * request completes. No file, or an empty one (a form sent without choosing a file), is required.
 */
export async function readUploadedFile(request: FastifyRequest, options: ReadOptions): Promise<Buffer> {
  const { field, fileFields, maxBytes } = options;
  if (!request.isMultipart()) throw fieldError(field, 'required', 'Send the file as multipart form data');
  let data: Buffer | undefined;
  try {
    const parts = request.parts(maxBytes ? { limits: { fileSize: maxBytes } } : undefined);
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (!data && (!fileFields || fileFields.includes(part.fieldname))) data = await part.toBuffer();
      else part.file.resume();
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fieldError(field, 'file_too_big', 'The file is too big');
    }
    throw err;
  }
  if (!data?.length) throw fieldError(field, 'required', 'Choose a file');
  return data;
}

/** Judges an image by its CONTENT, never by its name or declared type: jpeg, png or gif only. */
export async function inspectImage(data: Buffer, field: string): Promise<ImageInfo> {
  const meta = await sharp(data)
    .metadata()
    .catch(() => undefined);
  const format = meta?.format;
  if (format !== 'jpeg' && format !== 'png' && format !== 'gif') {
    throw fieldError(field, 'file_type_not_allowed', 'Only jpeg, png and gif images are allowed');
  }
  // Pictures are stored as sent: one with a web page or program appended is refused.
  const end = pictureEnd(data, format);
  if (end === 'appended') {
    throw fieldError(field, 'file_content_not_allowed', 'The image has data appended after its end');
  }
  if (end === 'unreadable') throw fieldError(field, 'file_type_not_allowed', 'The image could not be read');
  return {
    format,
    ext: IMAGE_EXTS[format],
    width: meta?.width ?? 0,
    // An animated gif's height is that of all frames stacked; one frame is what is shown.
    height: meta?.pageHeight ?? meta?.height ?? 0,
  };
}

/** Scales the image down to at most maxWidth (never up), upright, in its own format. */
export async function fitImageWidth(
  data: Buffer,
  format: ImageFormat,
  maxWidth: number,
  field: string,
): Promise<Buffer> {
  try {
    return await sharp(data, { animated: format === 'gif' })
      .rotate()
      .resize({ width: maxWidth, withoutEnlargement: true })
      .toFormat(format)
      .toBuffer();
  } catch {
    // The header was readable but the pixels are not: as good as not an image.
    throw fieldError(field, 'file_type_not_allowed', 'The image could not be read');
  }
}
