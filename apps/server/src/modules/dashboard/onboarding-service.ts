import {
  type ClientSettings,
  ONBOARDING_STEPS,
  type OnboardingStep,
  type OnboardingUpdate,
  readClientSettings,
} from '@workbench/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import { findClient } from '../clients/client-queries.js';
import type { Db } from '../issues/issue-queries.js';
import { findOnboardingFacts } from './dashboard-queries.js';

/** users.onboarding_progress as stored: unknown step names and bad values read as nothing. */
const ZStoredOnboarding = z.object({
  completed_steps: z
    .array(z.string())
    .catch([])
    .transform((steps) =>
      steps.filter((s): s is OnboardingStep => (ONBOARDING_STEPS as readonly string[]).includes(s)),
    ),
  dismissed: z.boolean().catch(false),
});

export type OnboardingProgressView = { completed_steps: OnboardingStep[]; dismissed: boolean };

/**
 * The progress config shows: the steps the person marked, with those the organisation's data
 * shows done (a workspace, a second person, an issue, a schedule, a first scan of a printed QR
 * code), in the steps' order, all read in one statement. print_qr_code is also marked by the web
 * when the person prints or downloads a QR code.
 */
export async function onboardingProgress(
  db: Db,
  clientId: number,
  stored: unknown,
  settings: Pick<ClientSettings, 'include_schedules'>,
): Promise<OnboardingProgressView> {
  const own = ZStoredOnboarding.parse(stored ?? {});
  const facts = await findOnboardingFacts(db, clientId);
  const derived: Record<OnboardingStep, boolean> = {
    create_workspace: facts.workspaces,
    invite_people: facts.people,
    create_issue: facts.issues,
    print_qr_code: facts.qr_scans,
    create_schedule: settings.include_schedules && facts.schedules,
  };
  const done = new Set<OnboardingStep>(own.completed_steps);
  return {
    completed_steps: ONBOARDING_STEPS.filter((step) => done.has(step) || derived[step]),
    dismissed: own.dismissed,
  };
}

/** PUT user/me/onboarding: steps marked done are added (never removed); dismissed as given. */
export async function updateOnboarding(
  ctx: AppContext,
  auth: Auth,
  body: OnboardingUpdate,
): Promise<OnboardingProgressView> {
  const stored = await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('onboarding_progress')
      .where('id', '=', auth.userId)
      .where('client_id', '=', auth.clientId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw notFound('User not found');
    const own = ZStoredOnboarding.parse(user.onboarding_progress ?? {});
    const steps = new Set<OnboardingStep>([...own.completed_steps, ...(body.completed_steps ?? [])]);
    const next = {
      completed_steps: ONBOARDING_STEPS.filter((s) => steps.has(s)),
      dismissed: body.dismissed ?? own.dismissed,
    };
    await trx
      .updateTable('users')
      .set({ onboarding_progress: JSON.stringify(next) })
      .where('id', '=', auth.userId)
      .execute();
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'user',
      entityId: auth.userId,
      action: 'onboarding_updated',
      changes: { completed_steps: body.completed_steps ?? [], dismissed: body.dismissed ?? null },
    });
    return next;
  });
  const client = await findClient(ctx.db, auth.clientId);
  return onboardingProgress(ctx.db, auth.clientId, stored, readClientSettings(client?.settings));
}

/** POST user/me/privacy_consent: the first acceptance is kept; later calls change nothing. */
export async function givePrivacyConsent(
  ctx: AppContext,
  auth: Auth,
): Promise<{ consented_at: string | null }> {
  const at = await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set({ privacy_policy_consented_at: new Date() })
      .where('id', '=', auth.userId)
      .where('client_id', '=', auth.clientId)
      .where('privacy_policy_consented_at', 'is', null)
      .returning('privacy_policy_consented_at')
      .executeTakeFirst();
    if (updated) {
      await logActivity(trx, {
        clientId: auth.clientId,
        userId: auth.userId,
        entityType: 'user',
        entityId: auth.userId,
        action: 'privacy_consent_given',
      });
      return updated.privacy_policy_consented_at;
    }
    const row = await trx
      .selectFrom('users')
      .select('privacy_policy_consented_at')
      .where('id', '=', auth.userId)
      .where('client_id', '=', auth.clientId)
      .executeTakeFirst();
    if (!row) throw notFound('User not found');
    return row.privacy_policy_consented_at;
  });
  return { consented_at: at ? new Date(at).toISOString() : null };
}
