import type { AppContext } from '../context.js';
import { deleteExpiredIdempotencyKeys } from '../http/idempotency.js';

/** How often the Idempotency-Key answers past their day are deleted (they already count as absent). */
const SWEEP_MS = 60 * 60_000;

/** Starts the hourly sweep of idempotency_keys (once now too); returns a stop function. */
export function startIdempotencyCleanup(ctx: AppContext, log: (msg: string) => void): () => Promise<void> {
  let current: Promise<unknown> | undefined;
  const run = () => {
    if (current) return;
    current = deleteExpiredIdempotencyKeys(ctx.db)
      .catch((err) => log(`idempotency cleanup: ${String(err)}`))
      .finally(() => {
        current = undefined;
      });
  };
  run();
  const timer = setInterval(run, SWEEP_MS);
  timer.unref();
  // Stopping waits for a sweep in progress, so the database is not closed under it.
  return async () => {
    clearInterval(timer);
    await current;
  };
}
