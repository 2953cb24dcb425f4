import { describe, expect, it, vi } from 'vitest';
import { isStandalone, listenForInstallPrompt, promptInstall } from './install-prompt';

describe('the install prompt', () => {
  it('keeps the early beforeinstallprompt event, holds back the mini-infobar, and uses it once', async () => {
    expect(await promptInstall()).toBe('unavailable');
    listenForInstallPrompt(window);
    const prompt = vi.fn(async () => undefined);
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(await promptInstall()).toBe('accepted');
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(await promptInstall()).toBe('unavailable');
  });

  it('knows the installed app by its display mode or, on iOS, navigator.standalone', () => {
    const win = (standaloneMedia: boolean, standalone?: boolean) =>
      ({
        matchMedia: (q: string) => ({ matches: standaloneMedia && q === '(display-mode: standalone)' }),
        navigator: { standalone },
      }) as unknown as Window;
    expect(isStandalone(win(false))).toBe(false);
    expect(isStandalone(win(true))).toBe(true);
    expect(isStandalone(win(false, true))).toBe(true);
  });
});
