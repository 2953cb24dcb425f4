import type { FeaturePage } from '../../app/route-table';

/** The staff side of the public area: the public-forms settings tab, the external reporters. */
export const publicFormPages: FeaturePage[] = [];
