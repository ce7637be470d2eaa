// Each rule a suggested change keeps (page 002), and the status, title and view derived from its state.
import { describe, expect, it } from 'vitest';
import { MAX_LISTED_FIXES, SUGGESTED_CHANGE_RULES, checkSuggestedChange } from '../../src/domain/suggested-change-rules.ts';
import { TITLE_WHY_LENGTH, deriveSuggestedChangeStatus, deriveTitle, titleLead } from '../../src/domain/suggested-change-status.ts';
import { viewSuggestedChange } from '../../src/domain/suggested-change-view.ts';
import type { Check, SuggestedChange, SuggestedChangeState } from '../../src/domain/types.ts';
import type { Block } from '../../src/domain/world.ts';
import { SUGGESTED_CHANGE_STATUSES } from '../../src/domain/types.ts';
import { SERVICE, T1, T2, T3, TEST_RUN_NOW, TEST_RUN_WITH, USER, expectBreaks, validSuggestedChange } from './examples.ts';

const base = validSuggestedChange;
const release = { version: '4', by: USER, at: T3 };
const running: Check = {
  status: 'running', testSetId: 'ts_1', testSetVersion: '7',
  now: { testRunId: TEST_RUN_NOW }, with: { testRunId: TEST_RUN_WITH }, startedAt: T1,
};
const notStarted: Check = { status: 'not-started' };
const withCheck = (check: Check, status: SuggestedChange['status']): SuggestedChange => ({ ...base, check, status });
const fixesOf = (count: number) => Array.from({ length: count }, (_, i) => `cor_${i}`);
const { version: _version, ...noVersion } = base;
const unpublished: SuggestedChange = { ...noVersion, changes: [{ kind: 'block', blockId: 'blk_tone', from: 'v2' }] };
const codeChange: SuggestedChange = {
  ...base, madeBy: { kind: 'deploy', deploymentId: 'dep_1', by: SERVICE },
  changes: [{ kind: 'code', deploymentId: 'dep_1', imageDigest: 'sha256:abc' }],
};

interface RuleCases {
  rule: string;
  keeps: Array<[string, SuggestedChange]>;
  breaks: Array<[string, SuggestedChange, string | string[], string[]?]>;
}

const CASES: RuleCases[] = [
  {
    rule: 'status-derived-from-state',
    keeps: [
      ['ready once its check is done', base],
      ['checking while its check runs', withCheck(running, 'checking')],
      ['check-failed when its check never ran', withCheck(notStarted, 'check-failed')],
    ],
    breaks: [
      ['checking though its check is done', { ...base, status: 'checking' }, 'status'],
      ['ready though its check failed', withCheck({ ...running, status: 'failed' }, 'ready'), 'status'],
      ['withdrawn without its withdrawal', { ...base, status: 'withdrawn' }, 'status', ['release-fields-exactly-with-status']],
    ],
  },
  {
    rule: 'release-fields-exactly-with-status',
    keeps: [
      ['pinned with pinned', { ...base, pinned: release, status: 'pinned' }],
      ['added-as-latest with addedAsLatest and a reason', { ...base, addedAsLatest: { ...release, reason: 'Project follows Latest' }, status: 'added-as-latest' }],
      ['withdrawn with withdrawn', { ...base, withdrawn: { by: USER, reason: 'Superseded by a manual fix', at: T3 }, status: 'withdrawn' }],
      ['waiting-for-second-person with approvalId', { ...base, approvalId: 'apr_1', status: 'waiting-for-second-person' }],
    ],
    breaks: [
      ['pinned kept on a change added as Latest', { ...base, pinned: release, addedAsLatest: release, status: 'added-as-latest' }, 'pinned'],
      ['addedAsLatest kept on a withdrawn change',
        { ...base, addedAsLatest: release, withdrawn: { by: USER, reason: 'No longer needed', at: T3 }, status: 'withdrawn' }, 'addedAsLatest'],
      ['approvalId kept on a pinned change', { ...base, approvalId: 'apr_1', pinned: release, status: 'pinned' }, 'approvalId'],
      ['status withdrawn without withdrawn', { ...base, status: 'withdrawn' }, 'withdrawn', ['status-derived-from-state']],
    ],
  },
  {
    rule: 'released-version-is-its-version',
    keeps: [['pinned its own version', { ...base, pinned: release, status: 'pinned' }]],
    breaks: [
      ['pinned another version', { ...base, pinned: { ...release, version: '5' }, status: 'pinned' }, 'pinned.version'],
      ['added another version as Latest', { ...base, addedAsLatest: { ...release, version: '2' }, status: 'added-as-latest' }, 'addedAsLatest.version'],
      ['waiting for approval of a pin with no version', { ...unpublished, approvalId: 'apr_1', status: 'waiting-for-second-person' }, 'version'],
    ],
  },
  {
    rule: 'note-only-when-ready',
    keeps: [
      ['ready with the gate-refused note of its pin', { ...base, note: { kind: 'gate-refused', pinChangeId: 'pch_1' } }],
      ['ready after a second person rejected its pin', { ...base, note: { kind: 'rejected', pinChangeId: 'pch_1' } }],
      ["a deploy's change whose check has no now, noted not-running",
        { ...codeChange, note: { kind: 'not-running', version: '3' }, check: { ...running, now: undefined }, status: 'checking' }],
    ],
    breaks: [
      ['an expired note on a checking change', { ...withCheck(running, 'checking'), note: { kind: 'expired' } }, 'note'],
      ['a superseded note on a pinned change', { ...base, pinned: release, status: 'pinned', note: { kind: 'superseded' } }, 'note'],
      ['not-running on a change no deploy made', { ...base, check: { ...base.check, now: undefined, newlyFailing: undefined }, note: { kind: 'not-running' } }, 'note'],
      ["not-running on a deploy's change whose check has a now", { ...codeChange, note: { kind: 'not-running', version: '3' } }, 'check.now'],
    ],
  },
  {
    rule: 'title-starts-with-why',
    keeps: [
      ['a title that starts with the first line of why', base],
      ['a title that cuts a long first line at 60 characters',
        { ...base, why: `${'a'.repeat(70)}\nmore`, title: `${'a'.repeat(60)} · tone v2 → v3` }],
    ],
    breaks: [
      ['a title that does not start with why', { ...base, title: 'Tone v2 → v3' }, 'title'],
      ['a title that starts with the second line of why', { ...base, title: 'The policy says 30 since January. · tone v2 → v3' }, 'title'],
    ],
  },
  {
    rule: 'fixes-first-100-of-count',
    keeps: [
      [`the first ${MAX_LISTED_FIXES} of 250 fixes`, { ...base, fixes: fixesOf(100), correctionCount: 250 }],
      ['fixes with no correctionCount (an older server)', { ...base, correctionCount: undefined }],
      ['no fixes and a count of 0', { ...base, fixes: [], correctionCount: 0 }],
    ],
    breaks: [
      [`${MAX_LISTED_FIXES + 1} listed fixes`, { ...base, fixes: fixesOf(101), correctionCount: undefined }, 'fixes'],
      ['a fix listed twice', { ...base, fixes: ['cor_1', 'cor_1'] }, 'fixes'],
      ['a count that disagrees with the listed fixes', { ...base, correctionCount: 3 }, 'correctionCount'],
      ['fewer than 100 listed of a count over 100', { ...base, fixes: fixesOf(99), correctionCount: 150 }, 'correctionCount'],
    ],
  },
  {
    rule: 'made-by-carries-its-id',
    keeps: [
      ['an Improve run a schedule started', base],
      ['a person', { ...base, madeBy: { kind: 'person', userId: 'usr_1' } }],
      ['a service account', { ...base, madeBy: { kind: 'service', id: 'svc_1' } }],
      ['a deploy and who deployed', { ...base, madeBy: { kind: 'deploy', deploymentId: 'dep_1', by: USER } }],
      ['an offer from another project', { ...base, madeBy: { kind: 'offer', fromProjectId: '9b2f7c1a-0000-4000-8000-000000000001', pinChangeId: 'pch_1' } }],
    ],
    breaks: [
      ['an Improve run without its id', { ...base, madeBy: { kind: 'improve-run' } }, 'madeBy.improveRunId'],
      ['a person without a userId', { ...base, madeBy: { kind: 'person', id: 'usr_1' } }, 'madeBy.userId'],
      ['a service without its id', { ...base, madeBy: { kind: 'service', userId: 'usr_1' } }, 'madeBy.id'],
      ['a deploy without its deploymentId', { ...base, madeBy: { kind: 'deploy', by: USER } }, 'madeBy.deploymentId'],
      ['an offer without its pin change', { ...base, madeBy: { kind: 'offer', fromProjectId: '9b2f7c1a-0000-4000-8000-000000000001' } }, 'madeBy.pinChangeId'],
      ['an offer with neither id', { ...base, madeBy: { kind: 'offer' } }, ['madeBy.fromProjectId', 'madeBy.pinChangeId']],
      ['a schedule on a change a person made', { ...base, madeBy: { kind: 'person', userId: 'usr_1', scheduleId: 'sch_1' } }, 'madeBy.scheduleId'],
    ],
  },
  {
    rule: 'change-shape-by-kind',
    keeps: [
      ['a block change with its versions', base],
      ['a block change before it published a version', unpublished],
      ["a deploy's code change naming its image", codeChange],
    ],
    breaks: [
      ['a code change without its deployment', { ...codeChange, changes: [{ kind: 'code' }] }, 'changes[0].deploymentId'],
      ['a code change with content before', { ...codeChange, changes: [{ kind: 'code', deploymentId: 'dep_1', before: { template: 'x' } }] }, 'changes[0].before'],
      ['a code change with content after', { ...codeChange, changes: [{ kind: 'code', deploymentId: 'dep_1', after: { template: 'x' } }] }, 'changes[0].after'],
      ['a block change without its block', { ...base, changes: [{ kind: 'block', from: 'v2', to: 'v3' }] }, 'changes[0].blockId'],
      ['a block change naming a deployment', { ...base, changes: [{ kind: 'block', blockId: 'blk_tone', deploymentId: 'dep_1' }] }, 'changes[0].deploymentId'],
      ['a block change naming an image digest', { ...base, changes: [{ kind: 'block', blockId: 'blk_tone', imageDigest: 'sha256:abc' }] }, 'changes[0].deploymentId'],
      ['a published block version on a change with no version',
        { ...unpublished, changes: [{ kind: 'block', blockId: 'blk_a' }, { kind: 'block', blockId: 'blk_tone', from: 'v2', to: 'v3' }] }, 'changes[1].to'],
    ],
  },
  {
    rule: 'check-results-once-finished',
    keeps: [
      ['a done check with both results and newlyFailing', base],
      ['a running check whose runs have not finished', withCheck(running, 'checking')],
      ['a failed check with no results', withCheck({ status: 'failed', testSetId: 'ts_1', startedAt: T1 }, 'check-failed')],
      ['a done check from before projects, with no now', withCheck({ status: 'done', with: { testRunId: TEST_RUN_WITH, passing: 3, of: 4 } }, 'ready')],
    ],
    breaks: [
      ['passing without of', withCheck({ ...running, now: { testRunId: TEST_RUN_NOW, passing: 3 } }, 'checking'), 'check.now.passing'],
      ['passing more than of', withCheck({ ...base.check, with: { testRunId: TEST_RUN_WITH, passing: 13, of: 12 } }, 'ready'), 'check.with.passing'],
      ['newlyFailing before both runs finished', withCheck({ ...running, newlyFailing: ['cor_1'] }, 'checking'), 'check.newlyFailing'],
      ["a done check without its version's results", withCheck({ ...running, status: 'done' }, 'ready'), 'check.with'],
      ['a check that never ran with a test set version', withCheck({ status: 'not-started', testSetVersion: '7' }, 'check-failed'), 'check'],
      ['a check that never ran with a run', withCheck({ status: 'not-started', with: { testRunId: TEST_RUN_WITH } }, 'check-failed'), 'check'],
    ],
  },
  {
    rule: 'times-in-order',
    keeps: [['updatedAt equal to createdAt', { ...base, updatedAt: base.createdAt }]],
    breaks: [['updatedAt before createdAt', { ...base, createdAt: T2, updatedAt: T1 }, 'updatedAt']],
  },
];

describe('the valid base suggested change', () => {
  it('breaks no rule', () => {
    expect(checkSuggestedChange(base)).toEqual([]);
  });
});

describe('SUGGESTED_CHANGE_RULES', () => {
  it('has a case that keeps and a case that breaks every rule', () => {
    const names = SUGGESTED_CHANGE_RULES.map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
    expect(CASES.map((c) => c.rule).sort()).toEqual([...names].sort());
  });

  it('cites page 002 for every rule', () => {
    for (const rule of SUGGESTED_CHANGE_RULES) expect(rule.source, rule.name).toMatch(/^002: \S/);
  });
});

for (const { rule, keeps, breaks } of CASES) {
  describe(`rule ${rule}`, () => {
    it.each(keeps)('keeps %s', (_name, change) => {
      expect(checkSuggestedChange(change)).toEqual([]);
    });

    it.each(breaks)('breaks on %s', (_name, change, fields, alsoBreaks) => {
      expectBreaks(checkSuggestedChange(change), rule, fields, alsoBreaks ?? []);
    });
  });
}

describe('deriveSuggestedChangeStatus', () => {
  const done = base.check;
  const withdrawn = { by: USER, reason: 'Not needed', at: T3 };

  it.each<[SuggestedChange['check']['status'], SuggestedChange['status']]>([
    ['running', 'checking'],
    ['done', 'ready'],
    ['failed', 'check-failed'],
    ['not-started', 'check-failed'],
  ])('reads a %s check with no steps of its own as %s', (checkStatus, status) => {
    expect(deriveSuggestedChangeStatus({ check: { ...done, status: checkStatus } })).toBe(status);
  });

  it('is waiting-for-second-person while an approval is open', () => {
    expect(deriveSuggestedChangeStatus({ check: done, approvalId: 'apr_1' })).toBe('waiting-for-second-person');
  });

  it('is pinned once pinned', () => {
    expect(deriveSuggestedChangeStatus({ check: done, pinned: release })).toBe('pinned');
  });

  it('is added-as-latest once added as Latest', () => {
    expect(deriveSuggestedChangeStatus({ check: done, addedAsLatest: release })).toBe('added-as-latest');
  });

  it('is withdrawn once withdrawn', () => {
    expect(deriveSuggestedChangeStatus({ check: done, withdrawn })).toBe('withdrawn');
  });

  it('derives each of the 7 statuses', () => {
    const derived = new Set([
      deriveSuggestedChangeStatus({ check: { status: 'running' } }),
      deriveSuggestedChangeStatus({ check: { status: 'failed' } }),
      deriveSuggestedChangeStatus({ check: done }),
      deriveSuggestedChangeStatus({ check: done, approvalId: 'apr_1' }),
      deriveSuggestedChangeStatus({ check: done, pinned: release }),
      deriveSuggestedChangeStatus({ check: done, addedAsLatest: release }),
      deriveSuggestedChangeStatus({ check: done, withdrawn }),
    ]);
    expect([...derived].sort()).toEqual([...SUGGESTED_CHANGE_STATUSES].sort());
  });

  it('lets withdrawn win over every other step and the check', () => {
    expect(deriveSuggestedChangeStatus({ check: { status: 'failed' }, withdrawn, addedAsLatest: release, pinned: release, approvalId: 'apr_1' })).toBe('withdrawn');
  });

  it('lets added-as-latest win over pinned and an approval', () => {
    expect(deriveSuggestedChangeStatus({ check: done, addedAsLatest: release, pinned: release, approvalId: 'apr_1' })).toBe('added-as-latest');
  });

  it('lets pinned win over an open approval', () => {
    expect(deriveSuggestedChangeStatus({ check: done, pinned: release, approvalId: 'apr_1' })).toBe('pinned');
  });

  it('lets an open approval win over the check', () => {
    expect(deriveSuggestedChangeStatus({ check: { status: 'running' }, approvalId: 'apr_1' })).toBe('waiting-for-second-person');
  });
});

describe('titleLead', () => {
  it('is the first line of why', () => {
    expect(titleLead('Refunds are quoted as 14 days\nThe policy says 30.')).toBe('Refunds are quoted as 14 days');
  });

  it('takes the first line of a CRLF why without its carriage return', () => {
    expect(titleLead('Refunds are quoted as 14 days\r\nThe policy says 30.')).toBe('Refunds are quoted as 14 days');
  });

  it(`cuts the first line at ${TITLE_WHY_LENGTH} characters`, () => {
    expect(TITLE_WHY_LENGTH).toBe(60);
    expect(titleLead('x'.repeat(61))).toBe('x'.repeat(60));
    expect(titleLead(`${'x'.repeat(60)}\nmore`)).toBe('x'.repeat(60));
  });

  it('counts characters, never splitting one outside the BMP', () => {
    const lead = titleLead(`a${'\u{1F600}'.repeat(80)}`);
    expect([...lead]).toHaveLength(60);
    expect(lead).toBe(`a${'\u{1F600}'.repeat(59)}`);
    expect(/[\uD800-\uDFFF]/u.test(lead), 'a lone surrogate').toBe(false);
  });

  it('keeps a first line of 60 characters or fewer whole', () => {
    expect(titleLead('y'.repeat(60))).toBe('y'.repeat(60));
    expect(titleLead('Short')).toBe('Short');
  });

  it('is empty for a why that starts with a line break', () => {
    expect(titleLead('\nSecond line')).toBe('');
    expect(titleLead('')).toBe('');
  });
});

describe('deriveTitle', () => {
  const blockName = (id: string) => ({ blk_tone: 'tone', blk_policy: 'policy' })[id] ?? id;

  it('reads the first line of why, then a block change by its block name: tone v2 → v3', () => {
    expect(deriveTitle('Refunds are quoted as 14 days\nMore', [{ kind: 'block', blockId: 'blk_tone', from: 'v2', to: 'v3' }], blockName, '3', '4'))
      .toBe('Refunds are quoted as 14 days · tone v2 → v3');
  });

  it('reads a block change that published nothing yet as → new', () => {
    expect(deriveTitle('Fix', [{ kind: 'block', blockId: 'blk_tone', from: 'v2' }], blockName, '3')).toBe('Fix · tone v2 → new');
  });

  it('reads a code change as code, from the version it is built on to its own', () => {
    expect(deriveTitle('Deploy', [{ kind: 'code', deploymentId: 'dep_1' }], blockName, '3', '4')).toBe('Deploy · code 3 → 4');
    expect(deriveTitle('Deploy', [{ kind: 'code', deploymentId: 'dep_1' }], blockName, '3')).toBe('Deploy · code 3 → new');
  });

  it('joins several changes with commas', () => {
    const changes = [{ kind: 'block' as const, blockId: 'blk_tone', from: 'v2', to: 'v3' }, { kind: 'block' as const, blockId: 'blk_policy', from: 'v1', to: 'v2' }];
    expect(deriveTitle('Two', changes, blockName, '3', '4')).toBe('Two · tone v2 → v3, policy v1 → v2');
  });

  it('starts with the cut first line of why, so it keeps title-starts-with-why', () => {
    const why = `${'w'.repeat(80)}\r\nsecond`;
    const title = deriveTitle(why, base.changes, blockName, '3', '4');
    expect(title).toBe(`${'w'.repeat(60)} · tone v2 → v3`);
    expect(checkSuggestedChange({ ...base, why, title })).toEqual([]);
  });
});

describe('viewSuggestedChange', () => {
  const tone: Block = {
    id: 'blk_tone', agentId: 'agt_1', kind: 'prompt', name: 'tone',
    versions: [{ version: 'v2', content: { template: 'Be brief.' } }, { version: 'v3', content: { template: 'Be kind and brief.' } }],
  };
  const blockById = (id: string) => (id === tone.id ? tone : undefined);
  const { status: _s, title: _t, correctionCount: _c, ...state } = base;
  const stored: SuggestedChangeState = state;

  it('answers a suggested change that keeps every rule', () => {
    expect(checkSuggestedChange(viewSuggestedChange(stored, blockById))).toEqual([]);
  });

  it('derives the status and the title from the state', () => {
    const view = viewSuggestedChange({ ...stored, pinned: release }, blockById);
    expect(view.status).toBe('pinned');
    expect(view.title).toBe('Refunds are quoted as 14 days · tone v2 → v3');
    expect(viewSuggestedChange({ ...stored, check: running }, blockById).status).toBe('checking');
  });

  it('names an unknown block by its id in the title', () => {
    const view = viewSuggestedChange({ ...stored, changes: [{ kind: 'block', blockId: 'blk_gone', from: 'v2', to: 'v3' }] }, blockById);
    expect(view.title).toBe('Refunds are quoted as 14 days · blk_gone v2 → v3');
  });

  it(`lists the first ${MAX_LISTED_FIXES} fixes and counts them all`, () => {
    const fixes = fixesOf(150);
    const view = viewSuggestedChange({ ...stored, fixes }, blockById);
    expect(view.fixes).toEqual(fixes.slice(0, 100));
    expect(view.correctionCount).toBe(150);
  });

  it('counts fewer than 100 fixes as they are', () => {
    const view = viewSuggestedChange(stored, blockById);
    expect(view.fixes).toEqual(['cor_1', 'cor_2']);
    expect(view.correctionCount).toBe(2);
  });

  it("fills a block change's before and after from the block's from and to versions", () => {
    const [change] = viewSuggestedChange(stored, blockById).changes;
    expect(change).toEqual({ kind: 'block', blockId: 'blk_tone', from: 'v2', to: 'v3', before: { template: 'Be brief.' }, after: { template: 'Be kind and brief.' } });
  });

  it('leaves after out while the block change published nothing', () => {
    const [change] = viewSuggestedChange({ ...stored, changes: [{ kind: 'block', blockId: 'blk_tone', from: 'v2' }] }, blockById).changes;
    expect(change).toEqual({ kind: 'block', blockId: 'blk_tone', from: 'v2', before: { template: 'Be brief.' } });
  });

  it('leaves content out for a version the block does not have, or a block it cannot find', () => {
    const view = viewSuggestedChange({ ...stored, changes: [{ kind: 'block', blockId: 'blk_tone', from: 'v1', to: 'v3' }, { kind: 'block', blockId: 'blk_gone', from: 'v2', to: 'v3' }] }, blockById);
    expect(view.changes).toEqual([
      { kind: 'block', blockId: 'blk_tone', from: 'v1', to: 'v3', after: { template: 'Be kind and brief.' } },
      { kind: 'block', blockId: 'blk_gone', from: 'v2', to: 'v3' },
    ]);
  });

  it('gives a code change no content before and after', () => {
    const code = { kind: 'code' as const, deploymentId: 'dep_1', imageDigest: 'sha256:abc' };
    const view = viewSuggestedChange({ ...stored, madeBy: { kind: 'deploy', deploymentId: 'dep_1' }, changes: [code] }, blockById);
    expect(view.changes).toEqual([code]);
    expect(view.changes[0]).not.toHaveProperty('before');
    expect(view.changes[0]).not.toHaveProperty('after');
    expect(view.title).toBe('Refunds are quoted as 14 days · code 3 → 4');
  });

  it('does not change the stored state', () => {
    const copy = structuredClone(stored);
    viewSuggestedChange(copy, blockById);
    expect(copy).toEqual(stored);
  });
});
