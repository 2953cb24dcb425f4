import {
  ATTACHMENT_MAX_FILE_BYTES,
  ATTACHMENT_MAX_TOTAL_BYTES,
  fileExtensionOf,
  IMAGE_RESCALE_START_WIDTH,
  isUploadDocumentExtension,
  isUploadImageExtension,
  UPLOAD_IMAGE_TYPES,
} from '@workbench/domain';

export type FileKind = 'picture' | 'document';

/** 'picture' or 'document' when the gallery accepts the file, else null. */
export function fileKind(file: { name: string; type: string }): FileKind | null {
  const extension = fileExtensionOf(file.name);
  const isImageType = Object.values(UPLOAD_IMAGE_TYPES).some((mime) => mime === file.type);
  if (isImageType)
    return isUploadImageExtension(extension) && UPLOAD_IMAGE_TYPES[extension] === file.type
      ? 'picture'
      : null;
  if (isUploadImageExtension(extension))
    // An image name with an empty or generic type (some systems send none): the server decides.
    return file.type === '' || file.type === 'application/octet-stream' ? 'picture' : null;
  return isUploadDocumentExtension(extension) ? 'document' : null;
}

export type RefusalReason = 'file_type_not_allowed' | 'file_too_big';
export type Refused<F> = { file: F; reason: RefusalReason };
export type UploadPlan<F> = {
  /** Accepted as they are. */
  ready: F[];
  /** Images over the per-file limit: rescaled in the browser before upload. */
  rescale: F[];
  refused: Array<Refused<F>>;
};

/**
 * Sorts chosen files into those that go as they are, images to rescale first and refusals
 * (wrong type; documents over 2 MB). The total is checked later, after rescaling.
 */
export function planUpload<F extends { name: string; type: string; size: number }>(
  files: F[],
  maxFileBytes = ATTACHMENT_MAX_FILE_BYTES,
): UploadPlan<F> {
  const plan: UploadPlan<F> = { ready: [], rescale: [], refused: [] };
  for (const file of files) {
    const kind = fileKind(file);
    if (kind === null) plan.refused.push({ file, reason: 'file_type_not_allowed' });
    else if (file.size <= maxFileBytes) plan.ready.push(file);
    else if (kind === 'picture') plan.rescale.push(file);
    else plan.refused.push({ file, reason: 'file_too_big' });
  }
  return plan;
}

/** Whether adding these bytes keeps the issue within its total (20 MB in the gallery). */
export function withinTotal(
  existingBytes: number,
  addedBytes: number,
  maxTotal = ATTACHMENT_MAX_TOTAL_BYTES,
) {
  return existingBytes + addedBytes <= maxTotal;
}

/**
 * The widths an oversized image is tried at (000 §5): 1920 px, then two thirds of the previous
 * width, never wider than the image itself, down to a floor below which rescaling gives up.
 */
export function rescaleWidths(imageWidth: number, floor = 100): number[] {
  const widths: number[] = [];
  let width = Math.min(IMAGE_RESCALE_START_WIDTH, imageWidth);
  while (width >= floor) {
    widths.push(width);
    width = Math.floor((width * 2) / 3);
  }
  return widths;
}

/** What the person is told after the checks (001 §8 "Upload invalid"). */
export type UploadOutcome = 'all_valid' | 'only_invalid' | 'mixed' | 'nothing';

export function uploadOutcome(validCount: number, refusedCount: number): UploadOutcome {
  if (validCount === 0 && refusedCount === 0) return 'nothing';
  if (refusedCount === 0) return 'all_valid';
  return validCount === 0 ? 'only_invalid' : 'mixed';
}
