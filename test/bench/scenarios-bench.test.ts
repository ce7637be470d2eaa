// The bench's scenarios case in its quick form (`npm run bench -- --cases scenarios --quick`: a
// tenth of its counts, a world of 1 000): it checks that every figure comes out and is printed,
// not that it meets the targets, which are judged only on a full run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatTables, type BenchResult } from '../../bench/report.ts';
import { judgeScenarioTargets, measureScenarios, QUICK_SCENARIOS } from '../../bench/scenarios.ts';

const worldsDir = mkdtempSync(join(tmpdir(), 'kindgi-mock-bench-scenarios-'));
afterAll(() => {
  rmSync(worldsDir, { recursive: true, force: true });
});

describe('npm run bench -- --cases scenarios --quick', () => {
  it('times applications in process and over HTTP, a bulk application, empty sessions and reads against a loaded world; leaves the targets unjudged', { timeout: 180_000 }, async () => {
    const result = await measureScenarios({ ...QUICK_SCENARIOS, seed: 42, worldsDir });
    for (const times of [result.applyInProcess, result.applyOverHttp]) {
      expect(times.count).toBe(QUICK_SCENARIOS.applies);
      expect(times.medianMs).toBeGreaterThan(0);
      expect(times.p95Ms).toBeGreaterThanOrEqual(times.medianMs);
    }
    expect(result.emptySession.count).toBe(QUICK_SCENARIOS.opens);
    expect(result.emptySession.medianMs).toBeGreaterThan(0);
    expect(result.bulk).toMatchObject({ count: QUICK_SCENARIOS.bulkCount, runs: QUICK_SCENARIOS.bulkRuns });
    expect(result.bulk.medianMs).toBeGreaterThan(0);
    expect(result.reads.map((r) => r.case)).toEqual(['list-25', 'get-correction']);
    for (const read of result.reads) {
      expect(read.scenarioMs).toBeGreaterThan(0);
      expect(read.loadedMs).toBeGreaterThan(0);
      expect(read.ratio).toBeCloseTo(read.scenarioMs / read.loadedMs, 6);
      expect(read.loadedNoise).toBeGreaterThanOrEqual(0);
    }

    const targets = judgeScenarioTargets(result);
    expect(targets).toHaveLength(5);
    expect(targets.map((t) => t.pass)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(targets[0]!.measured).toMatch(/^median \d+\.\d\d ms, p95 \d+\.\d\d ms over 10 \(first \d+\.\d\d ms\)$/);
    const table = formatTables({ machine: { cpus: 2, cpuModel: 'x', memoryGb: 1, node: 'v20', platform: 'linux' }, settings: { seed: 42, sizes: [], cases: [], duration: 1, warmup: 0, settle: 0, rounds: 1, connections: 1, prism: false }, sizes: [], scenarios: result, targets, startedAt: '', finishedAt: '' } satisfies BenchResult);
    expect(table).toMatch(/\| one-record scenario, in process: median \/ p95 \| \d+\.\d\d \/ \d+\.\d\d ms/);
    expect(table).toMatch(/\| correction \{ count: 1 000 \}: median \/ best of 1 \| \d+\.\d\d s/);
    expect(table).toMatch(/\| list-25: scenario-made ÷ loaded from files \(1 000 each\) \| \d+\.\d\d ÷ \d+\.\d\d ms = \d+\.\d\d×/);
    expect(table).toMatch(/\| correction \{ count: 10 000 \} < 0\.5 s \| .* \| not measured \|/);
  });
});
