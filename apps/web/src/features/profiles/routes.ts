import type { FeaturePage } from '../../app/route-table';

/** The profiles pages built so far; paths come from DASHBOARD_PAGES / PUBLIC_PAGES in app/route-table.ts. */
export const profilePages: FeaturePage[] = [];
