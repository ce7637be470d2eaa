// Issue 35: the log is compacted into a snapshot every `storeCompactEvery` entries, as the state
// file is; a replica that joins reads the snapshot and what came after, and serves the same worlds,
// sessions and kept Idempotency-Key answers as those that wrote them.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestMock } from '../http/support.ts';
import { closeAll, correctionOf, freshStore, startReplica } from './support.ts';

const started: TestMock[] = [];
afterAll(() => closeAll(started));

async function rowsOf(store: string, sql: string): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: store });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Array<Record<string, unknown>>;
  } finally {
    await client.end();
  }
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never happened: ${what}`);
}

describe('compaction', () => {
  it('keeps a snapshot and the entries after it; a replica that joins serves the same worlds', async () => {
    const store = await freshStore();
    const a = await startReplica(store, 'a', { storeCompactEvery: 5 });
    started.push(a);
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      const made = await a.request('POST', '/v1/corrections', { token: 'admin', body: correctionOf(a, index, `Answer ${index}.`), headers: { 'Idempotency-Key': `key-${index}` } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      ids.push(made.body.id as string);
    }
    const session = await a.request('POST', '/__mock/sessions', { body: { seed: 3, scenarios: [{ name: 'empty-project' }] } });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const faults = await a.request('POST', '/__mock/faults', { body: { failChecks: true } });
    expect(faults.status).toBe(200);

    // The snapshot is written in the background after the append that reached the count.
    await until(async () => (await rowsOf(store, 'select seq from kindgi_snapshot')).length > 0, 'a snapshot');
    const [{ snapshot }] = (await rowsOf(store, 'select max(seq) as snapshot from kindgi_snapshot')) as [{ snapshot: number }];
    const [{ oldest }] = (await rowsOf(store, 'select min(seq) as oldest from kindgi_log')) as [{ oldest: number | null }];
    expect(Number(snapshot)).toBeGreaterThanOrEqual(10);
    // The entries the snapshot holds are gone but its last, which tells a replica behind it that it must read the snapshot.
    expect(Number(oldest)).toBe(Number(snapshot));

    const b = await startReplica(store, 'b', { storeCompactEvery: 5 });
    started.push(b);
    for (const id of ids) expect((await b.get(`/v1/corrections/${id}`, 'admin')).body).toEqual((await a.get(`/v1/corrections/${id}`, 'admin')).body);
    // The cursors differ only in when they expire (a day from each answer).
    const pageOf = async (server: TestMock) => (await server.get('/v1/corrections?limit=50', 'admin')).body.data;
    expect(await pageOf(b)).toEqual(await pageOf(a));
    expect((await b.get(`/__mock/sessions/${session.body.id}`)).body).toEqual((await a.get(`/__mock/sessions/${session.body.id}`)).body);
    const state = (await b.get('/__mock/state')).body;
    expect(state.faults).toEqual({ failChecks: true });
    // The replica that answered, and the log position it answered from: the newest, as A's.
    expect(state.store).toEqual({ replica: 'b', position: (await a.get('/__mock/state')).body.store.position });
    expect(state.store.position).toBeGreaterThan(Number(snapshot));
    // A kept answer came along: the same key on the new replica is a replay, not a second correction.
    const again = await b.request('POST', '/v1/corrections', { token: 'admin', body: correctionOf(b, 3, 'Answer 3.'), headers: { 'Idempotency-Key': 'key-3' } });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(ids[3]);
    // Seeded ids go on where the log left them, on either replica.
    const next = await b.request('POST', '/v1/corrections', { token: 'admin', body: correctionOf(b, 20, 'After the join.') });
    expect(next.status).toBe(201);
    expect(ids).not.toContain(next.body.id);
    expect((await a.get(`/v1/corrections/${next.body.id}`, 'admin')).status).toBe(200);
  });
});
