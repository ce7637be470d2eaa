// With --allow-writes: a correction's life on data the suite makes itself (create, re-sort,
// status, supersede, remove) seen by later reads; use after remove; and suggested change
// actions refused from statuses that do not allow them (a refusal changes nothing).
import type { Correction, SuggestedChange } from '../../src/domain/types.ts';
import { inferred } from '../sources.ts';
import type { Exchange, Scenario, Session } from '../types.ts';
import { baseline, walk } from './list-walk.ts';

const NOTE = 'Written by the kindgi-mock contract kit.';

async function correctableRun(session: Session, items: Correction[]): Promise<string | undefined> {
  const runs = [...new Set(items.filter((c) => c.status !== 'removed').map((c) => c.runId))].slice(0, 8);
  for (const runId of runs) {
    const mine = await walk(session, `runId=${encodeURIComponent(runId)}&madeBy=me`, { maxPages: 1 });
    if (mine.complete && mine.items.length === 0) return runId;
  }
  return undefined;
}

const bodyOf = <T>(exchange: Exchange) => exchange.response.body as T;

export const writes: Scenario = {
  name: 'writes',
  checks: [
    { name: 'write-lifecycle', source: inferred('/paths/~1v1~1corrections/post', 'the write operations are named by the pages without their bodies; what they take and do is the mock\'s reading') },
    { name: 'use-after-remove', source: inferred('/paths/~1v1~1corrections~1{correctionId}~1remove/post', 'a removed correction cannot change (409) and stays readable') },
    { name: 'suggested-change-state-machine', source: inferred('/paths/~1v1~1suggested-changes~1{suggestedChangeId}~1pin/post', 'an action a suggested change\'s status refuses answers 409 with its id and status') },
  ],
  needs: { writes: true },
  async run(session) {
    const { items } = await baseline(session);
    const runId = await correctableRun(session, items);
    if (!runId) {
      session.fail('write-lifecycle', undefined, 'a run the caller has not corrected yet, to correct', 'none among the newest runs', { severity: 'warning' });
      return;
    }
    const expect = (exchange: Exchange, check: string, ok: boolean, expected: string) => {
      if (!ok) session.fail(check, exchange, expected, `${exchange.response.status} ${exchange.response.text.slice(0, 200)}`);
      return ok;
    };

    // Every correction the suite makes carries the run's tag in `why`: the suite removes it at the
    // end, and a later run finds it by the tag when this one was stopped first.
    const why = `${NOTE} ${session.writeTag}`;
    const created = await session.send('POST', '/v1/corrections', { body: { runId, answer: 'wrong', shouldSay: 'The contract kit says so.', why } });
    const first = bodyOf<Correction & { run?: { runId: string } }>(created);
    if (!expect(created, 'write-lifecycle', created.response.status === 201 && first.status === 'open' && first.run?.runId === runId, '201 with an open correction and the run copy')) return;
    const read = await session.send('GET', `/v1/corrections/${encodeURIComponent(first.id)}`);
    expect(read, 'write-lifecycle', read.response.status === 200 && bodyOf<Correction>(read).id === first.id, 'the new correction can be read back');

    const sorted = await session.send('PATCH', `/v1/corrections/${encodeURIComponent(first.id)}`, { body: { sortedTo: 'developer', reason: NOTE } });
    expect(sorted, 'write-lifecycle', sorted.response.status === 200 && bodyOf<Correction>(sorted).sortedTo === 'developer' && bodyOf<Correction>(sorted).sorted?.reason === NOTE, '200, sorted to developer with the reason');
    const status = await session.send('PATCH', `/v1/corrections/${encodeURIComponent(first.id)}`, { body: { status: 'wont-fix', note: NOTE } });
    expect(status, 'write-lifecycle', status.response.status === 200 && bodyOf<Correction>(status).status === 'wont-fix' && bodyOf<Correction>(status).statusNote?.text === NOTE, '200, wont-fix with the note as statusNote');

    const second = await session.send('POST', '/v1/corrections', { body: { runId, answer: 'wrong', shouldSay: 'Second thoughts.', why } });
    if (!expect(second, 'write-lifecycle', second.response.status === 201, '201 for a second correction of the same run')) return;
    const secondId = bodyOf<Correction>(second).id;
    const old = await session.send('GET', `/v1/corrections/${encodeURIComponent(first.id)}`);
    expect(old, 'write-lifecycle', bodyOf<Correction>(old).supersededBy === secondId && bodyOf<Correction>(old).unregisteredAt !== undefined, `the first correction superseded by ${secondId}, with unregisteredAt`);
    const listed = await walk(session, `runId=${encodeURIComponent(runId)}&madeBy=me`, { maxPages: 1 });
    expect(listed.pages[0]!, 'write-lifecycle', listed.items.map((c) => c.id).join() === secondId, `only ${secondId} listed for the run and caller`);

    const key = { 'Idempotency-Key': `kindgi-contracts-${session.writeTag.replace(/\W+/g, '-')}-remove` };
    const removed = await session.send('POST', `/v1/corrections/${encodeURIComponent(secondId)}/remove`, { headers: key });
    expect(removed, 'write-lifecycle', removed.response.status === 200 && bodyOf<Correction>(removed).status === 'removed', '200 with status removed');
    // The same remove again with the same key: a server that keeps keys replays its first answer.
    const replay = await session.send('POST', `/v1/corrections/${encodeURIComponent(secondId)}/remove`, { headers: key });
    const replayed = replay.response.headers['x-idempotent-replay'] === 'true';
    session.observe({ idempotencyReplay: { honoured: replayed, how: `POST …/remove again with the same Idempotency-Key answered ${replay.response.status}${replayed ? ' with X-Idempotent-Replay: true' : ', no X-Idempotent-Replay'}` } });
    const again = await session.send('PATCH', `/v1/corrections/${encodeURIComponent(secondId)}`, { body: { status: 'open' } });
    expect(again, 'use-after-remove', again.response.status === 409, '409: a removed correction cannot change');
    const stillThere = await session.send('GET', `/v1/corrections/${encodeURIComponent(secondId)}`);
    expect(stillThere, 'use-after-remove', stillThere.response.status === 200 && bodyOf<Correction>(stillThere).status === 'removed', '200 with status removed: removed corrections stay readable');
    const defaultList = await walk(session, `runId=${encodeURIComponent(runId)}`, { maxPages: 2 });
    expect(defaultList.pages[0]!, 'use-after-remove', !defaultList.items.some((c) => c.id === secondId), 'the removed correction left the default list');
    const removedList = await walk(session, `runId=${encodeURIComponent(runId)}&status=removed`, { maxPages: 2 });
    expect(removedList.pages[0]!, 'use-after-remove', removedList.items.some((c) => c.id === secondId), 'the removed correction listed with status=removed');

    // Suggested changes the suite did not make are only asked for actions their status refuses.
    const final = ['pinned', 'added-as-latest', 'withdrawn'];
    for (const correction of items.filter((c) => c.link?.kind === 'suggested-change').slice(0, 15)) {
      const id = (correction.link as { id: string }).id;
      const change = await session.send('GET', `/v1/suggested-changes/${encodeURIComponent(id)}`);
      const current = bodyOf<SuggestedChange>(change)?.status;
      if (change.response.status !== 200 || !final.includes(current)) continue;
      const pin = await session.send('POST', `/v1/suggested-changes/${encodeURIComponent(id)}/pin`);
      const details = bodyOf<{ error?: { details?: { status?: string; suggestedChangeId?: string } } }>(pin)?.error?.details;
      expect(pin, 'suggested-change-state-machine', pin.response.status === 409 && details?.status === current && details?.suggestedChangeId === id,
        `409 with details { suggestedChangeId, status: ${current} }: a ${current} suggested change cannot be pinned`);
      break;
    }
  },
};
