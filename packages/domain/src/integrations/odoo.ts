/**
 * The Odoo sync (000 §7 POST integration/odoo-sync/{id}; issue 22): an admin connects the
 * organisation to an Odoo instance (URL, database, user, API key; the key is stored encrypted and
 * never shown again) and admins and managers of an issue's workspace push the issue to it, as a
 * record of the chosen model. The issue stays linked: a second sync writes to the same record.
 */
export const ODOO_MODELS = ['maintenance.request', 'helpdesk.ticket', 'project.task'] as const;
export type OdooModel = (typeof ODOO_MODELS)[number];

export const ODOO_URL_MAX = 500;
export const ODOO_FIELD_MAX = 255;
/** An API key of Odoo is 40 hex characters; passwords work too, so allow some more. */
export const ODOO_API_KEY_MAX = 200;

/** Who may push an issue: the organisation's admins and the managers of its workspace. */
export function canSyncToOdoo(caller: {
  isAdmin: boolean;
  workspaceRole: string | null | undefined;
}): boolean {
  return caller.isAdmin || caller.workspaceRole === 'admin' || caller.workspaceRole === 'manager';
}

/**
 * Odoo's priority ('0' … '3', its stars) from ours (000 §9: 0 none, 2 low, 3 normal, 4 high,
 * 5 urgent); a project task has only '0' and '1'.
 */
export function odooPriorityOf(priorityId: number | null | undefined, model: string): string {
  const stars = priorityId === 5 ? 3 : priorityId === 4 ? 2 : priorityId === 3 ? 1 : 0;
  return model === 'project.task' ? (stars >= 2 ? '1' : '0') : String(stars);
}
