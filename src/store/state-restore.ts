// Builds the store a state file describes, completely, before the file is accepted: each entry is
// held to the rules a write is held to and replayed, then the whole world is checked. A refused
// entry is named by its line; a record that breaks a rule of the world, by the line that last wrote it.
import { checkWorld, type WorldViolation } from '../domain/world-rules.ts';
import type { World } from '../domain/world.ts';
import type { OpenApiDocument } from '../spec/openapi-types.ts';
import { entryChecker } from './state-entry-rules.ts';
import { StateFileError } from './state-errors.ts';
import { openStateJournal, type StateJournal } from './state-file.ts';
import type { StateFileSystem } from './state-fs.ts';
import { isVersion1NoOp, type JournalEntry } from './state-lines.ts';
import type { WorldChanges } from './world-changes.ts';
import { createWorldStore, type StoreOptions, type WorldStore } from './world-store.ts';

export interface RestoreOptions {
  /** The document whose schemas the entries are held to. */
  document: OpenApiDocument;
  /** Now, for the expiry of kept Idempotency-Key answers (Date.now by default). */
  clock?: () => number;
  fileSystem?: StateFileSystem;
}

export interface RestoredState {
  store: WorldStore;
  journal: StateJournal;
  /** How many journalled writes were restored over the world (the header and dropped lines aside). */
  restoredWrites: number;
}

/**
 * Opens the state file at `path`, restores every write in it over `world`, and returns the store
 * journalling each commit and reset to it.
 * - Throws StateFileError naming the file, the line and what is wrong; the file is then left as
 *   it was and nothing is served. A last line with no newline that breaks a rule is dropped
 *   (it was never acknowledged) and reported in `journal.notices`.
 * - Idempotency-Key answers that have expired by `clock` are not loaded.
 */
export function openRestoredState(path: string, world: World, options: RestoreOptions): RestoredState {
  let store: WorldStore | undefined;
  let journal: StateJournal | undefined;
  let restoredWrites = 0;
  // The journal exists once the file is restored; the replay (store.restore) journals nothing.
  const storeOptions: StoreOptions = {
    ...(options.clock ? { clock: options.clock } : {}),
    onCommit: (changes) => journalOf().append(changes),
    onReset: () => journalOf().reset(),
  };
  const journalOf = () => {
    if (!journal) throw new Error('the state file is not open yet');
    return journal;
  };
  journal = openStateJournal(path, world, {
    ...(options.fileSystem ? { fileSystem: options.fileSystem } : {}),
    restore(entries, version) {
      const first = replay(world, entries, version, options.document, storeOptions);
      if (first.ok) {
        store = first.store;
        restoredWrites = entries.length;
        return {};
      }
      const last = entries[entries.length - 1];
      if (last && !last.terminated && first.lines.every((line) => line === last.line)) {
        const again = replay(world, entries.slice(0, -1), version, options.document, storeOptions);
        if (!again.ok) throw new StateFileError(path, again.message);
        store = again.store;
        restoredWrites = entries.length - 1;
        return { dropLast: first.why };
      }
      throw new StateFileError(path, first.message);
    },
  });
  return { store: store!, journal, restoredWrites };
}

type Replayed =
  | { ok: true; store: WorldStore }
  /** `lines`: every line found at fault; `why`: the problems without the line, for a dropped last line. */
  | { ok: false; lines: number[]; message: string; why: string };

const SHOWN = 5;

function replay(world: World, entries: readonly JournalEntry[], version: 1 | 2, document: OpenApiDocument, storeOptions: StoreOptions): Replayed {
  const store = createWorldStore(world, storeOptions);
  if (entries.length === 0) return { ok: true, store };
  const check = entryChecker(document);
  // Which line last wrote each record, to name the line behind a rule of the world.
  const writtenBy = new Map<string, number>();
  for (const entry of entries) {
    if (version === 1 && isVersion1NoOp(entry.value)) continue;
    const problems = check(entry.value, store.lookup);
    if (problems.length > 0) {
      const why = problems.slice(0, SHOWN).join('; ') + (problems.length > SHOWN ? `; and ${problems.length - SHOWN} more` : '');
      return { ok: false, lines: [entry.line], why, message: `line ${entry.line} cannot be restored: ${why} (the file was left as it was)` };
    }
    const changes = entry.value as WorldChanges;
    for (const [collection, records] of [['corrections', changes.corrections], ['suggestedChanges', changes.suggestedChanges], ['runs', changes.runs], ['agents', changes.agents], ['blocks', changes.blocks]] as const) {
      for (const record of records ?? []) writtenBy.set(`${collection}/${record.id}`, entry.line);
    }
    store.restore(changes);
  }
  const violations = checkWorld(store.worldView());
  if (violations.length === 0) return { ok: true, store };
  // A record no line wrote was broken by some line up to the last one.
  const lastLine = entries[entries.length - 1]!.line;
  const located = violations.map((v) => ({ v, line: writtenBy.get(`${v.collection}/${v.recordId}`) ?? lastLine })).sort((a, b) => a.line - b.line);
  const describe = ({ v }: { v: WorldViolation }) => `${v.collection} ${v.recordId}: [${v.rule}] at ${v.field}: ${v.message}`;
  const shown = located.slice(0, SHOWN);
  const more = located.length > SHOWN ? `; and ${located.length - SHOWN} more` : '';
  return {
    ok: false,
    lines: [...new Set(located.map((l) => l.line))],
    why: shown.map(describe).join('; ') + more,
    message: `line ${located[0]!.line} cannot be restored: after replaying it the world breaks its rules: ${shown.map((l) => `line ${l.line}: ${describe(l)}`).join('; ')}${more} (the file was left as it was)`,
  };
}
