import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import pg from 'pg';
import { buildApp, type RouteEntry } from '../../src/app.js';
import { type AppConfig, readConfig } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import { openDatabase } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { Database } from '../../src/db/schema.js';
import { LocalDiskStorage } from '../../src/storage/file-storage.js';
import { type StatementCount, StatementCounter } from './statement-counter.js';

export const TEST_APP_URL = 'http://app.test';
/** Advisory lock under which test files migrate and drop their schemas, one at a time. */
const SCHEMA_LOCK_KEY = 7_300_002;

// biome-ignore lint/suspicious/noExplicitAny: tests read bodies loosely; each test checks the shape it needs
export type ApiResponse<T = any> = { status: number; body: T; headers: Headers };

export type CallOptions = {
  body?: unknown;
  /** Sent as is (for malformed JSON); sets content-type application/json. */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
};

export type TestServer = {
  url: string;
  /** Every route the app registered (method, url with :params, config). */
  routes: RouteEntry[];
  ctx: AppContext;
  db: Kysely<Database>;
  // biome-ignore lint/suspicious/noExplicitAny: as above
  call: <T = any>(method: string, path: string, options?: CallOptions) => Promise<ApiResponse<T>>;
  /** A multipart request (uploads): pass a FormData. */
  // biome-ignore lint/suspicious/noExplicitAny: as above
  callForm: <T = any>(
    method: string,
    path: string,
    form: FormData,
    token?: string,
  ) => Promise<ApiResponse<T>>;
  /** Runs one or more calls and counts the SQL statements the server ran meanwhile. */
  countStatements: <T>(work: () => Promise<T>) => Promise<StatementCount & { result: T }>;
  /** The PostgreSQL schema of this server (undefined on PGlite). */
  databaseSchema: string | undefined;
  close: () => Promise<void>;
};

/**
 * Runs `work` while no other test file migrates or drops a schema on the shared PostgreSQL (one
 * advisory lock, SCHEMA_LOCK_KEY); without a PostgreSQL at once.
 */
export async function underSchemaLock<T>(
  databaseUrl: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return work();
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK_KEY]);
    return await work();
  } finally {
    await lock.end();
  }
}

export type TestServerOptions = {
  /**
   * Another server on the SAME PostgreSQL schema (as two instances of the product behind one
   * load balancer): already migrated, and dropped by that server's close, not this one's.
   * PostgreSQL only: PGlite is one process's embedded database.
   */
  sameDatabaseAs?: TestServer;
};

// PGlite makes a new cluster (initdb) in about 1.5 s and migrates it in 0.4 s; a copy of a migrated
// one loads in 0.5 s. Made once per test worker (isolate: false keeps this module for all its files).
let migratedPGlite: Promise<Blob> | undefined;
function migratedPGliteDump(): Promise<Blob> {
  migratedPGlite ??= (async () => {
    const pglite = new PGlite();
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    try {
      await migrateToLatest(db);
      return await pglite.dumpDataDir('none');
    } finally {
      await db.destroy();
    }
  })();
  return migratedPGlite;
}

/**
 * A real server on a real database, listening on a free port: PGlite in memory, or, when
 * DATABASE_URL is set, a fresh PostgreSQL schema of its own that is dropped afterwards.
 */
export async function startTestServer(
  overrides: Partial<AppConfig> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const shared = options.sameDatabaseAs;
  if (shared && !shared.databaseSchema) throw new Error('sameDatabaseAs needs PostgreSQL (DATABASE_URL)');
  const databaseSchema = shared
    ? shared.databaseSchema
    : databaseUrl
      ? `test_${randomBytes(6).toString('hex')}`
      : undefined;
  const config: AppConfig = {
    ...readConfig({
      APP_URL: TEST_APP_URL,
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
      // No web build in API tests unless a test asks for one.
      WEB_DIST: join(process.cwd(), 'test', 'no-web-build'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: databaseSchema } : {}),
    }),
    ...overrides,
  };
  // Test files run in parallel on one PostgreSQL. Kysely's migrator looks at the tables of every
  // schema, so a schema another file drops meanwhile breaks its query ("schema ... does not
  // exist"): migrating and dropping take turns under one advisory lock.
  const exclusively = <T>(work: () => Promise<T>): Promise<T> => underSchemaLock(databaseUrl, work);
  const dropSchema = async () => {
    if (!databaseUrl || !databaseSchema || shared) return;
    await exclusively(async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${databaseSchema}" CASCADE`);
      await client.end();
    });
  };
  const database = await openDatabase({
    databaseUrl,
    databaseSchema,
    ...(databaseUrl ? {} : { pgliteDump: await migratedPGliteDump() }),
  });
  // Uploaded files go to a folder of this server's own, removed on close.
  const filesDir = mkdtempSync(join(tmpdir(), 'workbench-files-'));
  // The server's handle counts its statements (tests' own reads and writes go through `db`).
  const counter = new StatementCounter();
  const ctx: AppContext = {
    db: database.db.withPlugin(counter),
    dbKind: database.kind,
    listen: database.listen,
    config,
    storage: new LocalDiskStorage(filesDir),
  };
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    if (!shared) await exclusively(() => migrateToLatest(database.db));
    // Logs only when a test asks for them (the fuzzer: a 500's stack trace).
    app = await buildApp(ctx, { logger: config.logLevel !== 'silent' });
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (err) {
    // A failed start must not leave a schema behind on the shared server.
    await database.close();
    await dropSchema();
    throw err;
  }
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;

  async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] = 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${url}${path}`, { method, headers, body });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('json');
    return {
      status: response.status,
      body: (isJson && text ? JSON.parse(text) : text) as T,
      headers: response.headers,
    };
  }

  async function callForm<T>(method: string, path: string, form: FormData, token?: string) {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const response = await fetch(`${url}${path}`, { method, headers, body: form });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('json');
    return {
      status: response.status,
      body: (isJson && text ? JSON.parse(text) : text) as T,
      headers: response.headers,
    };
  }

  return {
    url,
    routes: app.routeTable,
    ctx,
    db: database.db,
    call,
    callForm,
    countStatements: (work) => counter.count(work),
    databaseSchema,
    close: async () => {
      try {
        await app.close();
        await database.close();
      } finally {
        await dropSchema();
        rmSync(filesDir, { recursive: true, force: true });
      }
    },
  };
}
