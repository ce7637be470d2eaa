// Lists kept as places are made one at a time, when first read, and then behave as a Map's lists.
import { describe, expect, it } from 'vitest';
import { PlacedLists } from '../../src/store/placed-lists.ts';
import { StringTable } from '../../src/store/string-table.ts';

const keys = [{ t: 1, id: 'a' }, { t: 2, id: 'b' }, { t: 3, id: 'c' }];
const lists = () => new PlacedLists({ names: StringTable.of(['p|*', 'p|run=r', 'p|empty']), ends: Uint32Array.of(3, 5, 5), places: Uint32Array.of(0, 1, 2, 0, 2), keys });

describe('PlacedLists', () => {
  it('makes a list from its places on its first read, and hands out the same array after', () => {
    const placed = lists();
    expect(placed.get('p|run=r')).toEqual([keys[0], keys[2]]);
    expect(placed.get('p|run=r')![1]).toBe(keys[2]);
    expect(placed.get('p|run=r')).toBe(placed.get('p|run=r'));
    expect(placed.get('p|*')).toEqual(keys);
    expect(placed.get('p|empty')).toEqual([]);
    expect(placed.get('p|missing')).toBeUndefined();
  });

  it('a name found missing, then set, is found; past its bound of missing names, each is still missing', () => {
    const placed = lists();
    expect(placed.get('p|new')).toBeUndefined();
    expect(placed.get('p|new')).toBeUndefined();
    placed.set('p|new', [keys[1]!]);
    expect(placed.get('p|new')).toEqual([keys[1]]);
    expect(placed.size).toBe(4);
    for (let i = 0; i < 5000; i += 1) expect(placed.get(`p|agent=${i}`)).toBeUndefined();
    expect(placed.get('p|run=r')).toEqual([keys[0], keys[2]]);
    expect(placed.get('p|new')).toEqual([keys[1]]);
  });

  it('keeps a change made to a list it handed out, and counts and lists the lists set since', () => {
    const placed = lists();
    placed.get('p|run=r')!.push({ t: 9, id: 'z' });
    placed.set('p|*', []);
    placed.set('p|new', [keys[1]!]);
    placed.set('p|new', [keys[1]!]);
    expect(placed.size).toBe(4);
    expect([...placed].map(([name, list]) => [name, list.map((k) => k.id)])).toEqual([
      ['p|*', []], ['p|run=r', ['a', 'c', 'z']], ['p|empty', []], ['p|new', ['b']],
    ]);
  });
});
