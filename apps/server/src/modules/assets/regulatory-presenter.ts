import { type RegulatoryFile, type RegulatoryFileKind, regulatoryFileState } from '@workbench/domain';
import { fileUrl } from '../../storage/file-storage.js';
import { personWithImageOf } from '../users/user-presenter.js';
import type { RegulatoryFileRow } from './regulatory-queries.js';

/** A regulatory file with its state on `today` (YYYY-MM-DD) and a fresh signed address. */
export function presentRegulatoryFile(
  row: RegulatoryFileRow,
  assets: Array<{ id: number; name: string }>,
  canEdit: boolean,
  today: string,
): RegulatoryFile {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as RegulatoryFileKind,
    original_filename: row.original_filename,
    mime_type: row.mime_type,
    size_bytes: Number(row.size_bytes),
    issued_on: row.issued_on,
    valid_until: row.valid_until,
    state: regulatoryFileState(row.valid_until, today),
    url: fileUrl(row.file_key, row.original_filename) as string,
    assets,
    uploaded_by: personWithImageOf({
      id: row.uploader_id,
      first_name: row.uploader_first_name,
      last_name: row.uploader_last_name,
      email: row.uploader_email,
      profile_image: row.uploader_profile_image,
    }),
    created_at: new Date(row.created_at).toISOString(),
    can_edit: canEdit,
  };
}
