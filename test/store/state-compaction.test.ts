// The state file stays the size of the world, not of its history (issue 36): a compaction writes a
// snapshot of the world's changes and the live Idempotency-Key answers, atomically; a restart from
// it is the same world as from the whole journal; a crash or a failure at any step of it loses
// nothing acknowledged; and every acknowledged write, reset and compaction is synced (the file, and
// the folder after a rename) before it returns.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { isLive } from '../../src/domain/correction-transitions.ts';
import { loadWorld } from '../../src/fixtures/load-world.ts';
import { loadSpec } from '../../src/spec/load-spec.ts';
import { changeCorrection, createCorrection, removeCorrectionById } from '../../src/store/correction-writes.ts';
import type { Outcome } from '../../src/store/outcome.ts';
import { StateWriteError, type StateJournal } from '../../src/store/state-file.ts';
import type { StateFileSystem } from '../../src/store/state-fs.ts';
import { openRestoredState, type RestoreOptions, type RestoredState } from '../../src/store/state-restore.ts';
import { decideApproval, pin } from '../../src/store/suggested-change-writes.ts';
import type { WorldStore } from '../../src/store/world-store.ts';
import type { KeptClock } from '../../src/worlds/mock-clock.ts';
import { faultyFileSystem, type Faults } from '../support/faulty-file-system.ts';

const HOUR = 60 * 60 * 1000;
const document = loadSpec();
const world = loadWorld(undefined, document);
const writable = (caller: (typeof world.principals)[number], projectId: string) => caller.writeProjectIds.includes(projectId);
const admin = world.principals.find((p) => p.token.startsWith('kgm_admin_'))!;
const runs = world.runs.filter((r) => r.finished && writable(admin, r.projectId)).slice(0, 40);
const corrections = world.corrections.filter((c) => writable(admin, c.projectId)).slice(0, 60);
const changes = world.suggestedChanges.filter((s) => !s.withdrawn && !s.pinned && !s.addedAsLatest && !s.approvalId).slice(0, 30);
if (runs.length < 10 || corrections.length < 20 || changes.length < 5) throw new Error('the fixtures lack the runs, corrections or suggested changes this test writes to');

const folder = mkdtempSync(join(tmpdir(), 'kindgi-compaction-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;
const newFile = () => join(folder, `state-${(files += 1)}.jsonl`);

let now = Date.parse('2031-03-01T09:00:00Z');
const clock = () => now;
const opened: StateJournal[] = [];
afterEach(() => {
  for (const journal of opened.splice(0)) journal.close();
});
/** Compacts past 4 KiB and once the file is larger than its last snapshot at all: often. */
const OFTEN = { minBytes: 4096, ratio: 1 };
const NEVER = { minBytes: Number.POSITIVE_INFINITY };
function open(file: string, extra: Partial<RestoreOptions> = {}): RestoredState {
  const restored = openRestoredState(file, world, { document, clock, ...extra });
  opened.push(restored.journal);
  return restored;
}
/** The whole state a restart must give back: the records, and everything else the store holds in the order it holds it. */
const digest = (store: WorldStore) => createHash('sha256').update(JSON.stringify([store.worldView(), store.ownChanges(), store.lookup.runningChecks()])).digest('hex');
const headerOf = (file: string) => readFileSync(file, 'utf8').split('\n', 1)[0]!;
const isCompacted = (file: string) => headerOf(file).includes('"snapshot":{"lines":');

type Step =
  | { kind: 'create'; run: number; key: boolean }
  | { kind: 'patch'; correction: number; status: 'open' | 'being-fixed' | 'wont-fix' | 'fixed'; key: boolean }
  | { kind: 'remove'; correction: number }
  | { kind: 'pin'; change: number }
  | { kind: 'decide'; approve: boolean }
  | { kind: 'clock'; frozen: boolean }
  | { kind: 'wait'; hours: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('create' as const), run: fc.nat(), key: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('patch' as const), correction: fc.nat(), status: fc.constantFrom('open' as const, 'being-fixed' as const, 'wont-fix' as const, 'fixed' as const), key: fc.boolean() }) },
  fc.record({ kind: fc.constant('remove' as const), correction: fc.nat() }),
  fc.record({ kind: fc.constant('pin' as const), change: fc.nat() }),
  fc.record({ kind: fc.constant('decide' as const), approve: fc.boolean() }),
  fc.record({ kind: fc.constant('clock' as const), frozen: fc.boolean() }),
  // Up to 30 h: Idempotency-Key answers (kept 24 h) expire on the way.
  fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 30 }) }),
);

/** Replays `steps` on `state`, as the mock's routes would; the count of writes it acknowledged. */
function perform(state: RestoredState, steps: readonly Step[]): number {
  const { store } = state;
  let ids = 0;
  let acknowledged = 0;
  const at = () => new Date((now += 1000)).toISOString();
  const commit = <T>(outcome: Outcome<T>, key: boolean): void => {
    if (!outcome.ok) return;
    // The answer kept for an Idempotency-Key travels in the write's own line, as the route keeps it.
    store.commit(key ? { ...outcome.changes, replies: [{ slot: `slot-${(ids += 1)}-${now}`, fingerprint: 'f', status: 200, text: JSON.stringify(outcome.value), expires: now + 24 * HOUR }] } : outcome.changes);
    acknowledged += 1;
  };
  const approvals: string[] = [];
  for (const step of steps) {
    const view = store.worldView();
    switch (step.kind) {
      case 'create':
        commit(createCorrection(store.lookup, admin, { runId: runs[step.run % runs.length]!.id, answer: 'wrong', why: 'compaction' }, at(), `cor_compact${String(now).slice(-9)}${(ids += 1)}`), step.key);
        break;
      case 'patch': {
        const pool = view.corrections.filter((c) => writable(admin, c.projectId));
        commit(changeCorrection(store.lookup, admin, pool[step.correction % pool.length]!.id, { status: step.status }, at()), step.key);
        break;
      }
      case 'remove': {
        const pool = view.corrections.filter((c) => writable(admin, c.projectId));
        commit(removeCorrectionById(store.lookup, admin, pool[step.correction % pool.length]!.id, at()), false);
        break;
      }
      case 'pin': {
        const outcome = pin({ lookup: store.lookup, caller: admin, at: at(), newId: (prefix) => `${prefix}_compact${(ids += 1)}_${now}` }, changes[step.change % changes.length]!.id);
        if (outcome.ok && outcome.value.approvalId) approvals.push(outcome.value.approvalId);
        commit(outcome, false);
        break;
      }
      case 'decide': {
        const approval = approvals.pop();
        if (approval) commit(decideApproval(store.lookup, admin, approval, step.approve ? 'approve' : 'reject', at()), false);
        break;
      }
      case 'clock':
        state.keepClock({ now: now + HOUR, frozen: step.frozen, at: now });
        break;
      case 'wait':
        now += step.hours * HOUR;
        break;
    }
  }
  return acknowledged;
}

describe('a compaction', () => {
  it('rewrites the file as a snapshot (a header naming it, then its lines) once it passes its size; appends go on after it; a restart is the same world', () => {
    const file = newFile();
    const state = open(file, { compaction: OFTEN });
    perform(state, Array.from({ length: 60 }, (_, i): Step => (i % 2 === 0 ? { kind: 'create', run: i, key: true } : { kind: 'patch', correction: i, status: 'wont-fix', key: false })));
    expect(isCompacted(file)).toBe(true);
    const before = digest(state.store);
    const writes = state.restoredWrites + state.store.writeCount();
    state.journal.close();
    const again = open(file);
    expect(digest(again.store)).toBe(before);
    expect(again.summary.fromSnapshot?.writes).toBeGreaterThan(0);
    expect(again.summary.writes).toBe(writes);
    expect(again.journal.notices).toEqual([]);
  });

  it('N random writes (answers expiring on the way, approvals, the clock), compacted often, then a restart → the same world, answers and clock as the same writes restored from the whole journal', { timeout: 120_000 }, () => {
    let compactedRuns = 0;
    fc.assert(fc.property(fc.array(stepArbitrary, { minLength: 20, maxLength: 80 }), (steps) => {
      const start = now;
      const [compacting, whole] = [newFile(), newFile()];
      const results = [compacting, whole].map((file, i) => {
        now = start;
        const state = open(file, { compaction: i === 0 ? OFTEN : NEVER });
        const acknowledged = perform(state, steps);
        const live = digest(state.store);
        state.journal.close();
        const clocks: KeptClock[] = [];
        const again = open(file, { onClock: (kept) => clocks.push(kept) });
        again.journal.close();
        return { live, restarted: digest(again.store), writes: again.restoredWrites, acknowledged, clock: clocks.at(-1), answers: again.store.keptReplyCount() };
      });
      const [fromSnapshot, fromJournal] = results as [typeof results[0], typeof results[0]];
      expect(fromSnapshot.restarted).toBe(fromSnapshot.live);
      expect(fromSnapshot.restarted).toBe(fromJournal.restarted);
      expect(fromSnapshot.writes).toBe(fromJournal.writes);
      expect(fromSnapshot.writes).toBe(fromSnapshot.acknowledged);
      expect(fromSnapshot.clock).toEqual(fromJournal.clock);
      expect(fromSnapshot.answers).toBe(fromJournal.answers);
      if (isCompacted(compacting)) {
        compactedRuns += 1;
        expect(statSync(compacting).size).toBeLessThan(statSync(whole).size);
      }
    }), { numRuns: 25, seed: 36 });
    expect(compactedRuns).toBeGreaterThan(10);
  });

  it('carries no expired Idempotency-Key answer, and the clock as /__mock/clock left it', () => {
    const file = newFile();
    const state = open(file, { compaction: OFTEN });
    state.store.commit({ replies: [{ slot: 'old', fingerprint: 'f', status: 201, text: '{}', expires: now + HOUR }] });
    state.keepClock({ now: now + 5 * HOUR, frozen: true, at: now });
    now += 2 * HOUR;
    state.store.commit({ replies: [{ slot: 'live', fingerprint: 'f', status: 201, text: '{}', expires: now + HOUR }] });
    state.journal.compact();
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('"slot":"old"');
    expect(text).toContain('"slot":"live"');
    state.journal.close();
    const clocks: KeptClock[] = [];
    const again = open(file, { onClock: (kept) => clocks.push(kept) });
    expect(clocks).toEqual([{ now: now - 2 * HOUR + 5 * HOUR, frozen: true, at: now - 2 * HOUR }]);
    expect(again.summary.clock).toEqual(clocks[0]);
    expect(again.store.lookup.reply('live', now)).toBeDefined();
  });
});

/** A journal with a few writes, compacting past its first writes; the digest of what was acknowledged after each. */
function withWrites(fs: StateFileSystem, extra: Partial<RestoreOptions> = {}) {
  const file = newFile();
  const state = open(file, { fileSystem: fs, compaction: { minBytes: 2048, ratio: 1 }, ...extra });
  perform(state, Array.from({ length: 4 }, (_, i): Step => ({ kind: 'create', run: i, key: true })));
  return { file, state };
}
/** One more write, as the next request would make it; whether it was acknowledged. */
function oneMore(state: RestoredState, n: number): boolean {
  try {
    perform(state, [{ kind: 'patch', correction: n, status: n % 2 === 0 ? 'wont-fix' : 'open', key: true }]);
    return true;
  } catch (error) {
    if (error instanceof StateWriteError) return false;
    throw error;
  }
}

describe('a crash at any step of a compaction (and of the write after it) loses nothing acknowledged', () => {
  it('the machine stopped at each file-system call in turn → a restart from what is on disk has every acknowledged write', () => {
    // How many calls a compaction and the next write take, counted on a run without a crash.
    const { fs: countFs, calls } = faultyFileSystem();
    const { state: counted } = withWrites(countFs);
    const from = calls().length;
    counted.journal.compact();
    oneMore(counted, 1);
    const steps = calls().slice(from);
    expect(steps.some((c) => c.startsWith('rename '))).toBe(true);
    expect(steps.some((c) => c.startsWith('syncDirectory '))).toBe(true);
    expect(steps.filter((c) => c.startsWith('write ')).length).toBeGreaterThanOrEqual(3);

    for (let stop = 1; stop <= steps.length + 1; stop += 1) {
      const faulty = faultyFileSystem();
      const { file, state } = withWrites(faulty.fs);
      faulty.crashAt(stop);
      try {
        state.journal.compact();
      } catch (error) {
        expect(error).toBeInstanceOf(StateWriteError);
      }
      // The write after it, made by hand to keep its changes when it is refused.
      const live = state.store.worldView().corrections.find((c) => isLive(c) && c.status === 'open' && writable(admin, c.projectId))!;
      const outcome = changeCorrection(state.store.lookup, admin, live.id, { status: 'wont-fix', note: `stop ${stop}` }, new Date((now += 1000)).toISOString());
      if (!outcome.ok) throw new Error(outcome.message);
      let refused = false;
      try {
        state.store.commit(outcome.changes);
      } catch (error) {
        expect(error).toBeInstanceOf(StateWriteError);
        refused = true;
      }
      const acknowledged = digest(state.store);
      // The process is gone: nothing more reaches the disk (close only lets go of the lock).
      state.journal.close();
      const again = open(file);
      const restarted = digest(again.store);
      again.journal.close();
      const where = `stopped at call ${stop}: ${steps[stop - 1] ?? 'after the last'}`;
      if (restarted === acknowledged) continue;
      // A write refused (503) whose line had reached the file may come back: it was never answered, so
      // a client retries it. Nothing else may differ.
      expect(refused, where).toBe(true);
      state.store.restore(outcome.changes);
      expect(restarted, where).toBe(digest(state.store));
    }
  });
});

const COMPACTION_FAULTS: Array<{ name: string; set: (f: Faults) => void }> = [
  { name: 'opening FILE.new fails', set: (f) => { f.open = 'EIO'; } },
  { name: 'writing it fails (ENOSPC)', set: (f) => { f.write = 'ENOSPC'; } },
  { name: 'a short write, then ENOSPC', set: (f) => { f.write = 'short'; } },
  { name: 'its fsync fails', set: (f) => { f.fsync = 'EIO'; } },
  { name: 'the rename fails', set: (f) => { f.rename = 'EIO'; } },
];

describe('a compaction that fails', () => {
  for (const fault of COMPACTION_FAULTS) {
    it(`${fault.name} → the write that set it off is still acknowledged, the old file is whole and valid, no FILE.new is left, the failure is told; writes go on, and a later compaction succeeds`, () => {
      const faulty = faultyFileSystem();
      const failures: StateWriteError[] = [];
      const { file, state } = withWrites(faulty.fs, { onCompactionFailure: (error) => failures.push(error) });
      const before = readFileSync(file);
      fault.set(faulty.faults);
      faulty.faults.onlyNewFile = true;
      let n = 0;
      // Writes until one sets a compaction off: each is acknowledged all the same.
      while (failures.length === 0) {
        expect(oneMore(state, (n += 1))).toBe(true);
        if (n > 200) throw new Error('no compaction was tried');
      }
      expect(failures[0]).toBeInstanceOf(StateWriteError);
      expect(failures[0]!.message).toContain('a compaction did not reach the disk');
      // The old file, only appended to.
      expect(readFileSync(file).subarray(0, before.length)).toEqual(before);
      expect(existsSync(`${file}.new`)).toBe(false);
      expect(faulty.unsynced()).toEqual([]);
      const acknowledged = digest(state.store);
      copyFileSync(file, `${file}.copy`);
      expect(digest(open(`${file}.copy`).store)).toBe(acknowledged);
      // Not tried again at once; once the fault is gone, a later write's compaction succeeds.
      expect(oneMore(state, (n += 1))).toBe(true);
      expect(failures).toHaveLength(1);
      faulty.clear();
      const header = headerOf(file);
      for (let more = 0; more < 200 && headerOf(file) === header; more += 1) expect(oneMore(state, (n += 1))).toBe(true);
      expect(headerOf(file)).not.toBe(header);
      expect(isCompacted(file)).toBe(true);
      const last = digest(state.store);
      state.journal.close();
      expect(digest(open(file).store)).toBe(last);
    });
  }

  it('the folder sync after the rename fails → the compaction stands; the next write syncs the folder before it is acknowledged, and is refused (cut back) while it cannot', () => {
    const faulty = faultyFileSystem();
    const { file, state } = withWrites(faulty.fs);
    faulty.faults.syncDirectory = 'EIO';
    state.journal.compact();
    expect(isCompacted(file)).toBe(true);
    const before = readFileSync(file);
    const acknowledged = digest(state.store);
    expect(oneMore(state, 1)).toBe(false);
    expect(readFileSync(file)).toEqual(before);
    expect(digest(state.store)).toBe(acknowledged);
    faulty.clear();
    expect(oneMore(state, 2)).toBe(true);
    expect(faulty.unsynced()).toEqual([]);
    const last = digest(state.store);
    state.journal.close();
    expect(digest(open(file).store)).toBe(last);
  });

  it('the write after a compaction fails → 503 as any write: the compacted file is whole, a restart has every acknowledged write', () => {
    const faulty = faultyFileSystem();
    const { file, state } = withWrites(faulty.fs);
    state.journal.compact();
    const acknowledged = digest(state.store);
    faulty.faults.write = 'short';
    expect(oneMore(state, 1)).toBe(false);
    faulty.clear();
    state.journal.close();
    expect(digest(open(file).store)).toBe(acknowledged);
  });
});

describe('every acknowledged write is synced before it returns (the file, and the folder after a rename)', () => {
  it('after each write, reset and compaction returns, nothing written is unsynced and no rename is without its folder sync', () => {
    const faulty = faultyFileSystem();
    const { state } = withWrites(faulty.fs);
    expect(faulty.unsynced()).toEqual([]);
    for (let n = 0; n < 30; n += 1) {
      oneMore(state, n);
      expect(faulty.unsynced(), `after write ${n}`).toEqual([]);
    }
    state.keepClock({ now: now + HOUR, frozen: false, at: now });
    expect(faulty.unsynced()).toEqual([]);
    state.journal.compact();
    expect(faulty.unsynced(), 'after a compaction').toEqual([]);
    const calls = faulty.calls();
    const rename = calls.findLastIndex((c) => c.startsWith('rename '));
    expect(calls.slice(rename + 1).some((c) => c.startsWith('syncDirectory '))).toBe(true);
    state.store.reset();
    expect(faulty.unsynced(), 'after a reset').toEqual([]);
    oneMore(state, 99);
    expect(faulty.unsynced()).toEqual([]);
  });
});
