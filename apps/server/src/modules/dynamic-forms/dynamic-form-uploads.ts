import {
  ATTACHMENT_MAX_FILE_BYTES,
  FORM_UPLOAD_FILES_MAX,
  IMAGE_RESCALE_START_WIDTH,
  textProblem,
  UPLOAD_MAX_FILE_BYTES,
} from '@workbench/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { fieldError } from '../../http/errors.js';
import { contentTypeOf, fileUrl, newFileKey } from '../../storage/file-storage.js';
import { fitImageWidth, inspectImage } from '../../storage/images.js';

type Photo = { name: string; data: Buffer; ext: string };

/**
 * POST forms/upload_attachments (multipart, any number of file parts up to
 * FORM_UPLOAD_FILES_MAX): photos for photo answers. Images only (jpeg, png, gif, judged by
 * content), rescaled to IMAGE_RESCALE_START_WIDTH like attachments, at most
 * ATTACHMENT_MAX_FILE_BYTES once stored. Every file is checked before any is stored. The ids
 * answered are usable in a photo answer by their uploader only, once.
 */
export async function uploadFormPhotos(
  ctx: AppContext,
  auth: Auth,
  request: FastifyRequest,
): Promise<{ data: { id: number; name: string; url: string | null }[] }> {
  if (!request.isMultipart()) throw fieldError('files', 'required', 'Send the photos as multipart form data');
  const photos: Photo[] = [];
  try {
    const parts = request.parts({
      limits: { fileSize: UPLOAD_MAX_FILE_BYTES, files: FORM_UPLOAD_FILES_MAX + 1 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      const field = `files.${photos.length}`;
      if (photos.length >= FORM_UPLOAD_FILES_MAX) {
        part.file.resume();
        throw fieldError('files', 'too_many_photos', `At most ${FORM_UPLOAD_FILES_MAX} photos per upload`);
      }
      const data = await part.toBuffer();
      if (!data.length) continue;
      const name = (part.filename || 'photo').slice(0, 255);
      if (textProblem(name, { name: true })) throw fieldError(field, 'invalid_characters', 'Not a file name');
      const image = await inspectImage(data, field);
      const stored =
        image.width > IMAGE_RESCALE_START_WIDTH
          ? await fitImageWidth(data, image.format, IMAGE_RESCALE_START_WIDTH, field)
          : data;
      if (stored.length > ATTACHMENT_MAX_FILE_BYTES)
        throw fieldError(field, 'file_too_big', 'The photo is too big');
      photos.push({ name, data: stored, ext: image.ext });
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError('files', 'file_too_big', 'The photo is too big');
    throw err;
  }
  if (!photos.length) throw fieldError('files', 'required', 'Choose a photo');
  const stored: Array<Photo & { key: string }> = [];
  try {
    for (const photo of photos) {
      const key = newFileKey(auth.clientId, 'form-photos', photo.ext);
      await ctx.storage.put(key, photo.data);
      stored.push({ ...photo, key });
    }
    const rows = await ctx.db
      .insertInto('form_uploads')
      .values(
        stored.map((p) => ({
          client_id: auth.clientId,
          uploaded_by: auth.userId,
          file_key: p.key,
          file_name: p.name,
          mime_type: contentTypeOf(p.key),
          size_bytes: p.data.length,
        })),
      )
      .returning(['id', 'file_key', 'file_name'])
      .execute();
    return {
      data: rows.map((r) => ({ id: r.id, name: r.file_name, url: fileUrl(r.file_key, r.file_name) })),
    };
  } catch (err) {
    await Promise.all(stored.map((p) => ctx.storage.remove(p.key).catch(() => undefined)));
    throw err;
  }
}
