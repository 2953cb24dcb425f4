import type { Client } from '@workbench/domain';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { fieldError, notFound } from '../../http/errors.js';
import { newFileKey } from '../../storage/file-storage.js';
import { readUploadedFile } from '../../storage/images.js';
import { presentClient } from './client-presenter.js';
import { findClientForUpdate, saveClientChange } from './client-queries.js';

/** The logo is scaled down to fit a square of this many pixels (never up). */
export const LOGO_MAX_SIDE = 512;
/** A larger upload is refused before it is decoded. */
export const LOGO_MAX_BYTES = 5_000_000;

/** The formats a logo may be sent in, judged by content, with the extension its file gets. */
const LOGO_FORMATS = { png: 'png', jpeg: 'jpg', webp: 'webp' } as const;
type LogoFormat = keyof typeof LOGO_FORMATS;

/**
 * Checks the image by its CONTENT (png, jpeg or webp) and re-encodes it scaled to fit
 * LOGO_MAX_SIDE: whatever was appended to the file does not survive the re-encoding.
 */
export async function prepareLogo(data: Buffer): Promise<{ data: Buffer; ext: string }> {
  const meta = await sharp(data)
    .metadata()
    .catch(() => undefined);
  const format = meta?.format;
  if (format !== 'png' && format !== 'jpeg' && format !== 'webp') {
    throw fieldError('file', 'file_type_not_allowed', 'Only png, jpeg and webp images are allowed');
  }
  try {
    const out = await sharp(data)
      .rotate()
      .resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toFormat(format as LogoFormat)
      .toBuffer();
    return { data: out, ext: LOGO_FORMATS[format as LogoFormat] };
  } catch {
    throw fieldError('file', 'file_type_not_allowed', 'The image could not be read');
  }
}

/** Another organisation's id answers 404, as if it did not exist. */
function assertOwnClient(auth: Auth, clientId: number): void {
  if (clientId !== auth.clientId) throw notFound('Organisation not found');
}

/**
 * Sets (key) or clears (null) clients.logo in one transaction with its activity entry (which
 * also publishes the live event every screen reloads the organisation on); the old file goes
 * once the change is committed.
 */
async function replaceLogo(
  ctx: AppContext,
  auth: Auth,
  clientId: number,
  key: string | null,
): Promise<Client> {
  const { row, previous } = await ctx.db.transaction().execute(async (trx) => {
    const current = await findClientForUpdate(trx, clientId);
    if (!current) throw notFound('Organisation not found');
    const updated = await saveClientChange(
      trx,
      { clientId, userId: auth.userId },
      { logo: key },
      { logo: key ? 'changed' : 'removed' },
    );
    return { row: updated, previous: current.logo };
  });
  if (previous && previous !== key) await ctx.storage.remove(previous).catch(() => undefined);
  return presentClient(row);
}

/** POST client/{id}/logo (admins): a new logo replaces the old one. */
export async function uploadClientLogo(
  ctx: AppContext,
  auth: Auth,
  clientId: number,
  request: FastifyRequest,
): Promise<Client> {
  assertOwnClient(auth, clientId);
  const sent = await readUploadedFile(request, {
    field: 'file',
    fileFields: ['file'],
    maxBytes: LOGO_MAX_BYTES,
  });
  const logo = await prepareLogo(sent);
  const key = newFileKey(clientId, 'logos', logo.ext);
  await ctx.storage.put(key, logo.data);
  try {
    return await replaceLogo(ctx, auth, clientId, key);
  } catch (err) {
    await ctx.storage.remove(key).catch(() => undefined);
    throw err;
  }
}

/** DELETE client/{id}/logo (admins). */
export function removeClientLogo(ctx: AppContext, auth: Auth, clientId: number): Promise<Client> {
  assertOwnClient(auth, clientId);
  return replaceLogo(ctx, auth, clientId, null);
}
