// A correction fetched alone agrees with its list item; suggested changes reached through
// corrections' links can be read and list the correction among their fixes.
import { canonicalJson } from '../../src/domain/canonical-json.ts';
import type { Correction, SuggestedChange } from '../../src/domain/types.ts';
import { page } from '../sources.ts';
import type { Scenario } from '../types.ts';
import { baseline } from './list-walk.ts';

const SAMPLE = 12;

export const reads: Scenario = {
  name: 'reads',
  checks: [
    { name: 'fetched-agrees-with-list', source: page(['000', '001'], 'Returns the correction (live or not) with the stored copy of the run’s input and output.') },
    { name: 'suggested-change-readable-from-link', source: page(['000', '002'], 'The Improve run’s or suggested change’s id, without its prefix.') },
  ],
  async run(session) {
    const { items } = await baseline(session);
    const sample = items.filter((_, i) => i % Math.max(1, Math.floor(items.length / SAMPLE)) === 0).slice(0, SAMPLE);
    for (const listed of sample) {
      const fetched = await session.send('GET', `/v1/corrections/${encodeURIComponent(listed.id)}`);
      if (fetched.response.status !== 200) {
        session.fail('fetched-agrees-with-list', fetched, `200 for ${listed.id}, which the list shows`, String(fetched.response.status));
        continue;
      }
      const { run: _run, ...alone } = fetched.response.body as Correction & { run?: unknown };
      if (canonicalJson(alone) !== canonicalJson(listed)) {
        session.fail('fetched-agrees-with-list', fetched, `${listed.id} as the list shows it`, 'the fetched correction differs from its list item');
      }
    }
    const linked = items.filter((c) => c.link?.kind === 'suggested-change').slice(0, SAMPLE);
    for (const correction of linked) {
      const id = (correction.link as { id: string }).id;
      const answer = await session.send('GET', `/v1/suggested-changes/${encodeURIComponent(id)}`);
      if (answer.response.status !== 200) {
        session.fail('suggested-change-readable-from-link', answer, `200 for suggested change ${id}, which ${correction.id} links to`, String(answer.response.status));
        continue;
      }
      const change = answer.response.body as SuggestedChange;
      const complete = (change.correctionCount ?? change.fixes.length) <= change.fixes.length;
      if (complete && !change.fixes.includes(correction.id)) {
        session.fail('suggested-change-readable-from-link', answer, `fixes lists ${correction.id}, which links to it`, `fixes: ${change.fixes.slice(0, 5).join(', ')}`);
      }
    }
  },
};
