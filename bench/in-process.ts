// The in-process case: createMock() (the embedded world) made, listened on and closed again and
// again in one child process, and kept alive by ten at once, summarised as the report shows it.
import { spawnTracked, stopChild, tailOf } from './child-process.ts';
import type { InProcessMeasurement, InProcessRequest } from './in-process-child.ts';

export const IN_PROCESS_CASE = 'in-process';

export interface InProcessOptions extends InProcessRequest {
  /** Where the child's mocks remember checked worlds (KINDGI_MOCK_CHECKED_WORLDS), not the user's cache. */
  checkedWorldsDir: string;
  timeoutMs?: number;
}

export interface InProcessResult {
  runs: number;
  alive: number;
  /** The process's first createMock() + listen + close. */
  firstMs: number;
  firstChecks: 'ran' | 'remembered';
  /** createMock() alone, the second time in the process. */
  secondCreateMs: number;
  /** Over the runs after the first: createMock() + listen(0) + close(). */
  cycleMedianMs: number;
  cycleP90Ms: number;
  /** Over the same runs: createMock() alone. */
  createMedianMs: number;
  createP90Ms: number;
  /** Each further mock: (RSS with `alive` mocks listening − RSS with none after the first) ÷ `alive`. */
  rssPerMockMb: number;
  /** The same in used JavaScript heap: steadier than RSS, which V8 grows in steps and rarely gives back. */
  heapPerMockMb: number;
  /** What the first mock left for all of them, the compiled spec and the parsed world: RSS with none after it − RSS before any. */
  rssSharedMb: number;
  /** (RSS with `alive` mocks − RSS before any mock) ÷ `alive`: the shared part spread over them. */
  rssAveragePerMockMb: number;
}

/**
 * Runs the case in a child (node --expose-gc, tsx), so that nothing of the benchmark's own
 * process counts; rejects with the child's output when it fails.
 */
export async function measureInProcessMocks({ runs, alive, checkedWorldsDir, timeoutMs = 120_000 }: InProcessOptions): Promise<InProcessResult> {
  const child = spawnTracked(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/in-process-child.ts'], {
    env: { ...process.env, KINDGI_MOCK_CHECKED_WORLDS: checkedWorldsDir },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const output = tailOf(child);
  const measured = await new Promise<InProcessMeasurement>((resolve, reject) => {
    const timer = setTimeout(() => fail(`did not finish within ${timeoutMs} ms`), timeoutMs);
    const fail = (why: string) => {
      clearTimeout(timer);
      void stopChild(child);
      reject(new Error(`the in-process case ${why}:\n${output()}`));
    };
    const onExit = (code: number | null) => fail(`exited with ${code}`);
    child.once('exit', onExit);
    child.once('message', (message: InProcessMeasurement) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve(message);
    });
    child.send({ runs, alive } satisfies InProcessRequest);
  });
  await stopChild(child);
  return {
    runs,
    alive,
    firstMs: measured.firstMs,
    firstChecks: measured.firstChecks,
    secondCreateMs: measured.secondCreateMs,
    cycleMedianMs: percentile(measured.cycleMs, 0.5),
    cycleP90Ms: percentile(measured.cycleMs, 0.9),
    createMedianMs: percentile(measured.createMs, 0.5),
    createP90Ms: percentile(measured.createMs, 0.9),
    rssPerMockMb: (measured.withAlive.rssMb - measured.none.rssMb) / measured.alive,
    heapPerMockMb: (measured.withAlive.heapMb - measured.none.heapMb) / measured.alive,
    rssSharedMb: measured.none.rssMb - measured.modules.rssMb,
    rssAveragePerMockMb: (measured.withAlive.rssMb - measured.modules.rssMb) / measured.alive,
  };
}

/** The value at fraction `p` of the sorted values (nearest rank); NaN for none. */
function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}
