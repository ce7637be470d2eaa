// The API view of a stored record, kept while the record and the other records it is built from
// stay the same objects. The store never changes a record in place (a change stores a new object),
// so a changed record, run or block always misses and gets a new view.

export interface ViewCache<R extends object, V> {
  /** The kept view of `record` when it was built from exactly `from`; otherwise `build()`, kept. */
  get(record: R, from: readonly unknown[], build: () => V): V;
}

export function createViewCache<R extends object, V>(): ViewCache<R, V> {
  const views = new WeakMap<R, { from: readonly unknown[]; view: V }>();
  return {
    get(record, from, build) {
      const kept = views.get(record);
      if (kept && kept.from.length === from.length && kept.from.every((part, i) => part === from[i])) return kept.view;
      const view = build();
      views.set(record, { from, view });
      return view;
    },
  };
}
