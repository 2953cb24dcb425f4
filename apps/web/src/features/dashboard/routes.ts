import type { FeaturePage } from '../../app/route-table';

/** The dashboard overview, onboarding and privacy consent pages. */
export const dashboardPages: FeaturePage[] = [];
