import type { FeaturePage } from '../../app/route-table';

/** Equipment groups, types and external holders (001 §2). */
export const equipmentSetPages: FeaturePage[] = [];
