// A collection held as its file's bytes: each record is parsed when first asked for and then kept,
// so it stays one object; a walk over all of them keeps none it did not already hold.
import { describe, expect, it } from 'vitest';
import { formatRecordLines, splitRecordLines } from '../../src/fixtures/record-lines.ts';
import { SlicedRecords } from '../../src/store/sliced-records.ts';

interface Item { id: string; n: number; text: string }
const ITEMS: Item[] = [{ id: 'b', n: 1, text: 'Grüße — 東京' }, { id: 'a', n: 2, text: '' }, { id: 'c', n: 3, text: '"quoted"\n' }];

function held(records: readonly unknown[]): SlicedRecords<Item> | undefined {
  const bytes = Buffer.from(formatRecordLines(records));
  return SlicedRecords.of<Item>({ text: (start, end) => bytes.toString('utf8', start, end) }, splitRecordLines(bytes)!);
}

describe('SlicedRecords', () => {
  it('answers by id with the record as written, parsing each once and handing out the same object', () => {
    const items = held(ITEMS)!;
    expect(items.parsedCount).toBe(0);
    expect(items.size).toBe(3);
    expect(items.has('a')).toBe(true);
    expect(items.has('z')).toBe(false);
    expect(items.get('z')).toBeUndefined();
    expect(items.parsedCount).toBe(0);
    const first = items.get('c');
    expect(first).toEqual(ITEMS[2]);
    expect(items.get('c')).toBe(first);
    expect(items.parsedCount).toBe(1);
  });

  it('walks in the file\'s order, handing out the kept objects and keeping no other', () => {
    const items = held(ITEMS)!;
    const kept = items.get('a');
    expect([...items.keys()]).toEqual(['b', 'a', 'c']);
    expect([...items.values()]).toEqual(ITEMS);
    expect([...items.entries()].map(([id, item]) => [id, item.n])).toEqual([['b', 1], ['a', 2], ['c', 3]]);
    expect([...items].find(([id]) => id === 'a')![1]).toBe(kept);
    const seen: string[] = [];
    items.forEach((item, id, map) => {
      expect(map).toBe(items);
      seen.push(`${id}=${item.n}`);
    });
    expect(seen).toEqual(['b=1', 'a=2', 'c=3']);
    expect(items.parsedCount).toBe(1);
  });

  it('refuses records that do not begin with their id, and repeated ids', () => {
    expect(held([{ n: 1, id: 'a' }])).toBeUndefined();
    expect(held([{ id: 'a' }, { id: 'a' }])).toBeUndefined();
    expect(held([])?.size).toBe(0);
  });
});
