import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CACHE_EXPIRY_MS,
  type ConfigResponse,
  configContracts,
  dashboardContracts,
  type OnboardingUpdate,
} from '@workbench/domain';
import { call } from '../../api/client';

/**
 * Under ['issues', 'list']: a live change of an issue refetches the figures with the lists.
 * Under ['config']: a change of the organisation's settings refetches the gate's config.
 */
export const dashboardKeys = {
  statistics: (weeks: number) => ['issues', 'list', 'dashboard', weeks] as const,
  config: ['config', 'dashboard'] as const,
};

/** GET dashboard/statistics. */
export function useDashboardStatistics(weeks: number) {
  return useQuery({
    queryKey: dashboardKeys.statistics(weeks),
    queryFn: ({ signal }) => call(dashboardContracts.statistics, { query: { weeks }, signal }),
    staleTime: 30_000,
  });
}

/** The organisation's settings with the person's onboarding progress and privacy consent. */
export function useDashboardConfig(enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.config,
    queryFn: ({ signal }) =>
      call(configContracts.get, {
        query: { get_only: 'client,onboarding_progress,privacy_policy_consent' },
        signal,
      }),
    enabled,
    staleTime: CACHE_EXPIRY_MS,
  });
}

/** PUT user/me/onboarding: the answer goes into the config the pages read. */
export function useUpdateOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OnboardingUpdate) => call(dashboardContracts.updateOnboarding, { body }),
    onSuccess: (progress) =>
      queryClient.setQueryData<ConfigResponse>(dashboardKeys.config, (old) =>
        old ? { ...old, onboarding_progress: progress } : old,
      ),
  });
}

/** POST user/me/privacy_consent. */
export function usePrivacyConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(dashboardContracts.privacyConsent),
    onSuccess: (consent) => {
      // Both the pages' config and the shell's (which the consent gate reads).
      for (const key of [dashboardKeys.config, ['config']])
        queryClient.setQueryData<ConfigResponse>(key, (old) =>
          old ? { ...old, privacy_policy_consent: consent } : old,
        );
    },
  });
}
