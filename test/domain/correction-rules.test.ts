// Each rule a correction keeps (pages 000 and 001) holds for a correction that keeps it and names
// itself and the offending field for one that breaks it.
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/domain/canonical-json.ts';
import {
  CORRECTION_RULES, MAX_ARGS_CANONICAL_LENGTH, MAX_ARGS_PROPERTIES, MAX_TOOL_LENGTH, checkCorrection,
} from '../../src/domain/correction-rules.ts';
import type { Correction } from '../../src/domain/types.ts';
import {
  SERVICE, T0, T1, T2, T3, USER, expectBreaks, fixedCorrection, reopenedCorrection, validCorrection,
} from './examples.ts';

/** `validCorrection` saying nothing at all: no decisions, answer or items. */
const { decisions: _d, shouldCall: _sc, mustNotCall: _mnc, answer: _a, shouldSay: _ss, items: _i, ...saysNothing } = validCorrection;

const withCall = (tool: string, args: Record<string, unknown>): Correction => ({ ...validCorrection, shouldCall: [{ tool, args }] });
const argsWithKeys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));
/** Args `{"note":"xx…"}` exactly `length` characters long in canonical JSON. */
const argsOfLength = (length: number) => ({ note: 'x'.repeat(length - canonicalJson({ note: '' }).length) });
const sortedTo = (to: 'improve' | 'developer' | 'owner') => ({ sortedTo: to, sorted: { by: { kind: 'rule' as const }, at: T0 } });
const removed: Correction = { ...validCorrection, status: 'removed', unregisteredAt: T1, updatedAt: T1 };

interface RuleCases {
  rule: string;
  keeps: Array<[string, Correction]>;
  breaks: Array<[string, Correction, string | string[]]>;
}

const CASES: RuleCases[] = [
  {
    rule: 'says-something',
    keeps: [
      ['a correction that only says its answer was right', { ...saysNothing, answer: 'right' }],
      ['a correction that only says its decisions were right', { ...saysNothing, decisions: 'right' }],
      ['a correction that only judges the items of a ranked list', { ...saysNothing, items: [{ key: 'case_1', verdict: 'wrong' }] }],
    ],
    breaks: [
      ['a correction that says nothing about decisions, answer or items', saysNothing, 'decisions'],
    ],
  },
  {
    rule: 'should-call-only-when-decisions-wrong',
    keeps: [
      ['decisions right with no expected calls', { ...saysNothing, decisions: 'right' }],
      ['decisions wrong with shouldCall and mustNotCall', validCorrection],
    ],
    breaks: [
      ['shouldCall while decisions are right', { ...saysNothing, decisions: 'right', shouldCall: [{ tool: 'refunds.lookup', args: {} }] }, 'shouldCall'],
      ['mustNotCall while decisions are right', { ...saysNothing, decisions: 'right', mustNotCall: ['refunds.issue'] }, 'mustNotCall'],
      ['shouldCall and mustNotCall without any decisions verdict', { ...saysNothing, answer: 'right', shouldCall: [{ tool: 'refunds.lookup', args: {} }], mustNotCall: ['refunds.issue'] }, ['shouldCall', 'mustNotCall']],
    ],
  },
  {
    rule: 'should-say-only-when-answer-wrong',
    keeps: [
      ['answer right with nothing it should have said', { ...saysNothing, answer: 'right' }],
      ['answer wrong with what it should have said', { ...saysNothing, answer: 'wrong', shouldSay: 'Thirty days.' }],
    ],
    breaks: [
      ['shouldSay while the answer is right', { ...saysNothing, answer: 'right', shouldSay: 'Thirty days.' }, 'shouldSay'],
      ['shouldSay without any answer verdict', { ...saysNothing, decisions: 'right', shouldSay: 'Thirty days.' }, 'shouldSay'],
    ],
  },
  {
    rule: 'expected-call-bounds',
    keeps: [
      ['a tool name of exactly 200 characters', withCall('t'.repeat(200), {})],
      ['a tool name of 1 character', withCall('t', {})],
      ['a tool name of 200 characters outside the BMP (400 UTF-16 units)', withCall('\u{1F600}'.repeat(200), {})],
      ['args of 4000 characters whose text is outside the BMP', withCall('refunds.lookup', { note: '\u{1F600}'.repeat(4000 - canonicalJson({ note: '' }).length) })],
      ['an empty args object (only asks that the tool was called)', withCall('refunds.lookup', {})],
      ['args with exactly 100 properties', withCall('refunds.lookup', argsWithKeys(100))],
      ['args of exactly 4000 characters in canonical JSON', withCall('refunds.lookup', argsOfLength(4000))],
      ['args of 4000 canonical characters with an undefined field canonical JSON leaves out', withCall('refunds.lookup', { ...argsOfLength(4000), absent: undefined })],
    ],
    breaks: [
      ['a tool name of 201 characters', withCall('t'.repeat(201), {}), 'shouldCall[0].tool'],
      ['a tool name of 201 characters outside the BMP', withCall('\u{1F600}'.repeat(201), {}), 'shouldCall[0].tool'],
      ['an empty tool name', withCall('', {}), 'shouldCall[0].tool'],
      ['args with 101 properties', withCall('refunds.lookup', argsWithKeys(101)), 'shouldCall[0].args'],
      ['args of 4001 characters in canonical JSON', withCall('refunds.lookup', argsOfLength(4001)), 'shouldCall[0].args'],
      ['a second expected call out of bounds, named by its index',
        { ...validCorrection, shouldCall: [{ tool: 'ok', args: {} }, { tool: 't'.repeat(201), args: {} }] }, 'shouldCall[1].tool'],
    ],
  },
  {
    rule: 'item-keys-unique',
    keeps: [['items with distinct keys', validCorrection]],
    breaks: [
      ['two items with the same key',
        { ...validCorrection, items: [{ key: 'case_1', verdict: 'right' }, { key: 'case_1', verdict: 'wrong' }] }, 'items'],
    ],
  },
  {
    rule: 'item-pointer-and-rank',
    keeps: [
      ['an item pointing at the whole output with the empty pointer', { ...validCorrection, items: [{ key: 'case_1', pointer: '', rank: 0, verdict: 'right' }] }],
      ['an item with neither pointer nor rank', { ...validCorrection, items: [{ key: 'case_1', verdict: 'right' }] }],
    ],
    breaks: [
      ['a pointer that does not start with a slash',
        { ...validCorrection, items: [{ key: 'case_1', pointer: 'matches/0', verdict: 'right' }] }, 'items[0].pointer'],
      ['a rank below 0 on the second item',
        { ...validCorrection, items: [{ key: 'case_1', rank: 0, verdict: 'right' }, { key: 'case_2', rank: -1, verdict: 'wrong' }] }, 'items[1].rank'],
    ],
  },
  {
    rule: 'expert-only-true-under-a-group',
    keeps: [
      ['expert true under a corrector group', { ...validCorrection, correctorGroupId: 'grp_1', expert: true }],
      ['a corrector group without expert (unrestricted group)', { ...validCorrection, correctorGroupId: 'grp_1' }],
    ],
    breaks: [
      ['expert present but false', { ...validCorrection, correctorGroupId: 'grp_1', expert: false }, 'expert'],
      ['expert without a corrector group', { ...validCorrection, expert: true }, 'expert'],
    ],
  },
  {
    rule: 'participant-only-for-an-app',
    keeps: [['a participant on a correction an app (service token) made', { ...validCorrection, madeBy: SERVICE, participantId: 'end_user_7' }]],
    breaks: [['a participant on a correction a user made', { ...validCorrection, participantId: 'end_user_7' }, 'participantId']],
  },
  {
    rule: 'sorted-exactly-with-sorted-to',
    keeps: [
      ['an unsorted correction with neither', validCorrection],
      ['sortedTo with sorted by a rule', { ...validCorrection, ...sortedTo('improve') }],
      ['sortedTo with sorted by a person, with a reason', { ...validCorrection, sortedTo: 'developer', sorted: { by: USER, reason: 'Needs code', at: T0 } }],
    ],
    breaks: [
      ['sortedTo without sorted', { ...validCorrection, sortedTo: 'improve' }, 'sorted'],
      ['sorted without sortedTo', { ...validCorrection, sorted: { by: { kind: 'fix-job' }, at: T0 } }, 'sortedTo'],
    ],
  },
  {
    rule: 'with-owner-means-sorted-to-owner',
    keeps: [['with-owner sorted to the owner', { ...validCorrection, status: 'with-owner', ...sortedTo('owner') }]],
    breaks: [
      ['with-owner sorted to a developer', { ...validCorrection, status: 'with-owner', ...sortedTo('developer') }, 'sortedTo'],
      ['with-owner and unsorted', { ...validCorrection, status: 'with-owner' }, 'sortedTo'],
    ],
  },
  {
    rule: 'fixed-in-while-fixed',
    keeps: [
      ['a fixed correction with fixedIn', fixedCorrection],
      ['a reopened correction keeping fixedIn beside reopenedIn', reopenedCorrection],
    ],
    breaks: [
      ['fixed without fixedIn', { ...validCorrection, status: 'fixed' }, 'fixedIn'],
      ['fixedIn on a wont-fix correction that was never reopened', { ...fixedCorrection, status: 'wont-fix' }, 'fixedIn'],
    ],
  },
  {
    rule: 'fixed-in-version-unless-recorded-right',
    keeps: [
      ['recorded-right without a version', { ...saysNothing, answer: 'right', status: 'fixed', fixedIn: { how: 'recorded-right', at: T0 } }],
      ['latest with the version that fixed it', { ...fixedCorrection, fixedIn: { version: '4', how: 'latest', at: T1 } }],
    ],
    breaks: [
      ['recorded-right with a version', { ...saysNothing, answer: 'right', status: 'fixed', fixedIn: { version: '3', how: 'recorded-right', at: T0 } }, 'fixedIn.version'],
      ['a pin without the version it pinned', { ...fixedCorrection, fixedIn: { how: 'pin', by: USER, at: T1 } }, 'fixedIn.version'],
      ['latest without the version Latest moved to', { ...fixedCorrection, fixedIn: { how: 'latest', at: T1 } }, 'fixedIn.version'],
    ],
  },
  {
    rule: 'recorded-right-only-when-nothing-wrong',
    keeps: [
      ['recorded-right on a correction whose verdicts are all right', { ...saysNothing, answer: 'right', decisions: 'right', status: 'fixed', fixedIn: { how: 'recorded-right', at: T0 } }],
      ['a pin fix on a correction that says something was wrong', fixedCorrection],
    ],
    breaks: [
      ['recorded-right on a correction whose answer was wrong', { ...saysNothing, answer: 'wrong', status: 'fixed', fixedIn: { how: 'recorded-right', at: T0 } }, 'fixedIn.how'],
      ['recorded-right with one wrong item among right ones', { ...saysNothing, items: [{ key: 'a', verdict: 'right' }, { key: 'b', verdict: 'wrong' }], status: 'fixed', fixedIn: { how: 'recorded-right', at: T0 } }, 'fixedIn.how'],
    ],
  },
  {
    rule: 'reopened-is-open-or-with-owner',
    keeps: [
      ['reopened and open', reopenedCorrection],
      ['reopened and with the owner it is sorted to', { ...reopenedCorrection, status: 'with-owner', ...sortedTo('owner') }],
    ],
    breaks: [
      ['reopened but wont-fix', { ...reopenedCorrection, status: 'wont-fix' }, 'status'],
      ['reopened but still fixed', { ...reopenedCorrection, status: 'fixed' }, 'status'],
      ['reopenedIn without the fixedIn it had', (() => { const { fixedIn: _f, ...rest } = reopenedCorrection; return rest; })(), 'fixedIn'],
    ],
  },
  {
    rule: 'reopened-by-unless-latest',
    keeps: [
      ['reopened by a pin, saying who pinned', reopenedCorrection],
      ['reopened as Latest moved, with no by', { ...reopenedCorrection, reopenedIn: { version: '5', how: 'latest', at: T2 } }],
    ],
    breaks: [
      ['reopened as Latest moved, yet with a by', { ...reopenedCorrection, reopenedIn: { version: '5', how: 'latest', by: USER, at: T2 } }, 'reopenedIn.by'],
      ['reopened by going back, without who went back', { ...reopenedCorrection, reopenedIn: { version: '2', how: 'went-back', at: T2 } }, 'reopenedIn.by'],
      ['reopened by an unpin, without who unpinned', { ...reopenedCorrection, reopenedIn: { version: '3', how: 'unpin', at: T2 } }, 'reopenedIn.by'],
    ],
  },
  {
    rule: 'unregistered-when-removed-or-superseded',
    keeps: [
      ['a removed correction with unregisteredAt', removed],
      ['a superseded correction with unregisteredAt', { ...validCorrection, supersededBy: 'cor_2', unregisteredAt: T1, updatedAt: T1 }],
    ],
    breaks: [
      ['a removed correction without unregisteredAt', { ...validCorrection, status: 'removed' }, 'unregisteredAt'],
      ['a superseded correction without unregisteredAt', { ...validCorrection, supersededBy: 'cor_2' }, 'unregisteredAt'],
      ['unregisteredAt on a live correction', { ...validCorrection, unregisteredAt: T0 }, 'unregisteredAt'],
    ],
  },
  {
    rule: 'times-in-order',
    keeps: [
      ['updatedAt equal to createdAt until something changes it', validCorrection],
      ['every event between createdAt and updatedAt, the last one at updatedAt',
        { ...reopenedCorrection, ...sortedTo('improve'), statusNote: { text: 'Looking', by: USER, at: T1 }, updatedAt: T2 }],
    ],
    breaks: [
      ['updatedAt before createdAt', { ...validCorrection, updatedAt: '2026-02-28T10:00:00Z' }, 'updatedAt'],
      ['sorted.at after updatedAt', { ...validCorrection, sortedTo: 'improve', sorted: { by: { kind: 'rule' }, at: T1 } }, 'sorted.at'],
      ['fixedIn.at before createdAt', { ...fixedCorrection, fixedIn: { version: '4', how: 'pin', by: USER, at: '2026-02-01T00:00:00Z' } }, 'fixedIn.at'],
      ['reopenedIn.at after updatedAt', { ...reopenedCorrection, reopenedIn: { version: '5', how: 'pin', by: USER, at: T3 } }, 'reopenedIn.at'],
      ['statusNote.at after updatedAt', { ...validCorrection, statusNote: { text: 'Later', by: USER, at: T1 } }, 'statusNote.at'],
      ['unregisteredAt after updatedAt', { ...removed, unregisteredAt: T2 }, 'unregisteredAt'],
    ],
  },
];

describe('the bounds page 000 gives', () => {
  it('are 200 tool characters, 100 args properties and 4000 canonical characters', () => {
    expect([MAX_TOOL_LENGTH, MAX_ARGS_PROPERTIES, MAX_ARGS_CANONICAL_LENGTH]).toEqual([200, 100, 4000]);
  });
});

describe('the valid base correction', () => {
  it('breaks no rule', () => {
    expect(checkCorrection(validCorrection)).toEqual([]);
  });

  it('stays valid fixed and reopened', () => {
    expect(checkCorrection(fixedCorrection)).toEqual([]);
    expect(checkCorrection(reopenedCorrection)).toEqual([]);
  });
});

describe('CORRECTION_RULES', () => {
  it('has a case that keeps and a case that breaks every rule', () => {
    const names = CORRECTION_RULES.map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
    expect(CASES.map((c) => c.rule).sort()).toEqual([...names].sort());
    for (const c of CASES) {
      expect(c.keeps.length, c.rule).toBeGreaterThan(0);
      expect(c.breaks.length, c.rule).toBeGreaterThan(0);
    }
  });

  it('cites a reference page for every rule', () => {
    for (const rule of CORRECTION_RULES) expect(rule.source, rule.name).toMatch(/^00[01]: \S/);
  });
});

for (const { rule, keeps, breaks } of CASES) {
  describe(`rule ${rule}`, () => {
    it.each(keeps)('keeps %s', (_name, correction) => {
      expect(checkCorrection(correction)).toEqual([]);
    });

    it.each(breaks)('breaks on %s', (_name, correction, fields) => {
      expectBreaks(checkCorrection(correction), rule, fields);
    });
  });
}

describe('expected-call bounds, measured as the page says', () => {
  it('measures args in canonical JSON: sorted keys and no white space', () => {
    const args = argsOfLength(4000);
    expect(canonicalJson(args)).toHaveLength(4000);
    expect(canonicalJson({ b: 1, a: [1, { d: null, c: 'x' }] })).toBe('{"a":[1,{"c":"x","d":null}],"b":1}');
  });

  it('reports both bounds when args has too many properties and is too long', () => {
    const args = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, 'x'.repeat(40)]));
    expect(canonicalJson(args).length).toBeGreaterThan(4000);
    const found = checkCorrection(withCall('refunds.lookup', args));
    expect(found.map((v) => [v.rule, v.field])).toEqual([
      ['expected-call-bounds', 'shouldCall[0].args'],
      ['expected-call-bounds', 'shouldCall[0].args'],
    ]);
    expect(found.map((v) => v.message)).toEqual([
      expect.stringContaining('more than 100 properties'),
      expect.stringContaining('more than 4000'),
    ]);
  });
});

describe('times-in-order', () => {
  it('accepts an event exactly at createdAt and at updatedAt', () => {
    const correction: Correction = { ...validCorrection, statusNote: { text: 'Noted', by: USER, at: T0 }, sortedTo: 'improve', sorted: { by: { kind: 'rule' }, at: T2 }, updatedAt: T2 };
    expect(checkCorrection(correction)).toEqual([]);
  });
});
