// How a correction changes (page 000): each transition's result, each refusal, and that every
// result it gives still keeps the correction rules.
import { describe, expect, it } from 'vitest';
import { checkCorrection } from '../../src/domain/correction-rules.ts';
import {
  SETTABLE_STATUSES, type Transition, fixCorrection, isLive, linkCorrection, removeCorrection, reopenCorrection,
  saysNothingWrong, setStatusByHand, sortCorrection, supersedeCorrection, unlinkCorrection,
} from '../../src/domain/correction-transitions.ts';
import type { Correction, CorrectionLink } from '../../src/domain/types.ts';
import { SC_ID, SERVICE, T0, T1, T2, T3, T4, USER, fixedCorrection, reopenedCorrection, validCorrection } from './examples.ts';

const RULE = { kind: 'rule' } as const;
const scLink: CorrectionLink = { kind: 'suggested-change', id: SC_ID };

/** The correction a transition gave, after asserting it went through and keeps every rule. */
function accepted(transition: Transition): Correction {
  if (!transition.ok) throw new Error(`refused: ${transition.code}: ${transition.message}`);
  expect(checkCorrection(transition.correction)).toEqual([]);
  return transition.correction;
}

/** The refusal's code, after asserting it was refused with a message. */
function refusal(transition: Transition): string {
  if (transition.ok) throw new Error(`went through: ${JSON.stringify(transition.correction)}`);
  expect(transition.message.length).toBeGreaterThan(0);
  return transition.code;
}

const removed = accepted(removeCorrection(validCorrection, T1));
const superseded = accepted(supersedeCorrection(validCorrection, 'cor_2', T1));
const sortedToOwner = accepted(sortCorrection(validCorrection, 'owner', USER, T1));
const withOwner = accepted(setStatusByHand(sortedToOwner, 'with-owner', USER, T2));
const beingFixed = accepted(linkCorrection(validCorrection, scLink, T1));

describe('isLive', () => {
  it('is true for an open, fixed or reopened correction', () => {
    expect([validCorrection, fixedCorrection, reopenedCorrection].map(isLive)).toEqual([true, true, true]);
  });

  it('is false for a removed or a superseded correction', () => {
    expect(isLive(removed)).toBe(false);
    expect(isLive(superseded)).toBe(false);
  });
});

describe('sortCorrection', () => {
  it('sets sortedTo and who sorted it, with the reason, and moves updatedAt', () => {
    const sorted = accepted(sortCorrection(validCorrection, 'improve', RULE, T1, 'Prompt issue'));
    expect(sorted).toEqual({ ...validCorrection, sortedTo: 'improve', sorted: { by: RULE, reason: 'Prompt issue', at: T1 }, updatedAt: T1 });
  });

  it('leaves the reason out when none is given', () => {
    const sorted = accepted(sortCorrection(validCorrection, 'developer', USER, T1));
    expect(sorted.sorted).toEqual({ by: USER, at: T1 });
    expect(sorted.status).toBe('open');
  });

  it('keeps fixedIn and reopenedIn: a re-sort alone keeps them', () => {
    const sorted = accepted(sortCorrection(reopenedCorrection, 'developer', USER, T3));
    expect(sorted.fixedIn).toEqual(reopenedCorrection.fixedIn);
    expect(sorted.reopenedIn).toEqual(reopenedCorrection.reopenedIn);
    expect(sorted.status).toBe('open');
  });

  it('keeps a fixed correction fixed', () => {
    expect(accepted(sortCorrection(fixedCorrection, 'improve', RULE, T2)).status).toBe('fixed');
  });

  it('makes a with-owner correction open when sorted away from the owner', () => {
    const sorted = accepted(sortCorrection(withOwner, 'improve', { kind: 'fix-job' }, T3));
    expect(sorted.status).toBe('open');
    expect(sorted.sortedTo).toBe('improve');
  });

  it('keeps a with-owner correction with the owner when sorted to the owner again', () => {
    expect(accepted(sortCorrection(withOwner, 'owner', USER, T3)).status).toBe('with-owner');
  });

  it('refuses a removed correction as not live', () => {
    expect(refusal(sortCorrection(removed, 'improve', RULE, T2))).toBe('correction-not-live');
  });

  it('refuses a superseded correction as not live', () => {
    expect(refusal(sortCorrection(superseded, 'improve', RULE, T2))).toBe('correction-not-live');
  });
});

describe('setStatusByHand', () => {
  it('sets a settable status and moves updatedAt', () => {
    const set = accepted(setStatusByHand(validCorrection, 'wont-fix', USER, T1));
    expect(set).toEqual({ ...validCorrection, status: 'wont-fix', updatedAt: T1 });
  });

  it('turns the note into a statusNote saying who and when', () => {
    const set = accepted(setStatusByHand(validCorrection, 'being-fixed', SERVICE, T1, 'Working on it'));
    expect(set.statusNote).toEqual({ text: 'Working on it', by: SERVICE, at: T1 });
  });

  it('drops an earlier statusNote when set again without a note', () => {
    const noted = accepted(setStatusByHand(validCorrection, 'wont-fix', USER, T1, 'Not worth it'));
    const set = accepted(setStatusByHand(noted, 'open', USER, T2));
    expect(set).not.toHaveProperty('statusNote');
  });

  it('clears fixedIn and reopenedIn: a status set by hand clears both', () => {
    const set = accepted(setStatusByHand(reopenedCorrection, 'open', USER, T3));
    expect(set).not.toHaveProperty('fixedIn');
    expect(set).not.toHaveProperty('reopenedIn');
    expect(set.status).toBe('open');
  });

  it('clears fixedIn when a person moves a fixed correction back to open', () => {
    const set = accepted(setStatusByHand(fixedCorrection, 'open', USER, T2));
    expect(set).not.toHaveProperty('fixedIn');
  });

  it('sets with-owner on a correction sorted to the owner', () => {
    expect(withOwner.status).toBe('with-owner');
    expect(withOwner.sortedTo).toBe('owner');
  });

  it('offers exactly open, being-fixed, with-owner and wont-fix', () => {
    expect([...SETTABLE_STATUSES].sort()).toEqual(['being-fixed', 'open', 'with-owner', 'wont-fix']);
  });

  it('refuses fixed: only a pin or a deploy fixes a correction', () => {
    expect(refusal(setStatusByHand(validCorrection, 'fixed', USER, T1))).toBe('status-not-settable');
  });

  it('refuses removed: removing has its own action', () => {
    expect(refusal(setStatusByHand(validCorrection, 'removed', USER, T1))).toBe('status-not-settable');
  });

  it('refuses with-owner on an unsorted correction', () => {
    expect(refusal(setStatusByHand(validCorrection, 'with-owner', USER, T1))).toBe('with-owner-needs-owner');
  });

  it('refuses with-owner on a correction sorted to a developer', () => {
    const sorted = accepted(sortCorrection(validCorrection, 'developer', USER, T1));
    expect(refusal(setStatusByHand(sorted, 'with-owner', USER, T2))).toBe('with-owner-needs-owner');
  });

  it('refuses a removed correction as not live', () => {
    expect(refusal(setStatusByHand(removed, 'open', USER, T2))).toBe('correction-not-live');
  });

  it('refuses a superseded correction as not live', () => {
    expect(refusal(setStatusByHand(superseded, 'wont-fix', USER, T2))).toBe('correction-not-live');
  });
});

describe('linkCorrection', () => {
  it('makes it being-fixed with the link', () => {
    expect(beingFixed).toEqual({ ...validCorrection, status: 'being-fixed', link: scLink, updatedAt: T1 });
  });

  it('links to a pull request', () => {
    const link: CorrectionLink = { kind: 'pull-request', url: 'https://git.example.com/acme/bot/pull/12' };
    expect(accepted(linkCorrection(validCorrection, link, T1)).link).toEqual(link);
  });

  it('clears the fixedIn and reopenedIn of a reopened correction', () => {
    const linked = accepted(linkCorrection(reopenedCorrection, scLink, T3));
    expect(linked.status).toBe('being-fixed');
    expect(linked).not.toHaveProperty('fixedIn');
    expect(linked).not.toHaveProperty('reopenedIn');
  });

  it('refuses a removed correction as not live', () => {
    expect(refusal(linkCorrection(removed, scLink, T2))).toBe('correction-not-live');
  });

  it('refuses a superseded correction as not live', () => {
    expect(refusal(linkCorrection(superseded, scLink, T2))).toBe('correction-not-live');
  });
});

describe('unlinkCorrection', () => {
  it('makes a being-fixed correction linked to that id open again, without its link', () => {
    const unlinked = accepted(unlinkCorrection(beingFixed, SC_ID, T2));
    expect(unlinked).toEqual({ ...validCorrection, status: 'open', updatedAt: T2 });
    expect(unlinked).not.toHaveProperty('link');
  });

  it('leaves a correction linked to another id as it is', () => {
    expect(accepted(unlinkCorrection(beingFixed, 'another-id', T2))).toEqual(beingFixed);
  });

  it('leaves a correction a person changed since (no longer being-fixed) as it is', () => {
    const changed = accepted(setStatusByHand(beingFixed, 'wont-fix', USER, T2));
    expect(changed.link).toEqual(scLink);
    expect(accepted(unlinkCorrection(changed, SC_ID, T3))).toEqual(changed);
  });

  it('leaves a correction linked to a pull request as it is', () => {
    const linked = accepted(linkCorrection(validCorrection, { kind: 'pull-request', url: 'https://git.example.com/pull/1' }, T1));
    expect(accepted(unlinkCorrection(linked, SC_ID, T2))).toEqual(linked);
  });

  it('leaves an unlinked correction as it is', () => {
    expect(accepted(unlinkCorrection(validCorrection, SC_ID, T1))).toEqual(validCorrection);
  });

  it('leaves a removed correction that was being fixed as it is', () => {
    const gone = accepted(removeCorrection(beingFixed, T2));
    expect(accepted(unlinkCorrection(gone, SC_ID, T3))).toEqual(gone);
  });
});

describe('fixCorrection', () => {
  it('fixes it by a pin, with the version and who pinned', () => {
    const fixed = accepted(fixCorrection(beingFixed, 'pin', T2, '4', USER));
    expect(fixed.status).toBe('fixed');
    expect(fixed.fixedIn).toEqual({ version: '4', how: 'pin', by: USER, at: T2 });
    expect(fixed.updatedAt).toBe(T2);
  });

  it('fixes it when Latest moved, with the version', () => {
    expect(accepted(fixCorrection(validCorrection, 'latest', T1, '4')).fixedIn).toEqual({ version: '4', how: 'latest', at: T1 });
  });

  it('fixes it as recorded-right with no version, even when one is given', () => {
    const saysRight: Correction = { ...validCorrection, decisions: undefined, shouldCall: undefined, mustNotCall: undefined, shouldSay: undefined, items: undefined, answer: 'right' };
    const fixed = accepted(fixCorrection(saysRight, 'recorded-right', T0, '3'));
    expect(fixed.fixedIn).toEqual({ how: 'recorded-right', at: T0 });
    expect(fixed.fixedIn).not.toHaveProperty('version');
  });

  it('replaces the fixedIn and drops the reopenedIn of a reopened correction a test run gets right again', () => {
    const fixed = accepted(fixCorrection(reopenedCorrection, 'pin', T3, '6', USER));
    expect(fixed.fixedIn).toEqual({ version: '6', how: 'pin', by: USER, at: T3 });
    expect(fixed).not.toHaveProperty('reopenedIn');
  });

  it('refuses a removed correction as not live', () => {
    expect(refusal(fixCorrection(removed, 'pin', T2, '4', USER))).toBe('correction-not-live');
  });

  it('refuses a pin or a move of Latest without the version that fixed it', () => {
    expect(refusal(fixCorrection(validCorrection, 'pin', T1, undefined, USER))).toBe('incomplete');
    expect(refusal(fixCorrection(validCorrection, 'latest', T1))).toBe('incomplete');
  });

  it('refuses recorded-right for a correction that says something was wrong', () => {
    expect(refusal(fixCorrection(validCorrection, 'recorded-right', T1))).toBe('incomplete');
  });

  it('refuses a superseded correction as not live', () => {
    expect(refusal(fixCorrection(superseded, 'pin', T2, '4', USER))).toBe('correction-not-live');
  });
});

describe('reopenCorrection', () => {
  it('makes a fixed correction open, keeping its fixedIn beside the reopenedIn', () => {
    const reopened = accepted(reopenCorrection(fixedCorrection, '5', 'went-back', T2, USER));
    expect(reopened).toEqual({ ...fixedCorrection, status: 'open', reopenedIn: { version: '5', how: 'went-back', by: USER, at: T2 }, updatedAt: T2 });
  });

  it('makes it with-owner when it is sorted to the owner', () => {
    const fixed = accepted(fixCorrection(sortedToOwner, 'pin', T2, '4', USER));
    const reopened = accepted(reopenCorrection(fixed, '5', 'unpin', T3, USER));
    expect(reopened.status).toBe('with-owner');
    expect(reopened.fixedIn).toEqual(fixed.fixedIn);
  });

  it('drops by when Latest moved', () => {
    const reopened = accepted(reopenCorrection(fixedCorrection, '5', 'latest', T2, USER));
    expect(reopened.reopenedIn).toEqual({ version: '5', how: 'latest', at: T2 });
  });

  it('refuses an open correction as not fixed', () => {
    expect(refusal(reopenCorrection(validCorrection, '5', 'pin', T1, USER))).toBe('not-fixed');
  });

  it('refuses an already reopened correction as not fixed', () => {
    expect(refusal(reopenCorrection(reopenedCorrection, '6', 'pin', T3, USER))).toBe('not-fixed');
  });

  it('refuses a reopening by pin, went-back or unpin that does not say who did it', () => {
    for (const how of ['pin', 'went-back', 'unpin'] as const) {
      expect(refusal(reopenCorrection(fixedCorrection, '5', how, T2)), how).toBe('incomplete');
    }
  });

  it('refuses a removed correction as not live', () => {
    expect(refusal(reopenCorrection(removed, '5', 'pin', T2, USER))).toBe('correction-not-live');
  });

  it('refuses a superseded fixed correction as not live', () => {
    const gone = accepted(supersedeCorrection(fixedCorrection, 'cor_2', T2));
    expect(refusal(reopenCorrection(gone, '5', 'pin', T3, USER))).toBe('correction-not-live');
  });
});

describe('removeCorrection', () => {
  it('makes it removed, unregistered at that time', () => {
    expect(removed).toEqual({ ...validCorrection, status: 'removed', unregisteredAt: T1, updatedAt: T1 });
  });

  it('clears the fixedIn and reopenedIn of a reopened correction', () => {
    const gone = accepted(removeCorrection(reopenedCorrection, T3));
    expect(gone).not.toHaveProperty('fixedIn');
    expect(gone).not.toHaveProperty('reopenedIn');
  });

  it('is idempotent: removing a removed correction changes nothing', () => {
    const again = removeCorrection(removed, T4);
    expect(again).toEqual({ ok: true, correction: removed });
    expect(accepted(again).unregisteredAt).toBe(T1);
  });

  it('refuses a superseded correction as not live', () => {
    expect(refusal(removeCorrection(superseded, T2))).toBe('correction-not-live');
  });
});

describe('supersedeCorrection', () => {
  it('names its successor and unregisters it, keeping its status', () => {
    expect(superseded).toEqual({ ...validCorrection, supersededBy: 'cor_2', unregisteredAt: T1, updatedAt: T1 });
  });

  it('keeps the fixedIn of a fixed correction it supersedes', () => {
    expect(accepted(supersedeCorrection(fixedCorrection, 'cor_2', T2)).fixedIn).toEqual(fixedCorrection.fixedIn);
  });

  it('refuses a removed correction as not live', () => {
    expect(refusal(supersedeCorrection(removed, 'cor_2', T2))).toBe('correction-not-live');
  });

  it('refuses a correction already superseded as not live', () => {
    expect(refusal(supersedeCorrection(superseded, 'cor_3', T2))).toBe('correction-not-live');
  });
});

describe('saysNothingWrong', () => {
  it.each<[string, Parameters<typeof saysNothingWrong>[0], boolean]>([
    ['says nothing at all', {}, false],
    ['has an empty list of items and nothing else', { items: [] }, false],
    ['says only that its decisions were right', { decisions: 'right' }, true],
    ['says only that its answer was right', { answer: 'right' }, true],
    ['says only that every item was right', { items: [{ key: 'a', verdict: 'right' }, { key: 'b', verdict: 'right' }] }, true],
    ['says decisions, answer and items were all right', { decisions: 'right', answer: 'right', items: [{ key: 'a', verdict: 'right' }] }, true],
    ['says its decisions were wrong', { decisions: 'wrong' }, false],
    ['says its answer was wrong', { answer: 'wrong' }, false],
    ['says its decisions were right but its answer wrong', { decisions: 'right', answer: 'wrong' }, false],
    ['says its answer was right but one item wrong', { answer: 'right', items: [{ key: 'a', verdict: 'right' }, { key: 'b', verdict: 'wrong' }] }, false],
  ])('is %s → %s', (_name, correction, expected) => {
    expect(saysNothingWrong(correction)).toBe(expected);
  });
});

describe('a correction through its whole life', () => {
  it('keeps every rule at every step', () => {
    let c = accepted(sortCorrection(validCorrection, 'owner', RULE, T0));
    c = accepted(setStatusByHand(c, 'with-owner', USER, T0, 'Owner decides'));
    c = accepted(linkCorrection(c, scLink, T1));
    c = accepted(fixCorrection(c, 'pin', T2, '4', USER));
    c = accepted(reopenCorrection(c, '5', 'latest', T3));
    expect(c.status).toBe('with-owner');
    c = accepted(sortCorrection(c, 'improve', RULE, T3));
    expect(c.status).toBe('open');
    c = accepted(removeCorrection(c, T4));
    expect(c.status).toBe('removed');
  });
});
