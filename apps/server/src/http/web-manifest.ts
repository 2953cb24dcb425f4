import type { FastifyInstance } from 'fastify';

/** The colours of the manifest when the web app names none: the default theme's primary and white. */
export const MANIFEST_DEFAULT_THEME_COLOR = '#1c7ed6';
export const MANIFEST_BACKGROUND_COLOR = '#ffffff';
/** Where the installed app opens: the page a login lands on (the web app's HOME_PATH). */
export const MANIFEST_START_URL = '/dashboard/issues';
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * The web app manifest (what a browser needs to install the app on a home screen or desktop):
 * name, icons of the web build (apps/web/public/icons), start page, standalone window and the
 * colours. `theme_color` may be asked for as `?theme_color=%23RRGGBB` (the web app links the
 * manifest with the organisation's primary colour); anything else there is ignored.
 */
export function webManifest(themeColor: string = MANIFEST_DEFAULT_THEME_COLOR) {
  return {
    id: '/',
    name: 'Workbench',
    short_name: 'Workbench',
    description: 'Work management for organisations: issues, workspaces, partner collaborations.',
    start_url: MANIFEST_START_URL,
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: themeColor,
    background_color: MANIFEST_BACKGROUND_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** A hex colour of the query, lower-cased, or the default for a missing or malformed one. */
export function manifestThemeColor(query: unknown): string {
  const value = (query as { theme_color?: unknown } | undefined)?.theme_color;
  return typeof value === 'string' && HEX_COLOUR.test(value)
    ? value.toLowerCase()
    : MANIFEST_DEFAULT_THEME_COLOR;
}

/** GET /manifest.webmanifest: never cached, so a changed colour or icon reaches installed apps. */
export function registerWebManifest(app: FastifyInstance): void {
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache').type('application/manifest+json; charset=utf-8');
    return JSON.stringify(webManifest(manifestThemeColor(request.query)));
  });
}
