import type { FeaturePage } from '../../app/route-table';

/** The public equipment pages (001 §2): found, extend a handout. */
export const publicEquipmentPages: FeaturePage[] = [];
