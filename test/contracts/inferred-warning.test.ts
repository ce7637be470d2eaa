// What a red build means: a defect of an inferred behaviour (an undocumented method answered 404,
// not 405) fails against the mock, warns against any other target, and fails there with --strict;
// a defect of a page's sentence fails against both. "Another target" is the mock behind a proxy
// that answers /__mock as a staging server would (404 route-not-found): the kit's own test of
// "is this the mock" (GET /__mock/principals) then says no, as it would for staging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverTokens } from '../../contracts/discover.ts';
import { failed } from '../../contracts/index.ts';
import { runSuite, type SuiteResult } from '../../contracts/run-suite.ts';
import { listProperties } from '../../contracts/scenarios/list-properties.ts';
import { negativePositive } from '../../contracts/scenarios/negative-positive.ts';
import type { Tokens } from '../../contracts/types.ts';
import { startMock, type TestMock } from '../http/support.ts';
import { runNode } from '../support/run-node.ts';
import { hideMockRoutes, startTargetProxy, type TargetProxy } from '../support/target-proxy.ts';

const runCli = (args: string[], env: Record<string, string> = {}) => runNode(['--import', 'tsx', 'src/bin.ts', 'contracts', ...args], env);

let mock: TestMock;
let staging: TargetProxy;
let tokens: Tokens;

beforeAll(async () => {
  mock = await startMock({ defects: ['method-not-allowed-as-404', 'oldest-first'] });
  staging = await startTargetProxy(mock.url, { answer: hideMockRoutes });
  tokens = (await discoverTokens(mock.url))!;
});

afterAll(async () => {
  await staging.close();
  await mock.close();
});

const suite = (baseUrl: string, strict = false) => runSuite({ baseUrl, tokens, strict, scenarios: [listProperties, negativePositive] });
const of = (result: SuiteResult, check: string) => result.failures.filter((f) => f.check === check);

describe('DELETE /v1/corrections answered 404 route-not-found instead of 405 (an inferred behaviour)', () => {
  it('against the mock → unsupported-method fails, as every check does there', async () => {
    const result = await suite(mock.url);
    expect(result.target.kind).toBe('mock');
    expect(of(result, 'unsupported-method')).toEqual([
      expect.objectContaining({ request: 'DELETE /v1/corrections', severity: 'error', actual: '404, Allow: (none)', source: expect.objectContaining({ kind: 'inferred', pointer: '/x-inferred-behaviours/unsupported-method' }) }),
      expect.objectContaining({ request: 'PUT /v1/corrections/any-id', severity: 'error' }),
    ]);
    expect(of(result, 'unsupported-method').some((f) => f.demoted)).toBe(false);
  });

  it('against a target that is not the mock → a warning, marked as demoted; the page defect (oldest first) still fails', async () => {
    const result = await suite(staging.url);
    expect(result.target).toEqual(expect.objectContaining({ kind: 'other', kindHow: 'GET /__mock/principals answered 404: no kindgi-mock there' }));
    expect(of(result, 'unsupported-method').map((f) => [f.request, f.severity, f.demoted])).toEqual([
      ['DELETE /v1/corrections', 'warning', true],
      ['PUT /v1/corrections/any-id', 'warning', true],
    ]);
    expect(of(result, 'list-newest-first').map((f) => [f.severity, f.source.kind])).toContainEqual(['error', 'page']);
    expect(failed(result)).toBe(true);
  });

  it('against that target with strict → unsupported-method fails', async () => {
    const result = await suite(staging.url, true);
    expect(of(result, 'unsupported-method').map((f) => [f.severity, f.demoted])).toEqual([['error', undefined], ['error', undefined]]);
  });
});

describe('kindgi-mock contracts against a target that is not the mock, whose only defect is an inferred one', () => {
  let clean: TestMock;
  let cleanStaging: TargetProxy;
  let env: Record<string, string>;
  beforeAll(async () => {
    clean = await startMock({ defects: ['method-not-allowed-as-404'] });
    cleanStaging = await startTargetProxy(clean.url, { answer: hideMockRoutes });
    const found = (await discoverTokens(clean.url))!;
    env = { KINDGI_TOKEN: found.primary, KINDGI_OTHER_TENANT_TOKEN: found.otherTenant!, KINDGI_NARROW_TOKEN: found.narrow! };
  });
  afterAll(async () => {
    await cleanStaging.close();
    await clean.close();
  });

  it('exits 0: the failure is a warning, with its source and why it is one', async () => {
    const result = await runCli(['--base-url', cleanStaging.url], env);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Target http:\/\/127\.0\.0\.1:\d+: not the mock \(GET \/__mock\/principals answered 404: no kindgi-mock there\): a failed inferred check is a warning \(--strict makes it fail\)$/m);
    expect(result.stdout).toContain('! unsupported-method  DELETE /v1/corrections\n    expected: 405 with an Allow header\n    actual:   404, Allow: (none)\n    rests on: inferred (x-inferred at /x-inferred-behaviours/unsupported-method)');
    expect(result.stdout).toContain('(a warning: the target is not the mock, and no page or convention promises this (--strict makes it fail))');
    expect(result.stdout).not.toContain('✗');
    expect(result.stdout).toMatch(/^By source: page: \d+ passed; convention: \d+ passed; inferred: \d+ passed, 1 warned$/m);
  });

  it('with --strict → exits 1, the same failure an error', async () => {
    const result = await runCli(['--base-url', cleanStaging.url, '--strict'], env);
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toContain(': not the mock (GET /__mock/principals answered 404: no kindgi-mock there): --strict: a failed inferred check fails too');
    expect(result.stdout).toContain('✗ unsupported-method  DELETE /v1/corrections');
    expect(result.stdout).toMatch(/^Checks: \d+ passed, 1 failed$/m);
  });
});
