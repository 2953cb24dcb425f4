import { ATTACHMENT_MAX_FILE_BYTES } from '@workbench/domain';
import { rescaleWidths } from './upload-check';

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.85));
}

/**
 * Rescales an oversized image in the browser (000 §5): width 1920, then two thirds repeatedly,
 * until it fits the per-file limit. JPEGs stay JPEG; PNGs and GIFs (first frame) become PNG, so
 * transparency survives. Null when the image cannot be read or never fits.
 */
export async function rescaleImage(file: File, maxBytes = ATTACHMENT_MAX_FILE_BYTES): Promise<File | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  const type = file.type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  const name = type === 'image/png' ? file.name.replace(/\.(gif|png)$/i, '.png') : file.name;
  try {
    for (const width of rescaleWidths(bitmap.width)) {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width));
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await encode(canvas, type);
      if (blob && blob.size <= maxBytes) return new File([blob], name, { type, lastModified: Date.now() });
    }
    return null;
  } finally {
    bitmap.close();
  }
}
