import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../src/db/connection.js';

const serverRoot = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'workbench-lock-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the real src/main.ts in a process of its own, on PGlite in dataDir, on a free port. */
function startMain() {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: '1',
    LOG_LEVEL: 'silent',
    TSX_TSCONFIG_PATH: join(serverRoot, 'test/fixtures/tsconfig.source-domain.json'),
  };
  delete env.DATABASE_URL;
  delete env.DATABASE_SCHEMA;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverRoot, env });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const waitFor = async (pattern: RegExp, ms = 40_000): Promise<RegExpMatchArray> => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const match = output.match(pattern);
      if (match) return match;
      if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${pattern}: ${output}`);
  };
  return { child, exited, waitFor, output: () => output };
}

describe('DATA_DIR lock', () => {
  it('a second server on the same DATA_DIR stops at once with a clear message; the lock is freed on SIGTERM', async () => {
    const first = startMain();
    const [, url] = await first.waitFor(/running on (http:\/\/\S+)/);
    expect(first.output()).toContain('admin@demo.test');
    expect(first.output()).toContain('demo12345');
    const health = await fetch(`${url}/api/v4/health`);
    expect(await health.json()).toEqual({ ok: true, database: 'pglite' });

    const second = startMain();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`Another server is already using DATA_DIR=${dataDir} (lock held)`);

    // This test process is a third one: it cannot take the lock either.
    await expect(lockDataDir(dataDir)).rejects.toThrow(/lock held/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const release = await lockDataDir(dataDir);
    await release();
  }, 90_000);
});
