import type { ExternalHolder } from '@workbench/domain';
import type { ExternalHolderRow } from './external-holder-queries.js';

/** A person outside the organisation who borrows, as the API answers them. */
export function presentExternalHolder(row: ExternalHolderRow, canEdit: boolean): ExternalHolder {
  return {
    id: row.id,
    full_name: row.full_name,
    company: row.company,
    email: row.email,
    phone: row.phone,
    status: row.status,
    holding_count: row.holding_count,
    can_edit: canEdit,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
