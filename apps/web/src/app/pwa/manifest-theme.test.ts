import { afterEach, describe, expect, it } from 'vitest';
import { applyThemeColor, manifestHref } from './manifest-theme';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the manifest theme colour', () => {
  it('links the plain manifest for the default colour, else asks for the colour', () => {
    expect(manifestHref('#1c7ed6')).toBe('/manifest.webmanifest');
    expect(manifestHref('#2B8A3E')).toBe('/manifest.webmanifest?theme_color=%232b8a3e');
    expect(manifestHref('red')).toBe('/manifest.webmanifest');
  });

  it("sets index.html's manifest link and theme-color meta", () => {
    document.head.innerHTML =
      '<link rel="manifest" href="/manifest.webmanifest"><meta name="theme-color" content="#1c7ed6">';
    applyThemeColor('#2b8a3e');
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/manifest.webmanifest?theme_color=%232b8a3e',
    );
    expect(document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content).toBe('#2b8a3e');
    applyThemeColor('not a colour');
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/manifest.webmanifest',
    );
    expect(document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content).toBe('#1c7ed6');
  });
});
