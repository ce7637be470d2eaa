// A cursor is taken only for the same list, filters and caller (page 001: sealed cursors).
import type { Scenario } from '../types.ts';

const START_AGAIN = /start (the list )?again without/i;

export const cursors: Scenario = {
  name: 'cursors',
  checks: ['cursor-bound-to-filters', 'cursor-bound-to-caller'],
  async run(session) {
    const first = await session.send('GET', '/v1/corrections?limit=1');
    const cursor = (first.response.body as { nextCursor?: string } | undefined)?.nextCursor;
    if (!cursor) return;
    const refused = (status: number, body: unknown) => status === 400 && (body as { error?: { code?: string } } | undefined)?.error?.code === 'bad-input';
    const withFilter = await session.send('GET', `/v1/corrections?limit=1&status=fixed&cursor=${encodeURIComponent(cursor)}`);
    if (!refused(withFilter.response.status, withFilter.response.body)) {
      session.fail('cursor-bound-to-filters', withFilter, '400 bad-input: the cursor belongs to the list without filters', String(withFilter.response.status));
    } else if (!START_AGAIN.test((withFilter.response.body as { error: { message: string } }).error.message)) {
      session.fail('cursor-bound-to-filters', withFilter, 'a message telling the client to start again without the cursor', (withFilter.response.body as { error: { message: string } }).error.message, 'warning');
    }
    const sameList = await session.send('GET', `/v1/corrections?limit=2&cursor=${encodeURIComponent(cursor)}`);
    if (sameList.response.status !== 200) session.fail('cursor-bound-to-filters', sameList, '200: changing only limit keeps a cursor valid', String(sameList.response.status));
    for (const token of [session.tokens.narrow, session.tokens.otherTenant]) {
      if (!token) continue;
      const other = await session.send('GET', `/v1/corrections?limit=1&cursor=${encodeURIComponent(cursor)}`, { token });
      if (!refused(other.response.status, other.response.body)) session.fail('cursor-bound-to-caller', other, "400 bad-input: another caller's cursor", String(other.response.status));
    }
  },
};
