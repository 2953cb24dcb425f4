import type { LoginResponse } from '@workbench/domain';
import { changeLanguage } from '../../i18n';
import { sessionStore } from './session-store';

export const HOME_PATH = '/dashboard/issues';

/** Stores the login, applies the user's language, and says where to go next. */
export async function completeLogin(
  login: LoginResponse,
  rememberMe: boolean,
  from?: string | null,
): Promise<string> {
  sessionStore.loggedIn(login, rememberMe);
  await changeLanguage(login.user.language).catch(() => undefined);
  return from?.startsWith('/dashboard') ? from : HOME_PATH;
}

/** Where a logged-out person was going, remembered by the guard in the location state. */
export function originFrom(state: unknown): string | null {
  const from = (state as { from?: string } | null)?.from;
  return typeof from === 'string' ? from : null;
}
