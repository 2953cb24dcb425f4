import type { AppContext } from '../../context.js';

/** The notification mailer and the daily reminders (issue 20); returns a stop function. */
export function startNotificationJobs(_ctx: AppContext, _log: (msg: string) => void): () => Promise<void> {
  return async () => {};
}
