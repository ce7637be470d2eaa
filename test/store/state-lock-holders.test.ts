// Two servers never write one file (issue 36, items 1 and 2): a live holder on this host keeps its
// lock however long it has been paused or busy, a state file with a second name (a hard link) is
// refused, the heartbeat and `beat()` keep the lock touched, and `release()` leaves a lock that is
// no longer its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, linkSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { acquireStateLock, BEAT_AT_MOST_EVERY_MS, HEARTBEAT_MS, STALE_AFTER_MS, type StateLock } from '../../src/store/state-lock.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// Its real path: the lock is named after the state file's real path.
const folder = realpathSync(mkdtempSync(join(tmpdir(), 'kindgi-state-lock-holders-')));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;
const newStateFile = () => join(folder, `world-${(files += 1)}.state`);

const locks: StateLock[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const lock of locks.splice(0)) lock.release();
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGCONT');
    child.kill('SIGKILL');
  }
});
function acquire(file: string, now?: () => number): StateLock {
  const lock = acquireStateLock(file, now);
  locks.push(lock);
  return lock;
}
function refusal(file: string, now?: () => number): string {
  try {
    acquire(file, now);
  } catch (error) {
    expect((error as Error).name).toBe('StateFileError');
    return (error as Error).message;
  }
  throw new Error(`expected acquiring ${file} to be refused`);
}

/** Moves the lock's last touch back past STALE_AFTER_MS, as a holder that stopped beating leaves it. */
const ageLock = (file: string) => {
  const then = new Date(Date.now() - STALE_AFTER_MS - 60_000);
  utimesSync(`${file}.lock`, then, then);
  return then.getTime();
};
const lastTouch = (file: string) => statSync(`${file}.lock`).mtimeMs;

async function waitFor(what: string, done: () => boolean, child: { stderr: () => string }, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error(`${what}: not within ${ms} ms\n${child.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// A second server in miniature: takes the lock and holds it, or (`busy`) then works synchronously,
// calling beat() as a long restore does, until the test writes FILE.go-on. Its markers are files,
// not output: a pipe is asynchronous on some systems, and a busy process never flushes it.
const holderScript = join(folder, 'holder.ts');
writeFileSync(holderScript, `
import { existsSync, writeFileSync } from 'node:fs';
import { acquireStateLock } from ${JSON.stringify(pathToFileURL(join(ROOT, 'src/store/state-lock.ts')).href)};
const [file, mode] = process.argv.slice(2) as [string, string];
const lock = acquireStateLock(file);
if (mode === 'busy') {
  writeFileSync(file + '.busy', '');
  const until = Date.now() + 30_000;
  while (!existsSync(file + '.go-on') && Date.now() < until) lock.beat();
  writeFileSync(file + '.done', '');
}
setInterval(() => {}, 60_000);
`);

async function startHolder(file: string, mode: 'hold' | 'busy') {
  const child = spawn(process.execPath, ['--import', 'tsx', holderScript, file, mode], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
  const seen = { stderr: () => stderr };
  const holdsIt = () => {
    try {
      return (JSON.parse(readFileSync(`${file}.lock`, 'utf8')) as { pid: number }).pid === child.pid;
    } catch {
      return false;
    }
  };
  await waitFor('the holder takes the lock', () => holdsIt() && (mode === 'hold' || existsSync(`${file}.busy`)), seen);
  return { child, pid: child.pid!, seen };
}

describe('a live holder on this host keeps its lock, whatever its heartbeat', () => {
  it('a holder paused (SIGSTOP) past STALE_AFTER_MS → a second start is refused naming its pid; the lock is left as it was', { timeout: 30_000 }, async () => {
    const file = newStateFile();
    const { child, pid } = await startHolder(file, 'hold');
    child.kill('SIGSTOP');
    const held = readFileSync(`${file}.lock`, 'utf8');
    ageLock(file);
    const message = refusal(file);
    expect(message).toContain('is in use by another kindgi-mock');
    expect(message).toContain(`pid ${pid} on host ${hostname()}`);
    // A pid that now belongs to something else is the one case left to a person.
    expect(message).toContain(`if pid ${pid} is not a kindgi-mock (pids are reused), remove ${file}.lock`);
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(held);
    child.kill('SIGCONT');
  });

  it('a holder busy in synchronous work (a long restore) calling beat() → its lock is touched meanwhile, and a second start is refused even judged STALE_AFTER_MS later', { timeout: 30_000 }, async () => {
    const file = newStateFile();
    const { pid, seen } = await startHolder(file, 'busy');
    const aged = ageLock(file);
    // The heartbeat's timer cannot fire while the holder works: only beat() touches the lock.
    await waitFor('beat() touches the lock during the work', () => lastTouch(file) > aged + STALE_AFTER_MS, seen, 10_000);
    expect(existsSync(`${file}.done`)).toBe(false);
    const message = refusal(file, () => Date.now() + STALE_AFTER_MS + 5_000);
    expect(message).toContain(`pid ${pid} on host ${hostname()}`);
    writeFileSync(`${file}.go-on`, '');
    await waitFor('the holder finishes its work', () => existsSync(`${file}.done`), seen);
    expect(refusal(file)).toContain(`pid ${pid}`);
  });

  it('a lock naming this process\'s own pid that this process does not hold (an earlier process with that pid) → taken over', () => {
    const file = newStateFile();
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), since: '2030-01-01T00:00:00.000Z' }));
    const lock = acquire(file);
    expect(lock.tookOver).toContain(`pid ${process.pid} on host ${hostname()}`);
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
  });
});

describe('a state file has one name: hard links are refused', () => {
  it('a link made while the first holds the file → the second start, by the link, is refused naming the count; the first keeps its lock', () => {
    const file = newStateFile();
    writeFileSync(file, 'journal\n');
    acquire(file);
    const alias = join(folder, `alias-${files}.state`);
    linkSync(file, alias);
    const message = refusal(alias);
    expect(message).toContain(`--state ${alias}: has 2 names (hard links)`);
    expect(message).toContain('a state file must have one name');
    expect(existsSync(`${alias}.lock`)).toBe(false);
    expect(existsSync(`${file}.lock`)).toBe(true);
  });

  it('a link made before any start → the first start is refused, by either name, and leaves no lock', () => {
    const file = newStateFile();
    writeFileSync(file, 'journal\n');
    const alias = join(folder, `alias-${files}.state`);
    linkSync(file, alias);
    const other = join(folder, `other-${files}.state`);
    linkSync(file, other);
    expect(refusal(file)).toContain('has 3 names (hard links)');
    expect(refusal(alias)).toContain('has 3 names (hard links)');
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect(existsSync(`${alias}.lock`)).toBe(false);
  });

  it('the holder keeps its lock across its own rename (a reset or a compaction): its name stays refused', () => {
    const file = newStateFile();
    writeFileSync(file, 'journal\n');
    const lock = acquire(file);
    const inode = statSync(file).ino;
    writeFileSync(`${file}.new`, 'fresh journal\n');
    renameSync(`${file}.new`, file);
    expect(statSync(file).ino).not.toBe(inode);
    expect(existsSync(lock.path)).toBe(true);
    expect(refusal(file)).toContain('is already open in this process');
  });
});

describe('the heartbeat and beat()', () => {
  it('the heartbeat touches the lock every HEARTBEAT_MS', () => {
    const file = newStateFile();
    const start = Math.floor(Date.now() / 1000) * 1000;
    vi.useFakeTimers({ now: start, toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      acquire(file);
      const aged = ageLock(file);
      vi.advanceTimersByTime(HEARTBEAT_MS - 1);
      expect(lastTouch(file)).toBe(aged);
      vi.advanceTimersByTime(1);
      expect(Math.round(lastTouch(file))).toBe(start + HEARTBEAT_MS);
      vi.advanceTimersByTime(HEARTBEAT_MS);
      expect(Math.round(lastTouch(file))).toBe(start + 2 * HEARTBEAT_MS);
    } finally {
      vi.useRealTimers();
    }
  });

  it('beat() touches the lock at most once every BEAT_AT_MOST_EVERY_MS, by the lock\'s clock; after release() it does nothing', () => {
    const file = newStateFile();
    let now = Date.UTC(2031, 0, 1);
    const lock = acquire(file, () => now);
    const created = lastTouch(file);
    now += BEAT_AT_MOST_EVERY_MS - 1;
    lock.beat();
    expect(lastTouch(file)).toBe(created);
    now += 1;
    lock.beat();
    expect(Math.round(lastTouch(file))).toBe(now);
    const touched = now;
    now += BEAT_AT_MOST_EVERY_MS / 2;
    lock.beat();
    expect(Math.round(lastTouch(file))).toBe(touched);
    now += BEAT_AT_MOST_EVERY_MS / 2;
    lock.beat();
    expect(Math.round(lastTouch(file))).toBe(now);
    lock.release();
    now += 10 * BEAT_AT_MOST_EVERY_MS;
    lock.beat();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});

describe('release()', () => {
  const another = JSON.stringify({ pid: 4242, host: 'elsewhere.example', since: '2030-01-01T00:00:00.000Z' });

  it('leaves a lock another holder took over meanwhile (removed ours, created its own)', () => {
    const file = newStateFile();
    const lock = acquire(file);
    unlinkSync(lock.path);
    writeFileSync(lock.path, another);
    lock.release();
    expect(readFileSync(lock.path, 'utf8')).toBe(another);
    // Released here: what is left is the other holder's, and a start names it.
    expect(refusal(file)).toContain('pid 4242 on host elsewhere.example');
  });

  it('leaves a lock another holder wrote over ours', () => {
    const file = newStateFile();
    const lock = acquire(file);
    writeFileSync(lock.path, another);
    lock.release();
    expect(readFileSync(lock.path, 'utf8')).toBe(another);
  });

  it('removes its own lock, once', () => {
    const file = newStateFile();
    const lock = acquire(file);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    writeFileSync(lock.path, another);
    lock.release();
    expect(readFileSync(lock.path, 'utf8')).toBe(another);
  });
});
