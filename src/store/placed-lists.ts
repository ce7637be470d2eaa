// An index's sorted key lists kept as the places of their keys, each list made an array of keys
// only when it is first asked for: a remembered world's index then costs a few typed arrays at
// start-up, not one array per project and filter (about 100 000 of them at 100 000 corrections).
import type { IndexLists } from './correction-index.ts';
import type { SortKey } from './keyset.ts';
import type { Names } from './string-table.ts';

export interface PlacedListsData {
  /** Each list's name, in the order of `ends` (a StringTable: no string per list until it is asked for). */
  names: Names;
  /** Where each list's places end in `places` (the first begins at 0). */
  ends: Uint32Array;
  /** The places in `keys` of each list's keys, ascending as the keys are. */
  places: Uint32Array;
  /** One key per correction, shared by every list that holds it. */
  keys: readonly SortKey[];
}

const ABSENT_NAMES_KEPT = 4096;

export class PlacedLists implements IndexLists {
  readonly #data: PlacedListsData;
  /** The lists made so far, and those set since, which are no longer read from `places`. */
  readonly #made = new Map<string, SortKey[]>();
  /**
   * Names asked for that the data does not hold: a filter asks for a list in every project the
   * caller reads, most of which have none, and hashing a name into the table each time cost more
   * than the rest of finding the lists. Bounded, since filter values come from callers.
   */
  readonly #absent = new Set<string>();
  #added = 0;

  constructor(data: PlacedListsData) {
    this.#data = data;
  }

  get size(): number {
    return this.#data.names.size + this.#added;
  }

  get(name: string): SortKey[] | undefined {
    const made = this.#made.get(name);
    if (made) return made;
    // `set` puts a list in #made, which is asked first: an absent name that is set later is found.
    if (this.#absent.has(name)) return undefined;
    const number = this.#data.names.indexOf(name);
    if (number < 0) {
      if (this.#absent.size >= ABSENT_NAMES_KEPT) this.#absent.clear();
      this.#absent.add(name);
      return undefined;
    }
    const { ends, places, keys } = this.#data;
    const start = number === 0 ? 0 : ends[number - 1]!;
    const list = new Array<SortKey>(ends[number]! - start);
    for (let at = start; at < ends[number]!; at += 1) list[at - start] = keys[places[at]!]!;
    this.#made.set(name, list);
    return list;
  }

  set(name: string, list: SortKey[]): void {
    if (!this.#made.has(name) && this.#data.names.indexOf(name) < 0) this.#added += 1;
    this.#made.set(name, list);
  }

  *[Symbol.iterator](): IterableIterator<[string, SortKey[]]> {
    const { names } = this.#data;
    for (let number = 0; number < names.size; number += 1) {
      const name = names.at(number);
      yield [name, this.get(name)!];
    }
    for (const [name, list] of this.#made) if (names.indexOf(name) < 0) yield [name, list];
  }
}

/**
 * A read-only map whose keys are a Names list and whose values are found through `places`: the
 * value of key number n is `values[places[n]]`. For the index's live keys, each naming the place
 * of its correction's id.
 */
export class PlacedMap<V> implements ReadonlyMap<string, V> {
  readonly #keys: Names;
  readonly #places: Uint32Array;
  readonly #values: readonly V[];

  /** Throws when the lengths differ or a place is past the values. */
  constructor(keys: Names, places: Uint32Array, values: readonly V[]) {
    if (places.length !== keys.size || places.some((place) => place >= values.length)) throw new RangeError('every key needs the place of a value');
    this.#keys = keys;
    this.#places = places;
    this.#values = values;
  }

  get size(): number {
    return this.#keys.size;
  }

  get(key: string): V | undefined {
    const number = this.#keys.indexOf(key);
    return number < 0 ? undefined : this.#values[this.#places[number]!];
  }

  has(key: string): boolean {
    return this.#keys.indexOf(key) >= 0;
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void): void {
    for (const [key, value] of this) callback(value, key, this);
  }

  *entries(): MapIterator<[string, V]> {
    for (let number = 0; number < this.#keys.size; number += 1) yield [this.#keys.at(number), this.#values[this.#places[number]!]!];
  }

  *keys(): MapIterator<string> {
    for (let number = 0; number < this.#keys.size; number += 1) yield this.#keys.at(number);
  }

  *values(): MapIterator<V> {
    for (const place of this.#places) yield this.#values[place]!;
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }
}
