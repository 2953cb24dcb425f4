import { type FilledForm, fullName, type WorkspaceForm } from '@workbench/domain';
import { fileUrl } from '../../storage/file-storage.js';
import type { FilledFormRow, FormUploadRow, WorkspaceFormRow } from './dynamic-form-queries.js';

const personOf = (p: FilledFormRow['updated_by']) => (p ? { id: p.id, full_name: fullName(p) } : null);

export function presentWorkspaceForm(row: WorkspaceFormRow): WorkspaceForm {
  return {
    workspace_id: row.workspace_id,
    title: row.definition.title ?? {},
    fields: row.definition.fields as WorkspaceForm['fields'],
    updated_by: personOf(row.updated_by),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** A filled form with the photos its answers name (read beside it, signed URLs). */
export function presentFilledForm(row: FilledFormRow, photos: FormUploadRow[]): FilledForm {
  return {
    id: row.id,
    issue_id: row.issue_id,
    schedule_id: row.schedule_id,
    title: row.definition.title ?? {},
    fields: row.definition.fields as FilledForm['fields'],
    answers: row.answers,
    photos: photos.map((p) => ({ id: p.id, name: p.file_name, url: fileUrl(p.file_key, p.file_name) })),
    updated_by: personOf(row.updated_by),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
