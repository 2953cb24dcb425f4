// `npm run backup [-- --out FILE]`: a consistent copy of the database and the uploaded files in one
// .tar.gz (default backups/workbench-<time>.tar.gz; an existing file is never overwritten).
// - PGlite (DATABASE_URL unset): the data folder is copied while no server has it open; the
//   backup takes the DATA_DIR lock, so it refuses while the server runs and a server cannot start
//   meanwhile. It takes seconds: stop the server, back up, start it.
// - PostgreSQL (DATABASE_URL): pg_dump of the schema (DATABASE_SCHEMA, else public), one snapshot,
//   while the servers keep running. The files are copied after the dump: every file a row of the
//   dump names was written before that row was committed, so it is in the copy.
// - Files on S3 (S3_BUCKET) are not copied: back the bucket up with the store's own tools.
import { existsSync, linkSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  countFiles,
  FORMAT,
  FORMAT_VERSION,
  fail,
  hasEntries,
  lockPgliteDataDir,
  MANIFEST,
  quoteIdent,
  readSettings,
  runMain,
  runProgram,
  tar,
  timestamp,
} from './backup-lib.mjs';

const USAGE = `Usage: npm run backup [-- --out FILE]
  --out FILE   where to write the backup (default backups/workbench-<time>.tar.gz); never overwritten
Reads DATA_DIR, DATABASE_URL, DATABASE_SCHEMA and S3_BUCKET as the server does.`;

runMain('backup', async () => {
  const { values } = parseArgs({
    options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return console.log(USAGE);
  const settings = readSettings();
  const out = resolve(values.out ?? join('backups', `workbench-${timestamp()}.tar.gz`));
  if (!/\.(tar\.gz|tgz)$/.test(out)) fail(`--out ${out}: name the backup *.tar.gz`);
  const exists = () => fail(`${out} already exists: choose another --out (a backup is never overwritten)`);
  if (existsSync(out)) exists();
  mkdirSync(dirname(out), { recursive: true });
  // Written under another name first: a backup that failed half-way never looks like a backup.
  const partial = `${out}.partial-${process.pid}`;
  // The dump is staged beside the backup (where there is room for it), not in the system's temp folder.
  const staging = mkdtempSync(join(dirname(out), '.workbench-backup-'));
  try {
    const manifest = settings.databaseUrl
      ? await backupPostgres(settings, staging, partial)
      : await backupPglite(settings, staging, partial);
    try {
      linkSync(partial, out);
    } catch (err) {
      if (err.code === 'EEXIST') exists();
      throw err;
    }
    const files =
      manifest.files === 's3'
        ? `files on S3 bucket ${settings.s3Bucket} not included`
        : `${manifest.file_count} files`;
    console.log(
      `Backed up ${manifest.database} (migration ${manifest.last_migration}) and ${files} to ${out}`,
    );
  } finally {
    rmSync(partial, { force: true });
    rmSync(staging, { recursive: true, force: true });
  }
});

function manifestOf(settings, database, lastMigration) {
  const filesDir = join(settings.dataDir, 'files');
  return {
    format: FORMAT,
    version: FORMAT_VERSION,
    created_at: new Date().toISOString(),
    database,
    ...(database === 'postgresql' ? { schema: settings.schema } : {}),
    last_migration: lastMigration,
    files: settings.s3Bucket ? 's3' : 'included',
    file_count: settings.s3Bucket ? 0 : countFiles(filesDir),
  };
}

/** The archive's entries: the manifest and database from staging, the files from DATA_DIR (or an empty folder). */
function writeArchive(settings, staging, partial, databaseEntry, databaseDir, manifest) {
  writeFileSync(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  const filesDir = join(settings.dataDir, 'files');
  const withFiles = !settings.s3Bucket && hasEntries(filesDir);
  if (!withFiles) mkdirSync(join(staging, 'files'));
  const args = ['-czf', partial, '-C', staging, MANIFEST];
  args.push(...(databaseDir === staging ? [databaseEntry] : ['-C', databaseDir, databaseEntry]));
  args.push(...(withFiles ? ['-C', settings.dataDir, 'files'] : ['-C', staging, 'files']));
  // GNU tar exits 1 for a file that changed while read: only a PostgreSQL server running meanwhile
  // writes files, and a file written after the dump belongs to no row of it. Anything else fails.
  tar(args, { allow: (r) => r.status === 1 && /file changed as we read it/.test(r.stderr) });
}

async function backupPglite(settings, staging, partial) {
  const pgliteDir = join(settings.dataDir, 'pglite');
  const noDatabase = () => fail(`There is no database in ${pgliteDir} (DATA_DIR=${settings.dataDir})`);
  if (!hasEntries(pgliteDir)) noDatabase();
  const release = await lockPgliteDataDir(settings.dataDir, 'a backup');
  try {
    if (!hasEntries(pgliteDir)) noDatabase();
    // Opened once under the lock: a folder left by a crashed server is recovered now, and closing
    // it checkpoints, so the copy is a cleanly shut down database.
    const db = new PGlite(pgliteDir);
    let last;
    try {
      last = await lastMigration(db, 'public');
    } finally {
      await db.close();
    }
    const manifest = manifestOf(settings, 'pglite', last);
    writeArchive(settings, staging, partial, 'pglite', settings.dataDir, manifest);
    return manifest;
  } finally {
    await release();
  }
}

async function backupPostgres(settings, staging, partial) {
  const client = new pg.Client({ connectionString: settings.databaseUrl });
  await client.connect();
  let last;
  try {
    last = await lastMigration(client, settings.schema);
  } finally {
    await client.end();
  }
  runProgram('pg_dump', [
    `--dbname=${settings.databaseUrl}`,
    '--format=custom',
    `--schema=${settings.schema}`,
    `--file=${join(staging, 'postgres.dump')}`,
  ]);
  const manifest = manifestOf(settings, 'postgresql', last);
  writeArchive(settings, staging, partial, 'postgres.dump', staging, manifest);
  return manifest;
}

/** The newest applied migration, which names the release the backup came from. */
async function lastMigration(db, schema) {
  const table = `${quoteIdent(schema)}.kysely_migration`;
  const exists = await db.query(`SELECT to_regclass($1) AS t`, [table]);
  if (!exists.rows[0]?.t) fail(`There is no Workbench database in schema ${schema} (no ${table})`);
  const { rows } = await db.query(`SELECT name FROM ${table} ORDER BY name DESC LIMIT 1`);
  return rows[0]?.name ?? null;
}
