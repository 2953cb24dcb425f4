import { useEffect } from 'react';

const DEFAULT_THEME_COLOR = '#1c7ed6';
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** The manifest's address for a theme colour: the server takes `?theme_color=%23RRGGBB` (hex only). */
export function manifestHref(themeColor: string): string {
  const colour = HEX_COLOUR.test(themeColor) ? themeColor.toLowerCase() : DEFAULT_THEME_COLOR;
  return colour === DEFAULT_THEME_COLOR
    ? '/manifest.webmanifest'
    : `/manifest.webmanifest?theme_color=${encodeURIComponent(colour)}`;
}

/** Points <link rel="manifest"> and <meta name="theme-color"> of index.html at this colour. */
export function applyThemeColor(themeColor: string, doc: Document = document): void {
  const colour = HEX_COLOUR.test(themeColor) ? themeColor.toLowerCase() : DEFAULT_THEME_COLOR;
  const link = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = manifestHref(colour);
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (meta && meta.content !== colour) meta.content = colour;
}

/** Keeps the manifest link and the browser's toolbar colour in step with the organisation's primary colour. */
export function useManifestTheme(primary: string): void {
  useEffect(() => applyThemeColor(primary), [primary]);
}
