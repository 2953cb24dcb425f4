import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Reads run as named prepared statements, parsed and planned once per connection instead of on
 * every call: planning was most of the issue list's cost (bench/, README "Performance"). Kysely
 * passes values as parameters, so the texts are few; a text with inlined values (a page's
 * LIMIT) is one more name, up to a limit beyond which statements run unnamed as before. Writes
 * and DDL keep the drivers' own paths (a migration may hold several statements in one text,
 * which only the simple protocol runs).
 */

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/**
 * Distinct statement texts kept prepared per connection: each holds its plan in the database
 * session (tens of kilobytes for the list's), so a bound keeps a connection's memory small.
 */
const PREPARED_LIMIT = 200;

const isRead = (text: string) => /^\s*(select|with)\b/i.test(text);

/**
 * A prepared statement whose result columns changed under it: a migration (a newer server, or a
 * test migrating on an open connection) added a column to a table it reads with *. The
 * statement is prepared afresh, once.
 */
const isStalePlan = (error: unknown) =>
  error instanceof Error && /cached plan must not change result type/.test(error.message);

/** node-postgres: a pooled client names its reads. */
export function prepareRepeatedReads(client: pg.PoolClient): void {
  const names = new Map<string, string>();
  let named = 0;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text !== 'string' || !Array.isArray(values) || callback !== undefined || !isRead(text)) {
      return query(text, values, callback);
    }
    let name = names.get(text);
    if (!name && names.size < PREPARED_LIMIT) {
      name = `prepared_${++named}`;
      names.set(text, name);
    }
    if (!name) return query({ text, values });
    return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      const fresh = `prepared_${++named}`;
      names.set(text, fresh);
      return query({ name: fresh, text, values });
    });
  }) as typeof client.query;
}

/**
 * PGlite: its query() parses an unnamed statement on every call. This is that query() with
 * Parse and Describe done once per text: the same locks (a transaction in progress finishes
 * first), the same messages and the same result parsing. Inside a transaction Kysely calls the
 * transaction's own query(), which is left as it is.
 */
export function prepareRepeatedPGliteReads(pglite: PGlite): void {
  const prepared = new Map<string, { name: string; paramTypes: number[] }>();
  let named = 0;
  const query = pglite.query.bind(pglite) as PGlite['query'];
  const exec = (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });
  const { serialize } = protocol;

  pglite.query = (async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (!isRead(text) || options?.blob || (!prepared.has(text) && prepared.size >= PREPARED_LIMIT)) {
      return query<T>(text, params, options);
    }
    const attempt = () =>
      pglite._runExclusiveTransaction(() =>
        pglite.runExclusive(async () => {
          const messages: BackendMessage[] = [];
          try {
            let statement = prepared.get(text);
            if (!statement) {
              // A fresh name every time: a statement that failed after its Parse keeps its name.
              const name = `prepared_${++named}`;
              await exec(serialize.parse({ name, text, types: options?.paramTypes }));
              const described = await exec(serialize.describe({ type: 'S', name }));
              const parameters = described.find((m) => m.name === 'parameterDescription') as
                | { dataTypeIDs: number[] }
                | undefined;
              statement = { name, paramTypes: parameters?.dataTypeIDs ?? [] };
              prepared.set(text, statement);
            }
            const paramTypes = statement.paramTypes;
            const values = params.map((value, i) => {
              if (value === null || value === undefined) return null;
              const serializer =
                options?.serializers?.[paramTypes[i] as number] ??
                pglite.serializers[paramTypes[i] as number];
              return serializer ? serializer(value) : String(value);
            });
            messages.push(
              ...(await exec(serialize.bind({ statement: statement.name, values }))),
              ...(await exec(serialize.describe({ type: 'P' }))),
              ...(await exec(serialize.execute({}))),
            );
          } finally {
            messages.push(...(await exec(serialize.sync())));
          }
          return parse.parseResults(messages, pglite.parsers, options)[0] as Results<T>;
        }),
      );
    return attempt().catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      prepared.delete(text);
      return attempt();
    });
  }) as PGlite['query'];
}
