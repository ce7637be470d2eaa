// Asks the target for a 503 (`Prefer: code=503`, as the mock and Prism honour it), so the
// `retry-after-on-503` check sees one on every run instead of only when a 503 happens by chance.
import { page } from '../sources.ts';
import type { Scenario } from '../types.ts';

/** A read that documents 503 (page 001) and needs no id. */
const READ = '/v1/corrections?limit=1';

export const provoked503: Scenario = {
  name: 'provoked 503',
  // The answer passes through every exchange check: retry-after-on-503 applies to it.
  checks: [{ name: 'retry-after-on-503', source: page(['000', '001', '002'], 'The database was too busy to answer in time (`database-busy`); `Retry-After` (whole seconds) says when to try again.') }],
  async run(session) {
    // Asked for, this 503 is the answer under test: it is not retried.
    const answer = await session.send('GET', READ, { headers: { Prefer: 'code=503' }, retry503: false });
    session.observe({ prefer: { honoured: answer.response.status === 503, how: `GET ${READ} with Prefer: code=503 answered ${answer.response.status}` } });
    // A deployment need not honour Prefer (it is a mock's convention): one that ignores it cannot
    // show a 503 on demand, which says nothing about its 503s, so the scenario is skipped.
    if (answer.response.status !== 503) {
      session.skip(`the target does not honour Prefer: code=503 (GET ${READ} answered ${answer.response.status}), so no 503 was provoked`);
    }
  },
};
