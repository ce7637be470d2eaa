// Sessions (issue 13): isolated worlds reached by their own tokens, over one shared base. Each
// test opens its own sessions on one mock, as parallel test files would.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Principal } from '../../src/domain/world.ts';
import type { MockWorld } from '../../src/http/context.ts';
import { createMockClock } from '../../src/worlds/mock-clock.ts';
import { createSessions, MAX_OPEN_SESSIONS, SESSION_SWEEP_MS, SessionRefusal, type SweepTimers } from '../../src/worlds/sessions.ts';
import { checkWorld } from '../../src/domain/world-rules.ts';
import { generateWorld } from '../../src/fixtures/generate-world.ts';
import { worldWithoutCorrections } from '../../src/worlds/seeded-worlds.ts';
import { fixture, freshRuns, openCorrections } from '../support/fixture-picks.ts';
import { startMock, type Answer, type TestMock } from './support.ts';

interface Listed { token: string; id: string; kind: string; expiresAt?: string; revokedAt?: string }
interface OpenedSession { id: string; name?: string; seed?: number; ttlSeconds: number; createdAt: string; expiresAt: string; writes: number; principals: Listed[] }
interface SuggestedChangeRecord { id: string; agentId: string; approvalId?: string; pinned?: unknown; addedAsLatest?: unknown; withdrawn?: unknown; madeBeforeProjects?: boolean; projectId?: string; check: { status: string } }

let server: TestMock;
let now = Date.parse('2026-12-01T09:00:00.000Z');
beforeAll(async () => { server = await startMock({ clock: () => now }); });
afterAll(async () => { await server.close(); });

async function open(body?: unknown): Promise<OpenedSession> {
  const answer = await server.request('POST', '/__mock/sessions', body === undefined ? {} : { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as OpenedSession;
}
/** The session's own token of the principal a fixtures name (`kgm_<name>_…`) names in the base world. */
const tokenIn = (session: OpenedSession, name: string) => {
  const id = server.mock.store.principals().find((p) => p.token.startsWith(`kgm_${name}_`))!.id;
  return session.principals.find((p) => p.id === id)!.token;
};
/** A session's token: its id, then 32 random hex digits. */
const SESSION_TOKEN = /^(ses_[0-9a-f]{16})_[0-9a-f]{32}$/;
const correctionIn = (token: string, id: string) => server.get(`/v1/corrections/${id}`, token);
function expectError(answer: Answer<any>, status: number, code: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error.code).toBe(code);
  expect(answer.body.error.requestId).toBe(answer.headers.get('x-request-id'));
}

describe('POST /__mock/sessions', () => {
  it('→ 201 with an id, every principal of GET /__mock/principals with a token of its own, and expiresAt 30 minutes on', async () => {
    const session = await open();
    expect(session.id).toMatch(/^ses_[0-9a-f]{16}$/);
    const listed = (await server.get('/__mock/principals')).body.data as Listed[];
    expect(listed.length).toBeGreaterThan(0);
    expect(session.principals.map(({ token: _token, ...p }) => p)).toEqual(listed.map(({ token: _token, ...p }) => p));
    // Its own random strings, each naming the session, none made from a base token.
    for (const { token } of session.principals) {
      expect(SESSION_TOKEN.exec(token)?.[1]).toBe(session.id);
      expect(listed.some((p) => token.includes(p.token.slice(p.token.lastIndexOf('_') + 1)))).toBe(false);
    }
    expect(new Set(session.principals.map((p) => p.token)).size).toBe(listed.length);
    expect(session.ttlSeconds).toBe(1800);
    expect(Date.parse(session.expiresAt) - Date.parse(session.createdAt)).toBe(1800 * 1000);
    expect(session.createdAt).toBe(new Date(now).toISOString());
    expect(session.writes).toBe(0);
  });

  it('{ name, seed, ttlSeconds } → kept; seed 42 starts as the embedded world, another seed as its own generated world, with its own principals', async () => {
    const named = await open({ name: 'list › filters', seed: 42, ttlSeconds: 60 });
    expect(named).toMatchObject({ name: 'list › filters', seed: 42, ttlSeconds: 60 });
    expect((await server.get(`/__mock/sessions/${named.id}/state`)).body).toEqual((await server.get('/__mock/state')).body);
    const seven = await open({ seed: 7 });
    const baseTokens = server.mock.store.principals().map((p) => p.token);
    expect(seven.principals.map((p) => p.token.slice(seven.id.length + 1)).some((t) => baseTokens.includes(t))).toBe(false);
    const page = await server.get('/v1/corrections?limit=1', tokenIn(seven, 'admin'));
    expect(page.status).toBe(200);
    // A base token names no principal of seed 7's world, nor does the old `<session id>.<base token>`.
    expectError(await server.get('/v1/corrections?limit=1', `${seven.id}.${server.token('admin')}`), 401, 'auth-invalid');
  });

  it.each([
    [{ seed: -1 }, 'bad-input', 'seed'], [{ seed: 1.5 }, 'bad-input', 'seed'], [{ ttlSeconds: 0 }, 'bad-input', 'ttlSeconds'],
    [{ ttlSeconds: 604_801 }, 'bad-input', 'ttlSeconds'], [{ name: '' }, 'bad-input', 'name'], [{ name: 'x'.repeat(201) }, 'bad-input', 'name'],
    [{ owner: 'me' }, 'unknown-field', 'owner'], [[1, 2], 'bad-input', undefined], [null, 'bad-input', undefined], [5, 'bad-input', undefined],
  ] as const)('%j → 400 %s, and no session is opened', async (body, code, field) => {
    const before = (await server.get('/__mock/sessions')).body.data.length;
    const answer = await server.request('POST', '/__mock/sessions', { body });
    expectError(answer, 400, code);
    if (field === undefined) expect(answer.body.error.message).toContain('send a JSON object');
    if (code === 'bad-input' && field !== undefined) expect(answer.body.error.details).toEqual({ field });
    if (code === 'unknown-field') expect(answer.body.error.details).toEqual({ fields: [field] });
    expect((await server.get('/__mock/sessions')).body.data.length).toBe(before);
  });

  it('a body that is not JSON → 400; text/plain → 415; from a foreign page → 403 foreign-origin', async () => {
    expectError(await server.request('POST', '/__mock/sessions', { body: '{ nope' }), 400, 'bad-input');
    expectError(await server.request('POST', '/__mock/sessions', { body: '{}', headers: { 'Content-Type': 'text/plain' } }), 415, 'unsupported-media-type');
    expectError(await server.request('POST', '/__mock/sessions', { body: {}, headers: { Origin: 'https://evil.example' } }), 403, 'foreign-origin');
  });

  it(`in process, createSession answers the same object; bad options throw SessionRefusal; past ${MAX_OPEN_SESSIONS} open → too-many-sessions (429 over HTTP)`, async () => {
    // A frozen clock: getting a session is a use of it, which moves expiresAt on with time.
    const started = await startMock({ clock: { now: '2026-12-02T00:00:00Z', frozen: true } });
    const { mock } = started;
    const session = mock.createSession({ name: 'in process' });
    expect(session.principals.map((p) => p.id)).toEqual(mock.store.principals().map((p) => p.id));
    expect(session.principals.every((p) => SESSION_TOKEN.exec(p.token)?.[1] === session.id)).toBe(true);
    expect(mock.sessions.get(session.id)).toEqual(session);
    expect(() => mock.createSession({ seed: -1 })).toThrow(SessionRefusal);
    expect(() => mock.createSession({ color: 'red' } as never)).toThrow(/unknown field "color"/);
    for (let i = mock.sessions.size(); i < MAX_OPEN_SESSIONS; i += 1) mock.createSession();
    expect(() => mock.createSession()).toThrow(expect.objectContaining({ code: 'too-many-sessions' }));
    try {
      const answer = await fetch(`${started.url}/__mock/sessions`, { method: 'POST' });
      expect(answer.status).toBe(429);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('too-many-sessions');
      expect(mock.sessions.end(session.id)).toBe(true);
      expect((await fetch(`${started.url}/__mock/sessions`, { method: 'POST' })).status).toBe(201);
    } finally {
      await started.close();
    }
  });
});

describe('a session of another size: corrections', () => {
  const EVERY_STATUS = 'open,being-fixed,with-owner,fixed,wont-fix,removed';
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);
  const stateOf = async (session: OpenedSession) => (await server.get(`/__mock/sessions/${session.id}/state`)).body as { corrections: Record<string, number>; suggestedChanges: Record<string, number>; runs: number };

  it('corrections 0 → the world\'s tenants, projects, principals, agents and runs, and no correction or suggested change for anyone', async () => {
    const empty = await open({ corrections: 0 });
    expect(empty.principals.map((p) => p.id)).toEqual(server.mock.store.principals().map((p) => p.id));
    const state = await stateOf(empty);
    expect(state).toMatchObject({ corrections: {}, suggestedChanges: {} });
    expect(state.runs).toBe(server.mock.store.counts().runs);
    const projects = (await server.get(`/__mock/sessions/${empty.id}/projects`)).body.data as Array<{ id: string }>;
    expect(projects.map((p) => p.id)).toEqual(server.mock.store.worldView().projects.map((p) => p.id));
    const working = empty.principals.filter((p) => !p.expiresAt && !p.revokedAt);
    expect(working.length).toBeGreaterThan(3);
    for (const principal of working) {
      const page = await server.get(`/v1/corrections?status=${EVERY_STATUS}&limit=100`, principal.token);
      expect(page.status, `${principal.id}: ${JSON.stringify(page.body)}`).toBe(200);
      expect(page.body.data, principal.id).toEqual([]);
    }
    // A write still works there: a run of the world takes a first correction.
    const [run] = freshRuns(1);
    expect((await server.request('POST', '/v1/corrections', { token: tokenIn(empty, 'admin'), body: { runId: run!.id, answer: 'wrong' } })).status).toBe(201);
  });

  it('the empty world passes every rule of the world (checkWorld), and is made once per world: its index is shared by every such session', () => {
    const empty = worldWithoutCorrections(server.mock.store.exportWorld());
    expect(checkWorld(empty)).toEqual([]);
    expect(empty.runs.length).toBe(server.mock.store.counts().runs);
    expect(empty.runs.every((r) => r.capturedAt === undefined)).toBe(true);
    const seeded = generateWorld({ seed: 7 });
    expect(checkWorld(worldWithoutCorrections(seeded))).toEqual([]);
    expect(worldWithoutCorrections(seeded)).toBe(worldWithoutCorrections(seeded));
  });

  it('corrections 300 with seed 7 → seed 7\'s world of 300 corrections; without a seed, seed 42\'s; corrections 0 with a seed → the seed\'s world, emptied', async () => {
    const sized = await open({ seed: 7, corrections: 300 });
    expect(total((await stateOf(sized)).corrections)).toBe(generateWorld({ seed: 7, corrections: 300 }).corrections.length);
    const unseeded = await open({ corrections: 300 });
    expect(total((await stateOf(unseeded)).corrections)).toBe(generateWorld({ seed: 42, corrections: 300 }).corrections.length);
    const emptySeven = await open({ seed: 7, corrections: 0 });
    expect(await stateOf(emptySeven)).toMatchObject({ corrections: {}, suggestedChanges: {}, runs: expect.any(Number) });
    expect((await stateOf(emptySeven)).runs).toBeGreaterThan(0);
    expect(emptySeven).toMatchObject({ seed: 7 });
  });

  it('createMock({ corrections: 0 }) serves that world too: its principals and runs, no correction and no suggested change', async () => {
    const started = await startMock({ corrections: 0, seed: 7 });
    try {
      expect(started.mock.store.counts()).toMatchObject({ corrections: {}, suggestedChanges: {} });
      expect(started.mock.store.counts().runs).toBeGreaterThan(0);
      expect(started.mock.store.principals().length).toBeGreaterThan(3);
    } finally {
      await started.close();
    }
  });

  it.each([
    [{ corrections: -1 }, 'bad-input', { field: 'corrections' }], [{ corrections: 1.5 }, 'bad-input', { field: 'corrections' }],
    [{ corrections: 100_001 }, 'bad-input', { field: 'corrections' }], [{ corrections: '3' }, 'bad-input', { field: 'corrections' }],
    [{ scenarios: 'correction' }, 'bad-input', { field: 'scenarios' }], [{ scenarios: [{}] }, 'bad-input', { field: 'scenarios[0].name' }],
    [{ scenarios: [{ name: 'correction', params: 3 }] }, 'bad-input', { field: 'scenarios[0].params' }],
    [{ scenarios: [{ name: 'correction', count: 3 }] }, 'unknown-field', { fields: ['scenarios[0].count'] }],
  ] as const)('%j → 400 %s naming it, and no session is opened', async (body, code, details) => {
    const before = (await server.get('/__mock/sessions')).body.data.length;
    const answer = await server.request('POST', '/__mock/sessions', { body });
    expectError(answer, 400, code);
    expect(answer.body.error.details).toEqual(details);
    expect((await server.get('/__mock/sessions')).body.data.length).toBe(before);
  });
});

describe('isolation: a session sees its own writes only', () => {
  it("a correction made and one changed in session A: A sees both; the base world, base tokens and session B see neither; A's writes count", async () => {
    const [run] = freshRuns(1);
    const [target] = openCorrections(1);
    const a = await open({ name: 'A' });
    const b = await open({ name: 'B' });
    const made = await server.request('POST', '/v1/corrections', { token: tokenIn(a, 'admin'), body: { runId: run!.id, answer: 'wrong', why: 'made in A' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const changed = await server.request('PATCH', `/v1/corrections/${target!.id}`, { token: tokenIn(a, 'admin'), body: { status: 'wont-fix', note: 'in A' } });
    expect(changed.body.status).toBe('wont-fix');

    expect((await correctionIn(tokenIn(a, 'admin'), made.body.id)).status).toBe(200);
    for (const token of ['admin', tokenIn(b, 'admin')]) {
      expect((await correctionIn(token, made.body.id)).status).toBe(404);
      expect((await correctionIn(token, target!.id)).body.status).toBe('open');
    }
    const runIds = async (token: string) => (await server.get(`/v1/corrections?runId=${run!.id}`, token)).body.data.map((c: { id: string }) => c.id);
    expect(await runIds(tokenIn(a, 'admin'))).toEqual([made.body.id]);
    expect(await runIds('admin')).toEqual([]);
    expect(await runIds(tokenIn(b, 'admin'))).toEqual([]);
    expect(server.mock.store.lookup.correction(made.body.id)).toBeUndefined();
    expect((await server.get(`/__mock/sessions/${a.id}`)).body.writes).toBe(2);
    expect((await server.get(`/__mock/sessions/${b.id}`)).body.writes).toBe(0);
  });

  it('a write in the base world is seen by no session, opened before it or after', async () => {
    const [, target] = openCorrections(2);
    const before = await open();
    const write = await server.request('PATCH', `/v1/corrections/${target!.id}`, { token: 'admin', body: { status: 'wont-fix' } });
    expect(write.status).toBe(200);
    const after = await open();
    try {
      for (const session of [before, after]) expect((await correctionIn(tokenIn(session, 'admin'), target!.id)).body.status).toBe('open');
    } finally {
      await server.request('POST', '/__mock/reset');
    }
  });

  it('an Idempotency-Key is per session: the same key and body make one correction in each session, and a replay within one', async () => {
    const [run] = freshRuns(1);
    const a = await open();
    const b = await open();
    const create = (token: string) => server.request('POST', '/v1/corrections', { token, headers: { 'Idempotency-Key': 'same-key' }, body: { runId: run!.id, answer: 'wrong' } });
    const inA = await create(tokenIn(a, 'admin'));
    const inB = await create(tokenIn(b, 'admin'));
    expect([inA.status, inB.status]).toEqual([201, 201]);
    expect(inB.headers.get('x-idempotent-replay')).toBeNull();
    const again = await create(tokenIn(a, 'admin'));
    expect(again.headers.get('x-idempotent-replay')).toBe('true');
    expect(again.body).toEqual(inA.body);
  });

  it("a cursor is bound to its world: the base world's is refused in a session, and a session's in the base world and in another session", async () => {
    const a = await open();
    const b = await open();
    const cursorOf = async (token: string) => (await server.get('/v1/corrections?limit=2', token)).body.nextCursor as string;
    const refused = async (token: string, cursor: string) => expectError(await server.get(`/v1/corrections?limit=2&cursor=${encodeURIComponent(cursor)}`, token), 400, 'bad-input');
    await refused(tokenIn(a, 'admin'), await cursorOf('admin'));
    await refused('admin', await cursorOf(tokenIn(a, 'admin')));
    await refused(tokenIn(b, 'admin'), await cursorOf(tokenIn(a, 'admin')));
    const own = await cursorOf(tokenIn(a, 'admin'));
    expect((await server.get(`/v1/corrections?limit=2&cursor=${encodeURIComponent(own)}`, tokenIn(a, 'admin'))).status).toBe(200);
  });

  it("faults are per session: a session's databaseBusy rate 1 answers its own requests 503, and neither the base world's nor another session's", async () => {
    const a = await open();
    const b = await open();
    const set = await server.request('POST', `/__mock/sessions/${a.id}/faults`, { body: { databaseBusy: { rate: 1, retryAfter: 3 } } });
    expect(set.body.faults).toEqual({ databaseBusy: { rate: 1, retryAfter: 3 } });
    const busy = await server.get('/v1/corrections?limit=1', tokenIn(a, 'admin'));
    expectError(busy, 503, 'database-busy');
    expect(busy.headers.get('retry-after')).toBe('3');
    expect((await server.get('/v1/corrections?limit=1', tokenIn(b, 'admin'))).status).toBe(200);
    expect((await server.get('/v1/corrections?limit=1', 'admin')).status).toBe(200);
    expect((await server.get(`/__mock/sessions/${a.id}/state`)).body.faults).toEqual({ databaseBusy: { rate: 1, retryAfter: 3 } });
    expect((await server.get('/__mock/state')).body.faults).toEqual({});
    expect((await server.request('DELETE', `/__mock/sessions/${a.id}/faults`)).body.faults).toEqual({});
    expect((await server.get('/v1/corrections?limit=1', tokenIn(a, 'admin'))).status).toBe(200);
  });

  it("approvals, checks and test runs are the session's: a pin waiting in a session is decided with its tokens only, and its check ends by its own route", async () => {
    const changes = fixture<SuggestedChangeRecord[]>('suggested-changes.json');
    const projects = fixture<Array<{ id: string; releaseGate: string }>>('projects.json');
    const agents = fixture<Array<{ id: string; projectId: string }>>('agents.json');
    const gateOf = (s: SuggestedChangeRecord) => projects.find((p) => p.id === agents.find((a) => a.id === s.agentId)!.projectId)!.releaseGate;
    const ready = (s: SuggestedChangeRecord) => s.check.status === 'done' && s.approvalId === undefined && !s.pinned && !s.addedAsLatest && !s.withdrawn && s.madeBeforeProjects !== true && s.projectId !== undefined;
    const secondPerson = changes.find((s) => ready(s) && gateOf(s) === 'second-person')!;
    const running = changes.find((s) => s.check.status === 'running' && !s.withdrawn)!;
    const session = await open();
    const pinned = await server.request('POST', `/v1/suggested-changes/${secondPerson.id}/pin`, { token: tokenIn(session, 'admin') });
    expect(pinned.body.status, JSON.stringify(pinned.body)).toBe('waiting-for-second-person');
    expect((await server.get(`/v1/suggested-changes/${secondPerson.id}`, 'admin')).body.status).toBe('ready');
    expectError(await server.request('POST', `/__mock/approvals/${pinned.body.approvalId}/approve`, { token: 'expert' }), 404, 'not-found');
    const approved = await server.request('POST', `/__mock/approvals/${pinned.body.approvalId}/approve`, { token: tokenIn(session, 'expert') });
    expect(approved.body.status).toBe('pinned');

    expectError(await server.request('POST', `/__mock/sessions/${session.id}/checks/00000000-0000-4000-8000-000000000000/finish`), 404, 'not-found');
    const finished = await server.request('POST', `/__mock/sessions/${session.id}/checks/${running.id}/finish`, { body: { fails: true } });
    expect(finished.body).toEqual({ finished: running.id, fails: true });
    expect((await server.get(`/v1/suggested-changes/${running.id}`, tokenIn(session, 'admin'))).body.status).toBe('check-failed');
    expect((await server.get(`/v1/suggested-changes/${running.id}`, 'admin')).body.status).toBe('checking');

    const [fixed] = fixture<Array<{ id: string; status: string; supersededBy?: string; reopenedIn?: unknown; projectId: string }>>('corrections.json')
      .filter((c) => c.status === 'fixed' && c.supersededBy === undefined && c.reopenedIn === undefined);
    const tested = await server.request('POST', '/__mock/test-runs', { token: tokenIn(session, 'admin'), body: { version: 'v9', how: 'pin', wrong: [fixed!.id] } });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect((await correctionIn(tokenIn(session, 'admin'), fixed!.id)).body.status).not.toBe('fixed');
    expect((await correctionIn('admin', fixed!.id)).body.status).toBe('fixed');
  });
});

describe('GET, DELETE and reset of a session', () => {
  it('GET /__mock/sessions lists the open ones without tokens; GET /__mock/sessions/{id} shows one with them', async () => {
    const session = await open({ name: 'listed' });
    const listed = (await server.get('/__mock/sessions')).body.data as Array<Record<string, unknown>>;
    const mine = listed.find((s) => s.id === session.id);
    const { principals: _principals, ...summary } = session;
    expect(mine).toEqual(summary);
    expect((await server.get(`/__mock/sessions/${session.id}`)).body).toEqual(session);
  });

  it('DELETE /__mock/sessions/{id} → 200 { ended }; its tokens then answer 401 auth-invalid naming the session, and its routes 404', async () => {
    const session = await open();
    const token = tokenIn(session, 'admin');
    expect((await server.get('/v1/corrections?limit=1', token)).status).toBe(200);
    expect((await server.request('DELETE', `/__mock/sessions/${session.id}`)).body).toEqual({ ended: session.id });
    const refused = await server.get('/v1/corrections?limit=1', token);
    expectError(refused, 401, 'auth-invalid');
    expect(refused.body.error.message).toContain(session.id);
    expectError(await server.request('POST', '/__mock/test-runs', { token, body: { version: 'v1', how: 'pin' } }), 401, 'auth-invalid');
    for (const [method, path] of [['GET', ''], ['DELETE', ''], ['POST', '/reset'], ['GET', '/state'], ['GET', '/clock'], ['POST', '/faults']] as const) {
      const answer = await server.request(method, `/__mock/sessions/${session.id}${path}`, method === 'POST' ? { body: {} } : {});
      expectError(answer, 404, 'not-found');
      expect(answer.body.error.details).toEqual({ sessionId: session.id });
    }
    expect(((await server.get('/__mock/sessions')).body.data as Array<{ id: string }>).map((s) => s.id)).not.toContain(session.id);
  });

  it("POST /__mock/sessions/{id}/reset forgets its writes, and only its own: its tokens, clock and faults stay; another session's writes stay", async () => {
    const [first, second] = openCorrections(2);
    const a = await open();
    const b = await open();
    await server.request('PATCH', `/v1/corrections/${first!.id}`, { token: tokenIn(a, 'admin'), body: { status: 'wont-fix' } });
    await server.request('PATCH', `/v1/corrections/${second!.id}`, { token: tokenIn(b, 'admin'), body: { status: 'wont-fix' } });
    await server.request('POST', `/__mock/sessions/${a.id}/faults`, { body: { failChecks: true } });
    await server.request('PUT', `/__mock/sessions/${a.id}/clock`, { body: { now: '2027-01-01T00:00:00Z', frozen: true } });
    const reset = await server.request('POST', `/__mock/sessions/${a.id}/reset`);
    const { faults: _faults, ...loadedCounts } = (await server.get(`/__mock/sessions/${(await open()).id}/state`)).body;
    expect(reset.body).toEqual({ reset: true, ...loadedCounts });
    expect((await correctionIn(tokenIn(a, 'admin'), first!.id)).body.status).toBe('open');
    expect((await correctionIn(tokenIn(b, 'admin'), second!.id)).body.status).toBe('wont-fix');
    expect((await server.get(`/__mock/sessions/${a.id}/state`)).body.faults).toEqual({ failChecks: true });
    expect((await server.get(`/__mock/sessions/${a.id}/clock`)).body).toEqual({ now: '2027-01-01T00:00:00.000Z', frozen: true });
    expect((await server.get(`/__mock/sessions/${a.id}`)).body.writes).toBe(0);
  });

  it('a reset starts the id sequence again: the first correction after it has the id a new session of the seed makes first', async () => {
    const [run] = freshRuns(1);
    const firstId = async (session: OpenedSession) => (await server.request('POST', '/v1/corrections', { token: tokenIn(session, 'admin'), body: { runId: run!.id, answer: 'wrong' } })).body.id as string;
    const used = await open({ seed: 42 });
    await firstId(used);
    await server.request('POST', `/__mock/sessions/${used.id}/reset`);
    expect(await firstId(used)).toBe(await firstId(await open({ seed: 42 })));
  });

  it('POST /__mock/reset resets the base world only: sessions keep their writes', async () => {
    const [target] = openCorrections(1);
    const session = await open();
    await server.request('PATCH', `/v1/corrections/${target!.id}`, { token: tokenIn(session, 'admin'), body: { status: 'wont-fix' } });
    expect((await server.request('POST', '/__mock/reset')).status).toBe(200);
    expect((await correctionIn(tokenIn(session, 'admin'), target!.id)).body.status).toBe('wont-fix');
  });
});

describe('idle sessions expire after their TTL, on the mock clock', () => {
  it('ttlSeconds 60: a use at 59 s moves expiresAt on; 60 s idle after it → its tokens 401, its routes 404, gone from the list', async () => {
    const mock = await startMock({ clock: { now: '2026-12-02T00:00:00Z', frozen: true } });
    try {
      const session = (await mock.request('POST', '/__mock/sessions', { body: { ttlSeconds: 60 } })).body as OpenedSession;
      expect(session.expiresAt).toBe('2026-12-02T00:01:00.000Z');
      const token = tokenIn(session, 'admin');
      expect((await mock.request('POST', '/__mock/clock/advance', { body: { ms: 59_000 } })).body).toEqual({ now: '2026-12-02T00:00:59.000Z', frozen: true });
      expect((await mock.get('/v1/corrections?limit=1', token)).status).toBe(200);
      expect(((await mock.get('/__mock/sessions')).body.data as OpenedSession[])[0]!.expiresAt).toBe('2026-12-02T00:01:59.000Z');
      await mock.request('POST', '/__mock/clock/advance', { body: { ms: 59_999 } });
      expect((await mock.get(`/__mock/sessions/${session.id}`)).status).toBe(200);
      await mock.request('POST', '/__mock/clock/advance', { body: { ms: 60_000 } });
      expectError(await mock.get('/v1/corrections?limit=1', token), 401, 'auth-invalid');
      expectError(await mock.get(`/__mock/sessions/${session.id}`), 404, 'not-found');
      expect((await mock.get('/__mock/sessions')).body.data).toEqual([]);
    } finally {
      await mock.close();
    }
  });

  it('a token of the session that names nobody is refused and is no use of it: it does not keep the session open', async () => {
    const mock = await startMock({ clock: { now: '2026-12-02T00:00:00Z', frozen: true } });
    try {
      const session = (await mock.request('POST', '/__mock/sessions', { body: { ttlSeconds: 60 } })).body as OpenedSession;
      await mock.request('POST', '/__mock/clock/advance', { body: { ms: 50_000 } });
      expectError(await mock.get('/v1/corrections?limit=1', `${session.id}_${'0'.repeat(32)}`), 401, 'auth-invalid');
      await mock.request('POST', '/__mock/clock/advance', { body: { ms: 10_000 } });
      expectError(await mock.get('/v1/corrections?limit=1', tokenIn(session, 'admin')), 401, 'auth-invalid');
    } finally {
      await mock.close();
    }
  });

  it("a session's own clock does not age it: advancing the session's clock a day leaves it open", async () => {
    const mock = await startMock({ clock: { now: '2026-12-02T00:00:00Z', frozen: true } });
    try {
      const session = (await mock.request('POST', '/__mock/sessions', { body: { ttlSeconds: 60 } })).body as OpenedSession;
      await mock.request('POST', `/__mock/sessions/${session.id}/clock/advance`, { body: { ms: 86_400_000 } });
      expect((await mock.get('/v1/corrections?limit=1', tokenIn(session, 'admin'))).status).toBe(200);
    } finally {
      await mock.close();
    }
  });
});

describe('an expired session is ended without a request: its world is freed', () => {
  it('sessions past their TTL on a frozen clock moved on in process (no request) leave the registry within SESSION_SWEEP_MS; one with a longer TTL stays', async () => {
    const mock = await startMock({ clock: { now: '2026-12-02T00:00:00Z', frozen: true } });
    try {
      for (let i = 0; i < 200; i += 1) mock.mock.createSession({ ttlSeconds: 1 });
      const kept = mock.mock.createSession({ ttlSeconds: 60 });
      expect(mock.mock.sessions.size()).toBe(201);
      mock.mock.clock.advance(1000);
      await vi.waitFor(() => expect(mock.mock.sessions.size()).toBe(1), { timeout: SESSION_SWEEP_MS * 3, interval: 20 });
      expect(mock.mock.sessions.get(kept.id)?.id).toBe(kept.id);
    } finally {
      await mock.close();
    }
  });

  it('on a running clock, a session of ttlSeconds 1 is gone from the registry about a second later, with no request', async () => {
    const mock = await startMock();
    try {
      mock.mock.createSession({ ttlSeconds: 1 });
      expect(mock.mock.sessions.size()).toBe(1);
      await vi.waitFor(() => expect(mock.mock.sessions.size()).toBe(0), { timeout: 1000 + SESSION_SWEEP_MS * 2, interval: 20 });
    } finally {
      await mock.close();
    }
  });

  it('one timer for all, due at the first expiry (never further than SESSION_SWEEP_MS), none while none is open; close() clears it, as mock.close() does', async () => {
    const pending = new Map<number, { run: () => void; ms: number }>();
    let next = 0;
    const timers: SweepTimers = {
      setTimeout: (run, ms) => {
        next += 1;
        pending.set(next, { run, ms });
        return next;
      },
      clearTimeout: (timer) => pending.delete(timer as number),
    };
    const runDue = () => {
      const due = [...pending];
      pending.clear();
      for (const [, timer] of due) timer.run();
    };
    const principal = { token: 'kgm_admin_0000', id: 'usr_a' } as Principal;
    const world = { store: { principals: () => [principal], principalByToken: (t: string) => (t === principal.token ? principal : undefined), writeCount: () => 0 } } as unknown as MockWorld;
    const clock = createMockClock(() => 0, { now: 0, frozen: true });
    const sessions = createSessions(() => world, clock, timers);

    const short = sessions.create({ ttlSeconds: 1 });
    sessions.create({ ttlSeconds: 2 });
    expect([...pending.values()].map((t) => t.ms)).toEqual([1000]);
    clock.advance(1000);
    runDue();
    expect(sessions.size()).toBe(1);
    expect(sessions.resolveToken(short.principals[0]!.token)?.world).toBeUndefined();
    // The next is due when the other expires, a second on; past the cap, the cap.
    expect([...pending.values()].map((t) => t.ms)).toEqual([1000]);
    clock.advance(1000);
    runDue();
    expect(sessions.size()).toBe(0);
    expect(pending.size).toBe(0);

    sessions.create({ ttlSeconds: 3600 });
    expect([...pending.values()].map((t) => t.ms)).toEqual([SESSION_SWEEP_MS]);
    sessions.close();
    expect(pending.size).toBe(0);
    sessions.create({ ttlSeconds: 1 });
    expect(pending.size).toBe(0);

    const started = await startMock();
    const closed = vi.spyOn(started.mock.sessions, 'close');
    await started.close();
    expect(closed).toHaveBeenCalledOnce();
  });
});
