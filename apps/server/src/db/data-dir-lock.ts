import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    holder?: { pid: number; host: string },
  ) {
    super(
      `Another server is already using DATA_DIR=${dataDir} (lock held${holder ? ` by process ${holder.pid} on ${holder.host}` : ''}). ` +
        'Stop it or choose another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** The lock file, as PostgreSQL's postmaster.pid: who holds the folder. */
export const LOCK_FILE = 'server.pid';
/** The folder proper-lockfile made (servers before this lock); refreshed every 5 s while held. */
const LEGACY_LOCK_DIR = 'server.lock';
const LEGACY_STALE_MS = 15_000;
/**
 * A holder on another host cannot be asked whether it lives: it touches the file this often, and
 * a file untouched for FOREIGN_STALE_MS is taken over (a container recreated with a new hostname
 * after a crash). On the same host the process itself is asked, so a dead holder is taken over at once.
 */
const HEARTBEAT_MS = 10_000;
const FOREIGN_STALE_MS = 30_000;
/** How long to wait, at most, for another process that is taking over a stale lock right now. */
const TAKEOVER_WAIT_MS = 5_000;

type Holder = {
  pid: number;
  host: string;
  /** Linux: the boot's id; a lock from before a reboot is stale. */
  boot: string | null;
  /** Linux: the process start time (clock ticks after boot, /proc/<pid>/stat field 22): defeats PID reuse. */
  start: string | null;
  /** Names this holding: a takeover or a release acts only on the holding it read. */
  nonce: string;
};

function readProc(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

const bootId = () => readProc('/proc/sys/kernel/random/boot_id')?.trim() || null;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces), or null. */
function procStat(pid: number): string[] | null {
  const stat = readProc(`/proc/${pid}/stat`);
  return stat ? stat.slice(stat.lastIndexOf(')') + 2).split(' ') : null;
}

/** Field 22 of /proc/<pid>/stat: the process's start time in clock ticks after boot. */
export function processStartTime(pid: number): string | null {
  return procStat(pid)?.[19] ?? null;
}

/**
 * Linux: a killed process whose parent has not collected it yet (state Z, or X while it goes).
 * It still answers kill(pid, 0), but it holds nothing: a server killed with -9 is one until its
 * supervisor reaps it.
 */
function isZombie(pid: number): boolean {
  const state = procStat(pid)?.[0];
  return state === 'Z' || state === 'X';
}

function me(): Holder {
  return {
    pid: process.pid,
    host: hostname(),
    boot: bootId(),
    start: processStartTime(process.pid),
    nonce: randomBytes(12).toString('hex'),
  };
}

/**
 * What a lock file says: its holder (null when the file has no readable content) and the id of
 * this holding (the holder's nonce, or the file's inode and time for a file without content).
 */
type Found = { holder: Holder | null; id: string; mtimeMs: number };

/** The holding a file names, or undefined when there is no file. */
function readHolder(path: string): Found | undefined {
  let text: string;
  let stat: { mtimeMs: number; ino: number };
  try {
    stat = statSync(path);
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const torn = { holder: null, id: `torn-${stat.ino}-${Math.floor(stat.mtimeMs)}`, mtimeMs: stat.mtimeMs };
  try {
    const holder = JSON.parse(text) as Holder;
    if (typeof holder.pid !== 'number' || !/^[0-9a-f]+$/.test(String(holder.nonce))) return torn;
    return { holder, id: holder.nonce, mtimeMs: stat.mtimeMs };
  } catch {
    return torn;
  }
}

/**
 * Whether the process a lock file names still runs. Same host: a dead pid (ESRCH), our own pid
 * (a container restarted as PID 1 again), another boot, or another start time under that pid
 * (reused) mean it does not. Another host: only the file's heartbeat can tell.
 */
function isAlive(found: Found): boolean {
  const { holder, mtimeMs } = found;
  // Only the 'wx' fallback can leave a file without its content for a moment, or a crash in that moment.
  if (!holder) return Date.now() - mtimeMs < 5_000;
  if (holder.host !== hostname()) return Date.now() - mtimeMs < FOREIGN_STALE_MS;
  const boot = bootId();
  if (holder.boot && boot && holder.boot !== boot) return false;
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: it runs, as another user.
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  if (isZombie(holder.pid)) return false;
  if (holder.start) {
    const start = processStartTime(holder.pid);
    if (start !== null && start !== holder.start) return false;
  }
  return true;
}

/**
 * Creates path with this content, or answers false when it exists. The content is written to a
 * file of our own first and linked into place, so nobody ever reads a half-written lock; where
 * the file system has no hard links, open(…, 'wx') does the same with a moment without content.
 */
function createExclusive(path: string, content: string, nonce: string): boolean {
  const tmp = `${path}.${nonce}.tmp`;
  writeDurably(tmp, content, 'w');
  try {
    linkSync(tmp, path);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EOPNOTSUPP') throw err;
  } finally {
    rmSync(tmp, { force: true });
  }
  try {
    writeDurably(path, content, 'wx');
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

function writeDurably(path: string, content: string, flags: 'w' | 'wx'): void {
  const fd = openSync(path, flags);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Takes over a lock whose holder is dead. Only one process may replace a given holding: it must
 * first create the takeover marker of that holding's nonce (exclusively). A marker whose maker
 * died before finishing is passed by the next number. The winner reads the lock again (still the
 * dead holding?) and renames its own file over it; the others see the marker's maker alive and
 * wait, then find the new, live holder.
 * Answers true when we hold the lock, false to start over, 'wait' while another process takes over.
 */
function takeOver(dir: string, stale: Found, mine: Holder): boolean | 'wait' {
  const lockPath = join(dir, LOCK_FILE);
  for (let k = 0; ; k++) {
    const marker = join(dir, `${LOCK_FILE}.takeover-${stale.id}-${k}`);
    if (!createExclusive(marker, JSON.stringify(mine), mine.nonce)) {
      const maker = readHolder(marker);
      if (maker && isAlive(maker)) return 'wait';
      continue;
    }
    const now = readHolder(lockPath);
    if (now?.id !== stale.id) {
      rmSync(marker, { force: true });
      return false;
    }
    const tmp = join(dir, `${LOCK_FILE}.${mine.nonce}.new`);
    writeDurably(tmp, JSON.stringify(mine), 'w');
    renameSync(tmp, lockPath);
    removeMarkers(dir);
    return true;
  }
}

/** Once we hold the lock, no takeover of an older holding can succeed: their markers go. */
function removeMarkers(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (name.startsWith(`${LOCK_FILE}.takeover-`)) rmSync(join(dir, name), { force: true });
  }
}

/** A proper-lockfile lock of an older server: refused while it is refreshed, removed once stale. */
function checkLegacyLock(dataDir: string): void {
  const legacy = join(dataDir, LEGACY_LOCK_DIR);
  try {
    const stat = statSync(legacy);
    if (Date.now() - stat.mtimeMs < LEGACY_STALE_MS) throw new DataDirLockedError(dataDir);
    rmSync(legacy, { recursive: true, force: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Folders this process holds (or is taking): a second open in the same process is refused too. */
const heldHere = new Set<string>();

/**
 * PGlite has no lock between processes: a second process on the same folder silently loses
 * writes. So the folder is locked for as long as the server runs, with a PID file as
 * PostgreSQL's postmaster.pid: a lock whose process is dead (kill -9, a power cut, a container
 * restarted as PID 1) is taken over at once, a live one is refused with DataDirLockedError.
 * Answers the release, which removes the file (also done when the process exits).
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = resolve(dataDir, LOCK_FILE);
  if (heldHere.has(lockPath)) throw new DataDirLockedError(dataDir, { pid: process.pid, host: hostname() });
  heldHere.add(lockPath);
  try {
    checkLegacyLock(dataDir);
    const mine = me();
    await acquire(dataDir, mine);
    return holdLock(dataDir, mine);
  } catch (err) {
    heldHere.delete(lockPath);
    throw err;
  }
}

async function acquire(dataDir: string, mine: Holder): Promise<void> {
  const lockPath = resolve(dataDir, LOCK_FILE);
  const waitUntil = Date.now() + TAKEOVER_WAIT_MS;
  for (;;) {
    if (createExclusive(lockPath, JSON.stringify(mine), mine.nonce)) return;
    const found = readHolder(lockPath);
    if (!found) continue; // released meanwhile
    if (isAlive(found)) throw new DataDirLockedError(dataDir, found.holder ?? undefined);
    const taken = takeOver(dataDir, found, mine);
    if (taken === true) return;
    if (taken === 'wait') {
      if (Date.now() > waitUntil) throw new DataDirLockedError(dataDir);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

function holdLock(dataDir: string, mine: Holder): () => Promise<void> {
  const lockPath = resolve(dataDir, LOCK_FILE);
  const ours = () => readHolder(lockPath)?.holder?.nonce === mine.nonce;
  const releaseNow = () => {
    clearInterval(heartbeat);
    process.off('exit', releaseNow);
    try {
      if (ours()) unlinkSync(lockPath);
    } finally {
      heldHere.delete(lockPath);
    }
  };
  // Touch the file so a server on another host sees we live; stop if someone took the folder.
  const heartbeat = setInterval(() => {
    const found = readHolder(lockPath);
    if (!found && createExclusive(lockPath, JSON.stringify(mine), mine.nonce)) return;
    if (found?.holder?.nonce !== mine.nonce) {
      console.error(`Lost the lock on DATA_DIR=${dataDir} (another process took it). Stopping.`);
      process.exit(1);
    }
    const now = new Date();
    utimesSync(lockPath, now, now);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  process.on('exit', releaseNow);
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    releaseNow();
  };
}
