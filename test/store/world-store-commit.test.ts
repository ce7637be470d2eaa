// The store's commit and reset (issue 11): the journal gets a write before memory does, so a write
// the disk refused changes nothing; kept Idempotency-Key answers expire at 24 h and are bounded.
import { describe, expect, it } from 'vitest';
import type { Correction } from '../../src/domain/types.ts';
import { loadWorld } from '../../src/fixtures/load-world.ts';
import { StateWriteError } from '../../src/store/state-errors.ts';
import { MAX_KEPT_REPLIES, type KeptReply, type WorldChanges } from '../../src/store/world-changes.ts';
import { createWorldStore } from '../../src/store/world-store.ts';

const world = loadWorld();
const target = world.corrections.find((c) => c.status === 'open' && c.supersededBy === undefined);
if (!target) throw new Error('the fixtures have no open correction');
const changed: Correction = { ...target, status: 'wont-fix', updatedAt: new Date(Date.parse(target.updatedAt) + 1000).toISOString() };
const reply = (slot: string, expires: number): KeptReply => ({ slot, fingerprint: 'f', status: 200, text: '{}', expires });
const diskFull = () => { throw new StateWriteError('/tmp/state.jsonl', 'ENOSPC', 'injected'); };

describe('commit: checked, journalled, then applied', () => {
  it('onCommit sees the changes before the store shows them', () => {
    const seen: string[] = [];
    const store = createWorldStore(world, { onCommit: () => { seen.push(store.lookup.correction(target.id)!.status); } });
    store.commit({ corrections: [changed] });
    expect(seen).toEqual(['open']);
    expect(store.lookup.correction(target.id)?.status).toBe('wont-fix');
  });

  it('onCommit throws (the disk refused it) → the error passes through and nothing changed: record, list, kept answers', () => {
    const store = createWorldStore(world, { onCommit: diskFull });
    const before = store.exportWorld();
    expect(() => store.commit({ corrections: [changed], replies: [reply('slot', Date.now() + 60_000)] })).toThrow(StateWriteError);
    expect(store.lookup.correction(target.id)?.status).toBe('open');
    expect(store.keptReplyCount()).toBe(0);
    expect(store.exportWorld()).toEqual(before);
  });

  it('a set of changes that changes nothing is not journalled', () => {
    const journalled: WorldChanges[] = [];
    const store = createWorldStore(world, { onCommit: (c) => journalled.push(c) });
    store.commit({});
    store.commit({ corrections: [] });
    expect(journalled).toEqual([]);
  });

  it('reset: onReset throws → the written state stays', () => {
    let fail = false;
    const store = createWorldStore(world, { onReset: () => { if (fail) diskFull(); } });
    store.commit({ corrections: [changed] });
    fail = true;
    expect(() => store.reset()).toThrow(StateWriteError);
    expect(store.lookup.correction(target.id)?.status).toBe('wont-fix');
    fail = false;
    store.reset();
    expect(store.lookup.correction(target.id)?.status).toBe('open');
  });
});

describe('kept Idempotency-Key answers', () => {
  it('an answer past its expiry is forgotten on the next commit, oldest first, and on lookup', () => {
    let now = 1_000_000;
    const store = createWorldStore(world, { clock: () => now });
    store.commit({ replies: [reply('a', now + 100)] });
    store.commit({ replies: [reply('b', now + 200)] });
    now += 150;
    expect(store.keptReplyCount()).toBe(2);
    store.commit({ replies: [reply('c', now + 100)] });
    expect(store.keptReplyCount()).toBe(2);
    expect(store.lookup.reply('a', 0)).toBeUndefined();
    now += 100;
    expect(store.lookup.reply('b', now)).toBeUndefined();
    expect(store.keptReplyCount()).toBe(1);
  });

  it('an answer already expired when committed is not kept', () => {
    const store = createWorldStore(world, { clock: () => 5000 });
    store.commit({ replies: [reply('late', 5000)] });
    expect(store.keptReplyCount()).toBe(0);
  });

  it(`at most MAX_KEPT_REPLIES (${MAX_KEPT_REPLIES}): the oldest is forgotten first; a slot kept again counts as new`, () => {
    const now = 1_000_000;
    const store = createWorldStore(world, { clock: () => now });
    store.commit({ replies: [reply('first', now + 1000)] });
    for (let i = 1; i < MAX_KEPT_REPLIES; i += 1) store.commit({ replies: [reply(`slot-${i}`, now + 1000)] });
    expect(store.keptReplyCount()).toBe(MAX_KEPT_REPLIES);
    // Kept again, "first" is now the newest, so slot-1 is the oldest.
    store.commit({ replies: [reply('first', now + 2000)] });
    store.commit({ replies: [reply('one-more', now + 1000)] });
    expect(store.keptReplyCount()).toBe(MAX_KEPT_REPLIES);
    expect(store.lookup.reply('slot-1', now)).toBeUndefined();
    expect(store.lookup.reply('first', now)?.expires).toBe(now + 2000);
    expect(store.lookup.reply('one-more', now)).toBeDefined();
  });
});

describe('checksThatEnd: the checks a request may have to settle', () => {
  it('are only those this world started, not the loaded ones, which wait for /__mock/checks/{id}/finish', () => {
    const loaded = world.suggestedChanges.filter((s) => s.check.status === 'running' && !s.withdrawn);
    expect(loaded.length).toBeGreaterThan(0);
    const store = createWorldStore(world);
    expect(store.lookup.runningChecks()).toHaveLength(loaded.length);
    expect(store.lookup.checksThatEnd()).toEqual([]);
    const idle = world.suggestedChanges.find((s) => s.check.status !== 'running' && !s.withdrawn)!;
    const started = { suggestedChangeId: idle.id, endsAt: Date.now() + 5_000, fails: false };
    store.commit({ checks: [started] });
    expect(store.lookup.checksThatEnd()).toEqual([started]);
    expect(store.lookup.runningChecks()).toHaveLength(loaded.length + 1);
    store.commit({ finishedChecks: [idle.id] });
    expect(store.lookup.checksThatEnd()).toEqual([]);
    expect(store.lookup.runningChecks()).toHaveLength(loaded.length);
  });
});
