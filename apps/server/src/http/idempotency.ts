import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { RouteContract } from '@workbench/domain';
import type { FastifyReply, FastifyRequest, onSendHookHandler, preValidationHookHandler } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database } from '../db/schema.js';
import { AppError } from './errors.js';

/**
 * The Idempotency-Key header (the IETF draft's name; issue 24, the web's offline write queue): a
 * logged-in write sent again with the same key is answered with the first answer instead of
 * running twice, for a day.
 *
 * Per person and key (idempotency_keys, migration 0032): the first request claims the key
 * (INSERT ... ON CONFLICT) before its handler runs and stores its answer when it is sent — a 2xx
 * or a 4xx refusal, status and JSON body as sent. A 5xx (or a throttle's 429, or an answer that
 * is not JSON: a file, a stream) drops the claim, so a retry runs. Again with the same request
 * (method, path with query, organisation, body; a multipart body by its fields and each file's
 * name, size and sha256): the stored answer with `Idempotent-Replayed: true`, nothing run. With a
 * different request: 422 idempotency_key_reused. While the first still runs: 409
 * idempotency_key_in_use. Access is checked as on any request before the key is looked at (the id
 * guard's 404 comes first), and a key is only ever answered to the person who sent it.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** How long an answer is kept; older rows count as absent (and are swept, below). */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** A claim still 'running' after this long was left by a request that never answered (a crash). */
const RUNNING_STALE_MINUTES = 5;
const KEY_FORMAT = /^[\x20-\x7e]{1,255}$/;

type Claim = { userId: number; key: string; settled: boolean };

/** Per request: the key it sent (checked), the multipart body's digest, the claim it holds. */
const keys = new WeakMap<FastifyRequest, string>();
const multipartDigests = new WeakMap<FastifyRequest, unknown[]>();
const claims = new WeakMap<FastifyRequest, Claim>();

/** Logged-in writes honour the header; public calls, reads and calls answering credentials do not. */
export function takesIdempotencyKey(contract: RouteContract, answersCredentials: boolean): boolean {
  return contract.caller !== 'public' && contract.method !== 'GET' && !answersCredentials;
}

/** The key the request sent (undefined: none); anything but 1–255 printable ASCII characters is a 400. */
function keyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !KEY_FORMAT.test(raw)) {
    throw new AppError(
      400,
      'idempotency_key_invalid',
      'The Idempotency-Key header must be 1 to 255 printable ASCII characters',
      { [IDEMPOTENCY_HEADER]: 'idempotency_key_invalid' },
    );
  }
  return raw;
}

type BufferedPart =
  | {
      type: 'field';
      fieldname: string;
      value: unknown;
      mimetype: string;
      encoding: string;
      fieldnameTruncated: boolean;
      valueTruncated: boolean;
    }
  | { type: 'file'; fieldname: string; filename: string; mimetype: string; encoding: string; data: Buffer };

type MultipartErrors = Record<
  'FilesLimitError' | 'FieldsLimitError' | 'PartsLimitError' | 'RequestFileTooLargeError',
  new () => Error
>;
type PartsOptions = { limits?: { fileSize?: number; files?: number; fields?: number; parts?: number } };

/**
 * A multipart request with a key is read here, before the route's own reader, so its fingerprint
 * covers every part whoever reads it (a preValidation hook or the handler). The route's reader
 * then gets the same parts from memory, its own limits applied as @fastify/multipart would (a file
 * over its fileSize fails toBuffer with FST_REQ_FILE_TOO_LARGE; too many files, fields or parts
 * fail the iteration). A body that cannot be read to its end is not tracked: the reader meets the
 * same error where it would have.
 */
async function bufferMultipart(request: FastifyRequest): Promise<boolean> {
  const parts: BufferedPart[] = [];
  let failure: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        const { fieldname, filename, mimetype, encoding } = part;
        parts.push({ type: 'file', fieldname, filename, mimetype, encoding, data });
      } else {
        const { fieldname, value, mimetype, encoding, fieldnameTruncated, valueTruncated } = part;
        parts.push({
          type: 'field',
          fieldname,
          value,
          mimetype,
          encoding,
          fieldnameTruncated,
          valueTruncated,
        });
      }
    }
  } catch (err) {
    failure = err;
  }
  const errors = (request.server as unknown as { multipartErrors: MultipartErrors }).multipartErrors;
  const replay = async function* (options?: PartsOptions) {
    const limits = options?.limits ?? {};
    const body: Record<string, unknown> = {};
    let files = 0;
    let fields = 0;
    for (const [index, part] of parts.entries()) {
      if (limits.parts !== undefined && index >= limits.parts) throw new errors.PartsLimitError();
      if (part.type === 'field') {
        if (limits.fields !== undefined && ++fields > limits.fields) throw new errors.FieldsLimitError();
        const value = { ...part, fields: body };
        body[part.fieldname] = value;
        yield value;
        continue;
      }
      if (limits.files !== undefined && ++files > limits.files) throw new errors.FilesLimitError();
      const tooLarge = limits.fileSize !== undefined && part.data.length > limits.fileSize;
      const file = Object.assign(Readable.from([part.data]), {
        truncated: tooLarge,
        bytesRead: part.data.length,
      });
      const value = {
        type: 'file' as const,
        fieldname: part.fieldname,
        filename: part.filename,
        mimetype: part.mimetype,
        encoding: part.encoding,
        file,
        fields: body,
        async toBuffer() {
          if (tooLarge) {
            file.resume();
            throw Object.assign(new errors.RequestFileTooLargeError(), { part: value });
          }
          return part.data;
        },
      };
      body[part.fieldname] = value;
      yield value;
    }
    if (failure) throw failure;
  };
  (request as unknown as { parts: typeof replay }).parts = replay;
  if (failure) return false;
  multipartDigests.set(
    request,
    parts.map((part) =>
      part.type === 'field'
        ? ['field', part.fieldname, part.value]
        : [
            'file',
            part.fieldname,
            part.filename,
            part.data.length,
            createHash('sha256').update(part.data).digest('hex'),
          ],
    ),
  );
  return true;
}

/**
 * First preValidation of a route that takes the header (after the id guard): the key is checked
 * (400 before anything is read or written), a multipart body is buffered for its fingerprint.
 */
export const readIdempotencyKey: preValidationHookHandler = async (request) => {
  const key = keyOf(request);
  if (key === undefined || !request.auth) return;
  if (request.isMultipart?.() && !(await bufferMultipart(request))) return;
  keys.set(request, key);
};

/** What makes two requests the same: organisation, method, path with query and body. */
function fingerprintOf(request: FastifyRequest, clientId: number): string {
  const body = multipartDigests.has(request) ? { multipart: multipartDigests.get(request) } : request.body;
  return createHash('sha256')
    .update(JSON.stringify([clientId, request.method, request.url, body ?? null]))
    .digest('hex');
}

type StoredRow = {
  fingerprint: string;
  state: 'running' | 'done';
  status_code: number | null;
  response_body: unknown;
};

/**
 * Right before the handler: claims the request's key, or answers from it. 'run' when the handler
 * should run (no key, or the key claimed now); 'answered' when the stored answer was sent.
 */
export async function beginIdempotent(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<'run' | 'answered'> {
  const key = keys.get(request);
  const auth = request.auth;
  if (key === undefined || !auth) return 'run';
  const fingerprint = fingerprintOf(request, auth.clientId);
  // A row past its day, or a claim its request abandoned, is taken over as if absent.
  for (let attempt = 0; attempt < 3; attempt++) {
    const { rows: claimed } = await sql<{ claimed: number }>`
      INSERT INTO idempotency_keys AS k (user_id, client_id, key, fingerprint, state, created_at)
        VALUES (${auth.userId}, ${auth.clientId}, ${key}, ${fingerprint}, 'running', now())
      ON CONFLICT (user_id, key) DO UPDATE SET
        client_id = excluded.client_id, fingerprint = excluded.fingerprint, state = 'running',
        status_code = NULL, response_body = NULL, created_at = now()
      WHERE k.created_at <= now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}::int)
        OR (k.state = 'running' AND k.created_at <= now() - make_interval(mins => ${RUNNING_STALE_MINUTES}::int))
      RETURNING 1 AS claimed`.execute(ctx.db);
    if (claimed.length) {
      claims.set(request, { userId: auth.userId, key, settled: false });
      return 'run';
    }
    const { rows } = await sql<StoredRow>`
      SELECT fingerprint, state, status_code, response_body FROM idempotency_keys
      WHERE user_id = ${auth.userId} AND key = ${key}`.execute(ctx.db);
    const row = rows[0];
    // Dropped meanwhile (its request failed): claim it again.
    if (!row) continue;
    if (row.fingerprint !== fingerprint) {
      throw new AppError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was used for a different request',
        { [IDEMPOTENCY_HEADER]: 'idempotency_key_reused' },
      );
    }
    if (row.state === 'running' || row.status_code === null) break;
    reply.status(row.status_code).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    if (row.response_body === null) {
      reply.send();
    } else {
      reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(row.response_body));
    }
    return 'answered';
  }
  throw new AppError(
    409,
    'idempotency_key_in_use',
    'The request with this Idempotency-Key is still running',
    {
      [IDEMPOTENCY_HEADER]: 'idempotency_key_in_use',
    },
    { 'retry-after': '1' },
  );
}

async function dropClaim(db: Kysely<Database>, claim: Claim): Promise<void> {
  await sql`DELETE FROM idempotency_keys WHERE user_id = ${claim.userId} AND key = ${claim.key} AND state = 'running'`.execute(
    db,
  );
}

/** Drops the request's claim unless its answer was stored (the handler sent a file or a stream itself). */
export async function dropIdempotent(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const claim = claims.get(request);
  if (!claim || claim.settled) return;
  claim.settled = true;
  await dropClaim(ctx.db, claim);
}

/** Whether an answer is kept for replay: 2xx and refusals, but not a throttle's 429 (a retry may pass). */
function keepsAnswer(status: number): boolean {
  return (
    (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 429 && status !== 408)
  );
}

/**
 * onSend of a route that takes the header: stores the answer of the request that claimed a key
 * (its JSON as sent, errors included, since the error handler's answer passes here too), or drops
 * the claim.
 */
export function storeIdempotentAnswer(ctx: AppContext): onSendHookHandler {
  return async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim || claim.settled) return payload;
    claim.settled = true;
    const status = reply.statusCode;
    const contentType = String(reply.getHeader('content-type') ?? '');
    const empty = payload === undefined || payload === null || payload === '';
    const json = typeof payload === 'string' && payload !== '' && /json/i.test(contentType);
    try {
      if (keepsAnswer(status) && (json || empty)) {
        await sql`
          UPDATE idempotency_keys SET state = 'done', status_code = ${status},
            response_body = ${empty ? null : (payload as string)}::jsonb
          WHERE user_id = ${claim.userId} AND key = ${claim.key}`.execute(ctx.db);
      } else {
        await dropClaim(ctx.db, claim);
      }
    } catch (err) {
      request.log.error({ err }, 'idempotency: could not store the answer');
      await dropClaim(ctx.db, claim).catch(() => undefined);
    }
    return payload;
  };
}

/** Deletes the answers past their day (any server may; a DELETE is idempotent). */
export async function deleteExpiredIdempotencyKeys(db: Kysely<Database>): Promise<number> {
  const result = await sql`
    DELETE FROM idempotency_keys
    WHERE created_at <= now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}::int)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
