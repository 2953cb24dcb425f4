import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS } from '@workbench/domain';
import { useEffect, useState } from 'react';

/**
 * The text of a list's search box, kept in step with the search in the URL: typing writes the
 * URL SEARCH_DEBOUNCE_MS after the last key (000 §9); back/forward brings the URL's search
 * into the box. Returns the box's text and its setter.
 */
export function useUrlSearch(urlSearch: string, writeSearch: (search: string) => void) {
  const [searchText, setSearchText] = useState(urlSearch);
  const [debouncedSearch] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced value writes the URL
  useEffect(() => {
    if (debouncedSearch !== urlSearch) writeSearch(debouncedSearch);
  }, [debouncedSearch]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the URL only
  useEffect(() => {
    if (urlSearch !== searchText.trim()) setSearchText(urlSearch);
  }, [urlSearch]);
  return [searchText, setSearchText] as const;
}
