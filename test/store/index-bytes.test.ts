// The corrections' index as bytes, kept with a verdict: decoded, it is the index built from the
// records themselves, and bytes that do not fit the corrections they are given are refused.
import { describe, expect, it } from 'vitest';
import { generateWorld } from '../../src/fixtures/generate-world.ts';
import { decodeIndex, encodeIndex } from '../../src/store/index-bytes.ts';
import { indexCorrections, type IndexedCorrections } from '../../src/store/indexed-corrections.ts';
import { sortKeyOf } from '../../src/store/correction-index.ts';

const { corrections } = generateWorld({ seed: 7, corrections: 600 });
const ids = corrections.map((c) => c.id);

/** Everything an index answers with, as plain values. */
function shapeOf({ index, live, tally, keys }: IndexedCorrections) {
  return {
    lists: [...index.lists].map(([name, list]) => [name, list.map((key) => `${key.t}/${key.id}`)]),
    live: [...live],
    tally,
    keys: keys.map((key) => `${key.t}/${key.id}`),
  };
}

/** The bytes as a verdict file holds them: at an odd offset in a larger buffer. */
function asRead(bytes: Buffer): Buffer {
  const file = Buffer.concat([Buffer.from('{"recordLines":[]}\n'), bytes]);
  return file.subarray(file.indexOf(0x0a) + 1);
}

describe('encodeIndex and decodeIndex', () => {
  it('rebuild the index the records give: every list, the live corrections and the counts', () => {
    const built = indexCorrections(corrections);
    const decoded = decodeIndex(asRead(encodeIndex(built)), ids)!;
    expect(decoded.index.lists.size).toBe(built.index.lists.size);
    expect(shapeOf(decoded)).toEqual(shapeOf(built));
    expect(decoded.index.lists.size).toBeGreaterThan(100);
    expect(Object.values(decoded.tally).reduce((a, b) => a + b, 0)).toBe(corrections.length);
    // One key object per correction, shared by its lists, as the built index has it.
    const [, list] = [...decoded.index.lists].find(([n]) => n.endsWith('|*'))!;
    expect(decoded.keys).toContain(list[0]);
  });

  it('the decoded index answers list queries, and takes writes, as the built one does', () => {
    const built = indexCorrections(corrections);
    const decoded = decodeIndex(encodeIndex(built), ids)!;
    const projects = [...new Set(corrections.map((c) => c.projectId))];
    const filters = [{ from: 'all' as const }, { from: 'all' as const, statuses: ['open' as const, 'fixed' as const] }, { from: 'all' as const, runId: corrections[5]!.runId }];
    const flat = (lists: ReadonlyArray<readonly { t: number; id: string }[]>) => lists.map((l) => l.map((k) => k.id));
    for (const filter of filters) expect(flat(decoded.index.listsFor(filter, projects))).toEqual(flat(built.index.listsFor(filter, projects)));
    // A new correction in a list never read, one already read, and under a dimension the world had not.
    const added = { ...corrections[3]!, id: 'cor_added', createdAt: '2031-01-01T00:00:00.000Z', correctorGroupId: 'grp_new' };
    const removed = corrections[10]!;
    for (const { index } of [built, decoded]) {
      index.add(added);
      index.remove(removed);
    }
    expect(shapeOf(decoded)).toEqual(shapeOf(built));
    expect(decoded.index.lists.get(`${added.projectId}|group=grp_new`)).toEqual([sortKeyOf(added)]);
    for (const filter of [...filters, { from: 'all' as const, correctorGroupId: 'grp_new' }]) {
      expect(flat(decoded.index.listsFor(filter, projects))).toEqual(flat(built.index.listsFor(filter, projects)));
    }
  });

  it('refuses bytes that do not fit the corrections (another world, format or machine, a cut file): they are then indexed from their records', () => {
    const bytes = encodeIndex(indexCorrections(corrections));
    const headerEnd = bytes.indexOf(0x0a) + 1;
    const withHeader = (header: object) => {
      const json = Buffer.from(JSON.stringify(header));
      const oldLength = bytes.readUInt32LE(headerEnd);
      return Buffer.concat([bytes.subarray(0, headerEnd), Buffer.from(Uint32Array.of(json.length).buffer), json, bytes.subarray(headerEnd + 4 + oldLength)]);
    };
    const header = JSON.parse(bytes.toString('utf8', headerEnd + 4, headerEnd + 4 + bytes.readUInt32LE(headerEnd))) as { count: number; namesBytes: number; liveBytes: number; tally: object };
    const flipped = (at: number, value: number) => {
      const copy = Buffer.from(bytes);
      copy.writeUInt32LE(value, at);
      return copy;
    };
    const broken: Array<[string, Buffer | undefined]> = [
      ['nothing', undefined],
      ['empty', Buffer.alloc(0)],
      ['another format', Buffer.from(bytes.toString('latin1').replace('index 2', 'index 3'), 'latin1')],
      ['cut short', bytes.subarray(0, bytes.length - 4)],
      ['a byte more', Buffer.concat([bytes, Buffer.of(0)])],
      ['a header that is not JSON', flipped(headerEnd + 4, 0x20202020)],
      ['a header for another count', withHeader({ ...header, count: header.count + 1 })],
      ['a names table cut short', withHeader({ ...header, namesBytes: header.namesBytes - 1 })],
      ['a live keys table a byte longer', withHeader({ ...header, liveBytes: header.liveBytes + 1 })],
      ['a table length that is not a length', withHeader({ ...header, namesBytes: -4 })],
      ['counts that are not whole', withHeader({ ...header, tally: { open: 0.5 } })],
      ['a place past the last correction', flipped(bytes.length - 4, ids.length)],
    ];
    for (const [what, value] of broken) expect(decodeIndex(value, ids), what).toBeUndefined();
    expect(decodeIndex(bytes, ids.slice(1)), 'fewer corrections').toBeUndefined();
    expect(decodeIndex(bytes, ids)).toBeDefined();
  });
});
