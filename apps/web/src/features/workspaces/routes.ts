import type { FeaturePage } from '../../app/route-table';

/** The workspaces pages built so far; paths come from DASHBOARD_PAGES / PUBLIC_PAGES in app/route-table.ts. */
export const workspacePages: FeaturePage[] = [];
