import type { FeaturePage } from '../../app/route-table';

/** The settings tabs (general, profile, pdf-reports, about; public-forms is the public area's). */
export const settingsPages: FeaturePage[] = [];
