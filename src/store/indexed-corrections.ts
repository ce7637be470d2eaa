// A world's corrections as the store looks them up: the list index, the live correction of each
// (run, maker, participant), and how many there are of each status. Built from the records, or
// decoded from the bytes kept with the world's verdict when it was checked (index-bytes.ts), so
// that a later start reads no correction at all (load-world.ts).
import { isLive } from '../domain/correction-transitions.ts';
import type { Correction } from '../domain/types.ts';
import { liveKey } from '../domain/world-rules.ts';
import { createCorrectionIndex, sortKeyOf, type CorrectionIndex, type IndexLists } from './correction-index.ts';
import type { SortKey } from './keyset.ts';

export interface IndexedCorrections {
  index: CorrectionIndex & { lists: IndexLists };
  /** The live correction of each (run, maker, participant), by its id. */
  live: ReadonlyMap<string, string>;
  /** How many corrections count as each status (countedAs). */
  tally: Record<string, number>;
  /** Each correction's key, in the world's order. */
  keys: SortKey[];
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
