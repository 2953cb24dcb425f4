import { z } from 'zod';
import { UPLOAD_ERROR_KEYS } from '../attachments/upload-types.js';
import { ZSuccessResponseSchema } from '../auth/auth.js';
import { defineContract } from '../contracts/contract.js';
import { ZIdParam, ZIdParamsSchema } from '../contracts/params.js';
import {
  ZLeaseRequestSchema,
  ZLeaseResponseSchema,
  ZMaintenanceInfoSchema,
} from './workspace-info-schemas.js';

const tags = ['Workspaces'];
const workspaceId = { id: 'workspace' } as const;

/**
 * A workspace's lease (landlord, term, rent, notice period, contract files, a reminder before the
 * notice date) and its maintenance overview (issue 21). Read by the organisation's admins and
 * the workspace's managers and group managers; the lease changed by admins and managers.
 */
export const workspaceInfoContracts = {
  getLease: defineContract({
    method: 'GET',
    path: '/workspace/:id/lease',
    caller: 'user',
    ids: workspaceId,
    params: ZIdParamsSchema,
    response: ZLeaseResponseSchema,
    tags,
    summary:
      "The workspace's lease with its notice date and contract files (lease null when none); admins, managers and group managers",
  }),
  putLease: defineContract({
    method: 'PUT',
    path: '/workspace/:id/lease',
    caller: 'user',
    ids: workspaceId,
    params: ZIdParamsSchema,
    body: ZLeaseRequestSchema,
    response: ZLeaseResponseSchema,
    errors: ['end_before_start', 'number_too_large'],
    tags,
    summary:
      'Create or replace the lease: landlord_name and start_date required, end (none: open-ended) not before the start, rent ≥ 0 with 2 decimals in an ISO 4217 currency, notice 0..120 months, reminder 0..365 days before the notice date; admins and managers',
  }),
  deleteLease: defineContract({
    method: 'DELETE',
    path: '/workspace/:id/lease',
    caller: 'user',
    ids: workspaceId,
    params: ZIdParamsSchema,
    response: ZSuccessResponseSchema,
    tags,
    summary: 'Delete the lease and its contract files; admins and managers',
  }),
  uploadLeaseFiles: defineContract({
    method: 'POST',
    path: '/workspace/:id/lease/files',
    caller: 'user',
    ids: workspaceId,
    params: ZIdParamsSchema,
    response: ZLeaseResponseSchema,
    multipart: true,
    errors: [...UPLOAD_ERROR_KEYS],
    tags,
    summary:
      'Add contract files to the lease (multipart: attachments[n][file]; PDFs, pictures and office documents checked by content, at most 20). Answers the lease',
  }),
  removeLeaseFile: defineContract({
    method: 'DELETE',
    path: '/workspace/:id/lease/files/:fileId',
    caller: 'user',
    ids: { id: 'workspace', fileId: 'lease_file' },
    params: z.object({ id: ZIdParam, fileId: ZIdParam }),
    response: ZLeaseResponseSchema,
    tags,
    summary: 'Remove a contract file of the lease. Answers the lease',
  }),
  maintenanceInfo: defineContract({
    method: 'GET',
    path: '/workspace/:id/maintenance_info',
    caller: 'user',
    ids: workspaceId,
    params: ZIdParamsSchema,
    response: ZMaintenanceInfoSchema,
    tags,
    summary:
      "The workspace's (and its sub-workspaces') assets with their state and open issues, active schedules with their next date, open and overdue maintenance issues, regulatory files expired or expiring within 60 days, and equipment; sections of switched-off features are null",
  }),
};
