import {
  buildMenu,
  type ConfigPart,
  type ConfigResponse,
  ISSUE_FLOW,
  readClientSettings,
  SESSION_TTL_MS,
  SESSION_TTL_REMEMBER_MS,
} from '@workbench/domain';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { presentClient } from '../clients/client-presenter.js';
import { findClient, listCategories } from '../clients/client-queries.js';
import { onboardingProgress } from '../dashboard/onboarding-service.js';
import { listSavedFilters } from '../filters/filter-service.js';
import { listTextTemplateSuggestions } from '../templates/text-template-service.js';
import { loadSessionUser } from '../users/session-user.js';

/** Builds only the parts asked for, so a start-up call for one part stays cheap. */
export async function loadConfig(
  ctx: AppContext,
  auth: Auth,
  parts: ReadonlyArray<ConfigPart>,
): Promise<ConfigResponse> {
  const want = new Set(parts);
  const config: ConfigResponse = {};
  const clientRow = await findClient(ctx.db, auth.clientId);
  if (!clientRow) return config;
  if (want.has('client')) config.client = presentClient(clientRow);
  if (want.has('categories')) config.categories = await listCategories(ctx.db, auth.clientId);
  if (want.has('templates')) config.templates = await listTextTemplateSuggestions(ctx, auth.clientId);
  if (want.has('menu')) {
    config.menu = buildMenu(
      readClientSettings(clientRow.settings),
      await loadSessionUser(ctx.db, auth.userId),
    );
  }
  if (want.has('issue_flow')) config.issue_flow = ISSUE_FLOW;
  // The caller's own saved issue filters (the quick filters of the issue list).
  if (want.has('filters')) config.filters = await listSavedFilters(ctx.db, auth, 'issue');
  if (want.has('session_durations')) {
    config.session_durations = [
      { key: 'default', seconds: SESSION_TTL_MS / 1000 },
      { key: 'remember_me', seconds: SESSION_TTL_REMEMBER_MS / 1000 },
    ];
  }
  if (want.has('onboarding_progress') || want.has('privacy_policy_consent')) {
    const user = await ctx.db
      .selectFrom('users')
      .select(['onboarding_progress', 'privacy_policy_consented_at'])
      .where('client_id', '=', auth.clientId)
      .where('id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    if (want.has('onboarding_progress')) {
      // Stored marks with the steps the organisation's data shows done (dashboard module).
      config.onboarding_progress = await onboardingProgress(
        ctx.db,
        auth.clientId,
        user.onboarding_progress,
        readClientSettings(clientRow.settings),
      );
    }
    if (want.has('privacy_policy_consent')) {
      config.privacy_policy_consent = {
        consented_at: user.privacy_policy_consented_at?.toISOString() ?? null,
      };
    }
  }
  return config;
}
