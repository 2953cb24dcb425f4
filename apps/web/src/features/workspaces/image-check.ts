import { WORKSPACE_IMAGE_MAX_BYTES, WORKSPACE_IMAGE_TYPES } from '@workbench/domain';

/**
 * The check the browser makes before uploading a workspace image, mirroring the server's
 * (which also looks at the content): jpeg, png or gif, at most 10 MB. Answers an error key.
 */
export function workspaceImageError(file: {
  type: string;
  size: number;
}): 'file_type_not_allowed' | 'file_too_big' | null {
  if (!(WORKSPACE_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'file_type_not_allowed';
  if (file.size > WORKSPACE_IMAGE_MAX_BYTES) return 'file_too_big';
  return null;
}
