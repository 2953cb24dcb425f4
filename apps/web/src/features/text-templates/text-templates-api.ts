import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CACHE_EXPIRY_MS,
  type ConfigResponse,
  type CreateTextTemplateRequest,
  type TextTemplate,
  type TextTemplateListQuery,
  type TextTemplateListResponse,
  type TextTemplateSuggestion,
  type UpdateTextTemplateRequest,
} from '@workbench/domain';
import { api } from '../../api/client';
import { useClientSettings } from '../profiles/profiles-api';
import { listQueryString } from './list-params';

export const textTemplateKeys = {
  all: ['text-templates'] as const,
  list: (query: TextTemplateListQuery) => ['text-templates', 'list', query] as const,
  /** Under 'config' so a refetch of the start-up config refreshes the suggestions too. */
  suggestions: ['config', 'templates'] as const,
};

export function useTextTemplateList(query: TextTemplateListQuery) {
  return useQuery({
    queryKey: textTemplateKeys.list(query),
    queryFn: ({ signal }) =>
      api<TextTemplateListResponse>(`text-templates?${listQueryString(query, true)}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Saves a template (new without an id); the list and the suggestions refetch. */
export function useSaveTextTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: (CreateTextTemplateRequest | UpdateTextTemplateRequest) & { id?: number }) =>
      id
        ? api<TextTemplate>(`text-templates/${id}`, { method: 'PUT', body })
        : api<TextTemplate>('text-templates', { method: 'POST', body }),
    onSuccess: () => invalidate(queryClient),
  });
}

export function useDeleteTextTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ success: true }>(`text-templates/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidate(queryClient),
  });
}

function invalidate(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: textTemplateKeys.all });
  void queryClient.invalidateQueries({ queryKey: textTemplateKeys.suggestions });
}

/**
 * The organisation's text templates for the autocomplete, from GET config?get_only=templates
 * (at most 2000, kept 5 minutes); none when the client's display.text_templates is off.
 */
export function useTextTemplateSuggestions(): TextTemplateSuggestion[] {
  const settings = useClientSettings();
  const enabled = settings?.display.text_templates ?? false;
  const query = useQuery({
    queryKey: textTemplateKeys.suggestions,
    queryFn: ({ signal }) =>
      api<ConfigResponse>('config?get_only=templates', { signal }).then((config) => config.templates ?? []),
    enabled,
    staleTime: CACHE_EXPIRY_MS,
  });
  return enabled ? (query.data ?? EMPTY) : EMPTY;
}
const EMPTY: TextTemplateSuggestion[] = [];
