import { useQuery } from '@tanstack/react-query';
import { CACHE_EXPIRY_MS, configContracts } from '@workbench/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useNotify } from '../../ui/feedback/use-notify';
import { saveColors } from './colors-store';

/** The start-up config of the logged-in user: organisation, menu, categories. */
export function useConfig(enabled: boolean) {
  const { t } = useTranslation();
  const notify = useNotify();
  const query = useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) =>
      call(configContracts.get, { query: { get_only: 'client,menu,categories' }, signal }),
    enabled,
    staleTime: CACHE_EXPIRY_MS,
  });
  useEffect(() => {
    if (query.data?.client) saveColors(query.data.client.settings.colors);
  }, [query.data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per failure, not per render
  useEffect(() => {
    if (query.isError) notify.failWithTitle(t('errors.config_failed'), query.error);
  }, [query.isError]);
  return query;
}
