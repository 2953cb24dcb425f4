/**
 * The tenant boundary, checked on the SQL the server runs (docs/scaling.md): which tables are
 * tenant tables (distributed by client_id in the Citus plan), which are not and why, and a
 * simple, documented rule that says whether one statement names client_id for every tenant
 * table it touches.
 */

/**
 * Tables without a client_id column: they stay global (one copy; Citus reference tables, or
 * local tables on the coordinator), each with the reason.
 */
export const GLOBAL_TABLES: Record<string, string> = {
  clients: 'the tenants themselves: client_id elsewhere is their id (a reference table in the plan)',
  access_version:
    'one row: the stamp every change to workspaces, roles or collaborations bumps (per organisation in the plan)',
  job_runs:
    'work done once per key across servers (job, run_key); the key names the organisation when it is one',
  server_secrets: "the installation's own keys (encryption of stored secrets)",
  rate_limits: 'throttle counters per bucket and key (an IP, a token), before any organisation is known',
  login_throttle:
    'failed logins per address, IP or device: before the person (and so the organisation) is known',
  login_devices: "a browser's device cookie, per person across their organisations",
  login_notices: 'when an e-mail address was last told of failed logins (per address, not per organisation)',
  auth_mail_requests:
    'password-reset and login-link requests per e-mail address, before an organisation is chosen',
  kysely_migration: "the migrator's record of applied migrations",
  kysely_migration_lock: "the migrator's lock",
};

/**
 * Tables that carry a client_id column but are keyed by a person or a secret across
 * organisations, so their reads do not (and cannot) start from one organisation: global in the
 * plan (reference tables, or local to the coordinator), not distributed by client_id.
 */
export const DIRECTORY_TABLES: Record<string, string> = {
  users:
    'one person across organisations (e-mail unique installation-wide; user_clients lists the memberships); ' +
    'users.client_id is the organisation the person works in now (POST user/switch_client)',
  user_clients: "a person's memberships, read by user_id at login, switch and in partner grants",
  user_tokens: "sessions and mailed tokens, found by the token's hash before the organisation is known",
  mail_outbox:
    'client_id is nullable: account mails (reset, login link) belong to no organisation; the sender claims across all',
};

/** Every table name the rule recognises as tenant data is one of these (filled by the test). */
export type TenantRule = {
  /** Tables whose rows belong to one organisation (client_id NOT NULL, distributed by it in the plan). */
  tenantTables: ReadonlySet<string>;
};

/** One tenant table a statement touches without naming its client_id in a condition. */
export type Unfiltered = { table: string; alias: string };

const NOT_AN_ALIAS = new Set([
  'where',
  'on',
  'set',
  'join',
  'left',
  'right',
  'inner',
  'outer',
  'full',
  'cross',
  'natural',
  'lateral',
  'using',
  'group',
  'order',
  'limit',
  'offset',
  'values',
  'select',
  'returning',
  'union',
  'except',
  'intersect',
  'window',
  'having',
  'for',
  'default',
  'as',
  'do',
  'overriding',
]);

/** The statement as the rule reads it: no comments, no string literals, no identifier quotes, lower case, one space. */
export function normalizeSql(text: string): string {
  return text
    .replace(/--[^\n]*/g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const escapeRegExp = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * THE RULE, per statement. Every reference to a tenant table, `FROM t [AS] a`, `JOIN t [AS] a`,
 * `UPDATE t [AS] a`, `DELETE FROM t [AS] a` or `INSERT INTO t (...)`, must name client_id:
 *  - an INSERT lists client_id among its columns (the row carries its organisation; Citus routes
 *    an insert by that value);
 *  - any other reference with an alias `a` (the table name itself when there is none) has
 *    `a.client_id` on one side of a comparison (`=`, `<>`, `IN`, `= ANY`) somewhere in the
 *    statement: against a parameter (`i.client_id = $1`) or another reference's client_id (a join
 *    on it, `w.client_id = i.client_id`, the co-located join Citus needs);
 *  - a reference without an alias may also use the bare column (`where client_id = $1`, as Kysely
 *    writes single-table statements).
 * And the statement as a whole must compare some client_id with a value (a parameter, a number or
 * a subquery), not only client_ids with each other: the organisation is fixed somewhere.
 * Purely textual: a reference through a comma join (`FROM a, b`) or a view would be missed (the
 * server's SQL uses neither); a client_id compared in a branch that does not constrain the table
 * would pass (read the statement when in doubt).
 */
export function unfilteredTenantTables(text: string, rule: TenantRule): Unfiltered[] {
  const sql = normalizeSql(text);
  const found: Unfiltered[] = [];
  const reference = /\b(from|join|update|into)\s+([a-z_][a-z0-9_]*)(?:\s+(?:as\s+)?([a-z_][a-z0-9_]*))?/g;
  let anyTenant = false;
  for (const match of sql.matchAll(reference)) {
    const [, keyword, table, maybeAlias] = match;
    if (!table || !rule.tenantTables.has(table)) continue;
    // `x.col FROM t`: a column (EXTRACT(... FROM i.created_at)) is not a table.
    if (sql[(match.index ?? 0) + match[0].length] === '.') continue;
    anyTenant = true;
    if (keyword === 'into') {
      const columns = sql.slice((match.index ?? 0) + match[0].length).match(/^\s*\(([^)]*)\)/);
      const listed = columns?.[1]?.split(',').map((c) => c.trim()) ?? [];
      if (!listed.includes('client_id')) found.push({ table, alias: table });
      continue;
    }
    const alias = maybeAlias && !NOT_AN_ALIAS.has(maybeAlias) ? maybeAlias : table;
    const column = `\\b${escapeRegExp(alias)}\\.client_id\\b`;
    const compared = new RegExp(
      `${column}\\s*(=|<>|!=|\\bin\\b|is not distinct from)|(=|<>|\\bin\\s*\\(|\\bany\\s*\\()\\s*${column}`,
    );
    const bare = /(^|[^.\w])client_id\s*(=|<>|\bin\b)|(=|\bin\s*\()\s*client_id\b/;
    if (compared.test(sql) || (alias === table && bare.test(sql))) continue;
    found.push({ table, alias });
  }
  const inserts = /^(with .*)?insert into/.test(sql);
  if (anyTenant && !found.length && !inserts) {
    // Some client_id is compared with a value: a parameter, a number, a subquery or ANY(...).
    const fixed =
      /client_id\s*(=|\bin\b)\s*(\$\d+|\d+|\(|any\b)|(\$\d+|\b\d+)\s*=\s*([a-z_][a-z0-9_]*\.)?client_id\b/;
    if (!fixed.test(sql)) found.push({ table: '(statement)', alias: 'no client_id compared with a value' });
  }
  return found;
}

/** An allowed exception: statements (matched on their normalized text) that may skip client_id on these tables. */
export type AllowedStatement = {
  /** Which tables of the statement the exception covers ('(statement)' for the statement-level rule). */
  tables: string[];
  /** Matched against normalizeSql(statement). */
  pattern: RegExp;
  /** Why the statement does not filter, and what the Citus plan does about it. */
  reason: string;
};

/** The tenant tables a statement touches without client_id, minus the allowed exceptions. */
export function violations(
  text: string,
  rule: TenantRule,
  allowed: readonly AllowedStatement[],
): { unfiltered: Unfiltered[]; allowedBy: AllowedStatement[] } {
  const normalized = normalizeSql(text);
  const allowedBy: AllowedStatement[] = [];
  const unfiltered = unfilteredTenantTables(text, rule).filter((u) => {
    const entry = allowed.find((a) => a.tables.includes(u.table) && a.pattern.test(normalized));
    if (entry && !allowedBy.includes(entry)) allowedBy.push(entry);
    return !entry;
  });
  return { unfiltered, allowedBy };
}
