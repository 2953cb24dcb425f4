import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/schema.js';

/**
 * Everything one organisation owns, as one hash per table, to prove that a run of requests by
 * other people changed none of it. A table owns its rows through `client_id`, or through a
 * foreign key to a table that does (an attachment comment → its attachment → its issue); the
 * paths are read from the database's own catalogue, so a table added later is covered too.
 */
export type Fingerprint = Record<string, string>;

type ForeignKey = { table: string; column: string; ref: string };

async function catalogue(db: Kysely<Database>) {
  const columns = await sql<{ table_name: string; column_name: string }>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema()`.execute(db);
  const keys = await sql<ForeignKey>`
    SELECT rel.relname AS table, att.attname AS column, ref.relname AS ref
    FROM pg_constraint con
    JOIN pg_class rel ON rel.oid = con.conrelid
    JOIN pg_class ref ON ref.oid = con.confrelid
    JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = con.conkey[1]
    WHERE con.contype = 'f' AND rel.relnamespace = current_schema()::regnamespace`.execute(db);
  const tables = new Map<string, Set<string>>();
  for (const row of columns.rows) {
    if (!tables.has(row.table_name)) tables.set(row.table_name, new Set());
    tables.get(row.table_name)?.add(row.column_name);
  }
  return { tables, keys: keys.rows };
}

/** The SELECT of one table's rows owned by the organisation `$client`, or null without a path. */
function ownedRowsQuery(
  table: string,
  tables: Map<string, Set<string>>,
  keys: ForeignKey[],
): ((clientId: number) => ReturnType<typeof sql>) | null {
  // Breadth first: the shortest chain of foreign keys from this table to one with client_id.
  const queue: Array<{ at: string; joins: Array<{ table: string; column: string; ref: string }> }> = [
    { at: table, joins: [] },
  ];
  while (queue.length) {
    const step = queue.shift() as (typeof queue)[number];
    if (tables.get(step.at)?.has('client_id')) {
      const joins = step.joins;
      return (clientId: number) => {
        let text = `SELECT to_jsonb(t0)::text AS row FROM "${table}" t0`;
        joins.forEach((join, i) => {
          text += ` JOIN "${join.ref}" t${i + 1} ON t${i + 1}.id = t${i}."${join.column}"`;
        });
        return sql`${sql.raw(text)} WHERE ${sql.raw(`t${joins.length}.client_id`)} = ${clientId}`;
      };
    }
    if (step.joins.length >= 3) continue;
    for (const key of keys.filter((k) => k.table === step.at && tables.get(k.ref)?.has('id'))) {
      queue.push({ at: key.ref, joins: [...step.joins, key] });
    }
  }
  return null;
}

/** The hash of each table's rows the organisation owns (tables without an owner left out). */
export async function organisationFingerprint(db: Kysely<Database>, clientId: number): Promise<Fingerprint> {
  const { tables, keys } = await catalogue(db);
  const out: Fingerprint = {};
  for (const table of [...tables.keys()].sort()) {
    if (table.startsWith('kysely_')) continue;
    const query = ownedRowsQuery(table, tables, keys);
    if (!query) continue;
    const { rows } = await query(clientId).execute(db);
    const lines = (rows as Array<{ row: string }>).map((r) => r.row).sort();
    out[table] =
      `${lines.length}:${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`;
  }
  return out;
}

/** The tables whose hash differs, with both hashes. */
export function fingerprintChanges(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).map((n) => `${n}: ${before[n]} → ${after[n]}`);
}
