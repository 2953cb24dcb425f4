import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { needsPrivacyConsent } from '@workbench/domain';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { startConfigQuery } from '../../config/use-config';

export const PRIVACY_CONSENT_PATH = '/dashboard/privacy-consent';

/**
 * Before anything else of the dashboard: when the organisation requires its privacy policy and
 * the person has not accepted it, only the consent page (and logging out in its header) is
 * reachable. A failed config read lets the person in (the server decides nothing on it).
 */
export function PrivacyConsentGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  // The shell's own start-up config (one request for both).
  const config = useQuery(startConfigQuery);
  if (config.isPending) {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  const settings = config.data?.client?.settings;
  if (
    settings &&
    needsPrivacyConsent(settings, config.data?.privacy_policy_consent) &&
    location.pathname !== PRIVACY_CONSENT_PATH
  ) {
    return (
      <Navigate
        to={PRIVACY_CONSENT_PATH}
        replace
        state={{ from: `${location.pathname}${location.search}` }}
      />
    );
  }
  return children;
}
