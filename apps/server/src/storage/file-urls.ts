import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Stored files are fetched by <img>, <object> and download links, which cannot send the bearer
 * token, so every file URL the API answers is signed instead:
 * `/api/v4/files/<key>?expires=<unix seconds>&signature=<HMAC>` (and `name=` for documents, so
 * a download keeps its file name). Only the API hands out URLs, and only to someone who may see
 * the entity now: a person who loses access (a partner after the collaboration ended) gets no
 * fresh URL, and the URLs they already had stop working when they expire.
 *
 * Lifetime: the expiry is the end of the NEXT window of an hour, so a URL lives between one and
 * two hours. Every answer within the same hour carries the same URL for a file, so the browser's
 * cache (max-age = the URL's remaining life) still hits across pages and reloads; a page left
 * open keeps working for at least an hour (its data is read again long before that, after the
 * web's five-minute cache expiry); and an old URL is dead at most two hours after access ended.
 */
export const FILE_URL_WINDOW_SECONDS = 3600;

/** The secret's name in server_secrets (used when FILE_URL_SECRET is not set). */
export const FILE_URL_SECRET_NAME = 'file_urls';

export type FileUrlCheck =
  | { ok: true; expires: number; remainingSeconds: number }
  | { ok: false; reason: 'invalid' | 'expired' };

export type FileUrlQuery = { expires?: string; signature?: string; name?: string };

export class FileUrlSigner {
  /** Unix milliseconds; tests move it instead of waiting. */
  clock: () => number = () => Date.now();

  constructor(
    private readonly secret: Buffer,
    readonly windowSeconds = FILE_URL_WINDOW_SECONDS,
  ) {
    if (secret.length < 32) throw new Error('the file URL secret must be at least 32 bytes');
  }

  private nowSeconds(): number {
    return Math.floor(this.clock() / 1000);
  }

  private signature(key: string, expires: number, name: string | undefined): Buffer {
    // Newlines never occur in keys (isValidFileKey) and are percent-encoded in URLs, so the
    // three parts cannot be shifted into one another.
    return createHmac('sha256', this.secret)
      .update(`${key}\n${expires}\n${name ?? ''}`)
      .digest();
  }

  /** The expiry URLs made now carry: the end of the window after the current one. */
  expiresNow(): number {
    const w = this.windowSeconds;
    return (Math.floor(this.nowSeconds() / w) + 2) * w;
  }

  /** The signed URL path of a stored file; `name` (documents) is what a download is saved as. */
  url(prefix: string, key: string, name?: string): string {
    const expires = this.expiresNow();
    const signature = this.signature(key, expires, name).toString('base64url');
    const named = name === undefined ? '' : `name=${encodeURIComponent(name)}&`;
    return `${prefix}${key}?${named}expires=${expires}&signature=${signature}`;
  }

  /** Checks a URL's signature (in constant time) and expiry. */
  check(key: string, query: FileUrlQuery): FileUrlCheck {
    const { expires: rawExpires, signature, name } = query;
    if (!rawExpires || !signature || !/^\d{1,12}$/.test(rawExpires)) return { ok: false, reason: 'invalid' };
    const expires = Number(rawExpires);
    const given = Buffer.from(signature, 'base64url');
    const wanted = this.signature(key, expires, name);
    // A signature must be the whole HMAC, spelt canonically (base64url decoding ignores junk).
    if (
      given.length !== wanted.length ||
      !timingSafeEqual(given, wanted) ||
      given.toString('base64url') !== signature
    ) {
      return { ok: false, reason: 'invalid' };
    }
    const remainingSeconds = expires - this.nowSeconds();
    if (remainingSeconds <= 0) return { ok: false, reason: 'expired' };
    return { ok: true, expires, remainingSeconds };
  }
}

let current: FileUrlSigner | undefined;

/** Set once at start-up (buildApp); every presenter's fileUrl() signs with it. */
export function useFileUrlSigner(signer: FileUrlSigner): void {
  current = signer;
}

export function fileUrlSigner(): FileUrlSigner {
  if (!current) throw new Error('file URLs are used before the server set their secret (buildApp)');
  return current;
}

/**
 * The secret all servers of one installation share: FILE_URL_SECRET when set, otherwise a random
 * one stored once in the database (the first server to start writes it, every other reads it).
 */
export async function loadFileUrlSecret(db: Kysely<Database>, fromEnv: string | undefined): Promise<Buffer> {
  if (fromEnv) return Buffer.from(fromEnv, 'utf8');
  await db
    .insertInto('server_secrets')
    .values({ name: FILE_URL_SECRET_NAME, value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', FILE_URL_SECRET_NAME)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'hex');
}

/** Start-up: signs file URLs with the installation's shared secret from now on. */
export async function setUpFileUrls(db: Kysely<Database>, fromEnv: string | undefined): Promise<void> {
  useFileUrlSigner(new FileUrlSigner(await loadFileUrlSecret(db, fromEnv)));
}
