import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  CACHE_EXPIRY_MS,
  type CreateTextTemplateRequest,
  configContracts,
  type TextTemplate,
  type TextTemplateListQuery,
  type TextTemplateListResponse,
  type TextTemplateSuggestion,
  textTemplateContracts,
  type UpdateTextTemplateRequest,
} from '@workbench/domain';
import { call } from '../../api/client';
import { useClientSettings } from '../profiles/profiles-api';

export const textTemplateKeys = {
  all: ['text-templates'] as const,
  lists: ['text-templates', 'list'] as const,
  list: (query: TextTemplateListQuery) => ['text-templates', 'list', query] as const,
  /** Under 'config' so a refetch of the start-up config refreshes the suggestions too. */
  suggestions: ['config', 'templates'] as const,
};

export function useTextTemplateList(query: TextTemplateListQuery) {
  return useQuery({
    queryKey: textTemplateKeys.list(query),
    queryFn: ({ signal }) => call(textTemplateContracts.list, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

const suggestionOf = ({ id, text, category }: TextTemplate): TextTemplateSuggestion => ({
  id,
  text,
  category,
});

/**
 * A saved template into the cache: in place on the list pages that show it and among the
 * suggestions (a new one first: newest first). The lists refetch, as it may now sort or filter
 * elsewhere, and a new one has its place on some page.
 */
function putTextTemplate(client: QueryClient, saved: TextTemplate) {
  client.setQueriesData<TextTemplateListResponse>({ queryKey: textTemplateKeys.lists }, (page) =>
    page ? { ...page, data: page.data.map((t) => (t.id === saved.id ? saved : t)) } : page,
  );
  client.setQueryData<TextTemplateSuggestion[]>(textTemplateKeys.suggestions, (old) => {
    if (!old) return old;
    return old.some((s) => s.id === saved.id)
      ? old.map((s) => (s.id === saved.id ? suggestionOf(saved) : s))
      : [suggestionOf(saved), ...old];
  });
  void client.invalidateQueries({ queryKey: textTemplateKeys.lists });
}

/** Saves a template (new without an id) and puts the answer into the cache. */
export function useSaveTextTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: (CreateTextTemplateRequest | UpdateTextTemplateRequest) & { id?: number }) =>
      id
        ? call(textTemplateContracts.update, { params: { id }, body })
        : call(textTemplateContracts.create, { body: body as CreateTextTemplateRequest }),
    onSuccess: (saved) => putTextTemplate(queryClient, saved),
  });
}

export function useDeleteTextTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(textTemplateContracts.remove, { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.setQueryData<TextTemplateSuggestion[]>(textTemplateKeys.suggestions, (old) =>
        old?.filter((s) => s.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: textTemplateKeys.lists });
    },
  });
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
      call(configContracts.get, { query: { get_only: 'templates' }, signal }).then(
        (config) => config.templates ?? [],
      ),
    enabled,
    staleTime: CACHE_EXPIRY_MS,
  });
  return enabled ? (query.data ?? EMPTY) : EMPTY;
}
const EMPTY: TextTemplateSuggestion[] = [];
