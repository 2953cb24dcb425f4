import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { myOrganisationContracts, userContracts } from '@workbench/domain';
import { call } from '../../api/client';
import { sessionStore } from '../auth/session-store';
import { resetColors } from '../config/colors-store';

export const organisationKeys = { mine: ['my-organisations'] as const };

/** GET user/me/clients: the organisations the person belongs to (the user menu's switcher). */
export function useMyOrganisations() {
  return useQuery({
    queryKey: organisationKeys.mine,
    queryFn: ({ signal }) => call(myOrganisationContracts.list, { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * POST user/switch_client, then everything of the old organisation goes: the query cache, the
 * session's user (its organisation, role and rights), the theme colours (the new one's come with
 * its config), and the page (the caller goes to the start page).
 */
export function useSwitchOrganisation(afterSwitch: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: number) => call(userContracts.switchClient, { body: { client_id: clientId } }),
    onSuccess: ({ user }) => {
      queryClient.clear();
      resetColors();
      sessionStore.userChanged(user);
      afterSwitch();
    },
  });
}
