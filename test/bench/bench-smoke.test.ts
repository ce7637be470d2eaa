// `npm run bench` end to end, as short as it goes: one case for a fraction of a second against a small world,
// with every baseline, the in-process case with 3 runs and 2 mocks alive, and the sessions case with
// few opens and sessions. It checks that the run produces figures, never how large they are.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBench } from '../../bench/bench.ts';
import { formatTables, type BenchResult } from '../../bench/report.ts';

const worldsDir = mkdtempSync(join(tmpdir(), 'kindgi-mock-bench-smoke-'));

afterAll(() => {
  rmSync(worldsDir, { recursive: true, force: true });
});

describe('npm run bench -- --sizes 300 --cases in-process,sessions,list-page-2 --in-process-runs 3 --session-opens 5 --duration 0.6 --rounds 2', () => {
  let result: BenchResult;

  it('measures the mock, the bare server, Express and Prism, and judges every target', { timeout: 120_000 }, async () => {
    result = await runBench({
      sizes: [300], seed: 42, cases: ['in-process', 'sessions', 'list-page-2'], inProcess: { runs: 3, alive: 2 }, sessions: { opens: 5, held: 20, writesEach: 2, readSeconds: 0.4 }, duration: 0.6, warmup: 0, settle: 0, rounds: 2, connections: 2, prism: true, worldsDir, log: () => {},
    });
    const size = result.sizes[0]!;
    expect(size.corrections).toBe(300);
    expect(size.startupMs).toBeGreaterThan(0);
    // The first start checks the world and remembers it; the measured one skips the checks.
    expect(size.checkingStartupMs).toBeGreaterThan(0);
    expect(size.worldChecks).toBe('remembered');
    const row = size.cases[0]!;
    expect(row.case).toBe('list-page-2');
    expect(row.path).toMatch(/^\/v1\/corrections\?limit=25&cursor=/);
    expect(row.bodyBytes).toBeGreaterThan(1000);
    for (const load of [row.mock, row.bare!, row.express!, row.prism!]) {
      expect(load.requests).toBeGreaterThan(0);
      expect(load.failures).toBe(0);
      expect(load.rps).toBeGreaterThan(0);
      expect(load.p50Ms).toBeGreaterThan(0);
      expect(load.p99Ms).toBeGreaterThanOrEqual(load.p50Ms);
      // Both sides of each measurement used CPU; a server's is read from /proc, so on Linux only.
      expect(load.loadGeneratorCpu).toBeGreaterThan(0);
      if (process.platform === 'linux') expect(load.serverCpu).toBeGreaterThan(0);
    }
    expect(row.vsPrism).toBeGreaterThan(0);
    expect(row.vsBare).toBeGreaterThan(0);
    const inProcess = result.inProcess!;
    for (const figure of [inProcess.firstMs, inProcess.secondCreateMs, inProcess.cycleMedianMs, inProcess.cycleP90Ms]) expect(figure).toBeGreaterThan(0);
    expect(inProcess.cycleP90Ms).toBeGreaterThanOrEqual(inProcess.cycleMedianMs);
    expect(Number.isFinite(inProcess.rssPerMockMb) && Number.isFinite(inProcess.heapPerMockMb)).toBe(true);
    const sessions = result.sessions!;
    for (const times of [sessions.inProcess, sessions.overHttp]) {
      expect(times.opens).toBe(5);
      expect(times.p95Ms).toBeGreaterThanOrEqual(times.medianMs);
      expect(times.medianMs).toBeGreaterThan(0);
    }
    expect(sessions.memory).toMatchObject({ held: 20, writes: 40 });
    expect(sessions.reads.map((r) => r.case)).toEqual(['list-25', 'get-correction']);
    for (const read of sessions.reads) {
      expect(read.base.failures + read.session.failures).toBe(0);
      expect(read.ratio).toBeGreaterThan(0);
    }
    // 20 sessions say nothing about the 1 000 the memory target names: not judged.
    expect(size.worldBytes).toBeGreaterThan(100_000);
    // One size: neither the p99 growth nor the start-up growth is judged; nor are start-up and RSS at 100 000.
    expect(result.targets.map((t) => t.pass === undefined)).toEqual([false, false, true, true, true, true, false, false, false, false, true, false]);
  });

  it('prints a table with the row, the ratios and the targets', () => {
    const table = formatTables(result);
    expect(table).toContain('| 300 | list-page-2 |');
    expect(table).toMatch(/\d+\.\d× [✓✗]/);
    expect(table).toContain('start-up with 100 000 corrections < 1.5 s');
    expect(table).toMatch(/\| 300 \| \d+\.\d\d s \| \d+\.\d\d s \| 1\.00× \| \d+ MB \| \d+ MB \| \d+\.\d\d× \|/);
    expect(table).toMatch(/\| the second: createMock\(\) \| \d+\.\d\d ms \|/);
    expect(table).toContain('a second and later createMock() in one process < 50 ms');
    expect(table).toMatch(/\| open over HTTP: POST \/__mock\/sessions round trip, 5 opens \| \d+\.\d+ ms \|/);
    expect(table).toMatch(/\| get-correction \| \d+ \/ \d+ \|/);
    expect(table).toMatch(/\| 300 \| list-page-2 \| \d+ %, \d+ µs \| \d+ % \| \d+ %, \d+ µs \| \d+ % \| \d+ % \|/);
  });
});
