// A busy target is not a broken one: a 503 with Retry-After is sent again after the wait it asks
// for, up to RETRY_503_TIMES; past that the scenario is reported unavailable, apart from the
// checks, and the command exits 2. The waits run on a clock of the test's own: nothing is timed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_503_TIMES } from '../../contracts/client.ts';
import { discoverTokens } from '../../contracts/discover.ts';
import { exitCodeOf } from '../../contracts/exit-code.ts';
import { summarize } from '../../contracts/report/summary.ts';
import { toJunit } from '../../contracts/report/junit.ts';
import { runSuite } from '../../contracts/run-suite.ts';
import { listProperties } from '../../contracts/scenarios/list-properties.ts';
import { negativePositive } from '../../contracts/scenarios/negative-positive.ts';
import type { Tokens } from '../../contracts/types.ts';
import { startMock, type TestMock } from '../http/support.ts';
import { fakeClock } from '../support/fake-clock.ts';
import { runNode } from '../support/run-node.ts';
import { startTargetProxy, type ProxiedRequest, type ProxyAnswer, type TargetProxy } from '../support/target-proxy.ts';

const busy = (retryAfter: string): ProxyAnswer => ({
  status: 503,
  headers: { 'Retry-After': retryAfter, 'X-Request-Id': 'req-busy', 'Cache-Control': 'no-store' },
  body: { error: { code: 'database-busy', message: 'busy', requestId: 'req-busy' } },
});

/** The first list page (`GET /v1/corrections?limit=100`, what list properties asks first) is always busy. */
const FIRST_PAGE = '/v1/corrections?limit=100';

let mock: TestMock;
let tokens: Tokens;
beforeAll(async () => {
  mock = await startMock();
  tokens = (await discoverTokens(mock.url))!;
});
afterAll(async () => { await mock.close(); });

async function withProxy<T>(answer: (request: ProxiedRequest) => ProxyAnswer | undefined, run: (proxy: TargetProxy) => Promise<T>): Promise<T> {
  const proxy = await startTargetProxy(mock.url, { answer });
  try {
    return await run(proxy);
  } finally {
    await proxy.close();
  }
}

describe('a 503 storm on GET /v1/corrections?limit=100 (Retry-After: 2)', () => {
  it('is sent again 3 times after 2 s each, then list properties is unavailable: no check fails for it, the next scenario runs, exit 2', async () => {
    const clock = fakeClock();
    await withProxy((r) => (r.url === FIRST_PAGE ? busy('2') : undefined), async (proxy) => {
      const result = await runSuite({ baseUrl: proxy.url, tokens, clock, scenarios: [listProperties, negativePositive] });
      expect(proxy.requests.filter((r) => r.url === FIRST_PAGE)).toHaveLength(RETRY_503_TIMES + 1);
      expect(clock.slept).toEqual([2000, 2000, 2000]);
      expect(result.retried).toBe(3);
      expect(result.unavailable).toEqual([{
        scenario: 'list properties',
        request: `GET ${FIRST_PAGE}`,
        attempts: 4,
        retryAfter: '2',
        message: `GET ${FIRST_PAGE} answered 503 (Retry-After: 2) 4 times; given up after 3 retries`,
      }]);
      expect(result.failures).toEqual([]);
      expect(result.scenariosRun).toEqual(['negative and positive data']);
      expect(result.checksRun).not.toContain('list-newest-first');
      expect(exitCodeOf(result)).toBe(2);
      const summary = summarize(result);
      expect(summary).toContain('Unavailable (503 with Retry-After, retried and given up; not judged, and no check failed for it): 1 scenario(s)\n⧗ list properties: GET /v1/corrections?limit=100 answered 503 (Retry-After: 2) 4 times; given up after 3 retries');
      expect(summary).toMatch(/^\d+ requests \(3 of them 503s sent again\) in/m);
      expect(toJunit(result)).toContain('<testcase classname="kindgi-contracts" name="list properties"><error type="target-unavailable" message="GET /v1/corrections?limit=100 answered 503 (Retry-After: 2) 4 times; given up after 3 retries"/></testcase>');
    });
  });

  it('that passes after two 503s → the answer that came is checked, the scenario passes, exit 0', async () => {
    const clock = fakeClock();
    let busyLeft = 2;
    await withProxy((r) => (r.url === FIRST_PAGE && busyLeft-- > 0 ? busy('2') : undefined), async (proxy) => {
      const result = await runSuite({ baseUrl: proxy.url, tokens, clock, scenarios: [listProperties] });
      expect(clock.slept).toEqual([2000, 2000]);
      expect(result.unavailable).toEqual([]);
      expect(result.failures).toEqual([]);
      expect(result.scenariosRun).toEqual(['list properties']);
      expect(exitCodeOf(result)).toBe(0);
    });
  });

  it('Retry-After: 20 with 10 s of the time limit left → not waited for: unavailable at once', async () => {
    const clock = fakeClock();
    await withProxy((r) => (r.url === FIRST_PAGE ? busy('20') : undefined), async (proxy) => {
      const result = await runSuite({ baseUrl: proxy.url, tokens, clock, timeLimitMs: 10_000, scenarios: [listProperties] });
      expect(clock.slept).toEqual([]);
      expect(result.unavailable.map((u) => u.message)).toEqual([`GET ${FIRST_PAGE} answered 503 (Retry-After: 20) 1 times; waiting again would pass the time limit`]);
    });
  });

  it('Retry-After: 120, more than the kit waits → never sent again sooner than asked: unavailable at once', async () => {
    const clock = fakeClock();
    await withProxy((r) => (r.url === FIRST_PAGE ? busy('120') : undefined), async (proxy) => {
      const result = await runSuite({ baseUrl: proxy.url, tokens, clock, scenarios: [listProperties] });
      expect(clock.slept).toEqual([]);
      expect(proxy.requests.filter((r) => r.url === FIRST_PAGE)).toHaveLength(1);
      expect(result.unavailable.map((u) => u.message)).toEqual([`GET ${FIRST_PAGE} answered 503 (Retry-After: 120) 1 times; it asks for a wait longer than the 30 s the kit takes`]);
    });
  });

  it('a 503 without Retry-After is no busy server: not sent again, and retry-after-on-503 fails it', async () => {
    await withProxy((r) => (r.url === FIRST_PAGE ? { ...busy('0'), headers: { 'X-Request-Id': 'req-busy', 'Cache-Control': 'no-store' } } : undefined), async (proxy) => {
      const result = await runSuite({ baseUrl: proxy.url, tokens, scenarios: [listProperties] });
      // List properties asks for it twice (the first page, then limit-bounds): neither is sent again.
      expect(proxy.requests.filter((r) => r.url === FIRST_PAGE)).toHaveLength(2);
      expect(result.retried).toBe(0);
      expect(result.unavailable).toEqual([]);
      expect(result.failures.map((f) => f.check)).toContain('retry-after-on-503');
    });
  });
});

describe('kindgi-mock contracts against a target in a 503 storm on every list (Retry-After: 0)', () => {
  it('exits 2, the scenarios it could not run listed as unavailable, no check failed', async () => {
    await withProxy((r) => (r.url.startsWith('/v1/corrections?') ? busy('0') : undefined), async (proxy) => {
      const result = await runNode(['--import', 'tsx', 'src/bin.ts', 'contracts', '--base-url', proxy.url]);
      expect(result.code, result.stdout + result.stderr).toBe(2);
      expect(result.stdout).toMatch(/^Unavailable \(503 with Retry-After, retried and given up; not judged, and no check failed for it\): \d+ scenario\(s\)$/m);
      expect(result.stdout).toContain('⧗ list properties: GET /v1/corrections?limit=100 answered 503 (Retry-After: 0) 4 times; given up after 3 retries');
      expect(result.stdout).not.toContain('✗');
      expect(result.stdout).toMatch(/^Checks: \d+ passed, 0 failed$/m);
      expect(result.stderr).toContain('⧗ list properties');
    });
  });
});
