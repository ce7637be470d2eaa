// The kit's provoked 503: against a target that honours `Prefer: code=503` the answer must carry
// Retry-After; a target that ignores Prefer is reported as skipped, never as failing.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverTokens } from '../../contracts/discover.ts';
import { runSuite, type SuiteResult } from '../../contracts/run-suite.ts';
import { provoked503 } from '../../contracts/scenarios/provoked-503.ts';
import type { Defect } from '../../src/http/defects.ts';
import { startMock, type TestMock } from '../http/support.ts';

/** The provoked-503 scenario alone against `baseUrl`, with the mock's tokens. */
async function provokeAgainst(mock: TestMock, baseUrl = mock.url): Promise<SuiteResult> {
  const tokens = await discoverTokens(mock.url);
  if (!tokens) throw new Error('no tokens discovered');
  return runSuite({ baseUrl, tokens, scenarios: [provoked503] });
}

async function withMock<T>(defects: Defect[], run: (mock: TestMock) => Promise<T>): Promise<T> {
  const mock = await startMock({ defects });
  try {
    return await run(mock);
  } finally {
    await mock.close();
  }
}

describe('the provoked 503 scenario', () => {
  it('GET /v1/corrections?limit=1 with Prefer: code=503 against the mock → 503 with Retry-After: the check runs and passes', async () => {
    const result = await withMock([], (mock) => provokeAgainst(mock));
    expect(result.failures).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect(result.scenariosRun).toEqual(['provoked 503']);
    expect(result.checksRun).toContain('retry-after-on-503');
    // The target record's two probes (GET /__mock/principals, GET /v1/openapi.json), then the one read.
    expect(result.requests).toBe(3);
    expect(result.target.prefer).toEqual({ honoured: true, how: 'GET /v1/corrections?limit=1 with Prefer: code=503 answered 503' });
  });

  it('against the mock with defect drop-retry-after → fails retry-after-on-503 on that request', async () => {
    const result = await withMock(['drop-retry-after'], (mock) => provokeAgainst(mock));
    expect(result.failures).toEqual([expect.objectContaining({
      check: 'retry-after-on-503',
      request: 'GET /v1/corrections?limit=1',
      actual: 'no Retry-After',
      severity: 'error',
    })]);
    expect(result.failures[0]!.curl).toContain("'Prefer: code=503'");
  });

  describe('against a target that ignores Prefer (a proxy in front of the mock that drops it)', () => {
    let mock: TestMock;
    let proxy: Server;
    let proxyUrl: string;
    beforeAll(async () => {
      mock = await startMock();
      proxy = createServer((req, res) => {
        const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'prefer' && name !== 'host')) as Record<string, string>;
        void fetch(`${mock.url}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers }).then(async (upstream) => {
          const body = Buffer.from(await upstream.arrayBuffer());
          res.writeHead(upstream.status, { ...Object.fromEntries(upstream.headers), 'content-length': String(body.length) }).end(body);
        });
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await mock.close();
    });

    it('GET /v1/corrections?limit=1 with Prefer: code=503 → 200: skipped as not honouring Prefer, no failure, the check not counted', async () => {
      const result = await provokeAgainst(mock, proxyUrl);
      expect(result.failures).toEqual([]);
      expect(result.scenariosRun).toEqual([]);
      expect(result.skipped).toEqual([{ scenario: 'provoked 503', reason: expect.stringMatching(/^the target does not honour Prefer: code=503 \(GET \/v1\/corrections\?limit=1 answered 200\)/) }]);
      expect(result.checksRun).not.toContain('retry-after-on-503');
      expect(result.target.prefer).toEqual({ honoured: false, how: 'GET /v1/corrections?limit=1 with Prefer: code=503 answered 200' });
    });
  });
});
