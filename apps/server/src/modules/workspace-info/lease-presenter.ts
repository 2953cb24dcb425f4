import {
  type Lease,
  type LeaseFile,
  type LeaseResponse,
  leaseNoticeDate,
  leaseNoticeState,
  leaseReminderDate,
} from '@workbench/domain';
import { fileUrl } from '../../storage/file-storage.js';
import { personWithImageOf } from '../users/user-presenter.js';
import type { LeaseFileRow, LeaseRow } from './lease-queries.js';

export function presentLeaseFile(row: LeaseFileRow): LeaseFile {
  return {
    id: row.id,
    name: row.original_filename,
    mime_type: row.mime_type,
    media_type: row.media_type === 'picture' ? 'picture' : 'document',
    size_bytes: Number(row.size_bytes),
    url: fileUrl(row.file_key, row.original_filename) as string,
    thumbnail_url: fileUrl(row.thumbnail_key),
    uploaded_by: personWithImageOf({
      id: row.uploader_id,
      first_name: row.uploader_first_name,
      last_name: row.uploader_last_name,
      email: row.uploader_email,
      profile_image: row.uploader_profile_image,
    }),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** A lease with its notice date and state on `today` (YYYY-MM-DD), and fresh file addresses. */
export function presentLease(row: LeaseRow, files: LeaseFileRow[], today: string): Lease {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    landlord_name: row.landlord_name,
    landlord_contact: row.landlord_contact,
    start_date: row.start_date,
    end_date: row.end_date,
    rent_amount: row.rent_amount === null ? null : Number(row.rent_amount),
    rent_currency: row.rent_currency?.trim() ?? null,
    rent_period: row.rent_period,
    notice_period_months: row.notice_period_months,
    reminder_days_before: row.reminder_days_before,
    notes: row.notes,
    notice_date: leaseNoticeDate(row),
    reminder_date: leaseReminderDate(row),
    notice_state: leaseNoticeState(row, today),
    files: files.map(presentLeaseFile),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export function presentLeaseResponse(
  workspace: { id: number; name: string },
  lease: Lease | null,
  canEdit: boolean,
): LeaseResponse {
  return { workspace, lease, can_edit: canEdit };
}
