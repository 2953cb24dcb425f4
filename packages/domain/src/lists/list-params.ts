import { z } from 'zod';
import { PAGE_DEFAULT, PAGE_SIZE_CALL_ONLY, PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from '../limits.js';

/**
 * List parameters (000 §5 "List parameter values", 001 §5 "List parameters"), shared by every
 * paged list (issues, assets, their groups and systems): each parameter has a default, a reader
 * (an unsupported value falls back to the default, never an error), a writer (left out when it
 * says nothing) and an OpenAPI description. `listQueryKit` turns one table of them into the
 * query type, its defaults, reader, URL writer and querystring schema, for the server and the web.
 */

/** Most ids kept from one list parameter. */
export const LIST_IDS_MAX = 200;

const ID_MAX = 2_147_483_647;

export type RawQuery = URLSearchParams | Record<string, unknown> | null | undefined;

function rawValue(raw: RawQuery, key: string): string {
  if (!raw) return '';
  if (raw instanceof URLSearchParams) return raw.getAll(key).join(',').trim();
  const value = raw[key];
  if (value === undefined || value === null) return '';
  if (Array.isArray(value))
    return value
      .map((v) => String(v))
      .join(',')
      .trim();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value).trim();
  }
  return '';
}

function oneOf<T extends string>(value: string, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function positiveInt(value: string, fallback: number, max = ID_MAX): number {
  if (!/^\d+$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 && n <= max ? n : fallback;
}

/** Comma-joined ids; empty and unreadable parts are dropped, duplicates removed, order kept. */
export function idList(value: string, options: { allowZero?: boolean } = {}): number[] {
  const out: number[] = [];
  for (const part of value.split(',')) {
    const p = part.trim();
    if (!/^\d+$/.test(p)) continue;
    const n = Number(p);
    if (n > ID_MAX || (n === 0 && !options.allowZero)) continue;
    if (!out.includes(n)) out.push(n);
    if (out.length >= LIST_IDS_MAX) break;
  }
  return out;
}

function flag(value: string): 0 | 1 {
  return value === '1' || value === 'true' ? 1 : 0;
}

/** One list parameter. */
export type ListParam<T> = {
  default: T;
  /** `get(name)` reads any parameter, comma-joined when repeated. */
  read(value: string, get: (name: string) => string): T;
  /** The URL value, given the whole query; undefined leaves the parameter out. (A method, so a
   * table of parameters of different types is one ListParam<unknown> record.) */
  write(value: T, query: Readonly<Record<string, unknown>>): string | undefined;
  description?: string;
  /** Further parameter names the reader takes in (documented in the OpenAPI schema). */
  aliases?: Record<string, string>;
};

export const idsParam = (
  description: string,
  options: { allowZero?: boolean } = {},
): ListParam<number[]> => ({
  default: [],
  read: (value) => idList(value, options),
  write: (ids) => (ids.length ? ids.join(',') : undefined),
  description,
});

export const oneOfParam = <T extends string>(allowed: readonly T[], fallback: T): ListParam<T> => ({
  default: fallback,
  read: (value) => oneOf(value, allowed, fallback),
  write: (value) => (value !== fallback ? value : undefined),
  description: allowed.join('|'),
});

/** One of the values listed, or null (not given). */
export const optionalOneOfParam = <T extends string>(allowed: readonly T[]): ListParam<T | null> => ({
  default: null,
  read: (value) => ((allowed as readonly string[]).includes(value) ? (value as T) : null),
  write: (value) => value ?? undefined,
  description: allowed.join('|'),
});

export const flagParam = (description = '0|1'): ListParam<0 | 1> => ({
  default: 0,
  read: flag,
  write: (value) => (value ? '1' : undefined),
  description,
});

/** An id list from the values listed (priority ids, ratings, statuses). */
export const allowedIdsParam = (allowed: readonly number[], description: string): ListParam<number[]> => ({
  ...idsParam(description),
  read: (value) => idList(value).filter((id) => allowed.includes(id)),
});

/** Comma-joined words from the values listed. */
export const allowedWordsParam = <T extends string>(
  allowed: readonly T[],
  description: string,
): ListParam<T[]> => ({
  default: [],
  read: (value) => {
    const out: T[] = [];
    for (const part of value.split(',')) {
      const p = part.trim() as T;
      if ((allowed as readonly string[]).includes(p) && !out.includes(p)) out.push(p);
    }
    return out;
  },
  write: (values) => (values.length ? values.join(',') : undefined),
  description,
});

/** Free texts (models, manufacturers): comma-joined, trimmed, each cut to `max`. */
export const textsParam = (description: string, max: number): ListParam<string[]> => ({
  default: [],
  read: (value) => {
    const out: string[] = [];
    for (const part of value.split(',')) {
      const p = part.trim().slice(0, max);
      if (p && !out.includes(p)) out.push(p);
      if (out.length >= LIST_IDS_MAX) break;
    }
    return out;
  },
  write: (values) => (values.length ? values.join(',') : undefined),
  description,
});

export const pageParam: ListParam<number> = {
  default: PAGE_DEFAULT,
  read: (value) => positiveInt(value, PAGE_DEFAULT, 1_000_000),
  write: (page) => (page !== PAGE_DEFAULT ? String(page) : undefined),
};

export const paginateByParam: ListParam<number> = {
  default: PAGE_SIZE_DEFAULT,
  read: (value) =>
    [...PAGE_SIZE_OPTIONS, ...PAGE_SIZE_CALL_ONLY].includes(Number(value) as 3)
      ? Number(value)
      : PAGE_SIZE_DEFAULT,
  write: (size) => (size !== PAGE_SIZE_DEFAULT ? String(size) : undefined),
  description: [...PAGE_SIZE_CALL_ONLY, ...PAGE_SIZE_OPTIONS].join('|'),
};

export const searchParam = (max: number, description: string): ListParam<string> => ({
  default: '',
  read: (value) => value.slice(0, max).trim(),
  write: (text) => text || undefined,
  description,
});

type AnyParams = Record<string, ListParam<unknown>>;

/** The normalized query of a parameter table: every field has a valid value. */
export type ListQueryOf<P extends AnyParams> = { [K in keyof P]: ReturnType<P[K]['read']> };

const stringParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .catch(undefined);

/**
 * The query type's defaults, reader, URL writer, filter change (back to page 1) and the
 * querystring schema (strings, never rejecting: the reader falls back to defaults) of one table.
 */
export function listQueryKit<P extends AnyParams>(params: P, schemaId: string) {
  type Query = ListQueryOf<P>;
  const names = Object.keys(params) as Array<keyof P & string>;
  const param = (name: keyof P & string) => params[name] as ListParam<unknown>;
  const defaults = Object.fromEntries(names.map((name) => [name, param(name).default])) as Query;
  return {
    params,
    defaults,
    /** Reads URL search params or a parsed querystring into a full query. */
    read(raw: RawQuery): Query {
      const get = (name: string) => rawValue(raw, name);
      return Object.fromEntries(names.map((name) => [name, param(name).read(get(name), get)])) as Query;
    },
    /** The query as URL parameters, leaving out defaults; arrays comma-joined. */
    toParams(query: Query): Record<string, string> {
      const out: Record<string, string> = {};
      for (const name of names) {
        const value = param(name).write(query[name], query);
        if (value !== undefined) out[name] = value;
      }
      return out;
    },
    /** Changing any filter goes back to page 1 (001 §5). */
    withFilter(query: Query, change: Partial<Query>): Query {
      return { ...query, ...change, page: 'page' in change && change.page !== undefined ? change.page : 1 };
    },
    schema: z
      .object(
        Object.fromEntries(
          names.flatMap((name) => {
            const { description, aliases } = param(name);
            return [
              [name, description ? stringParam.describe(description) : stringParam],
              ...Object.entries(aliases ?? {}).map(([alias, text]) => [alias, stringParam.describe(text)]),
            ];
          }),
        ) as Record<string, typeof stringParam>,
      )
      // A title, not an id: a registered (referenced) querystring schema breaks the OpenAPI
      // document (@fastify/swagger cannot resolve a $ref among a route's parameters).
      .meta({ title: schemaId }),
  };
}
