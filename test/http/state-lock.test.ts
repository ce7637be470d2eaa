// One server per `--state FILE` (issue 11, item 4): FILE.lock names the holder; a second start,
// in this process or another, refuses naming its pid, host and since when; a lock whose process
// has exited is taken over with a warning; closing the mock releases it.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createMock, type Mock, type MockOptions } from '../../src/index.ts';
import { STALE_AFTER_MS } from '../../src/store/state-lock.ts';
import { mockCliEnv } from '../support/run-node.ts';
import { silentLogger, startMock } from './support.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// Its real path: the lock is named after the state file's real path.
const folder = realpathSync(mkdtempSync(join(tmpdir(), 'kindgi-state-lock-')));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;
const newStateFile = () => join(folder, `state-${(files += 1)}.jsonl`);

const mocks: Mock[] = [];
afterEach(() => {
  for (const mock of mocks.splice(0)) mock.close();
});
function create(options: MockOptions): Mock {
  const mock = createMock({ logger: silentLogger().logger, ...options });
  mocks.push(mock);
  return mock;
}
function startError(options: MockOptions): Error {
  try {
    create(options);
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the start to be refused');
}

describe('createMock({ stateFile }) and FILE.lock', () => {
  it('a second createMock on the same file while the first is open → StateFileError naming this pid, host and since when; after Mock.close() it starts', () => {
    const file = newStateFile();
    const first = create({ stateFile: file });
    const lock = JSON.parse(readFileSync(`${file}.lock`, 'utf8')) as { pid: number; host: string; since: string };
    expect(lock).toMatchObject({ pid: process.pid, host: hostname() });
    const error = startError({ stateFile: file });
    expect(error.name).toBe('StateFileError');
    expect(error.message).toContain(file);
    expect(error.message).toContain(`pid ${process.pid}`);
    expect(error.message).toContain(`host ${hostname()}`);
    expect(error.message).toContain(lock.since);
    first.close();
    first.close();
    expect(existsSync(`${file}.lock`)).toBe(false);
    create({ stateFile: file });
  });

  it('RunningMock.close() releases the lock: the file is free for the next start', async () => {
    const file = newStateFile();
    const server = await startMock({ stateFile: file });
    expect(existsSync(`${file}.lock`)).toBe(true);
    await server.close();
    expect(existsSync(`${file}.lock`)).toBe(false);
    const again = await startMock({ stateFile: file });
    await again.close();
  });

  it('a lock left by a process that has exited → taken over, with a warning naming it', async () => {
    const file = newStateFile();
    const gone = spawn(process.execPath, ['-e', '']);
    const pid = gone.pid!;
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(`${file}.lock`, JSON.stringify({ pid, host: hostname(), since: '2030-01-01T00:00:00.000Z' }));
    const log = silentLogger();
    const mock = create({ stateFile: file, logger: log.logger });
    expect(mock.stateNotices).toEqual([expect.objectContaining({ kind: 'took-over-lock' })]);
    expect(log.lines.some((line) => line.includes('took over') && line.includes(`pid ${pid}`))).toBe(true);
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
  });

  it('a lock of another host → refused naming that host (its process cannot be checked from here); the lock is left', () => {
    const file = newStateFile();
    const lock = JSON.stringify({ pid: 4242, host: 'elsewhere.example', since: '2030-01-01T00:00:00.000Z' });
    writeFileSync(`${file}.lock`, lock);
    const error = startError({ stateFile: file });
    expect(error.message).toContain('pid 4242 on host elsewhere.example');
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(lock);
  });

  it('a lock that does not say who holds it → refused, saying to remove it', () => {
    const file = newStateFile();
    writeFileSync(`${file}.lock`, '');
    expect(startError({ stateFile: file }).message).toContain(`remove ${file}.lock`);
  });

  /** Moves the lock's last touch back by more than STALE_AFTER_MS, as a holder that stopped beating leaves it. */
  const ageLock = (file: string) => {
    const then = new Date(Date.now() - STALE_AFTER_MS - 5_000);
    utimesSync(`${file}.lock`, then, then);
  };

  it('a lock of another host untouched past STALE_AFTER_MS (a replaced container) → taken over, with a warning', () => {
    const file = newStateFile();
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: 4242, host: 'old-container', since: '2030-01-01T00:00:00.000Z' }));
    ageLock(file);
    const mock = create({ stateFile: file });
    expect(mock.stateNotices).toEqual([expect.objectContaining({ kind: 'took-over-lock', message: expect.stringContaining('pid 4242 on host old-container') })]);
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
  });

  it('an empty lock untouched past STALE_AFTER_MS (a crash between its creation and its write) → taken over', () => {
    const file = newStateFile();
    writeFileSync(`${file}.lock`, '');
    ageLock(file);
    expect(create({ stateFile: file }).stateNotices).toEqual([expect.objectContaining({ kind: 'took-over-lock' })]);
  });

  it('the same file by another name (a link to its folder, a link to the file) → refused while the first is open', () => {
    const real = join(folder, `linked-${(files += 1)}`);
    mkdirSync(real);
    const file = join(real, 'state.jsonl');
    create({ stateFile: file });
    const viaFolder = join(folder, `via-folder-${files}`);
    symlinkSync(real, viaFolder);
    expect(startError({ stateFile: join(viaFolder, 'state.jsonl') }).message).toContain('is already open in this process');
    const viaFile = join(real, 'link.jsonl');
    symlinkSync(file, viaFile);
    expect(startError({ stateFile: viaFile }).message).toContain('is already open in this process');
  });

  it('the same file by a hard link (a second name the lock cannot see) → refused naming the link count (issue 36)', () => {
    const file = newStateFile();
    create({ stateFile: file });
    const alias = join(folder, `hard-link-${files}.jsonl`);
    linkSync(file, alias);
    const error = startError({ stateFile: alias });
    expect(error.name).toBe('StateFileError');
    expect(error.message).toContain(`--state ${alias}: has 2 names (hard links)`);
  });
});

describe('kindgi-mock --state FILE in another process', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  it('holds the file: an in-process start refuses naming the child\'s pid; its banner shows the dropped torn line; after SIGTERM the file is free', { timeout: 60_000 }, async () => {
    const file = newStateFile();
    create({ stateFile: file }).close();
    appendFileSync(file, '0123456789abcdef {"corrections":[{"id":"cor_torn');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', '--port', '0', '--state', file], { cwd: ROOT, env: mockCliEnv(join(folder, 'checked-worlds')), stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no banner in 30 s:\n${stdout}\n${stderr}`)), 30_000);
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (stdout.includes('every token:')) {
          clearTimeout(timer);
          resolve();
        }
      });
      void exited.then(() => reject(new Error(`exited before listening:\n${stdout}\n${stderr}`)));
    });
    expect(stdout).toMatch(/state: .*dropped line 2 \(\d+ bytes/);
    expect(stdout).toContain(`state: ${file}, 0 writes restored`);

    const error = startError({ stateFile: file });
    expect(error.message).toContain(`pid ${child.pid}`);
    expect(error.message).toContain('in use by another kindgi-mock');

    child.kill('SIGTERM');
    await exited;
    expect(existsSync(`${file}.lock`)).toBe(false);
    create({ stateFile: file });
  });
});
