// Shared by `npm run backup` and `npm run restore` (scripts/backup.mjs, scripts/restore.mjs).
// Run with tsx: they read the server's own configuration (apps/server/src/config.ts) and take its
// DATA_DIR lock (apps/server/src/db/data-dir-lock.ts), so they see the same settings as `npm start`.
//
// A backup is one .tar.gz:
//   workbench-backup.json   what it holds (see Manifest below)
//   pglite/                 PGlite's data folder, copied while no server has it open, or
//   postgres.dump           pg_dump's custom format of the one schema (DATABASE_SCHEMA or public)
//   files/                  the uploaded files (DATA_DIR/files); empty when they live on S3
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from '../apps/server/src/config.ts';
import { DataDirLockedError, lockDataDir } from '../apps/server/src/db/data-dir-lock.ts';

export const MANIFEST = 'workbench-backup.json';
export const FORMAT = 'workbench-backup';
export const FORMAT_VERSION = 1;

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), '../apps/server/src/db/migrations');

/** A refusal or failure the person can act on: printed without a stack trace. */
export class UserError extends Error {}

export const fail = (message) => {
  throw new UserError(message);
};

/** Runs main, printing `<name>: <message>` and exiting 1 on failure. */
export function runMain(name, main) {
  main().then(
    () => process.exit(0),
    (err) => {
      // Refusals and wrong arguments (parseArgs) are told in a line; anything else with its stack.
      const told = err instanceof UserError || String(err?.code).startsWith('ERR_PARSE_ARGS');
      console.error(`${name}: ${told ? err.message : (err?.stack ?? err)}`);
      process.exit(1);
    },
  );
}

/** The server's settings that matter here, read exactly as the server reads them. */
export function readSettings() {
  const config = readConfig(process.env);
  return {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema ?? 'public',
    s3Bucket: config.s3?.bucket,
  };
}

/** The DATA_DIR lock (PGlite only): refused while a server runs, with what to do. */
export async function lockPgliteDataDir(dataDir, action) {
  try {
    return await lockDataDir(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    fail(
      `${err.message}\nThe embedded database (PGlite) is opened by one process only, so ${action} needs ` +
        'the server stopped: stop it, run this again, then start it.',
    );
  }
}

/** Runs a program to its end; its output passes through. Fails with a clear message if it is missing. */
export function runProgram(command, args, { allow } = {}) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (result.error?.code === 'ENOENT') {
    fail(
      `${command} was not found on PATH${command.startsWith('pg_') ? ' (install the PostgreSQL client tools)' : ''}`,
    );
  }
  if (result.error) throw result.error;
  if (result.status !== 0 && !allow?.(result)) {
    fail(`${command} failed (exit ${result.status ?? result.signal}):\n${result.stderr.trim()}`);
  }
  if (result.stderr.trim()) process.stderr.write(result.stderr);
  return result;
}

/** `tar` with gzip: GNU tar on Linux, bsdtar on macOS and Windows 10+. */
export const tar = (args, options) => runProgram('tar', args, options);

/** Reads the manifest of a backup without unpacking the rest. */
export function readManifest(file) {
  if (!existsSync(file)) fail(`${file} does not exist`);
  const result = spawnSync('tar', ['-xzOf', file, MANIFEST], { encoding: 'utf8', maxBuffer: 1 << 20 });
  let manifest;
  try {
    manifest = result.status === 0 ? JSON.parse(result.stdout) : undefined;
  } catch {}
  if (manifest?.format !== FORMAT) fail(`${file} is not a Workbench backup (made by npm run backup)`);
  if (manifest.version !== FORMAT_VERSION)
    fail(`${file} has backup format ${manifest.version}; this release reads ${FORMAT_VERSION}`);
  return manifest;
}

/** The migrations this release knows, by name (0001_foundation, ...). */
export function knownMigrations() {
  return readdirSync(migrationsDir)
    .filter((name) => /^\d{4}_.*\.ts$/.test(name))
    .map((name) => name.replace(/\.ts$/, ''))
    .sort();
}

/** Whether a folder holds anything (a missing folder holds nothing). */
export function hasEntries(dir) {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

/** How many files a folder holds, sub-folders included. */
export function countFiles(dir) {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

/** 2026-12-04T18-30-05Z: a time for file names. */
export const timestamp = (date = new Date()) =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');

/** "schema" as an SQL identifier. The configuration allows [a-z0-9_] only; quoted all the same. */
export const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;
