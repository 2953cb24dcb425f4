import type { FeaturePage } from '../../app/route-table';

/** The equipment pages (001 §2 "Equipment"): list, add, detail, edit. */
export const equipmentPages: FeaturePage[] = [];
