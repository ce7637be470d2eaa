// One server per state file: a lock file beside it (`FILE.lock`, created with O_EXCL) names the
// process that holds it, which touches it every HEARTBEAT_MS. A lock is stale, and taken over,
// when its process is gone from this host, or when it has not been touched for STALE_AFTER_MS
// (a holder on another host, such as a container that was replaced after a crash, or a lock file
// left empty by a crash between its creation and its first write).
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
/** A lock untouched this long has no live holder, wherever it ran. */
export const STALE_AFTER_MS = 3 * HEARTBEAT_MS;

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
 *   this process included; takes over a lock whose pid is not running on this host.
 */
export function acquireStateLock(statePath: string, now: () => number = Date.now): StateLock {
  const path = `${realStatePath(statePath)}.lock`;
  const key = path;
  const mine = `${JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString(), token: randomUUID() })}\n`;
  let tookOver: string | undefined;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (create(statePath, path, mine)) {
      heldHere.add(key);
      return lockOf(path, key, mine, tookOver);
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
      throw new StateFileError(statePath, `is in use by another kindgi-mock (${describe(holder)}, last seen ${Math.round(untouchedMs / 1000)} s ago; ${path}); stop it, or give another path`);
    }
    const who = holder ? describe(holder) : 'a holder that never wrote its name';
    if (readLock(path) !== text) continue;
    remove(path);
    tookOver = `--state ${statePath}: took over ${path}, left by ${who}, which is no longer running${holder?.host === hostname() ? '' : ` (untouched for ${Math.round(untouchedMs / 1000)} s)`}`;
  }
  throw new StateFileError(statePath, `could not take ${path}: other kindgi-mocks are starting on it at the same time`);
}

function lockOf(path: string, key: string, mine: string, tookOver: string | undefined): StateLock {
  let released = false;
  // The heartbeat: a holder on another host, which cannot be asked whether it runs, shows it does.
  const heartbeat = setInterval(() => {
    try {
      utimesSync(path, new Date(), new Date());
    } catch {
      // Removed by hand or a full disk: the next beat tries again; the lock itself is unchanged.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    path,
    ...(tookOver !== undefined ? { tookOver } : {}),
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
 * Whether the holder is gone. Any holder that stopped its heartbeat is. On this host its pid is
 * asked too; our own pid, not held by this process (its locks are by real path), is an earlier
 * process that had the same pid (containers reuse small pids).
 */
function isStale(holder: Holder, untouchedMs: number): boolean {
  if (untouchedMs >= STALE_AFTER_MS) return true;
  if (holder.host !== hostname()) return false;
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
