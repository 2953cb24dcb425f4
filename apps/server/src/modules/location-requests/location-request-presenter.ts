import { effectiveLocationRequestStatus, fullName, type LocationRequest } from '@workbench/domain';
import type { LocationRequestRow } from './location-request-queries.js';

export function presentLocationRequest(row: LocationRequestRow): LocationRequest {
  return {
    id: row.id,
    user: {
      id: row.user_id,
      full_name: fullName({
        first_name: row.user_first_name,
        last_name: row.user_last_name,
        email: row.user_email,
      }),
    },
    requested_by:
      row.requested_by === null || row.requester_first_name === null
        ? null
        : {
            id: row.requested_by,
            full_name: fullName({
              first_name: row.requester_first_name,
              last_name: row.requester_last_name ?? '',
              email: row.requester_email ?? '',
            }),
          },
    workspace: { id: row.workspace_id, name: row.workspace_name },
    message: row.message,
    status: effectiveLocationRequestStatus(row.status, row.created_at),
    presence_log_id: row.presence_log_id,
    answered_at: row.answered_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}
