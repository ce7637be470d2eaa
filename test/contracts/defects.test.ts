// The contract kit passes against the clean mock, and each injected defect makes exactly the
// checks that name it fail: the proof that the checks find real bugs and do not cry wolf, and
// that every check has a bug it alone catches.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverTokens } from '../../contracts/discover.ts';
import { listedChecks } from '../../contracts/list-checks.ts';
import { runSuite, type SuiteResult } from '../../contracts/run-suite.ts';
import { STATEFUL_CHECK } from '../../contracts/stateful/scenario.ts';
import { DEFECTS, type Defect } from '../../src/http/defects.ts';
import { startMock, type TestMock } from '../http/support.ts';

/**
 * Each defect and the checks it makes fail: exactly these, with an error or a warning, and no
 * other (the table in contracts/README.md). A defect with one check is one that check alone catches.
 */
const CAUGHT_BY: Record<Defect, readonly string[]> = {
  'drop-required-field': ['response-schema-conformance'],
  'ignore-status-filter': ['cursor-bound-to-filters', 'filter-exactness', 'negative-data-rejection', 'use-after-remove'],
  'leak-removed': ['filter-exactness', 'list-leaves-out-removed', 'use-after-remove'],
  'oldest-first': ['list-newest-first', 'pages-never-repeat-or-skip'],
  'unsealed-cursor': ['cursor-bound-to-caller', 'cursor-bound-to-filters'],
  'forbidden-not-404': ['forbidden-is-404', 'status-code-conformance'],
  'missing-request-id': ['request-id-header'],
  'wrong-error-envelope': ['cursor-bound-to-caller', 'cursor-bound-to-filters', 'error-envelope', 'forbidden-is-404', 'response-schema-conformance', 'scope-invalid', 'suggested-change-state-machine'],
  '500-on-bad-limit': ['limit-bounds', 'negative-data-rejection', 'not-a-server-error'],
  'leak-other-tenant': ['tenant-isolation'],
  'fixed-without-fixedIn': ['correction-rules'],
  'stale-derived-status': ['suggested-change-rules'],
  'drop-retry-after': ['retry-after-on-503'],
  'method-not-allowed-as-404': ['unsupported-method'],
  'tampered-cursor-500': ['not-a-server-error'],
  'tampered-cursor-422': ['status-code-conformance'],
  'errors-as-problem-json': ['content-type-conformance'],
  'bare-405-body': ['error-envelope'],
  'cacheable-single-read': ['cache-control-no-store'],
  'sorted-by-updatedAt': ['list-newest-first'],
  'unfiltered-list-keeps-superseded': ['list-leaves-out-superseded'],
  'unfiltered-list-keeps-removed': ['list-leaves-out-removed'],
  'inclusive-cursor': ['pages-never-repeat-or-skip'],
  'next-cursor-on-last-page': ['has-more-agrees-with-next-cursor'],
  'default-page-of-50': ['limit-bounds'],
  'until-inclusive': ['filter-exactness'],
  'status-list-cut-at-two': ['not-fixed-equals-its-statuses'],
  'comma-status-split-once': ['status-repeated-equals-comma'],
  'scope-id-without-kind-ignored': ['scope-invalid'],
  'cursor-not-bound-to-filters': ['cursor-bound-to-filters'],
  'cursor-not-bound-to-caller': ['cursor-bound-to-caller'],
  'single-read-drops-why': ['fetched-agrees-with-list'],
  'suggested-change-needs-prefixed-id': ['suggested-change-readable-from-link'],
  'unauthenticated-read': ['auth-required'],
  'unknown-token-gets-empty-workspace': ['bad-token-refused'],
  'list-cache-ignores-caller': ['tenant-isolation'],
  'not-found-says-permission-denied': ['forbidden-is-404'],
  'read-ignores-project': ['project-permissions'],
  'non-numeric-limit-as-default': ['negative-data-rejection'],
  'run-id-must-look-like-an-id': ['positive-data-acceptance'],
  'change-answer-drops-status-note': ['write-lifecycle'],
  'removed-correction-change-ignored': ['use-after-remove'],
  'pin-final-change-answers-200': ['suggested-change-state-machine'],
  // Behavioural: every answer passes every check; only a sequence shows the bug (`--stateful`,
  // and behavioural-defects.test.ts).
  'status-filter-keeps-superseded': [],
  'not-fixed-drops-changed-with-owner': [],
  'resort-not-kept': [],
  'resort-clears-reopenedIn': [],
  'resort-revives-removed': [],
  'fixed-correction-not-superseded': [],
  'status-change-keeps-reopenedIn': [],
  'key-reused-with-other-body-replays': [],
  'change-key-not-kept': [],
  'list-cache-kept-after-change': [],
};

/** Every check the kit has (`--list-checks`). */
const KIT_CHECKS = listedChecks().map((c) => c.name)
  // The walk runs with --stateful only; its defects are the behavioural ones (stateful-defects.test.ts).
  .filter((name) => name !== STATEFUL_CHECK);

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

/** The checks with a finding, errors and warnings alike: "no other check fails" includes warnings. */
const failedChecks = (result: SuiteResult) => [...new Set(result.failures.map((f) => f.check))].sort();

describe('the contract suite against the clean mock', () => {
  let result: SuiteResult;
  beforeAll(async () => { result = await suiteAgainst([]); });

  it('finds nothing wrong, with writes allowed', () => {
    expect(result.failures).toEqual([]);
    expect(result.skipped).toEqual([]);
  });

  it('runs every check the kit has', () => {
    expect(result.checksRun).toEqual([...KIT_CHECKS].sort());
  });
});

describe.each(DEFECTS.map((defect) => [defect, CAUGHT_BY[defect]] as const))('the mock with defect %s', (defect, checks) => {
  it(checks.length > 0 ? `fails ${checks.join(', ')}, and no other check` : 'passes every check', async () => {
    const result = await suiteAgainst([defect]);
    expect(failedChecks(result)).toEqual([...checks].sort());
    for (const check of checks) {
      const failure = result.failures.find((f) => f.check === check)!;
      expect(failure.request).toMatch(/^(GET|POST|PATCH|DELETE|PUT) \/|^\(several requests\)$/);
      expect(failure.expected.length).toBeGreaterThan(0);
    }
  });
});

describe('the planted defects', () => {
  // Schemathesis' habit: a check no bug makes fail alone may be a check that cannot fail.
  it('give every check of the kit a defect that it alone catches', () => {
    const alone = new Set(Object.values(CAUGHT_BY).filter((checks) => checks.length === 1).map((checks) => checks[0]!));
    expect(KIT_CHECKS.filter((check) => !alone.has(check))).toEqual([]);
  });

  it('name only checks the kit has', () => {
    expect([...new Set(Object.values(CAUGHT_BY).flat())].filter((check) => !KIT_CHECKS.includes(check))).toEqual([]);
  });
});

describe('contracts/README.md', () => {
  it('maps each defect to the checks it makes fail, as the tests do', () => {
    const readme = readFileSync(new URL('../../contracts/README.md', import.meta.url), 'utf8');
    // A behavioural defect's row says that no check catches it.
    const rows = [...readme.matchAll(/^\| `([a-z0-9-]+)` \| (none: only `--stateful`|(?:`[a-z0-9-]+`(?:, )?)+) \|/gim)]
      .map((m) => [m[1]!, m[2]!.startsWith('none') ? [] : [...m[2]!.matchAll(/`([a-z0-9-]+)`/g)].map((c) => c[1]!).sort()] as const);
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(Object.entries(CAUGHT_BY).map(([defect, checks]) => [defect, [...checks].sort()])));
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
