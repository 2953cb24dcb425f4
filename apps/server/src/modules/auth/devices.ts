import { authContracts, LOGIN_DEVICE_COOKIE_MAX, LOGIN_DEVICE_TTL_MS } from '@workbench/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { hashToken, newRawToken } from './tokens.js';

/**
 * Known devices: a browser that logged in to an account gets a long-lived cookie with a random
 * token (stored hashed, like session tokens). Presented with a later login of that account, it
 * makes the attempt count under the device instead of the IP (throttle.ts), so failures from
 * elsewhere never keep the owner out. The token only changes how a login is throttled: it is
 * no credential. One browser keeps the tokens of its last few accounts.
 */
export const DEVICE_COOKIE = 'wb_device';
/** The cookie goes only with the login call, the one place it is read. */
const DEVICE_COOKIE_PATH = `/api/v4${authContracts.login.path}`;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The device tokens a request presents (none, or up to LOGIN_DEVICE_COOKIE_MAX). */
export function presentedDeviceTokens(request: FastifyRequest): string[] {
  const header = request.headers.cookie;
  if (!header) return [];
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== DEVICE_COOKIE) continue;
    return rest
      .join('=')
      .split('.')
      .filter((t) => TOKEN.test(t))
      .slice(0, LOGIN_DEVICE_COOKIE_MAX);
  }
  return [];
}

type Device = { id: number; user_id: number; token_hash: string };

async function findDevices(ctx: AppContext, tokens: string[]): Promise<Device[]> {
  if (!tokens.length) return [];
  return ctx.db
    .selectFrom('login_devices')
    .select(['id', 'user_id', 'token_hash'])
    .where(
      'token_hash',
      'in',
      tokens.map((t) => hashToken(t)),
    )
    .where('last_used_at', '>', new Date(Date.now() - LOGIN_DEVICE_TTL_MS))
    .execute();
}

/** The known device of this account among the presented tokens, if any. */
export async function knownDeviceOf(
  ctx: AppContext,
  tokens: string[],
  userId: number | undefined,
): Promise<number | null> {
  // Asked whether the address has an account or not, so the answer's time does not tell.
  const devices = await findDevices(ctx, tokens);
  return devices.find((d) => d.user_id === userId)?.id ?? null;
}

/**
 * After a login of this account in this browser: its device is remembered (a new token, or the
 * one it showed, with a fresh date), and the cookie set again with the tokens still valid.
 */
export async function rememberDevice(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const presented = presentedDeviceTokens(request);
  const devices = await findDevices(ctx, presented);
  const valid = presented.filter((t) => devices.some((d) => d.token_hash === hashToken(t)));
  const own = devices.find((d) => d.user_id === userId);
  let token = own ? valid.find((t) => hashToken(t) === own.token_hash) : undefined;
  const now = new Date();
  if (own) {
    await ctx.db.updateTable('login_devices').set({ last_used_at: now }).where('id', '=', own.id).execute();
  } else {
    token = newRawToken();
    await ctx.db
      .insertInto('login_devices')
      .values({ user_id: userId, token_hash: hashToken(token), created_at: now, last_used_at: now })
      .execute();
    // Devices not used for a year are forgotten.
    await ctx.db
      .deleteFrom('login_devices')
      .where('user_id', '=', userId)
      .where('last_used_at', '<', new Date(now.getTime() - LOGIN_DEVICE_TTL_MS))
      .execute();
  }
  const tokens = [token as string, ...valid.filter((t) => t !== token)].slice(0, LOGIN_DEVICE_COOKIE_MAX);
  const attributes = [
    `Path=${DEVICE_COOKIE_PATH}`,
    `Max-Age=${Math.floor(LOGIN_DEVICE_TTL_MS / 1000)}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(request.protocol === 'https' ? ['Secure'] : []),
  ];
  reply.header('set-cookie', `${DEVICE_COOKIE}=${tokens.join('.')}; ${attributes.join('; ')}`);
}
