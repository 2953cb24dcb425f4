import { useSyncExternalStore } from 'react';

/** Chromium's event offering to install the app (not in the DOM typings: not a standard yet). */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let deferred: BeforeInstallPromptEvent | null = null;
let listening = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

/**
 * Keeps the browser's install offer for the phone prompt's "Add to home screen" button. Called
 * from main.tsx before the app renders: Chromium fires `beforeinstallprompt` once, soon after the
 * page loads, and a listener added later (with the dashboard's lazy chunk) would miss it. Its
 * own mini-infobar is held back: the prompt offers the installation at the right moment instead.
 */
export function listenForInstallPrompt(target: Window = window): void {
  if (listening) return;
  listening = true;
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

/** Whether the browser offered the installation (and it was not used yet). */
export function useCanPromptInstall(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => deferred !== null,
  );
}

/** Shows the browser's install dialog; an event serves once, so it is gone afterwards. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  notify();
  await event.prompt();
  return (await event.userChoice).outcome;
}

/** Is this page running as the installed app (its own window, or on iOS from the home screen)? */
export function isStandalone(win: Window = window): boolean {
  const media = (query: string) => win.matchMedia?.(query).matches ?? false;
  return (
    media('(display-mode: standalone)') ||
    media('(display-mode: fullscreen)') ||
    (win.navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}
