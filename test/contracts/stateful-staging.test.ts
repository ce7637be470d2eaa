// The walk against a target that is not the mock (the mock behind a proxy that answers /__mock as
// staging would): no test run is generated, a divergence from an inferred reading is a warning
// unless --strict, and one from a page's sentence fails the run as it does against the mock.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverTokens } from '../../contracts/discover.ts';
import { exitCodeOf, failed } from '../../contracts/index.ts';
import { runSuite } from '../../contracts/run-suite.ts';
import type { Tokens } from '../../contracts/types.ts';
import type { Defect } from '../../src/http/defects.ts';
import { startMock, type TestMock } from '../http/support.ts';
import { hideMockRoutes, startTargetProxy, type TargetProxy } from '../support/target-proxy.ts';

async function stagingWith(defect: Defect): Promise<{ mock: TestMock; staging: TargetProxy; tokens: Tokens }> {
  const mock = await startMock({ defects: [defect] });
  const staging = await startTargetProxy(mock.url, { answer: hideMockRoutes });
  return { mock, staging, tokens: (await discoverTokens(mock.url))! };
}

describe.each([
  // A re-sort brings a removed correction back: the mock's reading of the PATCH (x-inferred).
  ['resort-revives-removed', 'inferred', 'warning'],
  // A status-filtered list shows a superseded correction: page 001's sentence.
  ['status-filter-keeps-superseded', 'page', 'error'],
] as const)('a staging target with %s', (defect, sourceKind, severity) => {
  let target: Awaited<ReturnType<typeof stagingWith>>;
  beforeAll(async () => { target = await stagingWith(defect); });
  afterAll(async () => {
    await target.staging.close();
    await target.mock.close();
  });

  const walk = (strict: boolean) => runSuite({ baseUrl: target.staging.url, tokens: target.tokens, allowWrites: true, stateful: true, statefulRuns: 60, seed: 5, scenarios: [], strict });

  it(`parts from the model on a rule that is ${sourceKind}: ${severity === 'error' ? 'it fails the run' : 'a warning, and an error with --strict'}`, async () => {
    const result = await walk(false);
    expect(result.target.kind).toBe('other');
    const [failure] = result.failures;
    expect(result.failures).toHaveLength(1);
    expect(failure!.check).toBe('stateful-walk');
    expect(failure!.source.kind).toBe(sourceKind);
    expect(failure!.severity).toBe(severity);
    expect(failed(result)).toBe(severity === 'error');
    // Not the mock: its test runs are not there to call.
    expect(failure!.sequence!.steps.some((step) => step.description.startsWith('a test run'))).toBe(false);
    if (severity === 'warning') {
      const strict = await walk(true);
      expect(strict.failures.map((f) => [f.check, f.severity])).toEqual([['stateful-walk', 'error']]);
    }
  }, 120_000);
});

describe('a target whose run copies break a rule of the pages', () => {
  let mock: TestMock;
  let proxy: Server;
  let url: string;
  beforeAll(async () => {
    mock = await startMock();
    // Every create answers a copy with 201 messages of history, past the pages' 200.
    proxy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => {
        void (async () => {
          const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<string, string>;
          const body = Buffer.concat(chunks);
          const answer = await fetch(`${mock.url}${req.url}`, { method: req.method, headers, ...(body.length > 0 ? { body } : {}) });
          let text = await answer.text();
          if (req.method === 'POST' && req.url === '/v1/corrections' && answer.status === 201) {
            const made = JSON.parse(text) as { run: { context?: Record<string, unknown> } };
            made.run.context = { ...made.run.context, history: Array.from({ length: 201 }, () => ({ role: 'user', content: 'again' })) };
            text = JSON.stringify(made);
          }
          res.writeHead(answer.status, Object.fromEntries([...answer.headers].filter(([name]) => name !== 'content-length' && name !== 'content-encoding'))).end(text);
        })();
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
    await mock.close();
  });

  it('skips the walk, saying why, while the checks report the copy', async () => {
    const tokens = (await discoverTokens(mock.url))!;
    const result = await runSuite({ baseUrl: url, tokens, allowWrites: true, stateful: true, scenarios: [] });
    expect(result.skipped).toEqual([{ scenario: 'stateful walk', reason: expect.stringMatching(/^no run to walk on: the mock cannot hold the target's runs as it read them: .*must NOT have more than 200 items/s) }]);
    expect(result.failures.some((f) => f.check === 'response-schema-conformance' && f.request === 'POST /v1/corrections')).toBe(true);
    expect(result.writes!.notRemoved).toEqual([]);
  }, 60_000);
});

describe('a target that answers every PATCH 503 with Retry-After, past the retries', () => {
  let mock: TestMock;
  let busy: TargetProxy;
  beforeAll(async () => {
    mock = await startMock();
    busy = await startTargetProxy(mock.url, {
      answer: (request) => (request.method === 'PATCH'
        ? { status: 503, headers: { 'Retry-After': '0' }, body: { error: { code: 'database-busy', message: 'busy', requestId: 'req-busy' } } }
        : undefined),
    });
  });
  afterAll(async () => {
    await busy.close();
    await mock.close();
  });

  it('reports the walk unavailable (exit 2), neither passed nor failed, and removes what it made', async () => {
    const tokens = (await discoverTokens(mock.url))!;
    const result = await runSuite({ baseUrl: busy.url, tokens, allowWrites: true, stateful: true, seed: 1, scenarios: [] });
    expect(result.unavailable.map((u) => [u.scenario, u.request.split(' ')[0]])).toEqual([['stateful walk', 'PATCH']]);
    expect(result.failures).toEqual([]);
    expect(result.checksRun).not.toContain('stateful-walk');
    expect(exitCodeOf(result)).toBe(2);
    expect(result.writes!.notRemoved).toEqual([]);
  }, 60_000);
});
