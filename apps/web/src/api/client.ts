import {
  type ContractBody,
  type ContractParams,
  type ContractQuery,
  type ContractResponse,
  contractPath,
  contractQueryString,
  type ErrorBody,
  type ErrorKey,
  type QueryValue,
  type RouteContract,
  toErrorKey,
} from '@workbench/domain';
import { sessionStore } from '../features/auth/session-store';

export const API_BASE = '/api/v4';

/** A failed call: the server's stable error key, its message and the per-field keys. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** Always a key of ERROR_KEYS (unknown ones read as general_error), so it has a translation. */
    readonly key: ErrorKey,
    message: string,
    readonly fields: Record<string, string> = {},
    /** Uploads: each refused file by name with its key. */
    readonly files: Array<{ name: string; key: string }> = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Optional<T, K extends string> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

/**
 * What a call of one contract takes: its path parameters, query and body typed from the
 * contract (absent where the contract has none), or a form for a multipart call.
 */
export type CallInput<C extends RouteContract> = Optional<ContractParams<C>, 'params'> & {
  query?: ContractQuery<C>;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: the server runs a write once per key and replays its answer. */
  idempotencyKey?: string;
} & (C extends { multipart: true }
    ? { body?: ContractBody<C>; form?: FormData }
    : Optional<ContractBody<C>, 'body'> & { form?: undefined });

/** Inputs that are all optional may be left out: `call(categoryContracts.list)`. */
export type CallArgs<C extends RouteContract> =
  Record<never, never> extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

/**
 * The one authorised fetch of the web app. A 403 'access_denied' means the login expired or was
 * revoked, and a 401 with a token that it is gone: the session is cleared (000 §4), and the
 * app's guard then sends the person to /login. Every other failure becomes an ApiError with the
 * server's key.
 */
async function send(
  method: string,
  path: string,
  init: {
    body?: unknown;
    form?: FormData;
    signal?: AbortSignal;
    auth?: boolean;
    idempotencyKey?: string | undefined;
  },
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = init.auth === false ? undefined : sessionStore.get().session?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path.replace(/^\//, '')}`, {
      method,
      headers,
      body,
      signal: init.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'no_internet', 'No connection to the server');
  }
  if (response.ok) return response;
  const error = ((await response.json().catch(() => null)) ?? {}) as Partial<ErrorBody>;
  const key = toErrorKey(error.error, 'general_error');
  if (token && ((response.status === 403 && key === 'access_denied') || response.status === 401)) {
    sessionStore.loggedOut({ expired: true });
  }
  throw new ApiError(
    response.status,
    key,
    error.message ?? response.statusText,
    error.fields ?? {},
    error.files ?? [],
  );
}

function urlOf(contract: RouteContract, input: { params?: unknown; query?: unknown }): string {
  return (
    contractPath(contract, input.params as Record<string, string | number> | undefined) +
    contractQueryString(input.query as Record<string, QueryValue> | undefined)
  );
}

/** What a call was given, as the fetch reads it. */
type GivenInput = {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  idempotencyKey?: string;
};

/** Calls a contract that answers a file or a stream (downloads, QR images): the raw response. */
export async function callRaw<C extends RouteContract>(
  contract: C,
  ...[input]: CallArgs<C>
): Promise<Response> {
  const given = (input ?? {}) as GivenInput;
  return send(contract.method, urlOf(contract, given), {
    body: given.body,
    form: given.form,
    signal: given.signal,
    auth: contract.caller !== 'public',
    idempotencyKey: given.idempotencyKey,
  });
}

/** A form's fields as values IndexedDB keeps (files stay Blobs with their names). */
export type StoredFormField =
  | { name: string; value: string }
  | { name: string; file: Blob; filename: string };

/**
 * One write as it can wait in IndexedDB while the device is offline: its method and API path
 * (made from the contract here, so feature code still never writes one), its JSON body or form.
 */
export type StoredRequest = {
  method: string;
  path: string;
  body?: unknown;
  form?: StoredFormField[];
};

/** The write a contract call would send, kept to be sent later (sendStored). */
export function storedRequestOf<C extends RouteContract>(
  contract: C,
  ...[input]: CallArgs<C>
): StoredRequest {
  const given = (input ?? {}) as GivenInput;
  const request: StoredRequest = { method: contract.method, path: urlOf(contract, given) };
  if (given.body !== undefined) request.body = given.body;
  if (given.form) {
    request.form = [...given.form.entries()].map(([name, value]) =>
      typeof value === 'string' ? { name, value } : { name, file: value, filename: value.name },
    );
  }
  return request;
}

/** Sends a kept write with its idempotency key; the answer is JSON or nothing (204). */
export async function sendStored(request: StoredRequest, idempotencyKey: string): Promise<unknown> {
  let form: FormData | undefined;
  if (request.form) {
    form = new FormData();
    for (const field of request.form) {
      if ('file' in field) form.append(field.name, field.file, field.filename);
      else form.append(field.name, field.value);
    }
  }
  const response = await send(request.method, request.path, { body: request.body, form, idempotencyKey });
  return response.status === 204 ? undefined : response.json();
}

/**
 * Calls one contract of the API and answers what its response schema says (the web's contracts
 * carry no schemas at run time, packages/domain/src/contracts/contract-routes.ts: the server
 * validates, here the schemas only type the input and the answer), e.g.
 * `call(categoryContracts.update, { params: { id }, body: { name } })`. Feature code never writes
 * a path, a fetch or a cast.
 */
export async function call<C extends RouteContract>(
  contract: C,
  ...args: CallArgs<C>
): Promise<ContractResponse<C>> {
  const response = await callRaw(contract, ...args);
  if (response.status === 204) return undefined as ContractResponse<C>;
  return (await response.json()) as ContractResponse<C>;
}

/** The URL of a contract's call, for links and `<img>` sources that the browser fetches itself. */
export function contractUrl<C extends RouteContract>(contract: C, ...[input]: CallArgs<C>): string {
  return `${API_BASE}/${urlOf(contract, (input ?? {}) as { params?: unknown; query?: unknown })}`;
}

/**
 * The authorised fetch of a stream that a library reads itself (the live events, read by the
 * eventsource package): the request as given, with the session's token.
 */
export function authorizedFetch(
  input: string | URL,
  init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {},
): Promise<Response> {
  const token = sessionStore.get().session?.token;
  return fetch(input, {
    ...init,
    headers: { ...init.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/**
 * Fetches a file by the signed address an answer gave (a thumbnail), without a token: for the
 * service worker's picture cache to keep it for offline use (features/offline/offline-copy.ts).
 */
export async function fetchFileAhead(url: string): Promise<void> {
  await fetch(url).catch(() => undefined);
}
