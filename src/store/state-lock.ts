// One server per state file: a lock file beside it (`FILE.lock`, created with O_EXCL) names the
// process that holds it. A lock whose process is gone from this host is stale and taken over.
//
// Taking over re-reads the lock just before removing it, so two servers that find the same stale
// lock at the same instant cannot both remove a fresh one; the window left (between that read and
// the removal) is microseconds, and the loser's O_EXCL create then fails and it refuses to start.
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
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

/** Lock files this process holds, by absolute path: a second open in the same process is refused. */
const heldHere = new Set<string>();

/**
 * Takes `FILE.lock` for the state file `statePath`.
 * - Throws StateFileError naming the holder (pid, host, since when) while a live process holds it,
 *   this process included; takes over a lock whose pid is not running on this host.
 */
export function acquireStateLock(statePath: string): StateLock {
  const path = `${statePath}.lock`;
  const key = resolve(path);
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
    if (!holder) throw new StateFileError(statePath, `${path} exists but does not say who holds it; if no kindgi-mock is using the file, remove ${path}`);
    const who = `pid ${holder.pid} on host ${holder.host}, since ${holder.since ?? 'an unknown time'}`;
    if (heldHere.has(key)) throw new StateFileError(statePath, `is already open in this process (${who}); close that mock first`);
    if (!isStale(holder)) throw new StateFileError(statePath, `is in use by another kindgi-mock (${who}; ${path}); stop it, or give another path`);
    if (readLock(path) !== text) continue;
    remove(path);
    tookOver = `--state ${statePath}: took over ${path}, left by ${who}, which is no longer running`;
  }
  throw new StateFileError(statePath, `could not take ${path}: other kindgi-mocks are starting on it at the same time`);
}

function lockOf(path: string, key: string, mine: string, tookOver: string | undefined): StateLock {
  let released = false;
  return {
    path,
    ...(tookOver !== undefined ? { tookOver } : {}),
    release() {
      if (released) return;
      released = true;
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

/**
 * Whether the holder is gone: only a holder on this host can be checked. Our own pid, not held by
 * this process, is an earlier process that had the same pid (containers reuse small pids).
 */
function isStale(holder: Holder): boolean {
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
