// A world's corrections as the store looks them up: the list index, the live correction of each
// (run, maker, participant), and how many there are of each status. Built from the records, or
// rebuilt from plain data that was kept with the world's verdict when it was checked, so that a
// later start reads no correction at all (load-world.ts).
import { isLive } from '../domain/correction-transitions.ts';
import type { Correction } from '../domain/types.ts';
import { liveKey } from '../domain/world-rules.ts';
import { createCorrectionIndex, sortKeyOf, type CorrectionIndex, type IndexLists } from './correction-index.ts';
import type { SortKey } from './keyset.ts';

export interface IndexedCorrections {
  index: CorrectionIndex & { lists: IndexLists };
  /** The live correction of each (run, maker, participant), by its id. */
  live: Map<string, string>;
  /** How many corrections count as each status (countedAs). */
  tally: Record<string, number>;
  /** Each correction's key, in the world's order. */
  keys: SortKey[];
}

/** The same as plain data, by the corrections' places in the world's order. */
export interface CorrectionIndexData {
  /** createdAt of each correction, epoch ms. */
  times: number[];
  lists: Record<string, number[]>;
  live: Array<[key: string, place: number]>;
  tally: Record<string, number>;
}

/** The status a correction is counted under (`/__mock/state`): a superseded one as `superseded`. */
export function countedAs(correction: Correction): string {
  return correction.supersededBy ? 'superseded' : correction.status;
}

export function indexCorrections(corrections: Iterable<Correction>): IndexedCorrections {
  const index = createCorrectionIndex();
  const live = new Map<string, string>();
  const tally: Record<string, number> = {};
  const keys: SortKey[] = [];
  for (const correction of corrections) {
    const key = sortKeyOf(correction);
    keys.push(key);
    index.add(correction, key);
    if (isLive(correction)) live.set(liveKey(correction), correction.id);
    const status = countedAs(correction);
    tally[status] = (tally[status] ?? 0) + 1;
  }
  return { index, live, tally, keys };
}

export function indexDataOf({ index, live, tally, keys }: IndexedCorrections): CorrectionIndexData {
  const placeOfKey = new Map(keys.map((key, place) => [key, place]));
  const placeOfId = new Map(keys.map((key, place) => [key.id, place]));
  const lists: Record<string, number[]> = {};
  for (const [name, list] of index.lists) lists[name] = list.map((key) => placeOfKey.get(key)!);
  return { times: keys.map((key) => key.t), lists, live: [...live].map(([key, id]) => [key, placeOfId.get(id)!]), tally: { ...tally } };
}

/**
 * The corrections `data` describes, whose ids in the world's order are `ids`; undefined when the
 * data does not fit them (a verdict from another world, or not of this shape): they are indexed
 * from their records instead.
 */
export function indexFromData(data: unknown, ids: readonly string[]): IndexedCorrections | undefined {
  if (!isIndexData(data, ids.length)) return undefined;
  const keys = data.times.map((t, place) => ({ t, id: ids[place]! }));
  const lists: IndexLists = new Map();
  for (const [name, places] of Object.entries(data.lists)) lists.set(name, places.map((place) => keys[place]!));
  return {
    index: createCorrectionIndex(lists),
    live: new Map(data.live.map(([key, place]) => [key, ids[place]!])),
    tally: { ...data.tally },
    keys,
  };
}

function isIndexData(data: unknown, count: number): data is CorrectionIndexData {
  if (typeof data !== 'object' || data === null) return false;
  const { times, lists, live, tally } = data as Partial<CorrectionIndexData>;
  const isPlace = (place: unknown) => Number.isInteger(place) && (place as number) >= 0 && (place as number) < count;
  return Array.isArray(times) && times.length === count && times.every(Number.isFinite)
    && typeof lists === 'object' && lists !== null && Object.values(lists).every((places) => Array.isArray(places) && places.every(isPlace))
    && Array.isArray(live) && live.every((entry) => Array.isArray(entry) && typeof entry[0] === 'string' && isPlace(entry[1]))
    && typeof tally === 'object' && tally !== null && Object.values(tally).every(Number.isInteger);
}
