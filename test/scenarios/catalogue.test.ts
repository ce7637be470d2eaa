// Every built-in scenario with its defaults and with each value of each enum parameter: applied
// to a world of its own, read back through the store as a principal allowed to read it, in the
// state asked, with the whole world keeping every rule.
import { describe, expect, it } from 'vitest';
import { FIXED_HOW, MADE_BY_KINDS, REOPENED_HOW, SORTED_TO, SUGGESTED_CHANGE_STATUSES } from '../../src/domain/types.ts';
import { createScenarioCatalogue } from '../../src/scenarios/apply.ts';
import type { MockWorld } from '../../src/http/context.ts';
import { expectWorldKeepsRules, readerOf, testWorld } from './support.ts';

const catalogue = createScenarioCatalogue();

const correctionOf = (world: MockWorld, projectId: string, id: string) => world.store.readCorrection(readerOf(world, projectId), id)!;
const changeOf = (world: MockWorld, projectId: string, id: string) => world.store.readSuggestedChange(readerOf(world, projectId), id)!;

describe('correction: each enum value', () => {
  it.each(SORTED_TO)('sortedTo %s', (sortedTo) => {
    const world = testWorld();
    const result = catalogue.apply(world, 'correction', { sortedTo });
    expect(correctionOf(world, result.params.projectId as string, result.created.corrections[0]!)).toMatchObject({ sortedTo, status: 'open' });
    expectWorldKeepsRules(world);
  });

  it.each(FIXED_HOW)('fixedHow %s', (fixedHow) => {
    const world = testWorld();
    const result = catalogue.apply(world, 'correction', { fixedHow, count: 2 });
    expect(result.params.status).toBe('fixed');
    for (const id of result.created.corrections) {
      const correction = correctionOf(world, result.params.projectId as string, id);
      expect(correction.status).toBe('fixed');
      expect(correction.fixedIn?.how).toBe(fixedHow);
    }
    expectWorldKeepsRules(world);
  });

  it.each(REOPENED_HOW)('reopenedHow %s', (reopenedHow) => {
    const world = testWorld();
    const result = catalogue.apply(world, 'correction', { reopenedHow });
    const correction = correctionOf(world, result.params.projectId as string, result.created.corrections[0]!);
    expect(correction).toMatchObject({ status: 'open', reopenedIn: { how: reopenedHow }, fixedIn: { how: 'pin' } });
    expectWorldKeepsRules(world);
  });

  it('reopened and sorted to the owner is with-owner', () => {
    const world = testWorld();
    const result = catalogue.apply(world, 'correction', { reopenedHow: 'latest', fixedHow: 'latest', sortedTo: 'owner' });
    expect(result.params.status).toBe('with-owner');
    const correction = correctionOf(world, result.params.projectId as string, result.created.corrections[0]!);
    expect(correction).toMatchObject({ status: 'with-owner', fixedIn: { how: 'latest' }, reopenedIn: { how: 'latest' } });
    expect(correction.reopenedIn?.by).toBeUndefined();
    expectWorldKeepsRules(world);
  });

  it.each(['decisions', 'answer', 'items'] as const)('says %s', (says) => {
    const world = testWorld();
    const result = catalogue.apply(world, 'correction', { says });
    const correction = correctionOf(world, result.params.projectId as string, result.created.corrections[0]!);
    expect(correction[says]).toBeDefined();
    expectWorldKeepsRules(world);
  });

  it('expert, by an app for its end users, and with a status note', () => {
    const world = testWorld();
    const expert = catalogue.apply(world, 'correction', { expert: true, status: 'wont-fix', statusNote: 'Not worth it.' });
    expect(correctionOf(world, expert.params.projectId as string, expert.created.corrections[0]!)).toMatchObject({ expert: true, status: 'wont-fix', statusNote: { text: 'Not worth it.' } });
    const app = catalogue.apply(world, 'correction', { endUser: true, count: 2 });
    const made = app.created.corrections.map((id) => correctionOf(world, app.params.projectId as string, id));
    expect(made.every((c) => c.madeBy.kind === 'service' && c.participantId !== undefined)).toBe(true);
    expect(new Set(made.map((c) => c.participantId)).size).toBe(2);
    const noted = catalogue.apply(world, 'correction', { status: 'fixed', statusNote: 'Fixed by the March pin.' });
    expect(correctionOf(world, noted.params.projectId as string, noted.created.corrections[0]!)).toMatchObject({ status: 'fixed', statusNote: { text: 'Fixed by the March pin.' } });
    expectWorldKeepsRules(world);
  });
});

describe('suggested-change', () => {
  it('makes one ready suggested change by an Improve run by default', () => {
    const world = testWorld();
    const result = catalogue.apply(world, 'suggested-change', {});
    expect(result.params).toMatchObject({ count: 1, status: 'ready', madeBy: 'improve-run', madeBeforeProjects: false });
    expect(changeOf(world, result.params.projectId as string, result.created.suggestedChanges[0]!)).toMatchObject({ status: 'ready', madeBy: { kind: 'improve-run' } });
    expectWorldKeepsRules(world);
  });

  for (const status of SUGGESTED_CHANGE_STATUSES) {
    it.each(MADE_BY_KINDS)(`status ${status}, made by %s`, (madeBy) => {
      const world = testWorld();
      const result = catalogue.apply(world, 'suggested-change', { status, madeBy });
      const change = changeOf(world, result.params.projectId as string, result.created.suggestedChanges[0]!);
      expect(change).toMatchObject({ status, madeBy: { kind: madeBy } });
      const fixed = correctionOf(world, result.params.projectId as string, change.fixes[0]!);
      if (status === 'pinned') expect(fixed).toMatchObject({ status: 'fixed', fixedIn: { how: 'pin', version: change.version } });
      if (status === 'withdrawn') expect(fixed.status).toBe('open');
      expectWorldKeepsRules(world);
    });
  }

  it.each(['ready', 'withdrawn'] as const)('made before projects, %s', (status) => {
    const world = testWorld();
    const result = catalogue.apply(world, 'suggested-change', { status, madeBeforeProjects: true });
    expect(changeOf(world, result.params.projectId as string, result.created.suggestedChanges[0]!)).toMatchObject({ status });
    expect(world.store.lookup.suggestedChange(result.created.suggestedChanges[0]!)?.madeBeforeProjects).toBe(true);
    expectWorldKeepsRules(world);
  });
});

describe('pin-then-reopened', () => {
  it.each(REOPENED_HOW)('how %s: open, with its fixedIn (a pin) and reopenedIn', (how) => {
    const world = testWorld();
    const result = catalogue.apply(world, 'pin-then-reopened', { how });
    expect(result.created.suggestedChanges).toHaveLength(1);
    const correction = correctionOf(world, result.params.projectId as string, result.created.corrections[0]!);
    expect(correction).toMatchObject({ status: 'open', fixedIn: { how: 'pin' }, reopenedIn: { how } });
    expectWorldKeepsRules(world);
  });

  it('defaults how to pin', () => {
    expect(catalogue.apply(testWorld(), 'pin-then-reopened', {}).params).toMatchObject({ how: 'pin' });
  });
});

describe('awaiting-approval', () => {
  it('waits for a second person, naming who pinned and who may approve, and the approval can be decided', () => {
    const world = testWorld();
    const result = catalogue.apply(world, 'awaiting-approval', {});
    const [approvalId] = result.created.approvals;
    const change = changeOf(world, result.params.projectId as string, result.created.suggestedChanges[0]!);
    expect(change).toMatchObject({ status: 'waiting-for-second-person', approvalId });
    expect(world.store.lookup.project(result.params.projectId as string)?.releaseGate).toBe('second-person');
    const { pinnedBy, mayApprove } = result.principals!;
    expect(world.store.lookup.approval(approvalId!)?.pinnedBy).toEqual({ kind: pinnedBy!.kind, id: pinnedBy!.id });
    expect(mayApprove!.id).not.toBe(pinnedBy!.id);
    expect(world.store.principalByToken(mayApprove!.token)?.writeProjectIds).toContain(result.params.projectId);
    expectWorldKeepsRules(world);
  });
});

describe('superseded', () => {
  it.each([2, 3, 4, 5])('depth %i: one run, one author, only the last live', (depth) => {
    const world = testWorld();
    const result = catalogue.apply(world, 'superseded', { depth });
    const made = result.created.corrections.map((id) => world.store.lookup.correction(id)!);
    expect(made).toHaveLength(depth);
    expect(new Set(made.map((c) => c.runId)).size).toBe(1);
    expect(new Set(made.map((c) => c.madeBy.id)).size).toBe(1);
    made.slice(0, -1).forEach((c, i) => expect(c.supersededBy).toBe(made[i + 1]!.id));
    expect(made[depth - 1]!.supersededBy).toBeUndefined();
    expect(result.created.runs).toHaveLength(1);
    expectWorldKeepsRules(world);
  });

  it('defaults depth to 2', () => {
    expect(catalogue.apply(testWorld(), 'superseded', undefined).params).toEqual({ depth: 2 });
  });
});
