import {
  type ContractParsedBody,
  type ContractParsedParams,
  type ContractParsedQuery,
  type ContractResponse,
  findInputProblem,
  ID_MAX,
  type RouteContract,
  ZErrorBodySchema,
} from '@workbench/domain';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySerializerCompiler,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import type { AppContext } from '../context.js';
import { type Auth, requireUser } from './authenticate.js';
import { AppError } from './errors.js';
import {
  beginIdempotent,
  dropIdempotent,
  readIdempotencyKey,
  storeIdempotentAnswer,
  takesIdempotencyKey,
} from './idempotency.js';
import { answersCredentials, noStore } from './no-store.js';

/** What a handler gets: the parsed input of its contract and the caller (null only on public calls). */
export type ContractInput<C extends RouteContract> = {
  auth: C['caller'] extends 'public' ? Auth | null : Auth;
  params: ContractParsedParams<C>;
  query: ContractParsedQuery<C>;
  body: ContractParsedBody<C>;
  request: FastifyRequest;
  reply: FastifyReply;
};

/**
 * A handler answers the contract's response, or the reply itself when it sent something else
 * (a file, a stream, a redirect).
 */
export type ContractHandler<C extends RouteContract> = (
  input: ContractInput<C>,
) => Promise<ContractResponse<C> | FastifyReply> | ContractResponse<C> | FastifyReply;

/** Server-only parts of a route that a contract does not describe. */
export type RouteExtras = {
  /** Runs before the body is validated: reads a multipart form into the body. */
  preValidation?: preValidationHookHandler;
  /** A faster serializer for the hottest answers (the issue list). */
  serializerCompiler?: FastifySerializerCompiler<unknown>;
  bodyLimit?: number;
};

const bearer = [{ bearer: [] }];

/** The error answers a contract can give, derived from who may call it and what it takes. */
function errorResponses(
  contract: RouteContract,
  idempotent: boolean,
): Record<number, typeof ZErrorBodySchema> {
  const out: Record<number, typeof ZErrorBodySchema> = {};
  if (idempotent) {
    // The Idempotency-Key header: malformed (400), still running (409), reused (422, below).
    out[400] = ZErrorBodySchema;
    out[409] = ZErrorBodySchema;
  }
  if (contract.caller !== 'public') {
    out[401] = ZErrorBodySchema;
    out[403] = ZErrorBodySchema;
  }
  if (Object.values(contract.ids).some((kind) => kind !== 'token')) {
    out[404] = ZErrorBodySchema;
  }
  if (idempotent || contract.params || contract.query || contract.body || contract.errors?.length) {
    out[422] = ZErrorBodySchema;
  }
  for (const code of contract.errorStatuses ?? []) out[code] = ZErrorBodySchema;
  return out;
}

/** The note on every call that honours the Idempotency-Key header (idempotency.ts). */
const IDEMPOTENCY_NOTE =
  'Takes an optional Idempotency-Key header (1–255 printable ASCII characters): the same request ' +
  'again with the same key within 24 h gets the first answer (with Idempotent-Replayed: true) ' +
  'without running twice; a different request with the key is refused (idempotency_key_reused), ' +
  'one while the first still runs too (409 idempotency_key_in_use).';

/** The contract's description, closed by the error keys it answers (for the OpenAPI reader). */
function descriptionOf(contract: RouteContract, idempotent: boolean): string | undefined {
  const keys = contract.errors?.length
    ? `Error keys: ${[...new Set(contract.errors)].join(', ')}.`
    : undefined;
  return (
    [contract.description, idempotent ? IDEMPOTENCY_NOTE : undefined, keys].filter(Boolean).join('\n\n') ||
    undefined
  );
}

/** The caller's admin role, checked before anything is read (finer rules are the service's). */
function requireAdmin(request: FastifyRequest): void {
  if (request.auth?.role !== 'admin') throw new AppError(403, 'forbidden', 'Only admins may do this');
}

/**
 * Input hygiene, once for every route (packages/domain contracts/input-hygiene.ts): after the
 * schemas, before the handler, so nothing the database cannot hold reaches it. A path id past
 * the columns names nothing (404); any other problem is the caller's field (422).
 */
async function checkInputHygiene(request: FastifyRequest): Promise<void> {
  // The URL's escapes must be UTF-8: the query parser would silently turn others into U+FFFD.
  try {
    decodeURIComponent(request.url);
  } catch {
    throw new AppError(400, 'invalid_encoding', 'The address is not valid UTF-8');
  }
  const params = Object.values((request.params ?? {}) as Record<string, unknown>);
  if (params.some((value) => typeof value === 'number' && value > ID_MAX)) {
    throw new AppError(404, 'not_found', 'Not found');
  }
  const problem =
    findInputProblem(request.params) ?? findInputProblem(request.query) ?? findInputProblem(request.body);
  if (problem) {
    throw new AppError(422, problem.key, 'Some fields are not valid', { [problem.field]: problem.key });
  }
}

/**
 * Registers one contract: its paths, the login check (and admin check), the declared ids the
 * access guard resolves, the OpenAPI entry and the error answers all come from the contract, so a
 * route is one line plus its handler: `route(app, ctx, categoryContracts.update, ({ auth, params,
 * body }) => updateCategory(ctx, auth, params.id, body))`.
 */
export function route<C extends RouteContract>(
  app: FastifyInstance,
  ctx: AppContext,
  contract: C,
  handler: ContractHandler<C>,
  extras: RouteExtras = {},
): void {
  const status = contract.status ?? 200;
  const credentials = answersCredentials(contract);
  const idempotent = takesIdempotencyKey(contract, credentials);
  const description = descriptionOf(contract, idempotent);
  const schema: FastifySchema & Record<string, unknown> = {
    tags: [...contract.tags],
    summary: contract.summary,
    ...(description ? { description } : {}),
    ...(contract.caller === 'public' ? {} : { security: bearer }),
    ...(contract.multipart ? { consumes: ['application/json', 'multipart/form-data'] } : {}),
    ...(contract.produces ? { produces: [...contract.produces] } : {}),
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    response: {
      ...(contract.response ? { [status]: contract.response } : {}),
      ...errorResponses(contract, idempotent),
    },
  };
  const onRequest =
    contract.caller === 'public'
      ? undefined
      : contract.caller === 'admin'
        ? [requireUser(ctx), async (request: FastifyRequest) => requireAdmin(request)]
        : requireUser(ctx);

  // The Idempotency-Key check comes first (after the id guard), before the route's own reader.
  const preValidation = [
    ...(idempotent ? [readIdempotencyKey] : []),
    ...(extras.preValidation ? [extras.preValidation] : []),
  ];
  const onSend = [...(credentials ? [noStore] : []), ...(idempotent ? [storeIdempotentAnswer(ctx)] : [])];

  for (const url of [contract.path, ...(contract.aliases ?? [])]) {
    const options: RouteOptions = {
      method: contract.method,
      url,
      config: { ids: contract.ids, contract },
      schema,
      ...(onRequest ? { onRequest } : {}),
      ...(preValidation.length ? { preValidation } : {}),
      preHandler: checkInputHygiene,
      ...(extras.serializerCompiler ? { serializerCompiler: extras.serializerCompiler } : {}),
      ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
      ...(onSend.length ? { onSend } : {}),
      handler: async (request, reply) => {
        if (idempotent && (await beginIdempotent(ctx, request, reply)) === 'answered') return reply;
        const result = await handler({
          auth: request.auth as ContractInput<C>['auth'],
          params: request.params as ContractParsedParams<C>,
          query: request.query as ContractParsedQuery<C>,
          body: request.body as ContractParsedBody<C>,
          request,
          reply,
        });
        // A handler that sent the answer itself (a file, a stream) may return the awaited reply: undefined.
        if (result === reply || reply.sent) {
          // Its answer (a file, a stream) is not kept: a retry with the key runs again.
          if (idempotent) await dropIdempotent(ctx, request);
          return reply;
        }
        return reply.status(status).send(result);
      },
    };
    app.route(options);
  }
}
