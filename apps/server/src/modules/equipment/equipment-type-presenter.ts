import type { EquipmentType } from '@workbench/domain';
import type { EquipmentTypeRow } from './equipment-type-queries.js';

/** An equipment type as the API answers it (001 §3 "Equipment type"). */
export function presentEquipmentType(row: EquipmentTypeRow, canEdit: boolean): EquipmentType {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    storage: row.storage,
    workspace: row.workspace_id !== null ? { id: row.workspace_id, name: row.workspace_name ?? '' } : null,
    location: row.location,
    handout_requires_approval: row.handout_requires_approval,
    set_default_return_period: row.set_default_return_period,
    default_return_period_value: row.default_return_period_value,
    default_return_period_type: row.default_return_period_type,
    set_max_reservation_duration: row.set_max_reservation_duration,
    max_reservation_duration_value: row.max_reservation_duration_value,
    max_reservation_duration_type: row.max_reservation_duration_type,
    set_buffer_days_reservations: row.set_buffer_days_reservations,
    buffer_days_reservations_value: row.buffer_days_reservations_value,
    buffer_days_reservations_type: row.buffer_days_reservations_type,
    equipment_count: row.equipment_count,
    can_edit: canEdit,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
