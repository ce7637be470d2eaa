// The corrections' index as plain data, kept with a verdict: rebuilt, it is the index built from
// the records themselves, and data that does not fit the corrections it is given is refused.
import { describe, expect, it } from 'vitest';
import { generateWorld } from '../../src/fixtures/generate-world.ts';
import { indexCorrections, indexDataOf, indexFromData, type IndexedCorrections } from '../../src/store/indexed-corrections.ts';

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

describe('indexDataOf and indexFromData', () => {
  it('rebuild the index the records give: every list, the live corrections and the counts', () => {
    const built = indexCorrections(corrections);
    const data = JSON.parse(JSON.stringify(indexDataOf(built))) as unknown;
    const rebuilt = indexFromData(data, ids)!;
    expect(shapeOf(rebuilt)).toEqual(shapeOf(built));
    expect(rebuilt.index.lists.size).toBeGreaterThan(100);
    expect(Object.values(rebuilt.tally).reduce((a, b) => a + b, 0)).toBe(corrections.length);
    // One key object per correction, shared by its lists, as the built index has it.
    const [name, list] = [...rebuilt.index.lists].find(([n]) => n.endsWith('|*'))!;
    expect(name).toMatch(/\|\*$/);
    expect(rebuilt.keys).toContain(list[0]);
  });

  it('the rebuilt index answers list queries as the built one does', () => {
    const built = indexCorrections(corrections);
    const rebuilt = indexFromData(indexDataOf(built), ids)!;
    const projects = [...new Set(corrections.map((c) => c.projectId))];
    const filters = [{ from: 'all' as const }, { from: 'all' as const, statuses: ['open' as const, 'fixed' as const] }, { from: 'all' as const, runId: corrections[5]!.runId }];
    for (const filter of filters) {
      const flat = (lists: ReadonlyArray<readonly { t: number; id: string }[]>) => lists.map((l) => l.map((k) => k.id));
      expect(flat(rebuilt.index.listsFor(filter, projects))).toEqual(flat(built.index.listsFor(filter, projects)));
    }
  });

  it('refuses data that does not fit the corrections (another world, another shape): they are then indexed from their records', () => {
    const data = indexDataOf(indexCorrections(corrections));
    const broken: unknown[] = [
      undefined, null, 'index', {},
      { ...data, times: data.times.slice(1) },
      { ...data, times: data.times.map(String) },
      { ...data, lists: { 'p|*': [ids.length] } },
      { ...data, lists: { 'p|*': [-1] } },
      { ...data, lists: { 'p|*': [0.5] } },
      { ...data, lists: { 'p|*': 'all' } },
      { ...data, live: [['k', ids.length]] },
      { ...data, live: [[1, 0]] },
      { ...data, tally: { open: 'many' } },
    ];
    for (const value of broken) expect(indexFromData(value, ids), JSON.stringify(value)?.slice(0, 80)).toBeUndefined();
    expect(indexFromData(data, ids.slice(1))).toBeUndefined();
  });
});
