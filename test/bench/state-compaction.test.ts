// The bench's state-compaction case, as short as it goes (5 000 writes, a few seconds): it checks
// that the figures come out, not that they meet the targets (those are judged from 200 000 writes).
import { describe, expect, it } from 'vitest';
import { formatTables, type BenchResult } from '../../bench/report.ts';
import { judgeStateTargets, measureStateCompaction } from '../../bench/state-compaction.ts';

describe('npm run bench -- --cases state-compaction --state-writes 5000', () => {
  it('makes the writes, compacts on the way, measures the file against a fresh snapshot and a restart; leaves the targets unjudged', { timeout: 120_000 }, () => {
    const result = measureStateCompaction({ writes: 5000, sync: false });
    expect(result.writes).toBe(5000);
    expect(result.restoredWrites).toBe(5000);
    expect(result.compactions).toBeGreaterThan(0);
    expect(result.snapshotBytes).toBeGreaterThan(0);
    expect(result.fileBytes).toBeGreaterThanOrEqual(result.snapshotBytes);
    expect(result.bytesWritten).toBeGreaterThan(result.fileBytes);
    expect(result.restartMs).toBeGreaterThan(0);
    expect(result.keptAnswers).toBeGreaterThan(0);
    const targets = judgeStateTargets(result);
    expect(targets.map((t) => t.pass)).toEqual([undefined, undefined]);
    expect(targets[0]!.measured).toMatch(/^\d+\.\d\d× \(\d+\.\d MB file, \d+\.\d MB snapshot\) after 5 000 writes$/);
    const table = formatTables({ machine: { cpus: 2, cpuModel: 'x', memoryGb: 1, node: 'v20', platform: 'linux' }, settings: { seed: 42, sizes: [], cases: [], duration: 1, warmup: 0, settle: 0, rounds: 1, connections: 1, prism: false }, sizes: [], stateCompaction: result, targets, startedAt: '', finishedAt: '' } satisfies BenchResult);
    expect(table).toMatch(/\| file \| \d+\.\d MB \|/);
    expect(table).toMatch(/\| restart: createMock on the file \| \d+\.\d\d s \(5 000 writes/);
  });
});
