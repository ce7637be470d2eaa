// Servers under test run in child processes, so their load never shares an event loop with the
// load generator: spawning them, reading their memory, and stopping every one of them.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

const running = new Set<ChildProcess>();

/** Spawns `command` in the repository root; stopAll() ends it if nothing else did. */
export function spawnTracked(command: string, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { cwd: ROOT, ...options });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** A TypeScript program of this repository, run the way `npm start` runs (node with tsx). */
export function spawnTs(script: string, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  return spawnTracked(process.execPath, ['--import', 'tsx', script, ...args], options);
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. */
export function stopChild(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => stopChild(child)));
}

export interface Memory {
  /** Resident set now, in MB. */
  rssMb: number;
  /** The largest resident set so far (VmHWM), in MB. */
  peakRssMb: number;
}

/** From /proc/<pid>/status; undefined where there is no /proc (not Linux) or the process is gone. */
export function memoryOf(pid: number | undefined): Memory | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    const rss = kb('VmRSS');
    const peak = kb('VmHWM');
    return Number.isNaN(rss) ? undefined : { rssMb: rss / 1024, peakRssMb: peak / 1024 };
  } catch {
    return undefined;
  }
}

/** Linux reports a process's times in USER_HZ ticks, which its ABI fixes at 100 a second. */
const MS_PER_TICK = 10;

/**
 * CPU time a process has used so far, user and system, in ms (10 ms steps), from /proc/<pid>/stat;
 * undefined where there is no /proc (not Linux) or the process is gone.
 */
export function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces or ')': fields are counted from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // The array starts at field 3 (state), so utime and stime, fields 14 and 15, are at 11 and 12.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * MS_PER_TICK : undefined;
  } catch {
    return undefined;
  }
}

/** Collects a child's output (the last `keep` characters) so a failure can show it. */
export function tailOf(child: ChildProcess, keep = 4000): () => string {
  let text = '';
  const add = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-keep);
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  return () => text;
}
