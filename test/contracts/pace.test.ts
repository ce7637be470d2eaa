// Kind to a shared server: at most --rps requests a second, 20 by default against a target that is
// not this machine, none on loopback. "Not this machine" is injected (isLoopback), so the test
// stays on loopback; the pace runs on a fake clock, so what is asserted is the waits, not time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverTokens } from '../../contracts/discover.ts';
import { createPacer } from '../../contracts/pace.ts';
import { summarize } from '../../contracts/report/summary.ts';
import { runSuite } from '../../contracts/run-suite.ts';
import { cursors } from '../../contracts/scenarios/cursors.ts';
import { isLoopbackUrl } from '../../contracts/target/record.ts';
import type { Tokens } from '../../contracts/types.ts';
import { startMock, type TestMock } from '../http/support.ts';
import { fakeClock } from '../support/fake-clock.ts';
import { runNode } from '../support/run-node.ts';

describe('createPacer', () => {
  it('20 per second → each request starts 50 ms after the one before, however fast they come', async () => {
    const clock = fakeClock(0);
    const pacer = createPacer(20, clock);
    const starts: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      await pacer.wait();
      starts.push(clock.now());
    }
    expect(starts).toEqual([0, 50, 100, 150, 200]);
  });

  it('no ceiling → never waits', async () => {
    const clock = fakeClock(0);
    const pacer = createPacer(undefined, clock);
    for (let i = 0; i < 5; i += 1) await pacer.wait();
    expect(clock.slept).toEqual([]);
  });

  it('a request that comes later than its slot → no wait', async () => {
    const clock = fakeClock(0);
    const pacer = createPacer(10, clock);
    await pacer.wait();
    await clock.sleep(500);
    await pacer.wait();
    expect(clock.slept).toEqual([500]);
  });
});

describe('isLoopbackUrl', () => {
  it.each([
    ['http://127.0.0.1:4010', true], ['http://127.8.0.1', true], ['http://[::1]:4010', true], ['http://localhost:4010', true], ['http://app.localhost', true],
    ['https://staging.example', false], ['http://10.0.0.5:4010', false], ['http://[2001:db8::1]', false], ['http://localhost.example', false],
  ])('%s → %s', (url, loopback) => {
    expect(isLoopbackUrl(new URL(url))).toBe(loopback);
  });
});

describe('the suite\'s pace', () => {
  let mock: TestMock;
  let tokens: Tokens;
  beforeAll(async () => {
    mock = await startMock();
    tokens = (await discoverTokens(mock.url))!;
  });
  afterAll(async () => { await mock.close(); });

  const starts = (slept: number[]) => slept.reduce<number[]>((at, ms) => [...at, (at[at.length - 1] ?? 0) + ms], []);

  it('a target that is not this machine (injected) → 20 requests/s by default: every request after the first waits its 50 ms slot', async () => {
    const clock = fakeClock();
    const result = await runSuite({ baseUrl: mock.url, tokens, clock, isLoopback: () => false, scenarios: [cursors] });
    expect(result.target.pace).toEqual({ rps: 20, why: 'not this machine: the default 20, --rps sets it' });
    // The fake clock moves only by these waits: the requests started 50 ms apart.
    expect(clock.slept).toEqual(Array(result.requests - 1).fill(50));
    expect(starts(clock.slept).at(-1)).toBe(50 * (result.requests - 1));
    expect(summarize(result)).toContain('  pace: at most 20 requests/s (not this machine: the default 20, --rps sets it)');
  });

  it('rps: 4 → 250 ms apart, whatever the target', async () => {
    const clock = fakeClock();
    const result = await runSuite({ baseUrl: mock.url, tokens, clock, rps: 4, scenarios: [cursors] });
    expect(result.target.pace).toEqual({ rps: 4, why: '--rps' });
    expect(clock.slept).toEqual(Array(result.requests - 1).fill(250));
  });

  it('this machine → no ceiling: no waits', async () => {
    const clock = fakeClock();
    const result = await runSuite({ baseUrl: mock.url, tokens, clock, scenarios: [cursors] });
    expect(result.target.pace).toEqual({ rps: undefined, why: 'this machine: no ceiling unless --rps' });
    expect(clock.slept).toEqual([]);
    expect(result.requests).toBeGreaterThan(3);
  });
});

describe('kindgi-mock contracts: bad flags → exit 2 with what is wrong and the usage', () => {
  const runCli = (args: string[]) => runNode(['--import', 'tsx', 'src/bin.ts', 'contracts', ...args]);
  it.each([
    [['--base-url', 'http://127.0.0.1:9', '--rps', '0'], '--rps takes a number of requests per second above 0, got "0"'],
    [['--base-url', 'http://127.0.0.1:9', '--rps', 'fast'], '--rps takes a number of requests per second above 0, got "fast"'],
    [['--base-url', 'http://127.0.0.1:9', '--reporter', 'tap'], '--reporter takes summary, junit, github, got "tap"'],
    [['--base-url', 'http://127.0.0.1:9', '--strict=yes'], "Option '--strict' does not take an argument"],
  ])('%j', async (args, message) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('usage: kindgi-mock contracts');
  });
});
