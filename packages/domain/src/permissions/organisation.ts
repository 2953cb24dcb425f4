import type { UserRole } from '../users/user.js';

/**
 * Who may do what to the organisation itself (000 §6, §7: PUT client/{id} only for role admin).
 * The web app hides what these refuse; the server enforces the same answer.
 */
export function canEditOrganisation(user: { role: UserRole }): boolean {
  return user.role === 'admin';
}
