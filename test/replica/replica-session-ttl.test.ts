// Issue 35: a session's TTL holds across replicas. Its idle time is counted from the last use the
// log holds, so a session used on one replica stays open on all, and one left idle ends on all
// at the same moment of the shared clock; and the journal lists every replica's requests, each
// marked with the replica that answered it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestMock } from '../http/support.ts';
import { closeAll, freshStore, startReplicas } from './support.ts';

let a: TestMock, b: TestMock, c: TestMock;

beforeAll(async () => {
  const store = await freshStore();
  [a, b, c] = (await startReplicas(store, 3, { clock: { now: '2026-12-01T09:00:00Z', frozen: true } })) as [TestMock, TestMock, TestMock];
});
afterAll(() => closeAll([a, b, c]));

const advance = async (server: TestMock, seconds: number) => {
  const moved = await server.request('POST', '/__mock/clock/advance', { body: { ms: seconds * 1000 } });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
};

describe('a session across replicas', () => {
  it('stays open while used on any replica, and ends on every one once idle for its TTL', async () => {
    const opened = await a.request('POST', '/__mock/sessions', { body: { ttlSeconds: 60 } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const { id, principals } = opened.body as { id: string; principals: Array<{ token: string }> };
    const token = principals[0]!.token;

    await advance(b, 50);
    // Used on B, 50 s after it opened: every replica counts its 60 s from now.
    expect((await b.get('/v1/corrections?limit=1', token)).status).not.toBe(401);
    await advance(c, 50);
    for (const server of [a, b, c]) expect((await server.get(`/__mock/sessions/${id}`)).status, server.mock.context.replica!.id).toBe(200);
    // The look-ups above were uses too (on A, B and C, at 100 s): idle from there.
    await advance(a, 59);
    expect((await c.get('/__mock/sessions')).body.data.map((s: { id: string }) => s.id)).toContain(id);
    await advance(b, 2);
    for (const server of [a, b, c]) {
      expect((await server.get(`/__mock/sessions/${id}`)).status, server.mock.context.replica!.id).toBe(404);
      expect((await server.get('/v1/corrections?limit=1', token)).status).toBe(401);
    }
    expect((await a.get('/__mock/sessions')).body.data.map((s: { id: string }) => s.id)).not.toContain(id);
  });

  it('an ended session is ended on every replica, and counts no more towards the limit', async () => {
    const opened = await c.request('POST', '/__mock/sessions', { body: {} });
    const { id } = opened.body as { id: string };
    expect((await a.request('DELETE', `/__mock/sessions/${id}`)).status).toBeLessThan(300);
    for (const server of [a, b, c]) expect((await server.get(`/__mock/sessions/${id}`)).status).toBe(404);
    expect((await b.request('DELETE', `/__mock/sessions/${id}`)).status).toBe(404);
  });
});

describe('the journal across replicas', () => {
  it('lists every replica\'s requests on each, marked with the replica that answered', async () => {
    const marks = ['a', 'b', 'c'].map((name) => `/v1/corrections?limit=1&status=open&journal-mark=${name}`);
    // An undocumented parameter is refused (400): the refusal is journalled all the same, and easy to find.
    await Promise.all([a, b, c].map((server, index) => server.get(marks[index]!, 'admin')));
    for (const server of [a, b, c]) {
      let entries: Array<{ path: string; replica?: string }> = [];
      for (let tries = 0; tries < 50; tries += 1) {
        entries = (await server.get('/__mock/requests?path=journal-mark&limit=10')).body.data;
        if (entries.length >= 3) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(entries.map((entry) => [entry.path, entry.replica]).sort()).toEqual(marks.map((path, index) => [path, ['a', 'b', 'c'][index]]).sort());
    }
  });
});
