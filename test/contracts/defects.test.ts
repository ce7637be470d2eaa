// The contract kit passes against the clean mock, and each injected defect makes the check that
// names it fail: the proof that the checks find real bugs and do not cry wolf.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverTokens } from '../../contracts/discover.ts';
import { runSuite, type SuiteResult } from '../../contracts/run-suite.ts';
import { DEFECTS, type Defect } from '../../src/http/defects.ts';
import { startMock, type TestMock } from '../http/support.ts';

/** Each defect and the check that must catch it (the table in contracts/README.md). */
const CAUGHT_BY: Record<Defect, string> = {
  'drop-required-field': 'response-schema-conformance',
  'ignore-status-filter': 'filter-exactness',
  'leak-removed': 'list-leaves-out-removed',
  'oldest-first': 'list-newest-first',
  'unsealed-cursor': 'cursor-bound-to-filters',
  'forbidden-not-404': 'forbidden-is-404',
  'missing-request-id': 'request-id-header',
  'wrong-error-envelope': 'error-envelope',
  '500-on-bad-limit': 'negative-data-rejection',
  'leak-other-tenant': 'tenant-isolation',
  'fixed-without-fixedIn': 'correction-rules',
  'stale-derived-status': 'suggested-change-rules',
  'drop-retry-after': 'retry-after-on-503',
  'method-not-allowed-as-404': 'unsupported-method',
};

async function suiteAgainst(defects: Defect[]): Promise<SuiteResult> {
  const server = await startMock({ defects });
  try {
    const tokens = await discoverTokens(server.url);
    if (!tokens) throw new Error('no tokens discovered');
    return await runSuite({ baseUrl: server.url, tokens, allowWrites: true });
  } finally {
    await server.close();
  }
}

const failedChecks = (result: SuiteResult) => [...new Set(result.failures.filter((f) => f.severity === 'error').map((f) => f.check))].sort();

describe('the contract suite against the clean mock', () => {
  let result: SuiteResult;
  beforeAll(async () => { result = await suiteAgainst([]); });

  it('finds nothing wrong, with writes allowed', () => {
    expect(result.failures).toEqual([]);
    expect(result.skipped).toEqual([]);
  });

  it('runs every check it names, and every check a defect maps to', () => {
    for (const check of Object.values(CAUGHT_BY)) expect(result.checksRun).toContain(check);
    expect(result.checksRun.length).toBeGreaterThanOrEqual(30);
  });
});

describe.each(DEFECTS.map((defect) => [defect, CAUGHT_BY[defect]] as const))('the mock with defect %s', (defect, check) => {
  it(`fails ${check}`, async () => {
    const result = await suiteAgainst([defect]);
    expect(failedChecks(result)).toContain(check);
    const failure = result.failures.find((f) => f.check === check)!;
    expect(failure.request).toMatch(/^(GET|POST|PATCH|DELETE|PUT) \/|^\(several requests\)$/);
    expect(failure.expected.length).toBeGreaterThan(0);
  });
});

describe('contracts/README.md', () => {
  it('maps each defect to the check that catches it, as the tests do', () => {
    const readme = readFileSync(new URL('../../contracts/README.md', import.meta.url), 'utf8');
    const rows = [...readme.matchAll(/^\| `([a-z0-9-]+)` \| `([a-z0-9-]+)` \|/gim)].map((m) => [m[1], m[2]]);
    expect(Object.fromEntries(rows)).toEqual(CAUGHT_BY);
  });
});

describe('a failure', () => {
  let server: TestMock;
  beforeAll(async () => { server = await startMock({ defects: ['oldest-first'] }); });
  afterAll(async () => { await server.close(); });

  it('comes with a curl line that reproduces it, tokens as variables', async () => {
    const tokens = (await discoverTokens(server.url))!;
    const result = await runSuite({ baseUrl: server.url, tokens });
    const failure = result.failures.find((f) => f.check === 'list-newest-first')!;
    expect(failure.curl).toMatch(/^curl -i -X GET 'http:\/\/127\.0\.0\.1:\d+\/v1\/corrections\?/);
    expect(failure.curl).toContain('$KINDGI_TOKEN');
    expect(failure.curl).not.toContain(tokens.primary);
  });
});
