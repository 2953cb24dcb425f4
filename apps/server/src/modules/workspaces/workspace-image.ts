import { WORKSPACE_IMAGE_MAX_BYTES, WORKSPACE_IMAGE_MAX_WIDTH } from '@workbench/domain';
import type { FastifyRequest } from 'fastify';
import { fitImageWidth, inspectImage, readUploadedFile } from '../../storage/images.js';

/** A workspace image (000 §5): one file, jpeg, png or gif, at most 10 MB, shown at most 1920 px wide. */
export async function readWorkspaceImage(request: FastifyRequest): Promise<{ data: Buffer; ext: string }> {
  const raw = await readUploadedFile(request, { field: 'image', maxBytes: WORKSPACE_IMAGE_MAX_BYTES });
  const { format, ext } = await inspectImage(raw, 'image');
  return { data: await fitImageWidth(raw, format, WORKSPACE_IMAGE_MAX_WIDTH, 'image'), ext };
}
