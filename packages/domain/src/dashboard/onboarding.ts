import type { ClientSettings } from '../client/client-settings.js';

/**
 * The getting-started steps of a new organisation's admin (/dashboard/onboarding), in order.
 * Each is ticked when the data shows it was done (the server derives it when config is read) or
 * when the person marked it (PUT user/me/onboarding); create_schedule only with schedules on.
 */
export const ONBOARDING_STEPS = [
  'create_workspace',
  'invite_people',
  'create_issue',
  'print_qr_code',
  'create_schedule',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** The steps this organisation offers. */
export function onboardingSteps(settings: Pick<ClientSettings, 'include_schedules'>): OnboardingStep[] {
  return ONBOARDING_STEPS.filter((step) => step !== 'create_schedule' || settings.include_schedules);
}

export type OnboardingProgress = { completed_steps: readonly string[]; dismissed: boolean };

/** Whether every offered step is ticked. */
export function isOnboardingComplete(
  progress: Pick<OnboardingProgress, 'completed_steps'>,
  settings: Pick<ClientSettings, 'include_schedules'>,
): boolean {
  return onboardingSteps(settings).every((step) => progress.completed_steps.includes(step));
}

/** Whether the "Getting started" banner and menu link show: admins, until finished or skipped. */
export function showsOnboarding(
  progress: OnboardingProgress | undefined,
  settings: Pick<ClientSettings, 'include_schedules'>,
  role: string,
): boolean {
  if (role !== 'admin' || !progress) return false;
  return !progress.dismissed && !isOnboardingComplete(progress, settings);
}

/** Whether the person must accept the privacy policy before using the app (/dashboard/privacy-consent). */
export function needsPrivacyConsent(
  settings: Pick<ClientSettings, 'privacy_policy'>,
  consent: { consented_at: string | null } | undefined,
): boolean {
  return settings.privacy_policy.required && !consent?.consented_at;
}
