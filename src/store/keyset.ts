// The list order of corrections as a key (createdAt, id), and sorted arrays of such keys.

export interface SortKey {
  /** createdAt, epoch milliseconds. */
  t: number;
  id: string;
}

export function compareKeys(a: SortKey, b: SortKey): number {
  return a.t !== b.t ? a.t - b.t : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The index of the first key in ascending `keys` that is not below `key`. */
export function lowerBound(keys: readonly SortKey[], key: SortKey): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareKeys(keys[middle]!, key) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function insertKey(keys: SortKey[], key: SortKey): void {
  // Worlds are written oldest first and new corrections are the newest, so nearly every key is
  // appended: checking the last key first skips the binary search when indexing a large world.
  const last = keys[keys.length - 1];
  if (last === undefined || compareKeys(last, key) < 0) keys.push(key);
  else keys.splice(lowerBound(keys, key), 0, key);
}

export function removeKey(keys: SortKey[], key: SortKey): void {
  const at = lowerBound(keys, key);
  if (at < keys.length && compareKeys(keys[at]!, key) === 0) keys.splice(at, 1);
}

/**
 * Walks several ascending lists together, newest first, starting strictly below `below`.
 * - A key found in more than one list is visited once (equal keys come out one after another).
 * - Stops at the first key older than `notBefore`, or when `visit` returns false.
 */
export function walkNewestFirst(
  lists: ReadonlyArray<readonly SortKey[]>,
  below: SortKey | undefined,
  notBefore: number | undefined,
  visit: (key: SortKey) => boolean,
): void {
  const heads = lists.map((list) => (below ? lowerBound(list, below) : list.length) - 1);
  let previous: SortKey | undefined;
  for (;;) {
    let best = -1;
    for (let i = 0; i < lists.length; i += 1) {
      if (heads[i]! < 0) continue;
      if (best < 0 || compareKeys(lists[i]![heads[i]!]!, lists[best]![heads[best]!]!) > 0) best = i;
    }
    if (best < 0) return;
    const key = lists[best]![heads[best]!]!;
    heads[best] = heads[best]! - 1;
    if (previous !== undefined && compareKeys(previous, key) === 0) continue;
    previous = key;
    if (notBefore !== undefined && key.t < notBefore) return;
    if (!visit(key)) return;
  }
}
