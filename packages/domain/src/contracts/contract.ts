import type { z } from 'zod';
import type { ErrorKey } from '../errors/error-keys.js';

/**
 * One contract per call of the API: what the server registers and what the web's typed client
 * calls. Method, path, the schemas of params, query, body and answer, who may call it and what
 * the ids in its path name are written here once; the server derives its auth, OpenAPI
 * document, declared ids and error responses from it, and the web its URL, input and output
 * types. A new call is a new contract (ARCHITECTURE.md "How to add a call").
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What an id in a route's path names. The server resolves the caller's grants on every declared
 * id before anything else runs (another organisation's id answers 404), and the tenant-boundary
 * test walks these declarations, so a new route is covered the day it is added.
 * 'token' marks a parameter that is a secret or a fixed word, not a tenant id.
 */
export type IdKind =
  /** One of the caller's own session tokens (settings → profile → sessions). */
  | 'session'
  | 'workspace'
  | 'issue'
  | 'user'
  | 'collaboration'
  | 'client'
  | 'job_position'
  | 'category'
  | 'text_template'
  | 'checklist'
  | 'checklist_item'
  | 'checklist_template'
  | 'asset'
  | 'asset_group'
  | 'asset_system'
  | 'asset_picture'
  | 'regulatory_file'
  | 'schedule'
  /** A schedule's prepared task: 'scheduleId:startSeconds:assetId' (the schedule's grants apply). */
  | 'scheduled_task'
  | 'equipment'
  | 'equipment_group'
  | 'equipment_type'
  | 'equipment_picture'
  /** A handout or reservation: as visible as its item. */
  | 'equipment_booking'
  | 'external_holder'
  /** One of the caller's own notifications. */
  | 'notification'
  /** A location request: the asked person's or the requester's, in the caller's organisation. */
  | 'location_request'
  /** A contract file of a workspace's lease: as visible as the lease (admins, managers, group managers). */
  | 'lease_file'
  /** A dynamic form filled on an issue: as visible as its issue (the service says who changes it). */
  | 'issue_form'
  /** A schedule's dynamic form: as visible as its schedule. */
  | 'schedule_form'
  | 'token';

/**
 * Who may call: anybody ('public'), a logged-in person ('user'), or only an organisation admin
 * ('admin'; everybody else gets 403 before the body is read). Finer rules (workspace roles,
 * issue permissions) are the service's, from packages/domain's rule tables.
 */
export type CallerRule = 'public' | 'user' | 'admin';

/** The names of the `:params` in a path, e.g. '/issue/:id/links/:linkId' → 'id' | 'linkId'. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : Path extends `${string}*`
      ? '*'
      : never;

type AnySchema = z.ZodType;

export type RouteContract<Path extends string = string> = {
  readonly method: HttpMethod;
  /** Fastify-style path under /api/v4, with `:name` parameters (and a final `*` for file keys). */
  readonly path: Path;
  /** Other paths that answer the same (the spec writes 'category/' with a trailing slash). */
  readonly aliases?: readonly string[];
  readonly params?: AnySchema;
  readonly query?: AnySchema;
  readonly body?: AnySchema;
  /** The answer of a success; absent for calls that answer a file or a stream. */
  readonly response?: AnySchema;
  /** The success status (200 unless said). */
  readonly status?: 200 | 201;
  readonly caller: CallerRule;
  /** What each path parameter names: required for every parameter (see IdKind). */
  readonly ids: { readonly [Name in PathParamNames<Path>]: IdKind };
  /** Error keys this call answers beyond the common ones (validation, not found, forbidden). */
  readonly errors?: readonly ErrorKey[];
  /**
   * Error statuses it answers beyond those its caller rule, ids and input give (401/403, 404,
   * 422): a public login's 401 and 429, a one-time link's 400, a taken address's 409.
   */
  readonly errorStatuses?: readonly (400 | 401 | 403 | 404 | 409 | 413 | 429 | 502 | 503)[];
  /** Takes a multipart form as well as JSON (files, or the web's form posts). */
  readonly multipart?: boolean;
  /** Answers something other than JSON: the content types it sends. */
  readonly produces?: readonly string[];
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
};

/**
 * Declares a contract, keeping its literal types (the path, its schemas) for both sides.
 * Written as `defineContract({ ... })` in `<feature>-contracts.ts` next to the feature's schemas.
 */
export function defineContract<const Path extends string, const C extends RouteContract<Path>>(
  contract: C & { path: Path },
): C {
  return contract;
}

type SchemaOf<C, K extends 'params' | 'query' | 'body' | 'response'> = C extends { [P in K]: infer S }
  ? S extends AnySchema
    ? S
    : never
  : never;

/** The answer a call sends on success, as the other side reads it. */
export type ContractResponse<C extends RouteContract> =
  SchemaOf<C, 'response'> extends never ? unknown : z.output<SchemaOf<C, 'response'>>;

/** The body a caller sends. */
export type ContractBody<C extends RouteContract> =
  SchemaOf<C, 'body'> extends never ? undefined : z.input<SchemaOf<C, 'body'>>;

/** The parsed body a handler receives. */
export type ContractParsedBody<C extends RouteContract> =
  SchemaOf<C, 'body'> extends never ? undefined : z.output<SchemaOf<C, 'body'>>;

export type ContractParsedParams<C extends RouteContract> =
  SchemaOf<C, 'params'> extends never ? Record<string, never> : z.output<SchemaOf<C, 'params'>>;

export type ContractParsedQuery<C extends RouteContract> =
  SchemaOf<C, 'query'> extends never ? Record<string, never> : z.output<SchemaOf<C, 'query'>>;

/** A query value as a caller writes it: arrays travel comma-joined, as the spec's lists do. */
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

/** The query a caller sends: the schema's names, each as text, number, flag or list. */
export type ContractQuery<C extends RouteContract> =
  SchemaOf<C, 'query'> extends never
    ? undefined
    : { [K in keyof z.input<SchemaOf<C, 'query'>>]?: QueryValue };

/** The path parameters a caller fills in. */
export type ContractParams<C extends RouteContract> = [PathParamNames<C['path']>] extends [never]
  ? undefined
  : { [K in PathParamNames<C['path']>]: string | number };

/** The path of one call with its parameters filled in, e.g. issue/12/links/3 (no leading slash). */
export function contractPath(contract: RouteContract, params?: Record<string, string | number>): string {
  const filled = contract.path.replace(/:(\w+)|\*$/g, (_, name: string | undefined) => {
    const value = params?.[name ?? '*'];
    if (value === undefined) throw new Error(`${contract.path}: missing parameter ${name ?? '*'}`);
    return name ? encodeURIComponent(String(value)) : String(value);
  });
  return filled.replace(/^\//, '');
}

/** A query string from a caller's query: empty values left out, arrays comma-joined. */
export function contractQueryString(query?: Record<string, QueryValue>): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) search.set(name, value.join(','));
    } else if (typeof value === 'boolean') {
      search.set(name, value ? '1' : '0');
    } else {
      search.set(name, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
