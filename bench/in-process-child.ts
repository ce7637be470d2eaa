// The in-process case, run in a child of its own (in-process.ts starts it with --expose-gc): mocks
// made with createMock() one after another in one process, as a test suite that starts one per
// file does, timed, and the resident memory each further one adds while alive.
import { performance } from 'node:perf_hooks';
import { createMock, type Mock } from '../src/index.ts';
import { requireGc, settledMemory, type SettledMemory } from './settled-memory.ts';

/** What the parent sends: how many timed runs, and how many mocks to keep alive together. */
export interface InProcessRequest {
  runs: number;
  alive: number;
}

/** What the child answers, in milliseconds and MB. */
export interface InProcessMeasurement {
  /** The first createMock() + listen + close of the process: the spec compiled, the world loaded. */
  firstMs: number;
  /** Whether that first mock checked its world, or found it remembered from an earlier run. */
  firstChecks: Mock['worldChecks'];
  /** createMock() alone, the second time in the process. */
  secondCreateMs: number;
  /** Each run after those: createMock() alone, and createMock() + listen(0) + close(). */
  createMs: number[];
  cycleMs: number[];
  /** Once the modules were imported, before any mock. */
  modules: Memory;
  /** After the first mock closed: the shared spec and world in memory, no mock alive. */
  none: Memory;
  /** With `alive` mocks listening at once. */
  withAlive: Memory;
  alive: number;
}

/** Resident set and used JavaScript heap, in MB, after full collections. */
export type Memory = SettledMemory;

const quiet = { warn: () => {}, error: () => {} };

async function cycle(): Promise<{ createMs: number; cycleMs: number; checks: Mock['worldChecks'] }> {
  const started = performance.now();
  const mock = createMock({ logger: quiet });
  const created = performance.now();
  const running = await mock.listen(0);
  await running.close();
  return { createMs: created - started, cycleMs: performance.now() - started, checks: mock.worldChecks };
}

async function measure({ runs, alive }: InProcessRequest): Promise<InProcessMeasurement> {
  requireGc();
  const modules = settledMemory();
  const first = await cycle();
  const none = settledMemory();
  // Memory before the timed runs, so that their garbage does not hide what live mocks hold.
  const running = [];
  let secondCreateMs = Number.NaN;
  for (let i = 0; i < alive; i += 1) {
    const started = performance.now();
    const mock = createMock({ logger: quiet });
    if (i === 0) secondCreateMs = performance.now() - started;
    running.push(await mock.listen(0));
  }
  const withAlive = settledMemory();
  for (const server of running) await server.close();
  const createMs: number[] = [];
  const cycleMs: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const run = await cycle();
    createMs.push(run.createMs);
    cycleMs.push(run.cycleMs);
  }
  return { firstMs: first.cycleMs, firstChecks: first.checks, secondCreateMs, createMs, cycleMs, modules, none, withAlive, alive };
}

process.once('message', (request: InProcessRequest) => {
  measure(request).then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: Error) => {
      process.stderr.write(`${error.stack ?? error.message}\n`);
      process.exit(1);
    },
  );
});
