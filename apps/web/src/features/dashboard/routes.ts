import type { FeaturePage } from '../../app/route-table';

/** The dashboard overview, onboarding and privacy consent pages. */
export const dashboardPages: FeaturePage[] = [
  { path: '/dashboard/overview', load: () => import('./pages/OverviewPage').then((m) => m.OverviewPage) },
  {
    path: '/dashboard/onboarding',
    load: () => import('./pages/OnboardingPage').then((m) => m.OnboardingPage),
  },
  {
    path: '/dashboard/privacy-consent',
    load: () => import('./pages/PrivacyConsentPage').then((m) => m.PrivacyConsentPage),
  },
];
