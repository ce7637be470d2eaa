// A cursor is taken only for the same list, filters and caller (page 001: sealed cursors), and
// whether this target's cursors look sealed at all (an edited one refused), for the target record.
import { convention, page } from '../sources.ts';
import type { Exchange, Scenario } from '../types.ts';

const START_AGAIN = /start (the list )?again without/i;
const SEALING = 'A runtime that seals cursors takes one only for the same list, filters and caller, within a day; otherwise `400 bad-input`, and the list starts again without it.';

export const LIMIT_KEEPS = convention('Lists', "bound to the tenant, the caller, the list's path and every query parameter except `cursor` and `limit` (so changing `limit` alone keeps a cursor valid), for 24 hours.");

const refused = (exchange: Exchange) => exchange.response.status === 400
  && (exchange.response.body as { error?: { code?: string } } | undefined)?.error?.code === 'bad-input';

/** The cursor with its middle character changed to another of its kind, so the edit keeps its alphabet. */
export function editedCursor(cursor: string): string {
  const at = Math.floor(cursor.length / 2);
  const c = cursor[at]!;
  const swap = /\d/.test(c) ? String((Number(c) + 1) % 10) : /[a-z]/.test(c) ? (c === 'z' ? 'a' : String.fromCharCode(c.charCodeAt(0) + 1))
    : /[A-Z]/.test(c) ? (c === 'Z' ? 'A' : String.fromCharCode(c.charCodeAt(0) + 1)) : c === '-' ? '_' : '-';
  return `${cursor.slice(0, at)}${swap}${cursor.slice(at + 1)}`;
}

export const cursors: Scenario = {
  name: 'cursors',
  checks: [
    { name: 'cursor-bound-to-filters', source: page('001', SEALING) },
    { name: 'cursor-bound-to-caller', source: page('001', SEALING) },
  ],
  async run(session) {
    const first = await session.send('GET', '/v1/corrections?limit=1');
    const cursor = (first.response.body as { nextCursor?: string } | undefined)?.nextCursor;
    if (!cursor) return;
    const edited = await session.send('GET', `/v1/corrections?limit=1&cursor=${encodeURIComponent(editedCursor(cursor))}`);
    const sealed = edited.response.status === 400;
    session.observe({ cursorsSealed: { sealed, how: `an edited cursor answered ${edited.response.status}` } });
    // The page binds only a sealing runtime's cursors: one whose cursors take an edit makes no
    // such promise, so its binding is reported, not failed. The mock seals, so against it, it fails.
    const weight = sealed || session.againstMock ? {} : { severity: 'warning' as const };
    const unsealedNote = sealed ? '' : ' (its cursors do not look sealed: an edited one was taken)';

    const withFilter = await session.send('GET', `/v1/corrections?limit=1&status=fixed&cursor=${encodeURIComponent(cursor)}`);
    if (!refused(withFilter)) {
      session.fail('cursor-bound-to-filters', withFilter, '400 bad-input: the cursor belongs to the list without filters', `${withFilter.response.status}${unsealedNote}`, weight);
    } else if (!START_AGAIN.test((withFilter.response.body as { error: { message: string } }).error.message)) {
      session.fail('cursor-bound-to-filters', withFilter, 'a message telling the client to start again without the cursor', (withFilter.response.body as { error: { message: string } }).error.message, { severity: 'warning' });
    }
    const sameList = await session.send('GET', `/v1/corrections?limit=2&cursor=${encodeURIComponent(cursor)}`);
    if (sameList.response.status !== 200) {
      session.fail('cursor-bound-to-filters', sameList, '200: changing only limit keeps a cursor valid', String(sameList.response.status), { source: LIMIT_KEEPS });
    }
    for (const token of [session.tokens.narrow, session.tokens.otherTenant]) {
      if (!token) continue;
      const other = await session.send('GET', `/v1/corrections?limit=1&cursor=${encodeURIComponent(cursor)}`, { token });
      if (!refused(other)) session.fail('cursor-bound-to-caller', other, "400 bad-input: another caller's cursor", `${other.response.status}${unsealedNote}`, weight);
    }
  },
};
