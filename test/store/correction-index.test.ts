// The lists an index picks for a filter stay those of the records it holds, however many filter
// values callers have asked for before (the names it remembers are bounded), and a list made after
// its name was first asked for is found.
import { describe, expect, it } from 'vitest';
import { generateWorld } from '../../src/fixtures/generate-world.ts';
import { createCorrectionIndex, type CorrectionIndex } from '../../src/store/correction-index.ts';
import type { CorrectionFilter } from '../../src/domain/correction-filter.ts';

const { corrections } = generateWorld({ seed: 11, corrections: 300 });
const projects = [...new Set(corrections.map((c) => c.projectId))];
const ids = (index: CorrectionIndex, filter: CorrectionFilter) => index.listsFor(filter, projects).map((list) => list.map((key) => key.id));

function indexOf(records: typeof corrections): CorrectionIndex {
  const index = createCorrectionIndex();
  for (const correction of records) index.add(correction);
  return index;
}

describe('CorrectionIndex.listsFor', () => {
  it('answers as a fresh index does after more filter values than it remembers names for', () => {
    const used = indexOf(corrections);
    const runIds = [...new Set(corrections.map((c) => c.runId))];
    const agentId = corrections.find((c) => c.subject.kind === 'agent')!.subject.id;
    const filters: CorrectionFilter[] = [
      { from: 'all' },
      { from: 'all', runId: runIds[0]! },
      { from: 'all', statuses: ['open', 'being-fixed', 'with-owner'], agentId },
    ];
    for (const filter of filters) expect(ids(used, filter).flat().length).toBeGreaterThan(0);
    for (let i = 0; i < 3000; i += 1) used.listsFor({ from: 'all', runId: i % 3 === 0 ? runIds[i % runIds.length]! : `run_none_${i}` }, projects);
    const fresh = indexOf(corrections);
    for (const filter of filters) expect(ids(used, filter)).toEqual(ids(fresh, filter));
  });

  it('finds a list made under a name it was asked for when that list did not exist', () => {
    const index = indexOf(corrections.slice(1));
    const filter: CorrectionFilter = { from: 'all', runId: 'run_made_later' };
    expect(ids(index, filter).flat()).not.toContain('cor_made_later');
    const made = { ...corrections[0]!, id: 'cor_made_later', runId: 'run_made_later' };
    index.add(made);
    expect(ids(index, filter)).toEqual([['cor_made_later']]);
  });
});
