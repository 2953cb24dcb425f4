import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../src/db/connection.js';
import { LOCK_FILE, processStartTime } from '../src/db/data-dir-lock.js';

const serverRoot = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'workbench-lock-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'workbench-lock-'));
  dirs.push(dir);
  return dir;
}

/** A process that takes the lock of dir and holds it (test/fixtures/hold-data-dir-lock.ts). */
function startHolder(dir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/hold-data-dir-lock.ts', dir], {
    cwd: serverRoot,
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  /** 'locked' once it holds the lock, 'refused' when it exited without. */
  const outcome = new Promise<'locked' | 'refused'>((done, fail) => {
    child.stdout?.on('data', () => {
      if (output.includes('locked')) done('locked');
    });
    child.on('exit', (code) => (code === 3 ? done('refused') : fail(new Error(`exited ${code}: ${output}`))));
  });
  return { child, exited, outcome };
}

const readLock = (dir: string) => JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'));

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
    expect(second.output()).toContain(
      `Another server is already using DATA_DIR=${dataDir} (lock held by process ${first.child.pid} on ${hostname()}). Stop it or choose another DATA_DIR.`,
    );

    // This test process is a third one: it cannot take the lock either.
    await expect(lockDataDir(dataDir)).rejects.toThrow(/lock held/);

    // A crash: the next server comes up at once on the same folder (no waiting for a stale lock).
    first.child.kill('SIGKILL');
    await first.exited;
    const next = startMain();
    const [, nextUrl] = await next.waitFor(/running on (http:\/\/\S+)/);
    const after = await fetch(`${nextUrl}/api/v4/health`);
    expect(await after.json()).toEqual({ ok: true, database: 'pglite' });
    expect(readLock(dataDir).pid).toBe(next.child.pid);

    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    const release = await lockDataDir(dataDir);
    await release();
  }, 120_000);
});

describe('DATA_DIR lock of a process that died', () => {
  it('a holder killed with SIGKILL: the lock is taken over at once; a live holder is refused', async () => {
    const dir = freshDir();
    const holder = startHolder(dir);
    expect(await holder.outcome).toBe('locked');
    expect(readLock(dir)).toMatchObject({ pid: holder.child.pid, host: hostname() });
    await expect(lockDataDir(dir)).rejects.toThrow(`lock held by process ${holder.child.pid}`);

    holder.child.kill('SIGKILL');
    await holder.exited;
    // The file is still there (nobody removed it), naming a dead process.
    expect(readLock(dir).pid).toBe(holder.child.pid);
    const started = performance.now();
    const release = await lockDataDir(dir);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(readLock(dir).pid).toBe(process.pid);
    await release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  }, 60_000);

  it('a holder killed with SIGKILL that its parent has not collected yet (a zombie) holds nothing', async () => {
    const dir = freshDir();
    // The holder's parent becomes `sleep`, which never collects its children: killed, it stays a zombie.
    const parent = spawn(
      'sh',
      ['-c', `${process.execPath} --import tsx test/fixtures/hold-data-dir-lock.ts '${dir}' & exec sleep 60`],
      { cwd: serverRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(parent);
    const lockFile = join(dir, LOCK_FILE);
    const deadline = Date.now() + 30_000;
    while (!existsSync(lockFile) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const pid = readLock(dir).pid as number;
    await expect(lockDataDir(dir)).rejects.toThrow(`lock held by process ${pid}`);
    process.kill(pid, 'SIGKILL');
    const stateOf = () => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    while (stateOf() !== 'Z' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(stateOf()).toBe('Z');
    const started = performance.now();
    const release = await lockDataDir(dir);
    expect(performance.now() - started).toBeLessThan(1000);
    await release();
    parent.kill('SIGKILL');
  }, 60_000);

  it('a lock file naming our own pid (a container restarted as PID 1) is taken over; a second lock in this process is refused', async () => {
    const dir = freshDir();
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: process.pid, host: hostname(), boot: null, start: null, nonce: 'aaaa' }),
    );
    const release = await lockDataDir(dir);
    expect(readLock(dir).nonce).not.toBe('aaaa');
    await expect(lockDataDir(dir)).rejects.toThrow(/lock held/);
    await release();
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'a pid reused by another process (its start time differs) is taken over',
    async () => {
      const dir = freshDir();
      const other = process.ppid;
      expect(processStartTime(other)).not.toBeNull();
      writeFileSync(
        join(dir, LOCK_FILE),
        JSON.stringify({ pid: other, host: hostname(), boot: null, start: '1', nonce: 'bbbb' }),
      );
      const release = await lockDataDir(dir);
      expect(readLock(dir).pid).toBe(process.pid);
      await release();
      // The same process with its real start time holds the folder.
      writeFileSync(
        join(dir, LOCK_FILE),
        JSON.stringify({
          pid: other,
          host: hostname(),
          boot: null,
          start: processStartTime(other),
          nonce: 'cccc',
        }),
      );
      await expect(lockDataDir(dir)).rejects.toThrow(`lock held by process ${other}`);
    },
  );

  it('several servers racing for a dead lock: exactly one wins', async () => {
    const dir = freshDir();
    const dead = startHolder(dir);
    expect(await dead.outcome).toBe('locked');
    dead.child.kill('SIGKILL');
    await dead.exited;
    const racers = Array.from({ length: 4 }, () => startHolder(dir));
    const outcomes = await Promise.all(racers.map((r) => r.outcome));
    expect(outcomes.filter((o) => o === 'locked')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(3);
    const winner = racers[outcomes.indexOf('locked')];
    expect(readLock(dir).pid).toBe(winner?.child.pid);
    // No takeover markers or temporary files are left behind.
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
    winner?.child.kill('SIGKILL');
  }, 60_000);
});
