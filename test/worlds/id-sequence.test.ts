// New ids (id-sequence.ts): a seed's sequence repeats, another seed or epoch gives another, random otherwise.
import { describe, expect, it } from 'vitest';
import { idMaker } from '../../src/worlds/id-sequence.ts';

const take = (make: (prefix: string) => string, n: number, prefix = 'cor') => Array.from({ length: n }, () => make(prefix));

describe('idMaker', () => {
  it('the same seed and epoch make the same sequence; another seed or epoch another, with no id shared in 10 000', () => {
    const one = take(idMaker(42), 10_000);
    expect(take(idMaker(42), 10_000)).toEqual(one);
    const others = new Set([...take(idMaker(43), 10_000), ...take(idMaker(42, 1), 10_000)]);
    expect(one.filter((id) => others.has(id))).toEqual([]);
    expect(new Set(one).size).toBe(one.length);
  });

  it('makes a prefix and 16 hex digits, or a version-4 UUID for uuid; random without a seed', () => {
    for (const make of [idMaker(7), idMaker()]) {
      expect(make('apr')).toMatch(/^apr_[0-9a-f]{16}$/);
      for (const uuid of take(make, 200, 'uuid')) expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(take(idMaker(), 3)).not.toEqual(take(idMaker(), 3));
  });
});
