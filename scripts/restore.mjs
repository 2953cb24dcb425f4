// `npm run restore -- FILE [--force]`: puts a backup made by `npm run backup` back, database and
// files, into the database and DATA_DIR this configuration names (DATA_DIR, DATABASE_URL,
// DATABASE_SCHEMA, as the server reads them). Stop the servers first; start them afterwards: the
// server migrates a backup of an older release forward at start.
// - Refuses a target that holds data (a database or files) unless --force; with --force the old
//   data is moved aside first and dropped only once the restore succeeded.
// - PGlite: takes the DATA_DIR lock, so it refuses while a server runs (even with --force).
// - PostgreSQL: pg_restore into the schema the backup was made from (DATABASE_SCHEMA must name it).
// - A backup of one database kind restores into the same kind only.
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  countFiles,
  fail,
  hasEntries,
  knownMigrations,
  lockPgliteDataDir,
  quoteIdent,
  readManifest,
  readSettings,
  runMain,
  runProgram,
  tar,
} from './backup-lib.mjs';

const USAGE = `Usage: npm run restore -- FILE [--force]
  FILE      a backup made by npm run backup
  --force   replace a database or files that are already there
Reads DATA_DIR, DATABASE_URL and DATABASE_SCHEMA as the server does.`;

runMain('restore', async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return console.log(USAGE);
  if (positionals.length !== 1) fail(`name one backup file\n${USAGE}`);
  const file = resolve(positionals[0]);
  const manifest = readManifest(file);
  const settings = readSettings();
  const kind = settings.databaseUrl ? 'postgresql' : 'pglite';
  if (manifest.database !== kind) {
    fail(
      `${file} holds a ${manifest.database} database, and this configuration uses ${kind} ` +
        (kind === 'pglite' ? '(DATABASE_URL is unset)' : '(DATABASE_URL is set)'),
    );
  }
  if (kind === 'postgresql' && manifest.schema !== settings.schema) {
    fail(
      `${file} holds schema ${manifest.schema}; restore it with DATABASE_SCHEMA=${manifest.schema}` +
        (manifest.schema === 'public' ? ' (or unset)' : ''),
    );
  }
  if (manifest.last_migration && !knownMigrations().includes(manifest.last_migration)) {
    fail(
      `${file} comes from a newer release (migration ${manifest.last_migration}): restore it with that release`,
    );
  }
  if (manifest.files === 's3') {
    console.log('This backup holds no files: they were on S3 and are restored with the store’s own tools.');
  }
  mkdirSync(settings.dataDir, { recursive: true });
  if (kind === 'pglite') await restorePglite(settings, file, values.force);
  else await restorePostgres(settings, file, values.force);
  const where =
    kind === 'pglite' ? `PGlite in ${settings.dataDir}` : `schema ${settings.schema} of DATABASE_URL`;
  console.log(
    `Restored ${file} (made ${manifest.created_at}, migration ${manifest.last_migration}, ` +
      `${manifest.file_count} files) into ${where}. Start the server: it migrates the database to this release.`,
  );
});

/** Unpacks the backup next to its destination (a rename then moves it into place). */
function unpack(settings, file) {
  const staging = mkdtempSync(join(settings.dataDir, '.restore-'));
  tar(['-xzf', file, '-C', staging]);
  return staging;
}

/** Moves the files folder of the backup into DATA_DIR/files, the old one (if any) into `aside`. */
function placeFiles(settings, staging, aside) {
  const filesDir = join(settings.dataDir, 'files');
  if (existsSync(filesDir)) renameSync(filesDir, aside);
  renameSync(join(staging, 'files'), filesDir);
}

const refuseNonEmpty = (what) =>
  fail(`${what} already holds data: restore into an empty one, or add --force to replace it`);

async function restorePglite(settings, file, force) {
  const release = await lockPgliteDataDir(settings.dataDir, 'a restore');
  try {
    const pgliteDir = join(settings.dataDir, 'pglite');
    const filesDir = join(settings.dataDir, 'files');
    if (!force && (hasEntries(pgliteDir) || countFiles(filesDir) > 0))
      refuseNonEmpty(`DATA_DIR=${settings.dataDir}`);
    const staging = unpack(settings, file);
    try {
      if (!existsSync(join(staging, 'pglite', 'PG_VERSION'))) fail(`${file} holds no PGlite database`);
      const oldDatabase = join(staging, 'old-pglite');
      const oldFiles = join(staging, 'old-files');
      try {
        if (existsSync(pgliteDir)) renameSync(pgliteDir, oldDatabase);
        renameSync(join(staging, 'pglite'), pgliteDir);
        placeFiles(settings, staging, oldFiles);
      } catch (err) {
        // Half moved: the old database and files go back before the staging folder is removed.
        for (const [old, dir] of [
          [oldDatabase, pgliteDir],
          [oldFiles, filesDir],
        ]) {
          if (existsSync(old)) {
            rmSync(dir, { recursive: true, force: true });
            renameSync(old, dir);
          }
        }
        throw err;
      }
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  } finally {
    await release();
  }
}

async function restorePostgres(settings, file, force) {
  const { schema } = settings;
  const client = new pg.Client({ connectionString: settings.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT n.oid IS NOT NULL AS exists, (SELECT count(*) FROM pg_class c WHERE c.relnamespace = n.oid)::int AS relations
         FROM (SELECT 1) one LEFT JOIN pg_namespace n ON n.nspname = $1`,
      [schema],
    );
    const { exists, relations } = rows[0];
    const filesDir = join(settings.dataDir, 'files');
    if (!force && (relations > 0 || countFiles(filesDir) > 0)) {
      refuseNonEmpty(`Schema ${schema} (or DATA_DIR=${settings.dataDir}/files)`);
    }
    const staging = unpack(settings, file);
    try {
      // The schema there now is renamed aside, and dropped only after pg_restore succeeded.
      const aside = `${schema.slice(0, 40)}_before_restore_${Date.now().toString(36)}`;
      if (exists) await client.query(`ALTER SCHEMA ${quoteIdent(schema)} RENAME TO ${quoteIdent(aside)}`);
      try {
        // The dump creates its schema (pg_dump --schema names it, public too).
        runProgram('pg_restore', [
          `--dbname=${settings.databaseUrl}`,
          '--no-owner',
          '--no-privileges',
          '--single-transaction',
          '--exit-on-error',
          join(staging, 'postgres.dump'),
        ]);
      } catch (err) {
        if (exists) {
          await client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
          await client.query(`ALTER SCHEMA ${quoteIdent(aside)} RENAME TO ${quoteIdent(schema)}`);
        }
        throw err;
      }
      placeFiles(settings, staging, join(staging, 'old-files'));
      if (exists) await client.query(`DROP SCHEMA ${quoteIdent(aside)} CASCADE`);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  } finally {
    await client.end();
  }
}
