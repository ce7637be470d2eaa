// The start-up and memory targets of the world-as-bytes issue, judged on figures given here, so
// that each verdict is seen to pass and to fail.
import { describe, expect, it } from 'vitest';
import { formatTables, judgeTargets, rssPerWorldByte, type BenchResult, type SizeResult } from '../../bench/report.ts';

const MB = 1024 * 1024;
const size = (corrections: number, startupMs: number, rssAfterStartMb: number, worldBytes: number): SizeResult => ({ corrections, startupMs, worldChecks: 'remembered', rssAfterStartMb, worldBytes, cases: [] });
const verdict = (sizes: SizeResult[], name: RegExp) => judgeTargets(sizes).find((t) => name.test(t.target))!;

describe('the start-up growth target: start-up at the largest size ≤ 3× at the smallest', () => {
  it('passes at 2.5×, fails at 3.5×, naming both times; not judged with one size', () => {
    expect(verdict([size(1000, 400, 100, 3 * MB), size(100_000, 1000, 250, 300 * MB)], /≤ 3× start-up/)).toMatchObject({ pass: true, measured: '2.50× (1.00 s ÷ 0.40 s, checked before)' });
    expect(verdict([size(1000, 400, 100, 3 * MB), size(100_000, 1400, 250, 300 * MB)], /≤ 3× start-up/).pass).toBe(false);
    expect(verdict([size(1000, 400, 100, 3 * MB)], /≤ 3× start-up/)).toMatchObject({ pass: undefined, measured: 'needs two world sizes' });
  });
});

describe('the memory target: RSS after start-up at 100 000 ≤ 1.2× the world\'s bytes on disk', () => {
  it('passes at 1.0×, fails at 3.6×; the smaller sizes are shown, not judged', () => {
    expect(verdict([size(1000, 400, 120, 3 * MB), size(100_000, 1000, 300, 300 * MB)], /RSS after start-up/)).toMatchObject({ pass: true, measured: '1.00× (300 MB for 300 MB of files)' });
    expect(verdict([size(100_000, 1000, 1080, 300 * MB)], /RSS after start-up/).pass).toBe(false);
    expect(verdict([size(1000, 400, 120, 3 * MB)], /RSS after start-up/).pass).toBeUndefined();
    expect(rssPerWorldByte({ ...size(1000, 400, 120, 3 * MB), worldBytes: undefined })).toBeUndefined();
  });

  it('the start-up table shows each size\'s growth and RSS ÷ world bytes', () => {
    const sizes = [size(1000, 400, 120, 3 * MB), size(100_000, 1000, 300, 300 * MB)];
    const result = { machine: { cpus: 2, cpuModel: 'x', memoryGb: 1, node: 'v20', platform: 'linux' }, settings: { seed: 42, sizes: [1000, 100_000], cases: [], duration: 1, warmup: 0, settle: 0, rounds: 1, connections: 1, prism: false }, sizes, targets: judgeTargets(sizes), startedAt: '', finishedAt: '' } as BenchResult;
    const table = formatTables(result);
    expect(table).toContain('| 1 000 | – | 0.40 s | 1.00× | 3 MB | 120 MB | 40.00× | – |');
    expect(table).toContain('| 100 000 | – | 1.00 s | 2.50× | 300 MB | 300 MB | 1.00× | – |');
  });
});

describe('the list target: every list case ≥ 5× Prism, ≥ 35 % of the bare server', () => {
  /** A server's figures; the load generator at `loadGeneratorCpu` of a core meanwhile. */
  const load = (rps: number, loadGeneratorCpu = 0.5, serverCpu?: number) => ({ rps, p50Ms: 1, p99Ms: 2, requests: rps, failures: 0, bytesPerAnswer: 100, roundRps: [rps], loadGeneratorCpu, ...(serverCpu !== undefined ? { serverCpu } : {}) });
  const listed = (vsPrism: number, vsBare: number): SizeResult => ({
    ...size(1000, 400, 120, 3 * MB),
    cases: [{ case: 'list-100', path: '/v1/corrections?limit=100', bodyBytes: 100, mock: load(1000), bare: load(1000 / vsBare, 0.99), prism: load(1000 / vsPrism), vsPrism, vsBare }],
  });
  /** What the Prism verdict adds of the lowest row: 5 × Prism's req/s ÷ bare's (5 × vsBare ÷ vsPrism), and bare's load generator. */
  const beside = (asked: string) => `; there 5× Prism was ${asked} of the bare server's req/s, which had the load generator at 99 % of a core`;

  it('shows a figure just under the target with the decimals that keep it under, and one clear of it with one', () => {
    expect(verdict([listed(4.996, 0.3496)], /5× Prism/)).toMatchObject({ pass: false, measured: `lowest 4.996× (list-100 at 1 000)${beside('35 %')}` });
    expect(verdict([listed(4.996, 0.3496)], /35 % of the bare/)).toMatchObject({ pass: false, measured: 'lowest 34.96 % (list-100 at 1 000)' });
    expect(verdict([listed(5.04, 0.354)], /5× Prism/)).toMatchObject({ pass: true, measured: `lowest 5.0× (list-100 at 1 000)${beside('35 %')}` });
    expect(verdict([listed(4.94, 0.354)], /5× Prism/)).toMatchObject({ pass: false, measured: `lowest 4.9× (list-100 at 1 000)${beside('36 %')}` });
    expect(verdict([listed(5, 0.35)], /5× Prism/)).toMatchObject({ pass: true, measured: `lowest 5.0× (list-100 at 1 000)${beside('35 %')}` });
  });

  it('a miss where the mock ran at 93 % of a server that does no work: the target asked 97 % of that server, its load generator at 99 %', () => {
    expect(verdict([listed(4.8, 0.93)], /5× Prism/)).toMatchObject({ pass: false, measured: `lowest 4.8× (list-100 at 1 000)${beside('97 %')}` });
    // Without a bare server there is nothing to set the target beside.
    const alone = listed(4.8, 0.93);
    delete alone.cases[0]!.bare;
    expect(verdict([alone], /5× Prism/).measured).toBe('lowest 4.8× (list-100 at 1 000)');
  });

  it('the CPU table: each server\'s share of a core and µs per answer, the load generator\'s share beside it, and what 5× Prism asks of bare', () => {
    const sizes: SizeResult[] = [{
      ...size(1000, 400, 120, 3 * MB),
      cases: [
        { case: 'list-100', path: '/v1/corrections?limit=100', bodyBytes: 100, mock: load(8600, 0.9, 0.95), bare: load(9000, 0.99, 0.53), prism: load(1700), vsPrism: 8600 / 1700, vsBare: 8600 / 9000 },
        // No /proc (not Linux): no server CPU; not a list case: no Prism target.
        { case: 'get-correction', path: '/v1/corrections/c', bodyBytes: 100, mock: load(30000, 0.8), bare: load(40000, 0.97), prism: load(1500), vsPrism: 20, vsBare: 0.75 },
      ],
    }];
    const result = { machine: { cpus: 2, cpuModel: 'x', memoryGb: 1, node: 'v20', platform: 'linux' }, settings: { seed: 42, sizes: [1000], cases: [], duration: 1, warmup: 0, settle: 0, rounds: 1, connections: 1, prism: true }, sizes, targets: judgeTargets(sizes), startedAt: '', finishedAt: '' } as BenchResult;
    const table = formatTables(result);
    expect(table).toContain('| corrections | case | mock CPU, per answer | load generator, with the mock | bare CPU, per answer | load generator, with bare | 5× Prism ÷ bare req/s |');
    // 0.95 of a core at 8 600 req/s is 110 µs an answer; 0.53 at 9 000, 59 µs; 5 × 1 700 ÷ 9 000 is 94 %.
    expect(table).toContain('| 1 000 | list-100 | 95 %, 110 µs | 90 % | 53 %, 59 µs | 99 % | 94 % |');
    expect(table).toContain('| 1 000 | get-correction | – | 80 % | – | 97 % | – |');
  });
});
