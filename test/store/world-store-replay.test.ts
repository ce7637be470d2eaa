// A replay (the state file's restore, issue 36): many sets of changes applied at once, the list
// index and the newest time made once at the end. It must give the store that restoring the same
// sets one by one gives; and the world check, told which corrections were already held to their
// own rules, must find what it finds without being told.
import { describe, expect, it } from 'vitest';
import { isLive } from '../../src/domain/correction-transitions.ts';
import type { Correction } from '../../src/domain/types.ts';
import { checkWorld } from '../../src/domain/world-rules.ts';
import { loadWorld } from '../../src/fixtures/load-world.ts';
import { changeCorrection, createCorrection } from '../../src/store/correction-writes.ts';
import type { WorldChanges } from '../../src/store/world-changes.ts';
import { createWorldStore, type WorldStore } from '../../src/store/world-store.ts';

const world = loadWorld();
const admin = world.principals.find((p) => p.token.startsWith('kgm_admin_') && p.writeProjectIds.length > 0);
const runs = world.runs.filter((r) => r.finished && admin?.writeProjectIds.includes(r.projectId) && r.tenantId === admin.tenantId);
const loadedOpen = world.corrections.find((c) => isLive(c) && c.status === 'open' && admin?.writeProjectIds.includes(c.projectId));
if (!admin || runs.length < 3 || !loadedOpen) throw new Error('the fixtures lack an admin with writable runs and an open correction');

/** Some hundreds of writes, as a live store journals them: new corrections, and changes of new and loaded ones. */
function journalledWrites(): WorldChanges[] {
  const journalled: WorldChanges[] = [];
  let now = Date.parse('2031-01-01T00:00:00Z');
  const at = () => new Date((now += 1000)).toISOString();
  const store = createWorldStore(world, { clock: () => now, onCommit: (changes) => journalled.push(structuredClone(changes)) });
  const made: string[] = [];
  for (let n = 0; n < 400; n += 1) {
    const run = runs[n % runs.length]!;
    const outcome = n % 3 === 2 && made.length > 0
      ? changeCorrection(store.lookup, admin!, n % 9 === 8 ? loadedOpen!.id : made[n % made.length]!, { status: (['being-fixed', 'wont-fix', 'fixed', 'open'] as const)[n % 4]! }, at())
      : createCorrection(store.lookup, admin!, { runId: run.id, answer: 'wrong', why: `replay ${n}` }, at(), `cor_replay${n.toString().padStart(8, '0')}`);
    if (!outcome.ok) continue;
    store.commit(outcome.changes);
    if (outcome.value && 'id' in outcome.value && !made.includes(outcome.value.id)) made.push(outcome.value.id);
  }
  return journalled;
}

/** What a reader sees: every list page of a few filters, the newest time, and the world. */
function seen(store: WorldStore) {
  const pages = (['all', 'mine'] as const).flatMap((from) => [undefined, ['open'] as const, ['fixed', 'wont-fix'] as const].map((statuses) => {
    const ids: string[] = [];
    let after;
    do {
      const page = store.listCorrections(admin!, { from: 'all', ...(from === 'mine' ? { madeBy: { kind: admin!.kind, id: admin!.id } } : {}), ...(statuses ? { statuses: [...statuses] } : {}) }, after, 50);
      ids.push(...page.corrections.map((c) => c.id));
      after = page.next;
    } while (after);
    return ids;
  }));
  return { pages, newest: store.newestTime(), world: store.exportWorld(), counts: store.counts() };
}

describe('a replay', () => {
  const writes = journalledWrites();

  it('gives the store that restoring the same sets one by one gives: lists, newest time, records, counts', () => {
    const oneByOne = createWorldStore(world, { clock: () => Date.parse('2031-01-01T00:00:00Z') });
    for (const changes of structuredClone(writes)) oneByOne.restore(changes);
    const replayed = createWorldStore(world, { clock: () => Date.parse('2031-01-01T00:00:00Z') });
    const replay = replayed.replay();
    for (const changes of structuredClone(writes)) replay.apply(changes);
    replay.finish();
    expect(writes.length).toBeGreaterThan(300);
    expect(seen(replayed)).toEqual(seen(oneByOne));
  });

  it('takes in the times of versions it replaced: an earlier version carrying a later time still sets the newest time', () => {
    const first: Correction = { ...loadedOpen!, why: 'first version', updatedAt: '2040-01-01T00:00:00.000Z' };
    const second: Correction = { ...loadedOpen!, why: 'second version', updatedAt: '2035-01-01T00:00:00.000Z' };
    const store = createWorldStore(world);
    const replay = store.replay();
    replay.apply({ corrections: [first] });
    replay.apply({ corrections: [second] });
    replay.finish();
    expect(store.lookup.correction(loadedOpen!.id)?.why).toBe('second version');
    expect(new Date(store.newestTime()).toISOString()).toBe('2040-01-01T00:00:00.000Z');
  });

  it('nothing can be committed until it is finished; then commits go on', () => {
    const store = createWorldStore(world);
    const replay = store.replay();
    replay.apply(structuredClone(writes[0]!));
    const changed: Correction = { ...loadedOpen!, why: 'during a replay' };
    expect(() => store.commit({ corrections: [changed] })).toThrow(/replay is under way/);
    replay.finish();
    store.commit({ corrections: [changed] });
    expect(store.lookup.correction(loadedOpen!.id)?.why).toBe('during a replay');
  });
});

describe('checkWorld with corrections already checked', () => {
  // A correction that breaks one of its own rules (checkCorrection), as the world holds it.
  const broken: Correction = { ...loadedOpen!, expert: false as unknown as true };
  const withBroken = { ...world, corrections: world.corrections.map((c) => (c.id === broken.id ? broken : c)) };
  const ownRule = (v: { recordId: string; rule: string }) => v.recordId === broken.id && v.rule === 'expert-only-true-under-a-group';

  it('finds the same as without, for every correction it was not told of', () => {
    expect(checkWorld(withBroken).some(ownRule)).toBe(true);
    // Told of another object with the same id: it checks the one the world holds.
    expect(checkWorld(withBroken, { correctionsChecked: new Set([{ ...broken }]) })).toEqual(checkWorld(withBroken));
  });

  it('skips only the own rules of the very objects it was told of; the rules between records still cover them', () => {
    const found = checkWorld(withBroken, { correctionsChecked: new Set([broken]) });
    expect(found.some(ownRule)).toBe(false);
    expect(found).toEqual(checkWorld(withBroken).filter((v) => !ownRule(v)));
  });
});
