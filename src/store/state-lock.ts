// One server per state file: a lock file beside it (`FILE.lock`, created with O_EXCL) names the
// process that holds it, which touches it every HEARTBEAT_MS (and on `beat()`, from work too long
// and synchronous for a timer to fire). A lock is stale, and taken over, when its process is gone
// from this host, whatever its last touch (a paused or busy holder is not gone); or, for a holder
// that cannot be asked (on another host, such as a container replaced after a crash, or a lock left
// empty by a crash between its creation and its first write), when it has not been touched for
// STALE_AFTER_MS.
//
// The lock is named by the file's real path, which a hard link escapes: a state file with more than
// one name is refused. Keying the lock by device and inode instead would lose it at the holder's
// own reset (a rename gives the path a new inode) unless the holder re-keyed it at each rename;
// the link count needs nothing of the kind, and a link made while a server runs is still seen by
// the next start, whichever name it uses. After such a rename the other name is another file.
//
// Taking over re-reads the lock just before removing it, so two servers that find the same stale
// lock at the same instant cannot both remove a fresh one; the window left (between that read and
// the removal) is microseconds, and the loser's O_EXCL create then fails and it refuses to start.
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, realpathSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { StateFileError } from './state-errors.ts';

export interface StateLock {
  readonly path: string;
  /** Set when a stale lock was taken over: what it said, for a warning. */
  readonly tookOver?: string;
  /**
   * Touches the lock now, as the heartbeat does, for synchronous work that keeps the heartbeat's
   * timer from firing (a long restore): cheap enough to call for every entry, since it touches the
   * file at most once every BEAT_AT_MOST_EVERY_MS; does nothing once released.
   */
  beat(): void;
  /** Removes the lock file if it is still this one's; idempotent. */
  release(): void;
}

interface Holder {
  pid: number;
  host: string;
  since?: string;
}

/** How often a holder touches its lock. */
export const HEARTBEAT_MS = 10_000;
/** A lock untouched this long, whose holder cannot be asked (on another host, or unnamed), has none. */
export const STALE_AFTER_MS = 3 * HEARTBEAT_MS;
/** `beat()` touches the lock at most this often; calls in between only read the clock. */
export const BEAT_AT_MOST_EVERY_MS = 1_000;

/** Lock files this process holds, by real path: a second open in the same process is refused. */
const heldHere = new Set<string>();

/**
 * The state file's real path, links resolved (its folder's, for a file not made yet), so that
 * every name of one file shares one lock.
 */
function realStatePath(statePath: string): string {
  if (existsSync(statePath)) return realpathSync(statePath);
  const folder = dirname(resolve(statePath));
  return join(existsSync(folder) ? realpathSync(folder) : folder, basename(statePath));
}

/**
 * Takes `FILE.lock` for the state file `statePath`.
 * - Throws StateFileError naming the holder (pid, host, since when) while a live process holds it,
 *   this process included, however long ago it last touched the lock; takes over a lock whose pid
 *   is not running on this host, or one of another host untouched for STALE_AFTER_MS.
 * - Throws StateFileError for a state file with more than one name (hard links).
 * - `now` is the lock's clock, for its touches and their age.
 */
export function acquireStateLock(statePath: string, now: () => number = Date.now): StateLock {
  const real = realStatePath(statePath);
  refuseHardLinks(statePath, real);
  const path = `${real}.lock`;
  const key = path;
  const mine = `${JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString(), token: randomUUID() })}\n`;
  let tookOver: string | undefined;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (create(statePath, path, mine)) {
      heldHere.add(key);
      return lockOf(path, key, mine, tookOver, now);
    }
    const text = readLock(path);
    if (text === undefined) continue; // released between our create and our read
    const holder = holderOf(text);
    const untouchedMs = untouchedFor(path, now);
    if (heldHere.has(key)) throw new StateFileError(statePath, `is already open in this process (${holder ? describe(holder) : path}); close that mock first`);
    if (!holder && untouchedMs < STALE_AFTER_MS) {
      throw new StateFileError(statePath, `${path} exists but does not say who holds it (a kindgi-mock may be starting); if none is using the file, remove ${path}`);
    }
    if (holder && !isStale(holder, untouchedMs)) {
      const reused = holder.host === hostname() ? `; if pid ${holder.pid} is not a kindgi-mock (pids are reused), remove ${path}` : '';
      throw new StateFileError(statePath, `is in use by another kindgi-mock (${describe(holder)}, last seen ${Math.round(untouchedMs / 1000)} s ago; ${path}); stop it, or give another path${reused}`);
    }
    const who = holder ? describe(holder) : 'a holder that never wrote its name';
    if (readLock(path) !== text) continue;
    remove(path);
    tookOver = `--state ${statePath}: took over ${path}, left by ${who}, which is no longer running${holder?.host === hostname() ? '' : ` (untouched for ${Math.round(untouchedMs / 1000)} s)`}`;
  }
  throw new StateFileError(statePath, `could not take ${path}: other kindgi-mocks are starting on it at the same time`);
}

/** Refuses a state file with more than one name: each name would get a lock of its own. */
function refuseHardLinks(statePath: string, real: string): void {
  let links = 1;
  try {
    links = statSync(real, { throwIfNoEntry: false })?.nlink ?? 1;
  } catch {
    // Unreadable: the read that follows refuses it, naming why.
  }
  if (links > 1) {
    throw new StateFileError(statePath, `has ${links} names (hard links), and a lock by one name does not stop a server using another; a state file must have one name: remove the other links (\`find -samefile\` lists them), or copy the file`);
  }
}

function lockOf(path: string, key: string, mine: string, tookOver: string | undefined, now: () => number): StateLock {
  let released = false;
  let touchedAt = now();
  const touch = () => {
    touchedAt = now();
    try {
      utimesSync(path, new Date(touchedAt), new Date(touchedAt));
    } catch {
      // Removed by hand or a full disk: the next beat tries again; the lock itself is unchanged.
    }
  };
  // The heartbeat: a holder on another host, which cannot be asked whether it runs, shows it does.
  const heartbeat = setInterval(touch, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    path,
    ...(tookOver !== undefined ? { tookOver } : {}),
    beat() {
      if (!released && now() - touchedAt >= BEAT_AT_MOST_EVERY_MS) touch();
    },
    release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      heldHere.delete(key);
      // Only our own lock: never one another process took over meanwhile.
      if (readLock(path) === mine) remove(path);
    },
  };
}

/** Creates the lock with O_EXCL; false when it exists. */
function create(statePath: string, path: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new StateFileError(statePath, `cannot create its lock ${path}: ${(error as Error).message}`);
  }
  try {
    writeSync(fd, content);
  } catch (error) {
    closeSync(fd);
    remove(path);
    throw new StateFileError(statePath, `cannot write its lock ${path}: ${(error as Error).message}`);
  }
  closeSync(fd);
  return true;
}

function readLock(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function remove(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Gone already, or not ours to remove: either way there is nothing left to release.
  }
}

function holderOf(text: string): Holder | undefined {
  try {
    const { pid, host, since } = JSON.parse(text) as Record<string, unknown>;
    if (!Number.isInteger(pid) || (pid as number) <= 0 || typeof host !== 'string') return undefined;
    return { pid: pid as number, host, ...(typeof since === 'string' ? { since } : {}) };
  } catch {
    return undefined;
  }
}

const describe = (holder: Holder) => `pid ${holder.pid} on host ${holder.host}, since ${holder.since ?? 'an unknown time'}`;

/** Milliseconds since the lock was last touched (0 when it cannot be read). */
function untouchedFor(path: string, now: () => number): number {
  try {
    return Math.max(0, now() - statSync(path).mtimeMs);
  } catch {
    return 0;
  }
}

/**
 * Whether the holder is gone. On this host its pid is asked, and only that: a holder paused
 * (SIGSTOP, a debugger, a VM) or busy (a long restore) misses its heartbeat yet still writes when
 * it wakes. Our own pid, not held by this process (its locks are by real path), is an earlier
 * process that had the same pid (containers reuse small pids). A holder on another host cannot be
 * asked: it is gone once it stops its heartbeat.
 */
function isStale(holder: Holder, untouchedMs: number): boolean {
  if (holder.host !== hostname()) return untouchedMs >= STALE_AFTER_MS;
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
