// Builds the store a state file describes, completely, before the file is accepted: each entry is
// held to the rules a write is held to and replayed, then the whole world is checked. A refused
// entry is named by its line; a record that breaks a rule of the world, by the line that last wrote it.
// It also gives the journal what a compaction writes: a snapshot of the store's changes, and the clock.
import { performance } from 'node:perf_hooks';
import { checkWorld, type WorldViolation } from '../domain/world-rules.ts';
import type { World } from '../domain/world.ts';
import type { OpenApiDocument } from '../spec/openapi-types.ts';
import type { KeptClock } from '../worlds/mock-clock.ts';
import { entryChecker, isClockEntry } from './state-entry-rules.ts';
import { StateFileError } from './state-errors.ts';
import { openStateJournal, type OpenedFile, type Snapshot, type StateJournal, type StateWriteError } from './state-file.ts';
import type { StateFileSystem } from './state-fs.ts';
import { isVersion1NoOp, type JournalEntry, type JournalValue } from './state-lines.ts';
import type { Correction } from '../domain/types.ts';
import type { WorldChanges, WORLD_CHANGE_KEYS } from './world-changes.ts';
import { createWorldStore, type StoreOptions, type WorldStore } from './world-store.ts';

/** How far a long restore has got, about once a second after its first second. */
export interface RestoreProgress {
  /** The line being replayed (the header is line 1), of `lines`. */
  line: number;
  lines: number;
  elapsedMs: number;
}

export interface RestoreOptions {
  /** The document whose schemas the entries are held to. */
  document: OpenApiDocument;
  /** Now, for the expiry of kept Idempotency-Key answers (Date.now by default). */
  clock?: () => number;
  fileSystem?: StateFileSystem;
  /** Told, in order, of each clock the file kept (`/__mock/clock`), as the replay reaches it. */
  onClock?: (kept: KeptClock) => void;
  /** Told how far a restore that takes more than a second has got, about once a second. */
  onProgress?: (progress: RestoreProgress) => void;
  /** Test-only: that second (1000 ms by default). */
  progressMs?: number;
  /** Told of a compaction that failed (nothing is lost; it is tried again later). */
  onCompactionFailure?: (error: StateWriteError) => void;
  /** Test-only: when the journal compacts (state-file.ts COMPACT_MIN_BYTES, COMPACT_RATIO). */
  compaction?: { minBytes?: number; ratio?: number };
}

/** What a start restored, for the banner. */
export interface RestoreSummary {
  /** Writes restored over the world, those a compaction's snapshot stands for included. */
  writes: number;
  /** Approvals the writes opened that are still waiting. */
  openApprovals: number;
  /** Idempotency-Key answers kept (those expired by the clock are not). */
  keptAnswers: number;
  /** Set when the file started with a compaction's snapshot: the writes it stands for. */
  fromSnapshot?: { writes: number };
  /** The clock the file kept, when `/__mock/clock` set it. */
  clock?: KeptClock;
  /** Lines in the file, the header included. */
  lines: number;
  /** From locking the file to the store ready. */
  ms: number;
}

export interface RestoredState {
  store: WorldStore;
  journal: StateJournal;
  /** How many journalled writes were restored over the world (as `summary.writes`). */
  restoredWrites: number;
  summary: RestoreSummary;
  /** Keeps the base world's clock in the file (a line of its own), so that a restart goes on from it; StateWriteError when the disk did not take it. */
  keepClock(kept: KeptClock): void;
}

/**
 * Opens the state file at `path`, restores every write in it over `world`, and returns the store
 * journalling each commit and reset to it, and compacting it when it grows past its size.
 * - Throws StateFileError naming the file, the line and what is wrong; the file is then left as
 *   it was and nothing is served. Only a torn last line (one that does not verify) is dropped:
 *   a last line that verifies but lost its newline is a whole write, held to the rules as any.
 * - Idempotency-Key answers that have expired by `clock` are not loaded.
 */
export function openRestoredState(path: string, world: World, options: RestoreOptions): RestoredState {
  const started = performance.now();
  let store: WorldStore | undefined;
  let journal: StateJournal | undefined;
  let replayed: Replayed | undefined;
  // Writes the file stands for, so far: a snapshot's count travels with it through every compaction.
  let writes = 0;
  let clock: KeptClock | undefined;
  const journalOf = () => {
    if (!journal) throw new Error('the state file is not open yet');
    return journal;
  };
  // The journal exists once the file is restored; the replay (store.restore) journals nothing.
  const storeOptions: StoreOptions = {
    ...(options.clock ? { clock: options.clock } : {}),
    onCommit(changes) {
      journalOf().append(changes);
      writes += 1;
    },
    afterCommit: () => journalOf().compactIfDue(),
    onReset() {
      journalOf().reset(clock ? [{ clock }] : []);
      writes = 0;
    },
  };
  journal = openStateJournal(path, world, {
    ...(options.fileSystem ? { fileSystem: options.fileSystem } : {}),
    restore(entries, version, opened) {
      replayed = replay(world, entries, version, opened, options, storeOptions);
      if (!replayed.ok) throw new StateFileError(path, replayed.message);
      store = replayed.store;
      writes = replayed.writes;
      clock = replayed.clock;
    },
    compaction: {
      ...options.compaction,
      snapshot: () => snapshotOf(store!, clock, writes),
      ...(options.onCompactionFailure ? { onFailure: options.onCompactionFailure } : {}),
    },
  });
  const done = replayed as Extract<Replayed, { ok: true }>;
  const summary: RestoreSummary = {
    writes,
    openApprovals: done.openApprovals,
    keptAnswers: done.store.keptReplyCount(),
    ...(done.snapshot ? { fromSnapshot: { writes: done.snapshot.writes } } : {}),
    ...(clock ? { clock } : {}),
    lines: done.lines,
    ms: performance.now() - started,
  };
  return {
    store: store!,
    journal,
    restoredWrites: writes,
    summary,
    keepClock(kept) {
      journalOf().append({ clock: kept });
      clock = kept;
    },
  };
}

/**
 * How many records of each kind a snapshot's line holds, in the order they go (each after those it
 * names). Every key of a set of changes, no other: a key WorldChanges gains fails to compile here
 * until its snapshot carries it.
 */
const SNAPSHOT_LINES = {
  projects: 500, principals: 500, runs: 500, agents: 500, blocks: 200, suggestedChanges: 200, corrections: 500,
  approvals: 1000, closedApprovals: 5000, checks: 1000, finishedChecks: 5000, replies: 100,
} satisfies Record<(typeof WORLD_CHANGE_KEYS)[number], number>;

/** The store's changes as lines of at most a few hundred records, then the clock. */
function snapshotOf(store: WorldStore, clock: KeptClock | undefined, writes: number): Snapshot {
  const changes = store.ownChanges();
  const values: JournalValue[] = [];
  for (const [key, perLine] of Object.entries(SNAPSHOT_LINES)) {
    const list = changes[key as keyof typeof SNAPSHOT_LINES] as unknown[];
    for (let from = 0; from < list.length; from += perLine) values.push({ [key]: list.slice(from, from + perLine) });
  }
  if (clock) values.push({ clock });
  return { values, writes };
}

type Replayed =
  | { ok: true; store: WorldStore; writes: number; openApprovals: number; clock?: KeptClock; snapshot?: OpenedFile['snapshot']; lines: number }
  | { ok: false; message: string };

const SHOWN = 5;
/** Entries between two looks at the time (for the lock's heartbeat and the progress line). */
const LOOK_EVERY = 64;

function replay(world: World, entries: readonly JournalEntry[], version: 1 | 2, opened: OpenedFile, options: RestoreOptions, storeOptions: StoreOptions): Replayed {
  const store = createWorldStore(world, storeOptions);
  const lines = (entries[entries.length - 1]?.line ?? 1);
  const { snapshot } = opened;
  // A snapshot's lines stand for its `writes`; every later change entry is one write.
  let writes = snapshot?.writes ?? 0;
  let clock: KeptClock | undefined;
  const waiting = new Set<string>();
  if (entries.length === 0) return { ok: true, store, writes, openApprovals: 0, lines, ...(snapshot ? { snapshot } : {}) };
  const check = entryChecker(options.document);
  // Tenants and orgs are never changed by a write: the loaded ones are all there are.
  const tenants = new Map(world.tenants.map((t) => [t.id, t]));
  const orgs = new Map(world.orgs.map((o) => [o.id, o]));
  const entryWorld = { principalByToken: store.principalByToken, tenant: (id: string) => tenants.get(id), org: (id: string) => orgs.get(id) };
  const started = performance.now();
  const every = options.progressMs ?? 1000;
  let reported = started;
  // Corrections whose own rules the entry check ran (as these objects): the world check skips only those.
  const correctionsChecked = new Set<Correction>();
  const replaying = store.replay();
  for (const [index, entry] of entries.entries()) {
    if (index % LOOK_EVERY === 0) {
      opened.beat();
      const now = performance.now();
      if (options.onProgress && now - started >= every && now - reported >= every) {
        reported = now;
        options.onProgress({ line: entry.line, lines, elapsedMs: now - started });
      }
    }
    if (version === 1 && isVersion1NoOp(entry.value)) continue;
    const problems = check(entry.value, store.lookup, entryWorld);
    if (problems.length > 0) {
      const why = problems.slice(0, SHOWN).join('; ') + (problems.length > SHOWN ? `; and ${problems.length - SHOWN} more` : '');
      return { ok: false, message: `line ${entry.line} cannot be restored: ${why} (the file was left as it was)` };
    }
    if (isClockEntry(entry.value)) {
      clock = entry.value.clock;
      options.onClock?.(clock);
      continue;
    }
    const changes = entry.value as WorldChanges;
    for (const approval of changes.approvals ?? []) waiting.add(approval.id);
    for (const id of changes.closedApprovals ?? []) waiting.delete(id);
    for (const correction of changes.corrections ?? []) correctionsChecked.add(correction);
    replaying.apply(changes);
    if (snapshot === undefined || index >= snapshot.lines) writes += 1;
  }
  replaying.finish();
  opened.beat();
  const violations = checkWorld(store.worldView(), { correctionsChecked });
  if (violations.length === 0) return { ok: true, store, writes, openApprovals: waiting.size, lines, ...(clock ? { clock } : {}), ...(snapshot ? { snapshot } : {}) };
  // A record no line wrote was broken by some line up to the last one.
  const lastLine = entries[entries.length - 1]!.line;
  const writtenBy = lastWriters(entries, new Set(violations.map((v) => `${v.collection}/${v.recordId}`)));
  const located = violations.map((v) => ({ v, line: writtenBy.get(`${v.collection}/${v.recordId}`) ?? lastLine })).sort((a, b) => a.line - b.line);
  const describe = ({ v }: { v: WorldViolation }) => `${v.collection} ${v.recordId}: [${v.rule}] at ${v.field}: ${v.message}`;
  const shown = located.slice(0, SHOWN);
  const more = located.length > SHOWN ? `; and ${located.length - SHOWN} more` : '';
  return {
    ok: false,
    message: `line ${located[0]!.line} cannot be restored: after replaying it the world breaks its rules: ${shown.map((l) => `line ${l.line}: ${describe(l)}`).join('; ')}${more} (the file was left as it was)`,
  };
}

/** The line that last wrote each of `wanted` (`collection/id`), found only once the world is refused. */
function lastWriters(entries: readonly JournalEntry[], wanted: ReadonlySet<string>): Map<string, number> {
  const found = new Map<string, number>();
  for (let at = entries.length - 1; at >= 0 && found.size < wanted.size; at -= 1) {
    const entry = entries[at]!;
    if (isClockEntry(entry.value)) continue;
    const changes = entry.value as WorldChanges;
    // A principal is reported by its token (world-rules.ts), every other record by its id.
    const principals = changes.principals?.map((p) => ({ id: p.token }));
    for (const [collection, records] of [['projects', changes.projects], ['principals', principals], ['corrections', changes.corrections], ['suggestedChanges', changes.suggestedChanges], ['runs', changes.runs], ['agents', changes.agents], ['blocks', changes.blocks]] as const) {
      for (const record of records ?? []) {
        const key = `${collection}/${record.id}`;
        if (wanted.has(key) && !found.has(key)) found.set(key, entry.line);
      }
    }
  }
  return found;
}
