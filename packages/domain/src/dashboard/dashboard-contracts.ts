import { defineContract } from '../contracts/contract.js';
import {
  ZDashboardStatisticsQuerySchema,
  ZDashboardStatisticsSchema,
  ZOnboardingProgressSchema,
  ZOnboardingUpdateSchema,
  ZPrivacyConsentSchema,
} from './dashboard-schemas.js';

const tags = ['Dashboard'];

/** The dashboard overview, the getting-started steps and the privacy consent (issue 21). */
export const dashboardContracts = {
  statistics: defineContract({
    method: 'GET',
    path: '/dashboard/statistics',
    caller: 'user',
    ids: {},
    query: ZDashboardStatisticsQuerySchema,
    response: ZDashboardStatisticsSchema,
    tags,
    summary:
      "The caller's figures: own work due today, overdue, declined, to review; for admins and managers issues opened vs completed per ISO week, overdue by workspace, schedule issues done on time, equipment overdue. Each figure carries the issue-list query that counts it",
  }),
  updateOnboarding: defineContract({
    method: 'PUT',
    path: '/user/me/onboarding',
    caller: 'user',
    ids: {},
    body: ZOnboardingUpdateSchema,
    response: ZOnboardingProgressSchema,
    tags,
    summary:
      'Mark getting-started steps done or skip the page (dismissed); answers the progress as config onboarding_progress shows it (stored and derived steps)',
  }),
  privacyConsent: defineContract({
    method: 'POST',
    path: '/user/me/privacy_consent',
    caller: 'user',
    ids: {},
    response: ZPrivacyConsentSchema,
    tags,
    summary:
      'Accept the organisation’s privacy policy; the first time is kept (a second call changes nothing)',
  }),
};
