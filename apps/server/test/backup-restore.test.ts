import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { type RunningServer, startServer } from '../src/server.js';
import { attachmentForm, pdf } from './helpers/attachments-factories.js';
import { uniqueEmail } from './helpers/factories.js';
import { TEST_APP_URL, underSchemaLock } from './helpers/test-server.js';

/**
 * `npm run backup` and `npm run restore` (scripts/backup.mjs, scripts/restore.mjs), run as child
 * processes on the database this suite runs on: PGlite in a DATA_DIR of the test's own, or, with
 * DATABASE_URL, a PostgreSQL schema of its own (restored once into a fresh database, once over itself).
 * The servers are the real thing (startServer, as `npm start`), and all data is made through the API.
 */
const root = resolve(import.meta.dirname, '../../..');
const databaseUrl = process.env.DATABASE_URL || undefined;
const kind = databaseUrl ? 'postgresql' : 'pglite';
const schema = `test_${randomBytes(6).toString('hex')}`;
/** The fresh PostgreSQL database restored into (same schema name: a backup restores into its schema). */
const freshDatabase = `wb_restore_${randomBytes(6).toString('hex')}`;

const work = mkdtempSync(join(tmpdir(), 'workbench-backup-test-'));
const dirA = join(work, 'data-a');
const dirB = join(work, 'data-b');
const backupFile = join(work, 'backups', 'first.tar.gz');

/** The environment of the server on `dataDir` (and, with PostgreSQL, `url`). */
function envOf(dataDir: string, url = databaseUrl): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    ...(url ? { DATABASE_URL: url, DATABASE_SCHEMA: schema } : {}),
  };
}

function urlOf(database: string): string {
  const url = new URL(databaseUrl as string);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `task` while no other test file migrates or drops a schema on the shared PostgreSQL. */
const exclusively = <T>(task: () => Promise<T>): Promise<T> => underSchemaLock(databaseUrl, task);

type Run = { code: number; stdout: string; stderr: string };

/** `npm run backup|restore -- ...args` as the root package.json runs it (tsx), in its own process. */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  // Only this test's settings: not the DATABASE_URL of the suite where the target is PGlite.
  const { DATABASE_URL: _url, DATABASE_SCHEMA: _schema, ...inherited } = process.env;
  return exclusively(
    () =>
      new Promise((done) => {
        execFile(
          join(root, 'node_modules/.bin/tsx'),
          [join(root, 'scripts', `${name}.mjs`), ...args],
          { cwd: root, env: { ...inherited, ...env } },
          (err, stdout, stderr) => done({ code: err ? ((err.code as number) ?? 1) : 0, stdout, stderr }),
        );
      }),
  );
}

// biome-ignore lint/suspicious/noExplicitAny: each test checks the shape it reads
type Loose = any;

type Server = {
  running: RunningServer;
  url: string;
  call: (
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ) => Promise<{ status: number; body: Loose }>;
};

async function start(env: Record<string, string>): Promise<Server> {
  const config = readConfig({
    APP_URL: TEST_APP_URL,
    LOG_LEVEL: 'silent',
    WEB_DIST: join(process.cwd(), 'test', 'no-web-build'),
    ...env,
  });
  const running = await exclusively(() => startServer(config, { logger: false }));
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const address = running.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    running,
    url,
    call: async (method, path, token, body) => {
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${url}/api/v4${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return {
        status: res.status,
        body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
      };
    },
  };
}

const running: Server[] = [];
async function startTracked(env: Record<string, string>): Promise<Server> {
  const server = await start(env);
  running.push(server);
  return server;
}
async function stop(server: Server): Promise<void> {
  running.splice(running.indexOf(server), 1);
  await server.running.stop();
}

afterAll(async () => {
  for (const server of [...running]) await stop(server).catch(() => undefined);
  if (databaseUrl) {
    await exclusively(async () => {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.query(`DROP DATABASE IF EXISTS "${freshDatabase}" WITH (FORCE)`);
      await admin.end();
    });
  }
  rmSync(work, { recursive: true, force: true });
});

/** What a person sees of the data made before the backup. */
async function seen(server: Server, who: { email: string; password: string }, issueId: number) {
  const login = await server.call('POST', '/auth/login', undefined, who);
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const token = login.body.token as string;
  const issue = await server.call('GET', `/issue/${issueId}`, token);
  expect(issue.status, JSON.stringify(issue.body)).toBe(200);
  const comments = await server.call('GET', `/issue/${issueId}/comments`, token);
  const attachment = issue.body.attachments[0];
  const file = await fetch(`${server.url}${attachment.url}`);
  expect(file.status).toBe(200);
  return {
    title: issue.body.title,
    comments: comments.body.data.map((c: { comment: string }) => c.comment),
    attachments: issue.body.attachments.map((a: { name: string }) => a.name),
    bytes: Buffer.from(await file.arrayBuffer()),
  };
}

const admin = { email: uniqueEmail('backup'), password: 'long-enough-password' };
const fileBytes = pdf(4096);
let issueId: number;

describe(`npm run backup and npm run restore (${kind})`, () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTracked(envOf(dirA));
    const signup = await server.call('POST', '/auth/signup', undefined, {
      company_name: 'Backed Up Ltd',
      first_name: 'Bea',
      last_name: 'Backup',
      ...admin,
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    const token = signup.body.token as string;
    const workspace = await server.call('POST', '/workspace', token, { name: 'Boiler room' });
    expect(workspace.status, JSON.stringify(workspace.body)).toBe(200);
    const issue = await server.call('POST', '/issue', token, {
      workspace_id: workspace.body.id,
      title: 'Boiler loses pressure',
      description: 'Drops to 0.5 bar overnight.',
    });
    expect(issue.status, JSON.stringify(issue.body)).toBe(201);
    issueId = issue.body.id;
    expect(
      (await server.call('POST', `/issue/${issueId}/comments`, token, { comment: 'Valve ordered' })).status,
    ).toBe(201);
    const form = attachmentForm([{ file: fileBytes, name: 'boiler-manual.pdf' }]);
    const upload = await fetch(`${server.url}/api/v4/issue/${issueId}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    // A fresh PGlite folder (initdb and every migration) takes most of this file's time on a busy machine.
  }, 120_000);

  it('backs up, restores into a fresh target and brings the data and the file bytes back; refuses what would lose data', async () => {
    const before = await seen(server, admin, issueId);
    expect(before).toEqual({
      title: 'Boiler loses pressure',
      comments: ['Valve ordered'],
      attachments: ['boiler-manual.pdf'],
      bytes: fileBytes,
    });

    if (kind === 'pglite') {
      // The embedded database is one process's: a backup while the server runs is refused, saying why.
      const refused = await script('backup', ['--out', backupFile], envOf(dirA));
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/Another server is already using DATA_DIR=.*stop it, run this again/s);
      await stop(server);
    }
    const made = await script('backup', ['--out', backupFile], envOf(dirA));
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^Backed up (pglite|postgresql) \(migration 0\d{3}_\w+\) and 1 files to /);
    // A backup is never overwritten.
    const again = await script('backup', ['--out', backupFile], envOf(dirA));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');

    // After the backup: a new comment, then the issue deleted; on PostgreSQL the files folder lost too.
    if (kind === 'pglite') server = await startTracked(envOf(dirA));
    const token = (await server.call('POST', '/auth/login', undefined, admin)).body.token;
    expect(
      (await server.call('POST', `/issue/${issueId}/comments`, token, { comment: 'After the backup' }))
        .status,
    ).toBe(201);
    expect((await server.call('DELETE', `/issue/${issueId}`, token)).status).toBe(200);
    expect((await server.call('GET', `/issue/${issueId}`, token)).status).toBe(404);
    if (kind === 'postgresql') rmSync(join(dirA, 'files'), { recursive: true, force: true });

    if (kind === 'pglite') {
      // Nor is a restore while the server runs, even with --force.
      const busy = await script('restore', [backupFile, '--force'], envOf(dirA));
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain('Another server is already using DATA_DIR');
      await stop(server);
    }
    // A target that holds data is refused without --force.
    const refused = await script('restore', [backupFile], envOf(dirA));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('already holds data');

    // Into a fresh target: a new DATA_DIR (and, with PostgreSQL, a new database).
    let freshUrl: string | undefined;
    if (databaseUrl) {
      freshUrl = urlOf(freshDatabase);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`CREATE DATABASE "${freshDatabase}"`);
      await client.end();
    }
    const restored = await script('restore', [backupFile], envOf(dirB, freshUrl));
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('Restored');
    const fresh = await startTracked(envOf(dirB, freshUrl));
    expect(await seen(fresh, admin, issueId)).toEqual(before);
    await stop(fresh);
  }, 180_000);

  it('restores with --force over the changed database and its files', async () => {
    if (kind === 'postgresql') await stop(server);
    // A file the backup does not hold is gone after the restore: the files are the backup's.
    mkdirSync(join(dirA, 'files'), { recursive: true });
    writeFileSync(join(dirA, 'files', 'stray.bin'), 'not in the backup');
    const restored = await script('restore', [backupFile, '--force'], envOf(dirA));
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const back = await startTracked(envOf(dirA));
    const after = await seen(back, admin, issueId);
    expect(after).toEqual({
      title: 'Boiler loses pressure',
      comments: ['Valve ordered'],
      attachments: ['boiler-manual.pdf'],
      bytes: fileBytes,
    });
    expect(readdirSync(join(dirA, 'files'))).not.toContain('stray.bin');
    await stop(back);
  }, 120_000);
});
