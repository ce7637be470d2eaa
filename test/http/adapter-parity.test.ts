// One table of the HTTP behaviour that matters, run against both adapters of the one core: the
// Express server on a loopback port and the MSW handlers (msw/node). Reads, list filters and
// cursors, writes and state machines, idempotency, Prefer, faults and errors; then the same
// script of requests against both, deterministic, must answer the same bytes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADAPTERS, startAdapter, type AdapterName, type AdapterTarget } from '../support/adapters.ts';
import { fixture, freshRuns, openCorrection } from '../support/fixture-picks.ts';
import type { Answer } from './support.ts';

interface FixtureCorrection { id: string; tenantId: string; projectId: string; status: string; supersededBy?: string; createdAt: string }
interface FixtureSuggestedChange { id: string; agentId: string; check: { status: string; newlyFailing?: string[] }; withdrawn?: unknown; addedAsLatest?: unknown; pinned?: unknown; approvalId?: string; madeBeforeProjects?: true; fixes: string[] }
interface FixtureAgent { id: string; tenantId: string; projectId: string }
interface FixtureProject { id: string; releaseGate: string }

const corrections = fixture<FixtureCorrection[]>('corrections.json');
const agents = new Map(fixture<FixtureAgent[]>('agents.json').map((a) => [a.id, a]));
const projects = new Map(fixture<FixtureProject[]>('projects.json').map((p) => [p.id, p]));
const northwind = corrections.find((c) => c.tenantId === 'ten_northwind')!;
const otherTenant = corrections.find((c) => c.tenantId !== 'ten_northwind')!;
/** Ready to check: its check done, nothing newly failing, in a project whose gate lets a pin through at once. */
const readyChange = fixture<FixtureSuggestedChange[]>('suggested-changes.json').find((s) => {
  const agent = agents.get(s.agentId);
  return agent?.tenantId === 'ten_northwind' && s.madeBeforeProjects !== true && !s.withdrawn && !s.addedAsLatest && !s.pinned && !s.approvalId
    && s.check.status === 'done' && (s.check.newlyFailing ?? []).length === 0 && projects.get(agent.projectId)?.releaseGate === 'none';
})!;

interface FixturePrincipal { token: string; readProjectIds: string[] }
const viewer = fixture<FixturePrincipal[]>('principals.json').find((p) => p.token.startsWith('kgm_viewer_'))!;
const viewersOpenCorrection = corrections.find((c) => viewer.readProjectIds.includes(c.projectId) && c.status === 'open' && c.supersededBy === undefined)!;

const CHECK_MS = 2000;
let now = Date.parse('2026-12-01T09:00:00.000Z');

function expectError(answer: Answer<any>, status: number, code: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error.code).toBe(code);
  expect(answer.body.error.requestId).toBe(answer.headers.get('x-request-id'));
}

describe.each(ADAPTERS)('through %s', (adapter: AdapterName) => {
  let target: AdapterTarget;
  beforeAll(async () => { target = await startAdapter(adapter, { clock: () => now, checkMs: CHECK_MS }); });
  afterAll(async () => { await target.close(); });
  beforeEach(async () => { await target.reset(); });
  const get = (path: string, token = 'admin', headers: Record<string, string> = {}) => target.request('GET', path, { token, headers });

  describe('reads', () => {
    it('GET /health → 200 { ok: true } with no token, no-store not set outside /v1', async () => {
      const answer = await target.request('GET', '/health');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ok: true });
    });

    it('GET /v1/corrections/{id} → 200 the correction with its run copy, X-Request-Id and Cache-Control: no-store', async () => {
      const answer = await get(`/v1/corrections/${northwind.id}`);
      expect(answer.status).toBe(200);
      expect(answer.body.id).toBe(northwind.id);
      expect(answer.body.run).toBeDefined();
      expect(answer.headers.get('x-request-id')).toMatch(/^req-/);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    });

    it('GET /v1/corrections/{id} of another tenant → 404 not-found, never 403', async () => {
      expectError(await get(`/v1/corrections/${otherTenant.id}`), 404, 'not-found');
    });

    it('GET /v1/suggested-changes/{id} → 200 with its derived status; an id that is no UUID → 404', async () => {
      const answer = await get(`/v1/suggested-changes/${readyChange.id}`);
      expect(answer.status).toBe(200);
      expect(answer.body.status).toBe('ready');
      expectError(await get('/v1/suggested-changes/not-a-uuid'), 404, 'not-found');
    });

    it('the caller\'s own X-Request-Id is echoed, in the header and the error envelope', async () => {
      const answer = await get('/v1/corrections/cor_nobody_has_this', 'admin', { 'X-Request-Id': 'trace-123' });
      expect(answer.headers.get('x-request-id')).toBe('trace-123');
      expect(answer.body.error.requestId).toBe('trace-123');
    });

    it('HEAD /v1/corrections/{id} → 200 with no body', async () => {
      const answer = await target.request('HEAD', `/v1/corrections/${northwind.id}`, { token: 'admin' });
      expect(answer.status).toBe(200);
      expect(answer.body).toBeUndefined();
    });
  });

  describe('list filters and cursors', () => {
    it('GET /v1/corrections?status=open&limit=5 → only open, newest first, with a cursor to more', async () => {
      const answer = await get('/v1/corrections?status=open&limit=5');
      expect(answer.status).toBe(200);
      const data = answer.body.data as FixtureCorrection[];
      expect(data).toHaveLength(5);
      expect(data.every((c) => c.status === 'open')).toBe(true);
      expect(data.map((c) => c.createdAt)).toEqual([...data.map((c) => c.createdAt)].sort().reverse());
      expect(answer.body.hasMore).toBe(true);
      expect(typeof answer.body.nextCursor).toBe('string');
    });

    it('walking every page of ?agentId=… gives each correction once, exactly those of the fixtures that are live and not removed', async () => {
      const agentId = corrections.find((c) => c.tenantId === 'ten_northwind' && c.status === 'open')!;
      const agent = [...agents.values()].find((a) => a.projectId === agentId.projectId)!;
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 50; page += 1) {
        const answer = await get(`/v1/corrections?agentId=${agent.id}&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(answer.status).toBe(200);
        seen.push(...(answer.body.data as FixtureCorrection[]).map((c) => c.id));
        if (!answer.body.hasMore) break;
        cursor = answer.body.nextCursor;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBeGreaterThan(7);
    });

    it('a cursor used with other filters → 400 bad-input naming the cursor; a changed one → 400', async () => {
      const first = await get('/v1/corrections?status=open&limit=2');
      const cursor = encodeURIComponent(first.body.nextCursor as string);
      expectError(await get(`/v1/corrections?status=fixed&limit=2&cursor=${cursor}`), 400, 'bad-input');
      const tampered = `${(first.body.nextCursor as string).slice(0, -2)}xx`;
      const answer = await get(`/v1/corrections?status=open&limit=2&cursor=${encodeURIComponent(tampered)}`);
      expectError(answer, 400, 'bad-input');
      expect(answer.body.error.details).toEqual({ parameter: 'cursor' });
    });

    it('an unknown query parameter, or limit=0 → 400 bad-input naming it', async () => {
      expect((await get('/v1/corrections?colour=red')).body.error.details.parameter).toBe('colour');
      expectError(await get('/v1/corrections?limit=0'), 400, 'bad-input');
    });

    it('another tenant\'s token lists only its own corrections', async () => {
      const answer = await get('/v1/corrections?limit=100', 'other_tenant');
      expect(answer.status).toBe(200);
      expect((answer.body.data as FixtureCorrection[]).every((c) => c.tenantId === otherTenant.tenantId)).toBe(true);
    });
  });

  describe('writes and state machines', () => {
    it('POST /v1/corrections → 201 open, then GET reads it back', async () => {
      const run = freshRuns(1)[0]!;
      const created = await target.request('POST', '/v1/corrections', { token: 'admin', body: { runId: run.id, answer: 'wrong', shouldSay: 'the refund policy', why: 'it quoted the old one' } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.status).toBe('open');
      const read = await get(`/v1/corrections/${created.body.id}`);
      expect(read.body).toEqual(created.body);
    });

    it('PATCH /v1/corrections/{id} {status: wont-fix} → 200, the next read and list see it; reset undoes it', async () => {
      const { id } = openCorrection();
      const changed = await target.request('PATCH', `/v1/corrections/${id}`, { token: 'admin', body: { status: 'wont-fix' } });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect((await get(`/v1/corrections/${id}`)).body.status).toBe('wont-fix');
      expect((await get('/v1/corrections?status=wont-fix&limit=100')).body.data.map((c: FixtureCorrection) => c.id)).toContain(id);
      await target.reset();
      expect((await get(`/v1/corrections/${id}`)).body.status).toBe('open');
    });

    it('POST …/remove → removed, gone from the default list, still readable by id', async () => {
      const { id } = openCorrection();
      expect((await target.request('POST', `/v1/corrections/${id}/remove`, { token: 'admin' })).status).toBe(200);
      expect((await get(`/v1/corrections/${id}`)).body.status).toBe('removed');
      expect((await get('/v1/corrections?limit=100')).body.data.map((c: FixtureCorrection) => c.id)).not.toContain(id);
    });

    it('a viewer\'s PATCH of a correction it may read → 403 permission-denied, and nothing changes', async () => {
      const { id } = viewersOpenCorrection;
      expectError(await target.request('PATCH', `/v1/corrections/${id}`, { token: 'viewer', body: { status: 'wont-fix' } }), 403, 'permission-denied');
      expect((await get(`/v1/corrections/${id}`)).body.status).toBe('open');
    });

    it('check → checking; after the check time on the clock → ready with results; pin → pinned, its corrections fixed', async () => {
      const started = await target.request('POST', `/v1/suggested-changes/${readyChange.id}/check`, { token: 'admin' });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(started.body.status).toBe('checking');
      expectError(await target.request('POST', `/v1/suggested-changes/${readyChange.id}/check`, { token: 'admin' }), 409, 'suggested-change-invalid-state-transition');
      now += CHECK_MS;
      const done = await get(`/v1/suggested-changes/${readyChange.id}`);
      expect(done.body.status).toBe('ready');
      expect(done.body.check.status).toBe('done');
      const pinned = await target.request('POST', `/v1/suggested-changes/${readyChange.id}/pin`, { token: 'admin' });
      expect(pinned.status, JSON.stringify(pinned.body)).toBe(200);
      expect(pinned.body.status).toBe('pinned');
      for (const id of readyChange.fixes) expect((await get(`/v1/corrections/${id}`)).body.status).toBe('fixed');
    });

    it('Idempotency-Key: the same write again replays the answer byte for byte (X-Idempotent-Replay); another body → 409', async () => {
      const { id } = openCorrection();
      const send = (status: string) => target.request('PATCH', `/v1/corrections/${id}`, { token: 'admin', headers: { 'Idempotency-Key': 'parity-1' }, body: { status } });
      const first = await send('wont-fix');
      const again = await send('wont-fix');
      expect(again.status).toBe(first.status);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('x-idempotent-replay')).toBe('true');
      expectError(await send('open'), 409, 'idempotency-key-body-mismatch');
    });
  });

  describe('sessions', () => {
    it('a write in one session is seen in it alone: not in another session, not in the base world', async () => {
      const { id } = openCorrection();
      const [mine, theirs] = [target.openSession('mine'), target.openSession('theirs')];
      expect((await target.request('PATCH', `/v1/corrections/${id}`, { token: mine, body: { status: 'wont-fix' } })).status).toBe(200);
      expect((await get(`/v1/corrections/${id}`, mine)).body.status).toBe('wont-fix');
      expect((await get(`/v1/corrections/${id}`, theirs)).body.status).toBe('open');
      expect((await get(`/v1/corrections/${id}`)).body.status).toBe('open');
    });
  });

  describe('errors', () => {
    it('no token → 401 auth-missing; an unknown token → 401 auth-invalid; an expired one → 401 auth-expired', async () => {
      expectError(await target.request('GET', '/v1/corrections'), 401, 'auth-missing');
      expectError(await get('/v1/corrections', 'kgm_nobody_0000'), 401, 'auth-invalid');
      expectError(await get('/v1/corrections', 'expired'), 401, 'auth-expired');
    });

    it('Prefer: code=503 → 503 database-busy with Retry-After; an undocumented code → 400 naming what is documented', async () => {
      const busy = await get('/v1/corrections', 'admin', { Prefer: 'code=503' });
      expectError(busy, 503, 'database-busy');
      expect(busy.headers.get('retry-after')).toBe('1');
      const undocumented = await get('/v1/corrections', 'admin', { Prefer: 'code=418' });
      expectError(undocumented, 400, 'bad-input');
      expect(undocumented.body.error.details.documented).toContain('503');
    });

    it('DELETE /v1/corrections → 405 method-not-allowed with Allow; GET /v2/nothing → 404 route-not-found', async () => {
      const answer = await target.request('DELETE', '/v1/corrections', { token: 'admin' });
      expectError(answer, 405, 'method-not-allowed');
      expect(answer.headers.get('allow')).toContain('GET');
      expectError(await get('/v2/nothing'), 404, 'route-not-found');
    });

    it('a body that is not JSON → 400; of another type → 415; an unknown field → 400 unknown-field', async () => {
      const { id } = openCorrection();
      expectError(await target.request('PATCH', `/v1/corrections/${id}`, { token: 'admin', body: '{"status": ' }), 400, 'bad-input');
      expectError(await target.request('PATCH', `/v1/corrections/${id}`, { token: 'admin', headers: { 'Content-Type': 'text/plain' }, body: 'status=open' }), 415, 'unsupported-media-type');
      const unknown = await target.request('PATCH', `/v1/corrections/${id}`, { token: 'admin', body: { colour: 'red' } });
      expectError(unknown, 400, 'unknown-field');
      expect(unknown.body.error.details.fields).toEqual(['colour']);
    });

    it('a body over 1 MB → 413 payload-too-large; JSON nested past 64 levels → 400', async () => {
      const { id } = openCorrection();
      expectError(await target.request('PATCH', `/v1/corrections/${id}`, { token: 'admin', body: { why: 'x'.repeat(1024 * 1024 + 10) } }), 413, 'payload-too-large');
      expectError(await target.request('PATCH', `/v1/corrections/${id}`, { token: 'admin', body: `${'['.repeat(70)}${']'.repeat(70)}` }), 400, 'bad-input');
    });

    it('GET and HEAD / → 302 to the inspector where there is one (the server); 404 route-not-found where there is no /__mock (MSW)', async () => {
      for (const method of ['GET', 'HEAD']) {
        const answer = await fetch(`${target.baseUrl}/`, { method, redirect: 'manual' });
        if (adapter === 'express') expect([answer.status, answer.headers.get('location')]).toEqual([302, '/__mock/']);
        else expect(answer.status).toBe(404);
      }
    });

    it('a request from a page on another origin gets CORS headers echoing it', async () => {
      const answer = await get(`/v1/corrections/${northwind.id}`, 'admin', { Origin: 'http://localhost:5173' });
      expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(answer.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
    });
  });
});

describe('the same requests through both adapters, on one frozen clock and one seed', () => {
  const targets = new Map<AdapterName, AdapterTarget>();
  beforeAll(async () => {
    for (const adapter of ADAPTERS) targets.set(adapter, await startAdapter(adapter, { seed: 42, clock: { now: '2026-12-01T09:00:00.000Z', frozen: true } }));
  });
  afterAll(async () => { for (const target of targets.values()) await target.close(); });

  it('answer the same statuses, bodies and headers (but the request ids)', async () => {
    const { id } = openCorrection();
    const run = freshRuns(1)[0]!;
    const script = async (target: AdapterTarget) => {
      const answers: Answer[] = [];
      const first = await target.request('GET', '/v1/corrections?limit=3', { token: 'admin' });
      answers.push(first);
      answers.push(await target.request('GET', `/v1/corrections?limit=3&cursor=${encodeURIComponent(first.body.nextCursor as string)}`, { token: 'admin' }));
      answers.push(await target.request('POST', '/v1/corrections', { token: 'admin', body: { runId: run.id, answer: 'wrong', shouldSay: 'x', why: 'y' } }));
      answers.push(await target.request('PATCH', `/v1/corrections/${id}`, { token: 'admin', body: { status: 'wont-fix' } }));
      answers.push(await target.request('GET', `/v1/suggested-changes/${readyChange.id}`, { token: 'admin' }));
      answers.push(await target.request('GET', '/v1/corrections?status=nope', { token: 'admin' }));
      answers.push(await target.request('GET', '/v1/corrections'));
      answers.push(await target.request('DELETE', '/v1/corrections', { token: 'admin' }));
      return answers.map((answer) => ({
        status: answer.status,
        body: JSON.parse(JSON.stringify(answer.body ?? null).replace(/"req-[0-9a-f-]{36}"/g, '"req-…"')),
        headers: Object.fromEntries(['content-type', 'cache-control', 'allow', 'retry-after'].map((name) => [name, answer.headers.get(name)])),
      }));
    };
    const [express, msw] = [await script(targets.get('express')!), await script(targets.get('msw')!)];
    expect(msw).toEqual(express);
  });
});
