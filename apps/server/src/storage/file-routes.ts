import { fileExtensionOf, systemContracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { route } from '../http/contract-route.js';
import { AppError, notFound } from '../http/errors.js';
import { contentTypeOf, isValidFileKey } from './file-storage.js';
import { fileUrlSigner, setUpFileUrls } from './file-urls.js';

/** Shown by the browser itself (the viewer's <img> and <object>); everything else downloads. */
const INLINE_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
]);

/**
 * Every file answer is a document of its own that may run nothing: no scripts, plugins, forms or
 * fetches (default-src 'none', sandbox: an opaque origin without the app's storage), styles only
 * for the browser's own image and PDF views, framed only by the app (the viewer's <object> and
 * the print frame). Chromium and Firefox show PDFs inline under it (checked in both).
 */
export const FILE_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'";

/**
 * Control characters, path and quoting characters, and the invisible ones (bidi overrides,
 * zero-width) that can turn "report\u202Efdp.exe" into what looks like a PDF.
 */
const isUnsafeNameChar = (c: string) => {
  const code = c.codePointAt(0) as number;
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    '"\\/:*?<>|'.includes(c) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff
  );
};

/**
 * The name a file is saved as: the uploaded name without unsafe characters, always ending in the
 * extension of what the file IS (a PDF uploaded as "x.html" is saved as "x.html.pdf").
 */
export function safeFileName(name: string | undefined, key: string): string {
  const ext = key.split('.').pop() ?? 'bin';
  let safe = (name ?? '')
    .normalize('NFC')
    .replace(/./gsu, (c) => (isUnsafeNameChar(c) ? '_' : c))
    .trim()
    .replace(/^[.\s]+/, '');
  if (!safe) safe = 'file';
  if (contentTypeOf(`x.${fileExtensionOf(safe)}`) !== contentTypeOf(key)) safe = `${safe}.${ext}`;
  // Long names end in their extension still.
  if (safe.length > 150) safe = `${safe.slice(0, 140 - ext.length)}….${ext}`;
  return safe;
}

/** `inline` for images and PDFs, `attachment` for the rest, with the name in both spellings. */
export function contentDisposition(key: string, name: string | undefined): string {
  const kind = INLINE_TYPES.has(contentTypeOf(key)) ? 'inline' : 'attachment';
  const safe = safeFileName(name, key);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(safe).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Serves a stored file by a signed URL (file-urls.ts): without a valid signature 403
 * invalid_token, past its expiry 403 token_expired, never the file; then 404 when it is gone.
 */
export function fileRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Before the first request: every file URL is signed with the installation's shared secret.
  app.addHook('onReady', () => setUpFileUrls(ctx.db, ctx.config.fileUrlSecret));
  route(app, ctx, systemContracts.file, async ({ params, query, reply }) => {
    const key = params['*'];
    const check = fileUrlSigner().check(key, query);
    if (!check.ok) {
      throw check.reason === 'expired'
        ? new AppError(403, 'token_expired', 'The file link has expired: reload the page for a new one')
        : new AppError(403, 'invalid_token', 'The file link is not valid');
    }
    const data = isValidFileKey(key) ? await ctx.storage.get(key) : undefined;
    if (!data) throw notFound('File not found');
    const type = contentTypeOf(key);
    // Set here, after any global hook, so they win over the pages' own headers.
    return reply
      .header('content-type', type.startsWith('text/') ? `${type}; charset=utf-8` : type)
      .header('content-disposition', contentDisposition(key, query.name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', FILE_CSP)
      .header('x-frame-options', 'SAMEORIGIN')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', `private, max-age=${check.remainingSeconds}`)
      .send(data);
  });
}
