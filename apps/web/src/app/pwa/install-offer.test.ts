import { describe, expect, it } from 'vitest';
import { chooseInstallOffer, type InstallContext, isIos } from './install-offer';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  ipadDesktop:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0',
  desktopChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
};

const offer = (overrides: Partial<InstallContext>) =>
  chooseInstallOffer({
    userAgent: UA.android,
    maxTouchPoints: 5,
    standalone: false,
    canPrompt: false,
    ...overrides,
  });

describe('chooseInstallOffer', () => {
  it('offers nothing in the installed app, whatever else holds', () => {
    expect(offer({ standalone: true, canPrompt: true })).toEqual({ kind: 'none' });
    expect(
      offer({ standalone: true, userAgent: UA.iphone, iosUrl: 'https://apps.apple.com/app/id1' }),
    ).toEqual({
      kind: 'none',
    });
  });

  it('without configured store addresses, never a store: the browser install where it offers one', () => {
    expect(offer({ canPrompt: true })).toEqual({ kind: 'prompt' });
    expect(offer({ userAgent: UA.desktopChrome, maxTouchPoints: 0, canPrompt: true })).toEqual({
      kind: 'prompt',
    });
  });

  it('on iPhone and iPad (also an iPad asking for desktop pages) the Share steps', () => {
    expect(offer({ userAgent: UA.iphone })).toEqual({ kind: 'ios-steps' });
    expect(offer({ userAgent: UA.ipadDesktop, maxTouchPoints: 5 })).toEqual({ kind: 'ios-steps' });
  });

  it("on other browsers without the install event the browser menu's steps", () => {
    expect(offer({ userAgent: UA.firefoxAndroid })).toEqual({ kind: 'menu-steps' });
    expect(offer({ userAgent: UA.ipadDesktop, maxTouchPoints: 0 })).toEqual({ kind: 'menu-steps' });
  });

  it("configured native apps: the platform's own store, else the web app", () => {
    const urls = {
      androidUrl: 'https://play.google.com/store/apps/details?id=x',
      iosUrl: 'https://apps.apple.com/app/id1',
    };
    expect(offer({ ...urls, canPrompt: true })).toEqual({ kind: 'stores', android: urls.androidUrl });
    expect(offer({ ...urls, userAgent: UA.iphone })).toEqual({ kind: 'stores', ios: urls.iosUrl });
    // Only an iOS app: an Android phone gets the web app, and the other way round.
    expect(offer({ iosUrl: urls.iosUrl, canPrompt: true })).toEqual({ kind: 'prompt' });
    expect(offer({ androidUrl: urls.androidUrl, userAgent: UA.iphone })).toEqual({ kind: 'ios-steps' });
    // Neither platform (a narrow desktop window): every configured store.
    expect(offer({ ...urls, userAgent: UA.desktopChrome, maxTouchPoints: 0 })).toEqual({
      kind: 'stores',
      android: urls.androidUrl,
      ios: urls.iosUrl,
    });
  });

  it('an empty or blank address counts as not configured', () => {
    expect(offer({ androidUrl: '', iosUrl: '  ', canPrompt: true })).toEqual({ kind: 'prompt' });
    expect(offer({ androidUrl: ' ', userAgent: UA.desktopChrome, maxTouchPoints: 0 })).toEqual({
      kind: 'menu-steps',
    });
  });
});

describe('isIos', () => {
  it('knows iPhones and iPads, not Macs or Android', () => {
    expect(isIos(UA.iphone, 5)).toBe(true);
    expect(isIos(UA.ipadDesktop, 5)).toBe(true);
    expect(isIos(UA.ipadDesktop, 0)).toBe(false);
    expect(isIos(UA.android, 5)).toBe(false);
  });
});
