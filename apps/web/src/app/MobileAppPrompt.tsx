import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINT_TABLET } from '@workbench/domain';
import { lazy, Suspense, useState } from 'react';
import { isStandalone } from './pwa/install-prompt';

const DISMISSED_KEY = 'workbench.mobile-prompt-dismissed';
// The dialog and its choice of offer load only when a narrow screen is going to show it.
const MobileAppOffer = lazy(() =>
  import('./pwa/MobileAppOffer').then((m) => ({ default: m.MobileAppOffer })),
);

/**
 * On narrow screens, offers the app once per browser session (src/app/pwa/MobileAppOffer.tsx:
 * the native apps where configured, else adding this web app to the home screen); the
 * dashboard layout shows it. Never in the installed app itself.
 */
export function MobileAppPrompt() {
  const isNarrow = useMediaQuery(`(max-width: ${BREAKPOINT_TABLET - 1}px)`);
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === '1');
  if (!isNarrow || dismissed || isStandalone()) return null;

  const dismiss = () => {
    sessionStorage.setItem(DISMISSED_KEY, '1');
    setDismissed(true);
  };
  return (
    <Suspense fallback={null}>
      <MobileAppOffer onClose={dismiss} />
    </Suspense>
  );
}
