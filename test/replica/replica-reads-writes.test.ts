// Issue 35: what one replica acknowledges, every other replica of the deployment answers with at
// once — the base world's corrections, a session's world, the clock, the faults, a reset, a scenario,
// a list's cursors — and a replica that joins late reads all of it; one of another world is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMock } from '../../src/index.ts';
import { silentLogger, type TestMock } from '../http/support.ts';
import { closeAll, correctionOf, freshStore, startReplica, startReplicas } from './support.ts';

let store: string;
let a: TestMock, b: TestMock, c: TestMock;
const late: TestMock[] = [];
const withoutCursor = ({ nextCursor: _cursor, ...page }: { nextCursor?: string }) => page;

beforeAll(async () => {
  store = await freshStore();
  [a, b, c] = (await startReplicas(store, 3)) as [TestMock, TestMock, TestMock];
});
afterAll(() => closeAll([a, b, c, ...late].filter(Boolean)));

describe('a write through one replica, read through another', () => {
  it('a correction created on A is read on B; changed on B, read on C; removed on C, read on A', async () => {
    const created = await a.request('POST', '/v1/corrections', { token: 'admin', body: correctionOf(a) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const onB = await b.get(`/v1/corrections/${id}`, 'admin');
    expect(onB.status).toBe(200);
    expect(onB.body).toEqual((await a.get(`/v1/corrections/${id}`, 'admin')).body);
    expect(onB.body).toMatchObject({ id, status: created.body.status, createdAt: created.body.createdAt });

    const changed = await b.request('PATCH', `/v1/corrections/${id}`, { token: 'admin', body: { sortedTo: 'developer' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await c.get(`/v1/corrections/${id}`, 'admin')).body).toMatchObject({ sortedTo: 'developer', updatedAt: changed.body.updatedAt });

    const removed = await c.request('POST', `/v1/corrections/${id}/remove`, { token: 'admin' });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const afterRemoval = await Promise.all([a, b, c].map((server) => server.get(`/v1/corrections/${id}`, 'admin')));
    for (const answer of afterRemoval) expect(answer.body).toEqual(afterRemoval[2]!.body);
    expect(afterRemoval[0]!.body).toMatchObject({ status: removed.body.status, updatedAt: removed.body.updatedAt });
  });

  it('a session opened on A is used on B and C with its own tokens, and ends everywhere', async () => {
    const opened = await a.request('POST', '/__mock/sessions', { body: { name: 'shared', seed: 42 } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const session = opened.body as { id: string; principals: Array<{ id: string; token: string }> };
    expect((await b.get(`/__mock/sessions/${session.id}`)).status).toBe(200);
    const admin = session.principals.find((p) => p.id === 'usr_ada_admin')!;
    expect(admin, JSON.stringify(session.principals.map((p) => p.id))).toBeDefined();
    // Made on B with the session's own token, read on C in the session's world, and not in the base world.
    const made = await b.request('POST', '/v1/corrections', { token: admin.token, body: { ...correctionOf(b), shouldSay: 'In the session.' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await c.get(`/v1/corrections/${made.body.id}`, admin.token)).body).toMatchObject({ id: made.body.id, shouldSay: 'In the session.' });
    // Seeded alike, the base world may hold a correction of the same id: never the session's.
    expect((await c.get(`/v1/corrections/${made.body.id}`, 'admin')).body.shouldSay).not.toBe('In the session.');
    const ended = await c.request('DELETE', `/__mock/sessions/${session.id}`);
    expect(ended.status, JSON.stringify(ended.body)).toBeLessThan(300);
    expect((await a.get(`/__mock/sessions/${session.id}`)).status).toBe(404);
    expect((await b.get('/v1/corrections?limit=1', admin.token)).status).toBe(401);
  });

  it('the clock set on A is the clock on B', async () => {
    const set = await a.request('PUT', '/__mock/clock', { body: { now: '2027-02-01T00:00:00Z', frozen: true } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const onB = await b.get('/__mock/clock');
    expect(onB.body).toMatchObject({ now: '2027-02-01T00:00:00.000Z', frozen: true });
    const created = await b.request('POST', '/v1/corrections', { token: 'admin', body: correctionOf(b) });
    expect(created.body.createdAt).toBe('2027-02-01T00:00:00.000Z');
  });

  it('faults set on A are faults on B; a reset on B is a reset on A', async () => {
    const faulted = await a.request('POST', '/__mock/faults', { body: { databaseBusy: { rate: 1, retryAfter: 2 } } });
    expect(faulted.status, JSON.stringify(faulted.body)).toBe(200);
    expect((await b.get('/__mock/state')).body.faults).toEqual({ databaseBusy: { rate: 1, retryAfter: 2 } });
    const busy = await b.get('/v1/corrections?limit=1', 'admin');
    expect([busy.status, busy.body.error.code]).toEqual([503, 'database-busy']);
    const cleared = await c.request('DELETE', '/__mock/faults');
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect((await a.get('/v1/corrections?limit=1', 'admin')).status).toBe(200);

    const created = await a.request('POST', '/v1/corrections', { token: 'admin', body: correctionOf(a) });
    expect(created.status).toBe(201);
    const reset = await b.request('POST', '/__mock/reset');
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await a.get(`/v1/corrections/${created.body.id}`, 'admin')).status).toBe(404);
    expect((await a.get('/v1/corrections?limit=1', 'admin')).status).toBe(200);
    // The same world on both; `store` names the replica that answered, at the same log position.
    const [onC, onB] = [(await c.get('/__mock/state')).body, (await b.get('/__mock/state')).body];
    expect({ ...onC, store: onC.store.position }).toEqual({ ...onB, store: onB.store.position });
    expect([onC.store.replica, onB.store.replica]).toEqual(['c', 'b']);
  });

  it('a scenario applied on C is the world on A and B', async () => {
    const applied = await c.request('POST', '/__mock/scenarios/correction', { body: { count: 5 } });
    expect(applied.status, JSON.stringify(applied.body)).toBeLessThan(300);
    const everywhere = await Promise.all([a, b, c].map((server) => server.get('/v1/corrections?limit=100', 'admin')));
    expect(withoutCursor(everywhere[0]!.body)).toEqual(withoutCursor(everywhere[2]!.body));
    expect(withoutCursor(everywhere[1]!.body)).toEqual(withoutCursor(everywhere[2]!.body));
  });

  it('a list cursor made on A opens the next page on B and C', async () => {
    const first = await a.get('/v1/corrections?limit=2', 'admin');
    expect(first.status).toBe(200);
    const cursor = first.body.nextCursor as string;
    expect(cursor).toBeTypeOf('string');
    const path = `/v1/corrections?limit=2&cursor=${encodeURIComponent(cursor)}`;
    const [onA, onB, onC] = await Promise.all([a.get(path, 'admin'), b.get(path, 'admin'), c.get(path, 'admin')]);
    expect(onB.status, JSON.stringify(onB.body)).toBe(200);
    // Each answer's own cursor expires a day after it is made (real time): compare pages without it.
    expect(withoutCursor(onB.body)).toEqual(withoutCursor(onA.body));
    expect(withoutCursor(onC.body)).toEqual(withoutCursor(onA.body));
  });
});

describe('replicas that join later', () => {
  it('a replica that joins after 60 writes answers every one of them', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 60; n += 1) {
      const writer = [a, b, c][n % 3]!;
      const created = await writer.request('POST', '/v1/corrections', { token: 'admin', body: correctionOf(writer, n % 5, `Write ${n}.`) });
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    const d = await startReplica(store, 'd');
    late.push(d);
    for (const id of ids) expect((await d.get(`/v1/corrections/${id}`, 'admin')).status, id).toBe(200);
    expect(withoutCursor((await d.get('/v1/corrections?limit=100', 'admin')).body)).toEqual(withoutCursor((await a.get('/v1/corrections?limit=100', 'admin')).body));
  });

  it('a replica started on another world (seed 7) is refused by listen(), which names both digests', async () => {
    const other = createMock({ seed: 7, store, replicaId: 'other', logger: silentLogger().logger });
    const refusal = await other.listen(0, '127.0.0.1').then(
      (running) => { void running.close(); return undefined; },
      (error: Error) => error,
    );
    expect(refusal).toBeInstanceOf(Error);
    const digests = refusal!.message.match(/[0-9a-f]{12,}/g) ?? [];
    expect(new Set(digests).size, refusal!.message).toBeGreaterThanOrEqual(2);
  });
});
