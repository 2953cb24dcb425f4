import { useQuery } from '@tanstack/react-query';
import { GEOCODE_QUERY_MIN, geocodeContracts } from '@workbench/domain';
import { call } from '../../api/client';

export const locationKeys = {
  config: ['geocode', 'config'] as const,
  search: (q: string, language: string) => ['geocode', 'search', language, q] as const,
};

/** GET geocode/config: whether the address search is on, and the map's tiles (null: no map). */
export function useMapsConfig() {
  return useQuery({
    queryKey: locationKeys.config,
    queryFn: ({ signal }) => call(geocodeContracts.config, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * GET geocode/search for the address tab (the text is already debounced by 400 ms). A failure
 * answers no suggestions (001 §4 "Address autocomplete failure clears the suggestions"): the
 * query's error state is never shown as such, its data is simply empty.
 */
export function useAddressSuggestions(q: string, language: string, enabled: boolean) {
  const text = q.trim();
  const query = useQuery({
    queryKey: locationKeys.search(text.toLowerCase(), language),
    queryFn: ({ signal }) => call(geocodeContracts.search, { query: { q: text, language }, signal }),
    enabled: enabled && text.length >= GEOCODE_QUERY_MIN,
    retry: false,
    staleTime: 10 * 60_000,
  });
  return {
    suggestions: query.isError || !enabled ? [] : (query.data?.data ?? []),
    isSearching: query.isFetching,
    failed: query.isError,
  };
}

/** GET geocode/reverse: the address at a clicked position, or null (none, or the search is off). */
export async function reverseGeocode(lat: number, lng: number, language: string): Promise<string | null> {
  try {
    const answer = await call(geocodeContracts.reverse, { query: { lat, lng, language } });
    return answer.data[0]?.location_name ?? null;
  } catch {
    return null;
  }
}
