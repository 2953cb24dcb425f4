import type { FeaturePage } from '../../app/route-table';

/** A workspace's lease and maintenance pages. */
export const workspaceInfoPages: FeaturePage[] = [];
