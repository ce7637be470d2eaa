// The copy-on-write map under every world (layered-map.ts), against a plain Map as its model.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LayeredMap } from '../../src/store/layered-map.ts';

type Step = { set: [number, string] } | { delete: number } | { clear: true };
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(fc.integer({ min: 0, max: 12 }), fc.string({ maxLength: 3 })).map((set) => ({ set })) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 12 }).map((key) => ({ delete: key })) },
  { weight: 1, arbitrary: fc.constant({ clear: true as const }) },
);

describe('LayeredMap', () => {
  it('reads, sizes and iterates as a Map that started as a copy of the base, whatever is set, deleted and cleared; the base never changes', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 8 }), fc.array(step, { maxLength: 40 }), (baseKeys, steps) => {
      const base = new Map(baseKeys.map((k) => [k, `base${k}`]));
      const frozen = [...base];
      const layered = new LayeredMap(base);
      let model = new Map(base);
      for (const s of steps) {
        if ('set' in s) {
          layered.set(s.set[0], s.set[1]);
          model.set(s.set[0], s.set[1]);
        } else if ('delete' in s) {
          layered.delete(s.delete);
          model.delete(s.delete);
        } else {
          layered.clear();
          model = new Map(base);
        }
        expect(layered.size).toBe(model.size);
        expect([...layered.values()].sort()).toEqual([...model.values()].sort());
        for (let key = 0; key <= 12; key += 1) {
          expect(layered.get(key)).toBe(model.get(key));
          expect(layered.has(key)).toBe(model.has(key));
        }
      }
      expect([...base]).toEqual(frozen);
    }));
  });

  it("keeps the base's order with changed values in place, then the new keys in the order they came", () => {
    const layered = new LayeredMap(new Map([['a', 1], ['b', 2], ['c', 3]]));
    layered.set('z', 26);
    layered.set('b', 20);
    layered.delete('a');
    layered.set('y', 25);
    expect([...layered.values()]).toEqual([20, 3, 26, 25]);
    expect(layered.changed).toBe(4);
    expect(layered.owns('b')).toBe(true);
    expect(layered.owns('c')).toBe(false);
  });
});
