/** What the phone prompt offers (issue 24): only what really exists for this browser. */
export type InstallOffer =
  /** Running installed already: no prompt. */
  | { kind: 'none' }
  /** The organisation's native apps (VITE_ANDROID_APP_URL / VITE_IOS_APP_URL), for this platform. */
  | { kind: 'stores'; android?: string; ios?: string }
  /** The browser offered the installation (`beforeinstallprompt`): one button calls it. */
  | { kind: 'prompt' }
  /** iPhone and iPad: Share, then "Add to Home Screen" (iOS has no install event). */
  | { kind: 'ios-steps' }
  /** Other browsers without the event: the steps in the browser's own menu. */
  | { kind: 'menu-steps' };

export type InstallContext = {
  userAgent: string;
  /** navigator.maxTouchPoints: an iPad asking for desktop pages names itself a Mac. */
  maxTouchPoints: number;
  standalone: boolean;
  canPrompt: boolean;
  androidUrl?: string;
  iosUrl?: string;
};

export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/**
 * The offer for a browser: a configured native app of its platform first (both when the
 * platform is neither Android nor iOS), else the web app on the home screen, the way this
 * browser allows it.
 */
export function chooseInstallOffer(context: InstallContext): InstallOffer {
  if (context.standalone) return { kind: 'none' };
  const android = context.androidUrl?.trim() || undefined;
  const ios = context.iosUrl?.trim() || undefined;
  const onIos = isIos(context.userAgent, context.maxTouchPoints);
  const onAndroid = !onIos && /Android/i.test(context.userAgent);
  if (onIos && ios) return { kind: 'stores', ios };
  if (onAndroid && android) return { kind: 'stores', android };
  if (!onIos && !onAndroid && (android || ios)) return { kind: 'stores', android, ios };
  if (context.canPrompt) return { kind: 'prompt' };
  if (onIos) return { kind: 'ios-steps' };
  return { kind: 'menu-steps' };
}
