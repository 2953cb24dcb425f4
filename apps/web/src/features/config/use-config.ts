import { useQuery } from '@tanstack/react-query';
import { CACHE_EXPIRY_MS, configContracts } from '@workbench/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useNotify } from '../../ui/feedback/use-notify';
import { saveColors } from './colors-store';

/**
 * The start-up config of the logged-in user: organisation, menu, categories, and whether they
 * accepted the privacy policy (the dashboard's gate reads it from the same request).
 */
export const startConfigQuery = {
  queryKey: ['config'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call(configContracts.get, {
      query: { get_only: 'client,menu,categories,privacy_policy_consent' },
      signal,
    }),
  staleTime: CACHE_EXPIRY_MS,
};

export function useConfig(enabled: boolean) {
  const { t } = useTranslation();
  const notify = useNotify();
  const query = useQuery({ ...startConfigQuery, enabled });
  useEffect(() => {
    if (query.data?.client) saveColors(query.data.client.settings.colors);
  }, [query.data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per failure, not per render
  useEffect(() => {
    if (query.isError) notify.failWithTitle(t('errors.config_failed'), query.error);
  }, [query.isError]);
  return query;
}
