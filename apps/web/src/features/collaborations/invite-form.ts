import {
  type CheckCollaborationEmailResponse,
  EMAIL_MAX,
  emailErrorKey,
  TEXT_FIELD_MAX,
} from '@workbench/domain';
import { ApiError } from '../../api/client';

/** What the e-mail check said about one entry of the invite form (000 §8). */
export type EmailCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  /**
   * Not a company the organisation works with (the server names no other): the company alias
   * may be given. Whether the address can accept is settled when the invitee answers.
   */
  | { state: 'new' }
  /** The admin of a company the organisation already works with: the e-mail, with the company. */
  | { state: 'existing_client'; client: { name: string; logo: string | null } }
  /** A person of a company the organisation works with who is not its admin: cannot be invited. */
  | { state: 'not_admin'; client: { name: string; logo: string | null } }
  | { state: 'own_company' }
  | { state: 'invalid' }
  /** The check itself failed: a 'contact the provider' panel. */
  | { state: 'failed' };

export type InviteEntry = { key: number; email: string; company_alias: string; check: EmailCheck };

export function emptyEntry(key: number): InviteEntry {
  return { key, email: '', company_alias: '', check: { state: 'idle' } };
}

export function checkFromResponse(response: CheckCollaborationEmailResponse): EmailCheck {
  if (!response.client) return { state: 'new' };
  const client = { name: response.client.name, logo: response.client.logo };
  return response.is_user_admin ? { state: 'existing_client', client } : { state: 'not_admin', client };
}

export function checkFromError(error: unknown): EmailCheck {
  if (error instanceof ApiError) {
    if (error.fields.email === 'own_company_email' || error.key === 'own_company_email') {
      return { state: 'own_company' };
    }
    if (error.status === 422) return { state: 'invalid' };
    // Out of lookups for now: the check only advises; sending checks every address again.
    if (error.status === 429) return { state: 'new' };
  }
  return { state: 'failed' };
}

/** The e-mail format check of the server, so the form shows it before calling. */
export function isEmailFormatValid(email: string): boolean {
  return emailErrorKey(email) === undefined;
}

/**
 * Local checks of all entries on save (000 §5): required, format and length, duplicates in the
 * form, alias length, and what the e-mail check already found. Keys are error keys by entry index.
 */
export function validateInviteEntries(entries: InviteEntry[]): Record<number, string> {
  const errors: Record<number, string> = {};
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const email = entry.email.trim().toLowerCase();
    if (!email) errors[index] = 'required';
    else if (email.length > EMAIL_MAX || !isEmailFormatValid(email)) errors[index] = 'invalid_format';
    else if (seen.has(email)) errors[index] = 'email_already_added';
    else if (entry.check.state === 'own_company') errors[index] = 'own_company_email';
    else if (entry.check.state === 'not_admin') errors[index] = 'not_administrator_email';
    else if (entry.company_alias.trim().length > TEXT_FIELD_MAX) errors[index] = 'too_long';
    if (email) seen.add(email);
  });
  return errors;
}

/** The server's per-entry field errors ('new_collaborations.2.email') by entry index. */
export function entryErrorsFromServer(fields: Record<string, string>): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const [field, key] of Object.entries(fields)) {
    const match = field.match(/^new_collaborations\.(\d+)\./);
    if (match?.[1] !== undefined) errors[Number(match[1])] = key;
  }
  return errors;
}

/** What is sent: an existing company's entry goes without an alias (its own name is used). */
export function inviteEntriesPayload(entries: InviteEntry[]) {
  return entries.map((entry) => {
    const alias = entry.company_alias.trim();
    return entry.check.state === 'existing_client' || !alias
      ? { email: entry.email.trim() }
      : { email: entry.email.trim(), company_alias: alias };
  });
}
