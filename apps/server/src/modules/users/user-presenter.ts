import { fullName, type UserListItem, type UserRole, type UserStatus } from '@workbench/domain';
import { fileUrl } from '../../storage/file-storage.js';

export const STATUS_NICE: Record<UserStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  paused: 'Paused',
};

/** What the list queries select of a person (users row, role in the organisation, job position). */
export type UserListRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  status: UserStatus;
  role: UserRole;
  profile_image: string | null;
  job_position_id: number | null;
  job_position_name: string | null;
  client_id: number;
  workspaces_count?: number | string | null;
  created_at: Date;
  updated_at: Date;
};

export function presentUserListItem(row: UserListRow): UserListItem {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: fullName(row),
    email: row.email,
    phone: row.phone,
    status: row.status,
    status_nice: STATUS_NICE[row.status],
    role: row.role,
    profile_image: fileUrl(row.profile_image),
    job_position:
      row.job_position_id !== null && row.job_position_name !== null
        ? { id: row.job_position_id, name: row.job_position_name }
        : null,
    client_id: row.client_id,
    ...(row.workspaces_count !== undefined ? { workspaces_count: Number(row.workspaces_count ?? 0) } : {}),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A LIKE pattern that matches the text anywhere, with the caller's % and _ taken literally. */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A person's columns as a LEFT JOIN brings them: all null when the row names nobody. */
export type JoinedPerson = {
  id: number | null;
  first_name: string | null;
  last_name?: string | null;
  email?: string | null;
  profile_image?: string | null;
};

/** `{id, full_name}` of a joined person, or null when the row names nobody (or a removed account). */
export function personOf(person: JoinedPerson): { id: number; full_name: string } | null {
  if (person.id === null || person.first_name === null) return null;
  return {
    id: person.id,
    full_name: fullName({
      first_name: person.first_name,
      last_name: person.last_name ?? '',
      email: person.email ?? '',
    }),
  };
}

/** personOf with the profile picture's URL. */
export function personWithImageOf(
  person: JoinedPerson,
): { id: number; full_name: string; profile_image: string | null } | null {
  const summary = personOf(person);
  return summary && { ...summary, profile_image: fileUrl(person.profile_image ?? null) };
}
