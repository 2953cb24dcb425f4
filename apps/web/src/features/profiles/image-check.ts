import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MIN_SIDE } from '@workbench/domain';

export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

/**
 * The client-side mirror of the server's picture rules (000 §5): jpeg, png or gif, at most
 * 800 kB, at least 120×120. Returns the error key, or null when the picture may be sent.
 */
export function profileImageProblem(
  file: { type: string; size: number },
  dimensions: { width: number; height: number } | null,
): 'file_type_not_allowed' | 'image_too_big' | 'image_too_small' | null {
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'file_type_not_allowed';
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return 'image_too_big';
  if (!dimensions) return 'file_type_not_allowed';
  if (dimensions.width < PROFILE_IMAGE_MIN_SIDE || dimensions.height < PROFILE_IMAGE_MIN_SIDE) {
    return 'image_too_small';
  }
  return null;
}

/** Reads a picture's size in the browser; null when it is not a readable image. */
export function readImageDimensions(file: Blob): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
      URL.revokeObjectURL(url);
    };
    image.onerror = () => {
      resolve(null);
      URL.revokeObjectURL(url);
    };
    image.src = url;
  });
}
