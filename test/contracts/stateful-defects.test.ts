// Each planted behavioural defect (src/http/defect-behaviours.ts) passes every check of today's
// kit (test/contracts/defects.test.ts); `--stateful` finds each, and fast-check shrinks what it
// found to the short sequence below: the proof that the walk catches sequences gone wrong.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverTokens } from '../../contracts/discover.ts';
import { runSuite, type SuiteResult } from '../../contracts/run-suite.ts';
import { STATEFUL_CHECK } from '../../contracts/stateful/scenario.ts';
import type { Tokens } from '../../contracts/types.ts';
import { BEHAVIOURAL_DEFECTS, type Defect } from '../../src/http/defects.ts';
import { startMock, type TestMock } from '../http/support.ts';

/**
 * What the walk reports against each defect: the seed (of the first three tried, the one whose
 * shrunk sequence is shortest), the step's answer where target and model part, and the sequence.
 */
const FOUND: Record<string, { seed: number; parts: string; steps: readonly string[] }> = {
  'status-filter-keeps-superseded': {
    seed: 1,
    parts: 'hasMore',
    steps: [
      'create a correction of run 0 (answer wrong)',
      'create a correction of run 0 (answer wrong)',
      "list my corrections of correction #1's run, 1 a page, status=open,being-fixed,with-owner,fixed,wont-fix,removed",
    ],
  },
  'not-fixed-drops-changed-with-owner': {
    seed: 1,
    parts: 'data.length',
    steps: [
      'create a correction of run 0 (answer wrong)',
      'set correction #0 to with-owner with a note, sorted to owner, with an Idempotency-Key',
      "list my corrections of correction #0's run, 1 a page, status=not-fixed",
    ],
  },
  'resort-not-kept': {
    seed: 1,
    parts: 'sortedTo',
    steps: [
      'create a correction of run 0 (answer wrong)',
      'set correction #0 to open, sorted to improve',
      'set correction #0 to open, with an Idempotency-Key',
    ],
  },
  'resort-clears-reopenedIn': {
    seed: 6,
    parts: 'fixedIn',
    steps: [
      'create a correction of run 0 (answer wrong)',
      'create a correction of run 0 (answer right)',
      'a test run (pin) that gets #1 wrong and nothing right',
      're-sort correction #1 to improve',
    ],
  },
  'resort-revives-removed': {
    seed: 1,
    parts: 'status',
    steps: [
      'create a correction of run 0 (answer wrong)',
      'remove correction #0',
      're-sort correction #0 to improve',
    ],
  },
  'fixed-correction-not-superseded': {
    seed: 6,
    parts: 'status',
    steps: [
      'create a correction of run 1 (answer right)',
      'create a correction of run 1 (answer wrong)',
      'a test run (pin) that gets #0 wrong and nothing right',
    ],
  },
  'status-change-keeps-reopenedIn': {
    seed: 2,
    parts: 'fixedIn',
    steps: [
      'create a correction of run 0 (answer right)',
      'a test run (pin) that gets #0 wrong and nothing right',
      'set correction #0 to with-owner, sorted to owner',
    ],
  },
  'key-reused-with-other-body-replays': {
    seed: 1,
    parts: 'status',
    steps: [
      'create a correction of run 0 (answer wrong)',
      'create a correction of run 0 (answer wrong, with an Idempotency-Key)',
      'send keyed write #0 again with another body',
    ],
  },
  'change-key-not-kept': {
    seed: 1,
    parts: 'header X-Idempotent-Replay',
    steps: [
      'create a correction of run 0 (answer wrong)',
      'set correction #0 to open, with an Idempotency-Key',
      'send keyed write #0 again',
    ],
  },
  'list-cache-kept-after-change': {
    seed: 6,
    parts: 'data[0].sortedTo',
    steps: [
      'create a correction of run 0 (answer wrong)',
      "list my corrections of correction #0's run, 1 a page, status=not-fixed",
      'set correction #0 to open, sorted to improve',
      'the last list again',
    ],
  },
};

describe.each(Object.entries(FOUND))('the mock with behavioural defect %s', (defect, found) => {
  let server: TestMock;
  let tokens: Tokens;
  beforeAll(async () => {
    server = await startMock({ defects: [defect as Defect] });
    tokens = (await discoverTokens(server.url))!;
  });
  afterAll(async () => { await server.close(); });

  it(`is found by the stateful walk with seed ${found.seed}, shrunk to ${found.steps.length} steps`, async () => {
    const result: SuiteResult = await runSuite({ baseUrl: server.url, tokens, allowWrites: true, stateful: true, seed: found.seed, scenarios: [] });
    expect(result.failures.map((f) => f.check)).toEqual([STATEFUL_CHECK]);
    const [failure] = result.failures;
    expect(failure!.severity).toBe('error');
    expect(failure!.sequence!.steps.map((step) => step.description)).toEqual(found.steps);
    expect(failure!.sequence!.diverged).toEqual({ step: found.steps.length, path: found.parts });
    // Every step comes with the target's requests as curl lines, the token as a variable.
    for (const step of failure!.sequence!.steps) {
      expect(step.curl.length).toBeGreaterThan(0);
      for (const line of step.curl) expect(line).toMatch(/^curl -i -X (GET|POST|PATCH) 'http:\/\/127\.0\.0\.1:\d+\/(v1|__mock)\//);
    }
    expect(failure!.curl).toBe(failure!.sequence!.steps.at(-1)!.curl.at(-1));
    // Nothing the walk made is left live.
    expect(result.writes!.notRemoved).toEqual([]);
  }, 120_000);
});

describe('the behavioural defects', () => {
  it('are each in this table', () => {
    expect(Object.keys(FOUND).sort()).toEqual([...BEHAVIOURAL_DEFECTS].sort());
  });
});
