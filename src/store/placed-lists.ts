// An index's sorted key lists kept as the places of their keys, each list made an array of keys
// only when it is first asked for: a remembered world's index then costs a few typed arrays at
// start-up, not one array per project and filter (about 100 000 of them at 100 000 corrections).
import type { IndexLists } from './correction-index.ts';
import type { SortKey } from './keyset.ts';

export interface PlacedListsData {
  /** Each list's name, in the order of `ends`. */
  names: readonly string[];
  /** Where each list's places end in `places` (the first begins at 0). */
  ends: Uint32Array;
  /** The places in `keys` of each list's keys, ascending as the keys are. */
  places: Uint32Array;
  /** One key per correction, shared by every list that holds it. */
  keys: readonly SortKey[];
}

export class PlacedLists implements IndexLists {
  readonly #numberOf: Map<string, number>;
  readonly #data: PlacedListsData;
  /** The lists made so far, and those set since, which are no longer read from `places`. */
  readonly #made = new Map<string, SortKey[]>();
  #added = 0;

  constructor(data: PlacedListsData) {
    this.#data = data;
    this.#numberOf = new Map(data.names.map((name, number) => [name, number]));
  }

  get size(): number {
    return this.#numberOf.size + this.#added;
  }

  get(name: string): SortKey[] | undefined {
    const made = this.#made.get(name);
    if (made) return made;
    const number = this.#numberOf.get(name);
    if (number === undefined) return undefined;
    const { ends, places, keys } = this.#data;
    const start = number === 0 ? 0 : ends[number - 1]!;
    const list = new Array<SortKey>(ends[number]! - start);
    for (let at = start; at < ends[number]!; at += 1) list[at - start] = keys[places[at]!]!;
    this.#made.set(name, list);
    return list;
  }

  set(name: string, list: SortKey[]): void {
    if (!this.#made.has(name) && !this.#numberOf.has(name)) this.#added += 1;
    this.#made.set(name, list);
  }

  *[Symbol.iterator](): IterableIterator<[string, SortKey[]]> {
    for (const name of this.#data.names) yield [name, this.get(name)!];
    for (const [name, list] of this.#made) if (!this.#numberOf.has(name)) yield [name, list];
  }
}
