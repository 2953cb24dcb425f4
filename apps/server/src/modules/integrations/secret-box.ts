import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';

/** The secret's name in server_secrets (used when INTEGRATIONS_SECRET is not set). */
export const INTEGRATIONS_SECRET_NAME = 'integrations_key';

const keys = new WeakMap<object, Promise<Buffer>>();

/**
 * The key that encrypts stored integration secrets (the Odoo API key): derived from
 * INTEGRATIONS_SECRET when set, else from a random secret every server of the installation
 * shares in server_secrets (made by the first one that needs it, as the file URL secret).
 */
export function integrationsKey(ctx: Pick<AppContext, 'db' | 'config'>): Promise<Buffer> {
  let key = keys.get(ctx.db);
  if (!key) {
    key = loadKey(ctx.db, ctx.config.integrationsSecret);
    key.catch(() => keys.delete(ctx.db));
    keys.set(ctx.db, key);
  }
  return key;
}

async function loadKey(db: Kysely<Database>, fromEnv: string | undefined): Promise<Buffer> {
  let material: Buffer;
  if (fromEnv) {
    material = Buffer.from(fromEnv, 'utf8');
  } else {
    await db
      .insertInto('server_secrets')
      .values({ name: INTEGRATIONS_SECRET_NAME, value: randomBytes(32).toString('hex') })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', INTEGRATIONS_SECRET_NAME)
      .executeTakeFirstOrThrow();
    material = Buffer.from(row.value, 'hex');
  }
  return Buffer.from(hkdfSync('sha256', material, 'workbench', 'integrations v1', 32));
}

/** AES-256-GCM: 'v1.' + base64url(iv | tag | ciphertext); `context` binds it to its owner (another row's key does not open it). */
export function seal(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function open(key: Buffer, sealed: string, context: string): string {
  if (!sealed.startsWith('v1.')) throw new Error('unknown sealed format');
  const raw = Buffer.from(sealed.slice(3), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
