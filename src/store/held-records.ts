// A loaded world's runs, corrections and suggested changes may be held as the bytes of their files
// (sliced-records.ts) rather than as objects, with what the store needs of them found when the
// world was checked (the corrections' index, the suggested changes' open approvals and checks,
// the newest time any record carries). The store reads them from here, so that a start parses
// none. `world.runs` and the others still work for code that reads them: the first read parses
// them all (an export, the checks) into a plain array.
import type { Correction } from '../domain/types.ts';
import { WORLD_COLLECTIONS, type Run, type StoredSuggestedChange, type World } from '../domain/world.ts';
import { newestDateIn } from '../fixtures/world-dates.ts';
import { indexCorrections, type IndexedCorrections } from './indexed-corrections.ts';
import { loadedChangeFacts, type LoadedChangeFacts } from './loaded-change-facts.ts';

interface Held {
  runs?: ReadonlyMap<string, Run>;
  corrections?: ReadonlyMap<string, Correction>;
  indexed?: IndexedCorrections;
  suggestedChanges?: ReadonlyMap<string, StoredSuggestedChange>;
  changeFacts?: LoadedChangeFacts;
  newestTime?: number;
}

const held = new WeakMap<World, Held>();

type HeldCollection = 'runs' | 'corrections' | 'suggestedChanges';
const HELD: readonly HeldCollection[] = ['runs', 'corrections', 'suggestedChanges'];

/**
 * Holds `world`'s runs as `runs` from now on. The first read of `world.runs` parses them all into
 * an array, which from then on is the world's runs, as in any world (the caller may change it
 * before the world is served); so does a write of `world.runs`.
 */
export function holdRuns(world: World, runs: ReadonlyMap<string, Run>): void {
  hold(world, 'runs', runs);
}

/** holdRuns for the corrections, with their index (rebuilt from the verdict's data, or built when checked). */
export function holdCorrections(world: World, corrections: ReadonlyMap<string, Correction>, indexed: IndexedCorrections): void {
  hold(world, 'corrections', corrections);
  held.set(world, { ...held.get(world), indexed });
}

/** holdRuns for the suggested changes, with their open approvals and checks (kept with the verdict, or found when checked). */
export function holdSuggestedChanges(world: World, changes: ReadonlyMap<string, StoredSuggestedChange>, facts: LoadedChangeFacts): void {
  hold(world, 'suggestedChanges', changes);
  held.set(world, { ...held.get(world), changeFacts: facts });
}

function hold(world: World, collection: HeldCollection, records: ReadonlyMap<string, { id: string }>): void {
  const becomePlain = (array: unknown[]) => {
    Object.defineProperty(world, collection, { value: array, enumerable: true, configurable: true, writable: true });
    // The caller may now change the world: nothing found of it holds any more.
    held.delete(world);
    return array;
  };
  Object.defineProperty(world, collection, {
    enumerable: true,
    configurable: true,
    get: () => becomePlain([...records.values()]),
    set: becomePlain,
  });
  held.set(world, { ...held.get(world), [collection]: records });
}

/** The runs of `world` by id: the held ones, or a map of `world.runs`. */
export function runsById(world: World): ReadonlyMap<string, Run> {
  return held.get(world)?.runs ?? byId(world.runs);
}

/** The corrections of `world` by id and indexed: the held ones, or those of `world.corrections`. */
export function correctionsOf(world: World): { byId: ReadonlyMap<string, Correction>; indexed: IndexedCorrections } {
  const { corrections, indexed } = held.get(world) ?? {};
  if (corrections && indexed) return { byId: corrections, indexed };
  return { byId: byId(world.corrections), indexed: indexCorrections(world.corrections) };
}

/** The suggested changes of `world` by id, and their facts: the held ones, or those of `world.suggestedChanges`. */
export function suggestedChangesOf(world: World): { byId: ReadonlyMap<string, StoredSuggestedChange>; facts: LoadedChangeFacts } {
  const { suggestedChanges, changeFacts } = held.get(world) ?? {};
  if (suggestedChanges && changeFacts) return { byId: suggestedChanges, facts: changeFacts };
  return { byId: byId(world.suggestedChanges), facts: loadedChangeFacts(world.suggestedChanges) };
}

const byId = <T extends { id: string }>(records: readonly T[]) => new Map(records.map((record) => [record.id, record]));

/** Remembers the newest time `world`'s records carry (newestTimeOf), found when it was checked. */
export function holdNewestTime(world: World, newestTime: number): void {
  held.set(world, { ...held.get(world), newestTime });
}

/** The newest time any record of `world` carries, tokens aside, in epoch ms (-Infinity for none). */
export function newestTimeOf(world: World): number {
  const known = held.get(world)?.newestTime;
  if (known !== undefined) return known;
  let newest = Number.NEGATIVE_INFINITY;
  for (const collection of WORLD_COLLECTIONS) {
    if (collection === 'principals') continue;
    // Record by record, not `world.runs`, which would parse and keep every held one.
    const records = (HELD as readonly string[]).includes(collection) ? held.get(world)?.[collection as HeldCollection]?.values() ?? world[collection] : world[collection];
    for (const record of records) newest = Math.max(newest, newestDateIn(record));
  }
  return newest;
}
