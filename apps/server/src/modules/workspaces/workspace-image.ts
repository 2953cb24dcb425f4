import { WORKSPACE_IMAGE_MAX_BYTES, WORKSPACE_IMAGE_MAX_WIDTH } from '@workbench/domain';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError, fieldError } from '../../http/errors.js';

const FORMATS = { jpeg: 'jpg', png: 'png', gif: 'gif' } as const;

/**
 * Reads the uploaded image of a multipart request: jpeg, png or gif judged by its CONTENT (not
 * its name or declared type), at most 10 MB, rescaled to at most 1920 px wide (000 §5).
 */
export async function readUploadedImage(request: FastifyRequest): Promise<{ data: Buffer; ext: string }> {
  if (!request.isMultipart()) throw fieldError('image', 'required', 'Send the image as multipart form data');
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await request.file({ limits: { fileSize: WORKSPACE_IMAGE_MAX_BYTES, files: 1 } });
  } catch {
    throw fieldError('image', 'required', 'Send one image');
  }
  if (!file) throw fieldError('image', 'required', 'Send one image');
  let raw: Buffer;
  try {
    raw = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fieldError('image', 'file_too_big', 'The image is larger than 10 MB');
    }
    throw err;
  }
  const format = await sharp(raw)
    .metadata()
    .then((m) => m.format)
    .catch(() => undefined);
  if (format !== 'jpeg' && format !== 'png' && format !== 'gif') {
    throw fieldError('image', 'file_type_not_allowed', 'Only jpeg, png and gif images are allowed');
  }
  try {
    const data = await sharp(raw, { animated: format === 'gif' })
      .rotate()
      .resize({ width: WORKSPACE_IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .toFormat(format)
      .toBuffer();
    return { data, ext: FORMATS[format] };
  } catch {
    throw new AppError(422, 'file_type_not_allowed', 'The image could not be read', {
      image: 'file_type_not_allowed',
    });
  }
}
