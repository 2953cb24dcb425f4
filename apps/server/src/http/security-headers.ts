import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the web app. The built app loads only its own files: no inline
 * script anywhere (the browser test fails on any violation). Styles may be inline because the UI
 * library writes its styles at run time; images, PDFs and frames may be blob: URLs (previews of
 * files not uploaded yet) and data: URLs (QR codes). No page of ours may be framed elsewhere.
 * The location picker's map tiles come from the host MAP_TILE_URL names (added to img-src).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // WebAssembly of our own build (the QR scanner's decoder where the browser has none): no eval.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * Security headers on every answer (@fastify/helmet): the CSP above, no framing (clickjacking),
 * nosniff, a same-origin referrer (signed file URLs never leave in a Referer), and HSTS when the
 * app is served over TLS (config.hsts). Answers that carry a token add Cache-Control: no-store
 * themselves; file answers set their own, stricter CSP.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { hsts: boolean; imageSources?: readonly string[] },
): Promise<void> {
  const imgSrc = [...CONTENT_SECURITY_POLICY.imgSrc, ...(options.imageSources ?? [])];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CONTENT_SECURITY_POLICY,
        imgSrc,
        ...(options.hsts ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    hsts: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Images of this server shown in e-mails or by partners' tools load from other sites.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  });
}
