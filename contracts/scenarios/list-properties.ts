// Page 001's list: newest first, superseded never, removed only when asked; pages that never
// repeat or skip; hasMore and nextCursor that agree; limit bounds.
import type { Correction } from '../../src/domain/types.ts';
import { convention, page } from '../sources.ts';
import type { Scenario } from '../types.ts';
import { baseline, walk } from './list-walk.ts';

const LIST = 'Corrections (not superseded, and not removed unless `status` asks for `removed`), newest first, cursor-paginated.';

export function newestFirstViolation(items: Correction[]): string | undefined {
  for (let i = 1; i < items.length; i += 1) {
    if (Date.parse(items[i]!.createdAt) > Date.parse(items[i - 1]!.createdAt)) {
      return `${items[i]!.id} (${items[i]!.createdAt}) comes after the older ${items[i - 1]!.id} (${items[i - 1]!.createdAt})`;
    }
  }
  return undefined;
}

export const listProperties: Scenario = {
  name: 'list properties',
  checks: [
    { name: 'list-newest-first', source: page('001', LIST) },
    { name: 'list-leaves-out-superseded', source: page('001', LIST) },
    { name: 'list-leaves-out-removed', source: page('001', LIST) },
    { name: 'pages-never-repeat-or-skip', source: page('001', 'Where the previous page ended: its `nextCursor`, as it came.') },
    { name: 'has-more-agrees-with-next-cursor', source: convention('Lists', '`nextCursor` is absent when `hasMore` is false.') },
    { name: 'limit-bounds', source: page('001', '1..100. Default 25.') },
  ],
  async run(session) {
    // The unfiltered walk the filters compare with (walked once per run): to its last page, where
    // a nextCursor is most easily left behind.
    const { live: big } = await baseline(session);
    const first = big.pages[0];
    const order = newestFirstViolation(big.items);
    if (order) session.fail('list-newest-first', first, 'corrections newest first', order);
    const superseded = big.items.find((c) => c.supersededBy !== undefined);
    if (superseded) session.fail('list-leaves-out-superseded', first, 'no superseded correction in the list', `${superseded.id} is superseded by ${superseded.supersededBy}`);
    const removed = big.items.find((c) => c.status === 'removed');
    if (removed) session.fail('list-leaves-out-removed', first, 'no removed correction unless status asks for removed', `${removed.id} is removed`);

    for (const page of big.pages) {
      const body = page.response.body as { hasMore?: boolean; nextCursor?: string } | undefined;
      if (page.response.status === 200 && body && (body.hasMore === true) !== (typeof body.nextCursor === 'string')) {
        session.fail('has-more-agrees-with-next-cursor', page, 'nextCursor present exactly when hasMore is true', `hasMore ${String(body.hasMore)}, nextCursor ${body.nextCursor === undefined ? 'absent' : 'present'}`);
      }
    }

    // The same stretch of the list in pages of 7 must be the pages of 100, item for item.
    const small = await walk(session, '', { limit: 7, maxPages: 6 });
    const ids = small.items.map((c) => c.id);
    const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
    const expected = big.items.slice(0, ids.length).map((c) => c.id);
    if (repeated) session.fail('pages-never-repeat-or-skip', small.pages[small.pages.length - 1], 'no correction twice across pages', `${repeated} appears twice`);
    else if (ids.join() !== expected.join()) {
      const at = ids.findIndex((id, i) => id !== expected[i]);
      session.fail('pages-never-repeat-or-skip', small.pages[small.pages.length - 1], `pages of 7 list ${expected[at]} at position ${at}, as pages of 100 do`, `${ids[at]} is there`);
    }

    for (const [query, max] of [['limit=1', 1], ['limit=100', 100], ['', 25]] as const) {
      const answer = await session.send('GET', `/v1/corrections${query ? `?${query}` : ''}`);
      const count = (answer.response.body as { data?: unknown[] } | undefined)?.data?.length;
      if (answer.response.status !== 200 || count === undefined || count > max) {
        session.fail('limit-bounds', answer, `200 with at most ${max} corrections${query ? '' : ' (the default page)'}`, `${answer.response.status} with ${String(count)}`);
      }
    }
    for (const query of ['limit=0', 'limit=101', 'limit=-1']) {
      const answer = await session.send('GET', `/v1/corrections?${query}`);
      if (answer.response.status !== 400) session.fail('limit-bounds', answer, '400 bad-input (limit is 1..100)', String(answer.response.status));
    }
  },
};
