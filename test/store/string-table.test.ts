// A string table finds each of its strings by value from bytes alone, says so for one it does not
// hold, and refuses bytes that are not a table rather than answer from them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlacedMap } from '../../src/store/placed-lists.ts';
import { encodeStringTable, StringTable } from '../../src/store/string-table.ts';

describe('StringTable', () => {
  it('finds every string it holds by value, and none it does not, for any distinct strings', () => {
    fc.assert(fc.property(fc.uniqueArray(fc.string({ unit: 'binary' }), { maxLength: 200 }), fc.string({ unit: 'binary' }), (strings, other) => {
      // At an odd offset, as it sits in a verdict file.
      const bytes = encodeStringTable(strings);
      const table = StringTable.decode(Buffer.concat([Buffer.of(7), bytes]).subarray(1))!;
      expect(table.size).toBe(strings.length);
      strings.forEach((text, n) => {
        expect(table.at(n)).toBe(text);
        expect(table.indexOf(text)).toBe(n);
      });
      expect(table.indexOf(other)).toBe(strings.indexOf(other));
    }));
  });

  it('holds many strings that share a long prefix, as list names do', () => {
    const names = Array.from({ length: 20_000 }, (_, n) => `5fb9220d-9b0f-4d32-a248-6492457c3890|run=run_${n}`);
    const table = StringTable.of(names);
    expect([table.indexOf(names[0]!), table.indexOf(names[19_999]!), table.indexOf('5fb9220d-9b0f-4d32-a248-6492457c3890|run=run_20000')]).toEqual([0, 19_999, -1]);
  });

  it('refuses a string given twice, and bytes that are not a table', () => {
    expect(() => encodeStringTable(['a', 'b', 'a'])).toThrow(/each string once/);
    const bytes = encodeStringTable(['alpha', 'beta', 'gamma']);
    const withU32 = (at: number, value: number) => {
      const copy = Buffer.from(bytes);
      copy.writeUInt32LE(value, at);
      return copy;
    };
    const slots = bytes.readUInt32LE(4);
    const slotsAt = 8 + 4 * 4;
    const firstFilled = Array.from({ length: slots }, (_, n) => bytes.readUInt32LE(slotsAt + 4 * n)).findIndex((entry) => entry !== 0);
    const broken: Array<[string, Buffer]> = [
      ['empty', Buffer.alloc(0)],
      ['cut short', bytes.subarray(0, bytes.length - 1)],
      ['a byte more', Buffer.concat([bytes, Buffer.of(0)])],
      ['slots not a power of two', withU32(4, slots + 1)],
      ['fewer slots than twice the strings', withU32(4, 4)],
      ['offsets that go back', withU32(12, 10)],
      ['a slot naming no string', withU32(slotsAt + 4 * firstFilled, 9)],
      ['a string in two slots', withU32(slotsAt + 4 * ((firstFilled + 1) % slots), bytes.readUInt32LE(slotsAt + 4 * firstFilled))],
    ];
    for (const [what, value] of broken) expect(StringTable.decode(value), what).toBeUndefined();
    expect(StringTable.decode(bytes)?.size).toBe(3);
  });
});

describe('PlacedMap', () => {
  it('is a read-only map from a table of keys to values found by place', () => {
    const map = new PlacedMap(StringTable.of(['k1', 'k2', 'k3']), Uint32Array.of(2, 0, 2), ['a', 'b', 'c']);
    expect([map.size, map.get('k1'), map.get('k2'), map.get('k4'), map.has('k3'), map.has('k4')]).toEqual([3, 'c', 'a', undefined, true, false]);
    expect([...map]).toEqual([['k1', 'c'], ['k2', 'a'], ['k3', 'c']]);
    expect([...map.keys()]).toEqual(['k1', 'k2', 'k3']);
    expect([...map.values()]).toEqual(['c', 'a', 'c']);
    const seen: string[] = [];
    map.forEach((value, key) => seen.push(`${key}=${value}`));
    expect(seen).toEqual(['k1=c', 'k2=a', 'k3=c']);
    expect(() => new PlacedMap(StringTable.of(['k1']), Uint32Array.of(3), ['a'])).toThrow(RangeError);
    expect(() => new PlacedMap(StringTable.of(['k1']), Uint32Array.of(0, 0), ['a'])).toThrow(RangeError);
  });
});
