// Starts kindgi-mock in a child process on a world folder, the way a user would
// (`npm start -- --fixtures DIR`), and times it from spawn to its first /health answer. By default
// the mock remembers a world that passed its checks and skips them the next time (checked-worlds.ts);
// `checkEveryStart` times a start that checks the world anyway.
import { performance } from 'node:perf_hooks';
import { memoryOf, spawnTs, stopChild, tailOf, type Memory } from './child-process.ts';

export interface MockServer {
  url: string;
  pid: number;
  /** From spawn to the first 200 from GET /health, node and tsx start-up included. */
  startupMs: number;
  /** Whether this start checked the world, or skipped the checks because these files passed them before. */
  worldChecks: 'ran' | 'remembered';
  /** Resident memory once the first /health answered. */
  memoryAtStart: Memory | undefined;
  memory(): Memory | undefined;
  stop(): Promise<void>;
}

const LISTENING = /listening on (http:\/\/\S+)/;
const REMEMBERED = /passed every check before/;

/**
 * - `checkedWorldsDir`: where the mock remembers worlds that passed (KINDGI_MOCK_CHECKED_WORLDS);
 *   the benchmark keeps them beside its worlds rather than in the user's cache.
 */
export async function startMockServer(fixturesDir: string, { checkEveryStart = false, checkedWorldsDir = undefined as string | undefined, timeoutMs = 120_000 } = {}): Promise<MockServer> {
  const started = performance.now();
  // A fixed cursor secret only so that cursors stay valid for the whole case; the default is random per start.
  const args = ['--fixtures', fixturesDir, '--port', '0', '--cursor-secret', 'kindgi-mock-bench', ...(checkEveryStart ? ['--check-every-start'] : [])];
  const child = spawnTs('src/cli.ts', args, {
    ...(checkedWorldsDir !== undefined ? { env: { ...process.env, KINDGI_MOCK_CHECKED_WORLDS: checkedWorldsDir } } : {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = tailOf(child);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(`did not listen within ${timeoutMs} ms`), timeoutMs);
    const onData = () => {
      const found = LISTENING.exec(output());
      if (found) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve(found[1]!);
      }
    };
    const onExit = (code: number | null) => fail(`exited with ${code}`);
    const fail = (why: string) => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      void stopChild(child);
      reject(new Error(`kindgi-mock on ${fixturesDir} ${why}:\n${output()}`));
    };
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
  const health = await fetch(`${url}/health`);
  await health.arrayBuffer();
  if (health.status !== 200) throw new Error(`GET ${url}/health answered ${health.status}`);
  const startupMs = performance.now() - started;
  const pid = child.pid!;
  return {
    url,
    pid,
    startupMs,
    worldChecks: REMEMBERED.test(output()) ? 'remembered' : 'ran',
    memoryAtStart: memoryOf(pid),
    memory: () => memoryOf(pid),
    stop: () => stopChild(child),
  };
}
