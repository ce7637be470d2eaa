// A map over a shared read-only base that keeps only its own changes (copy on write): what a
// session or the base world's writes change, over the world as loaded. The base is never touched,
// so any number of layers can share it, and forgetting every change is dropping two small maps.
// Those are made on the first change: a thousand sessions that read only cost next to nothing.

export class LayeredMap<K, V> {
  private own: Map<K, V> | undefined;
  /** Keys of the base this layer deleted (never also in `own`). */
  private removed: Set<K> | undefined;
  /** Keys in `own` that the base does not have. */
  private added = 0;

  constructor(private readonly base: ReadonlyMap<K, V>) {}

  get(key: K): V | undefined {
    // Values are never undefined, so a miss in `own` falls through to the base.
    const mine = this.own?.get(key);
    if (mine !== undefined) return mine;
    return this.removed?.has(key) ? undefined : this.base.get(key);
  }

  has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  /** Whether this layer holds its own value for `key` (a change of the base, or a new key). */
  owns(key: K): boolean {
    return this.own?.has(key) ?? false;
  }

  set(key: K, value: V): void {
    this.own ??= new Map();
    if (!this.own.has(key) && !this.base.has(key)) this.added += 1;
    this.own.set(key, value);
    this.removed?.delete(key);
  }

  delete(key: K): void {
    if (this.own?.delete(key) && !this.base.has(key)) this.added -= 1;
    if (this.base.has(key)) (this.removed ??= new Set()).add(key);
  }

  get size(): number {
    return this.base.size - (this.removed?.size ?? 0) + this.added;
  }

  /** The base's values in its order (changed ones as changed), then the new ones in the order they came. */
  *values(): IterableIterator<V> {
    const { own, removed } = this;
    for (const [key, value] of this.base) {
      if (!removed?.has(key)) yield own?.get(key) ?? value;
    }
    if (own) for (const [key, value] of own) if (!this.base.has(key)) yield value;
  }

  /** This layer's own values (changed or new), in the order they came. */
  ownValues(): IterableIterator<V> {
    return this.own?.values() ?? ([] as V[]).values();
  }

  /** How many keys this layer changed, added or deleted. */
  get changed(): number {
    return (this.own?.size ?? 0) + (this.removed?.size ?? 0);
  }

  /** Forgets every change: the base again. */
  clear(): void {
    this.own = undefined;
    this.removed = undefined;
    this.added = 0;
  }
}
