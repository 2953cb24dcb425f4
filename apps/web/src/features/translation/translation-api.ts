import { useQuery } from '@tanstack/react-query';
import { translationContracts, type UiLanguage } from '@workbench/domain';
import { call } from '../../api/client';

/** Whether the installation translates (GET translate/status): asked once a session. */
export function useTranslationStatus() {
  return useQuery({
    queryKey: ['translation', 'status'],
    queryFn: ({ signal }) => call(translationContracts.status, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export type MachineKind = 'issue' | 'workspace';

/**
 * The machine translation of one issue's or workspace's texts into `language` (POST
 * translate/issue/{id} or translate/workspace/{id}), asked once per text: the key holds the
 * texts, so an edit asks again. A failure is silently ignored (000 §7): no retry, no message.
 */
export function useMachineTranslationQuery(
  kind: MachineKind,
  id: number,
  source: Record<string, string | null>,
  language: UiLanguage,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['translation', kind, id, language, source],
    queryFn: async ({ signal }): Promise<Record<string, string | null | undefined>> => {
      if (kind === 'issue') {
        const answer = await call(translationContracts.issue, {
          params: { issueId: id },
          body: { title: source.title ?? '', description: source.description ?? '', language },
          signal,
        });
        return answer.trans;
      }
      const answer = await call(translationContracts.workspace, {
        params: { workspaceId: id },
        body: { name: source.name ?? '', description: source.description ?? '', language },
        signal,
      });
      return answer.trans;
    },
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
