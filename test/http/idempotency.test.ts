// Idempotency-Key on writes (issue 5 and the platform's conventions): per tenant, caller, method,
// path and key; an answer below 400 is kept and a retry with the same body gets it byte for byte
// with X-Idempotent-Replay: true; another body is 409 idempotency-key-body-mismatch; refusals are
// not kept. The bodies are compared as the raw text the server sent.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMock, type TestMock, type TokenName } from './support.ts';

interface FixtureProject { id: string; name: string }
interface FixtureRun { id: string; projectId: string; finished: boolean; capturedAt?: string }
interface FixtureCorrection { id: string; projectId: string; status: string; supersededBy?: string; sortedTo?: string; reopenedIn?: unknown }
interface FixtureSuggestedChange { id: string; agentId: string; projectId?: string; check: { status: string }; withdrawn?: unknown; addedAsLatest?: unknown; pinned?: unknown; approvalId?: string }
interface FixtureAgent { id: string; projectId: string }

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8')) as T;
const projects = fixture<FixtureProject[]>('projects.json');
const runs = fixture<FixtureRun[]>('runs.json');
const corrections = fixture<FixtureCorrection[]>('corrections.json');
const agents = fixture<FixtureAgent[]>('agents.json');
const suggestedChanges = fixture<FixtureSuggestedChange[]>('suggested-changes.json');

function first<T>(list: T[], what: string, test: (value: T) => boolean): T {
  const found = list.find(test);
  if (!found) throw new Error(`the fixtures have no ${what}`);
  return found;
}
const SUPPORT = first(projects, 'Customer Support project', (p) => p.name === 'Customer Support').id;
const freshRuns = runs.filter((r) => r.projectId === SUPPORT && r.finished && r.capturedAt === undefined);
const [runA, runB] = freshRuns;
if (!runA || !runB) throw new Error('the fixtures have fewer than two finished, never corrected Customer Support runs');
const unfinishedRun = first(runs, 'Customer Support run still running', (r) => r.projectId === SUPPORT && !r.finished);
const openOnes = corrections.filter((c) => c.projectId === SUPPORT && c.supersededBy === undefined && c.status === 'open' && c.sortedTo === undefined && c.reopenedIn === undefined);
const [openA, openB] = openOnes;
if (!openA || !openB) throw new Error('the fixtures have fewer than two open, unsorted Customer Support corrections');
const readyChange = first(suggestedChanges, 'ready Customer Support suggested change', (s) =>
  s.projectId === SUPPORT && agents.find((a) => a.id === s.agentId)?.projectId === SUPPORT && s.check.status === 'done'
  && !s.withdrawn && !s.addedAsLatest && !s.pinned && !s.approvalId);

let server: TestMock;
let now = Date.now();
// A second per reading of the clock: a write that ran again would show a new time.
beforeAll(async () => { server = await startMock({ clock: () => (now += 1000) }); });
afterAll(async () => { await server.close(); });
beforeEach(async () => { expect((await server.request('POST', '/__mock/reset')).status).toBe(200); });

interface Raw { status: number; headers: Headers; text: string; json: any }
let keys = 0;
const newKey = () => `key-${process.pid}-${Date.now()}-${(keys += 1)}`;

/** A write with an Idempotency-Key, answered as the raw text. */
async function send(method: string, path: string, who: TokenName, key: string | undefined, body?: unknown): Promise<Raw> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${server.token(who)}`,
      ...(key !== undefined ? { 'Idempotency-Key': key } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text === '' ? undefined : JSON.parse(text) };
}
const correctionsOf = async (runId: string): Promise<string[]> => {
  const answer = await server.get(`/v1/corrections?runId=${runId}&status=open,being-fixed,with-owner,fixed,wont-fix,removed&limit=100`, 'admin');
  expect(answer.status).toBe(200);
  return (answer.body.data as Array<{ id: string }>).map((c) => c.id);
};
const correctionCount = async (): Promise<number> => {
  const state = await server.get('/__mock/state');
  return Object.values(state.body.corrections as Record<string, number>).reduce((a, b) => a + b, 0);
};

describe('Idempotency-Key on POST /v1/corrections', () => {
  it('POST /v1/corrections with Idempotency-Key twice, same body → 201 twice, byte-identical, the second with X-Idempotent-Replay: true; one correction', async () => {
    const key = newKey();
    const body = { runId: runA.id, answer: 'wrong', shouldSay: 'The refund is on its way.' };
    const countBefore = await correctionCount();
    const firstAnswer = await send('POST', '/v1/corrections', 'admin', key, body);
    expect(firstAnswer.status, firstAnswer.text).toBe(201);
    expect(firstAnswer.headers.get('x-idempotent-replay')).toBeNull();
    const second = await send('POST', '/v1/corrections', 'admin', key, body);
    expect(second.status).toBe(201);
    expect(second.headers.get('x-idempotent-replay')).toBe('true');
    expect(second.text).toBe(firstAnswer.text);
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    expect(second.headers.get('x-request-id')).not.toBe(firstAnswer.headers.get('x-request-id'));

    expect(await correctionsOf(runA.id)).toEqual([firstAnswer.json.id]);
    const stored = await server.get(`/v1/corrections/${firstAnswer.json.id}`, 'admin');
    expect(stored.body.supersededBy).toBeUndefined();
    expect(await correctionCount()).toBe(countBefore + 1);
  });

  it('POST /v1/corrections with the same Idempotency-Key and the same body with its keys in another order → replayed', async () => {
    const key = newKey();
    const firstAnswer = await send('POST', '/v1/corrections', 'admin', key, { runId: runA.id, answer: 'wrong', why: 'w' });
    const second = await send('POST', '/v1/corrections', 'admin', key, { why: 'w', answer: 'wrong', runId: runA.id });
    expect(firstAnswer.status).toBe(201);
    expect(second.headers.get('x-idempotent-replay')).toBe('true');
    expect(second.text).toBe(firstAnswer.text);
    expect(await correctionsOf(runA.id)).toEqual([firstAnswer.json.id]);
  });

  it('POST /v1/corrections with the same Idempotency-Key and another body → 409 idempotency-key-body-mismatch; nothing more stored', async () => {
    const key = newKey();
    const firstAnswer = await send('POST', '/v1/corrections', 'admin', key, { runId: runA.id, answer: 'wrong' });
    expect(firstAnswer.status).toBe(201);
    const other = await send('POST', '/v1/corrections', 'admin', key, { runId: runA.id, answer: 'right' });
    expect(other.status, other.text).toBe(409);
    expect(other.json.error.code).toBe('idempotency-key-body-mismatch');
    expect(other.json.error.requestId).toBe(other.headers.get('x-request-id'));
    expect(other.headers.get('x-idempotent-replay')).toBeNull();
    expect(await correctionsOf(runA.id)).toEqual([firstAnswer.json.id]);
    expect((await server.get(`/v1/corrections/${firstAnswer.json.id}`, 'admin')).body.status).toBe('open');
    // Another run with that key is another body as well.
    const elsewhere = await send('POST', '/v1/corrections', 'admin', key, { runId: runB.id, answer: 'wrong' });
    expect(elsewhere.status).toBe(409);
    expect(await correctionsOf(runB.id)).toEqual([]);
  });

  it('POST /v1/corrections refused with 409 run-not-finished, with an Idempotency-Key, twice → refused again, not replayed', async () => {
    const key = newKey();
    const body = { runId: unfinishedRun.id, answer: 'wrong' };
    const firstAnswer = await send('POST', '/v1/corrections', 'admin', key, body);
    expect(firstAnswer.status).toBe(409);
    expect(firstAnswer.json.error.code).toBe('run-not-finished');
    const second = await send('POST', '/v1/corrections', 'admin', key, body);
    expect(second.status).toBe(409);
    expect(second.json.error.code).toBe('run-not-finished');
    expect(second.headers.get('x-idempotent-replay')).toBeNull();
    expect(second.json.error.requestId).toBe(second.headers.get('x-request-id'));
    expect(second.json.error.requestId).not.toBe(firstAnswer.json.error.requestId);
  });

  it('POST /v1/corrections refused with 400 validation-failed, with an Idempotency-Key, twice → refused again, not replayed', async () => {
    const key = newKey();
    const body = { runId: runA.id, answer: 'right', shouldSay: 'x' };
    const firstAnswer = await send('POST', '/v1/corrections', 'admin', key, body);
    expect(firstAnswer.status).toBe(400);
    const second = await send('POST', '/v1/corrections', 'admin', key, body);
    expect(second.status).toBe(400);
    expect(second.json.error.code).toBe('validation-failed');
    expect(second.headers.get('x-idempotent-replay')).toBeNull();
    expect(second.json.error.requestId).not.toBe(firstAnswer.json.error.requestId);
  });

  it('POST /v1/corrections refused (404 run-not-found) with a key, then the same key with a corrected body → 201: the refusal was not kept', async () => {
    const key = newKey();
    const refused = await send('POST', '/v1/corrections', 'admin', key, { runId: 'run_does_not_exist', answer: 'wrong' });
    expect(refused.status).toBe(404);
    const fixed = await send('POST', '/v1/corrections', 'admin', key, { runId: runA.id, answer: 'wrong' });
    expect(fixed.status, fixed.text).toBe(201);
    expect(fixed.headers.get('x-idempotent-replay')).toBeNull();
    expect(await correctionsOf(runA.id)).toEqual([fixed.json.id]);
  });

  it('POST /v1/corrections with the same Idempotency-Key from another caller → a new correction of its own, not a replay', async () => {
    const key = newKey();
    const body = { runId: runA.id, answer: 'wrong' };
    const byAdmin = await send('POST', '/v1/corrections', 'admin', key, body);
    const byExpert = await send('POST', '/v1/corrections', 'expert', key, body);
    expect([byAdmin.status, byExpert.status]).toEqual([201, 201]);
    expect(byExpert.headers.get('x-idempotent-replay')).toBeNull();
    expect(byExpert.json.id).not.toBe(byAdmin.json.id);
    expect(byExpert.json.madeBy.id).not.toBe(byAdmin.json.madeBy.id);
    expect((await correctionsOf(runA.id)).sort()).toEqual([byAdmin.json.id, byExpert.json.id].sort());
    // And another body from the other caller is no mismatch: the keys are independent.
    const otherBody = await send('POST', '/v1/corrections', 'member', key, { runId: runB.id, answer: 'wrong' });
    expect(otherBody.status, otherBody.text).toBe(201);
  });

  it('POST /v1/corrections with Idempotency-Key of 256 characters → 400 bad-input', async () => {
    const answer = await send('POST', '/v1/corrections', 'admin', 'k'.repeat(256), { runId: runA.id, answer: 'wrong' });
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe('bad-input');
    expect(await correctionsOf(runA.id)).toEqual([]);
  });
});

describe('Idempotency-Key on PATCH and actions', () => {
  it(`PATCH /v1/corrections/${openA.id} {status, note} with Idempotency-Key twice → the second replays byte for byte; the correction changed once`, async () => {
    const key = newKey();
    const body = { status: 'wont-fix', note: 'By design.' };
    const firstAnswer = await send('PATCH', `/v1/corrections/${openA.id}`, 'admin', key, body);
    expect(firstAnswer.status, firstAnswer.text).toBe(200);
    const second = await send('PATCH', `/v1/corrections/${openA.id}`, 'admin', key, body);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-idempotent-replay')).toBe('true');
    expect(second.text).toBe(firstAnswer.text);
    const stored = await server.get(`/v1/corrections/${openA.id}`, 'admin');
    expect(stored.body.updatedAt).toBe(firstAnswer.json.updatedAt);
    expect(stored.body.statusNote).toEqual(firstAnswer.json.statusNote);
  });

  it(`PATCH /v1/corrections/${openA.id} with the same Idempotency-Key and another body → 409 idempotency-key-body-mismatch, unchanged`, async () => {
    const key = newKey();
    const firstAnswer = await send('PATCH', `/v1/corrections/${openA.id}`, 'admin', key, { sortedTo: 'developer' });
    expect(firstAnswer.status).toBe(200);
    const other = await send('PATCH', `/v1/corrections/${openA.id}`, 'admin', key, { sortedTo: 'improve' });
    expect(other.status).toBe(409);
    expect(other.json.error.code).toBe('idempotency-key-body-mismatch');
    expect((await server.get(`/v1/corrections/${openA.id}`, 'admin')).body.sortedTo).toBe('developer');
  });

  it(`PATCH /v1/corrections/${openB.id} with the key already used on ${openA.id} → its own change: the path is part of the key`, async () => {
    const key = newKey();
    const body = { sortedTo: 'improve' };
    expect((await send('PATCH', `/v1/corrections/${openA.id}`, 'admin', key, body)).status).toBe(200);
    const other = await send('PATCH', `/v1/corrections/${openB.id}`, 'admin', key, body);
    expect(other.status).toBe(200);
    expect(other.headers.get('x-idempotent-replay')).toBeNull();
    expect(other.json.id).toBe(openB.id);
    expect((await server.get(`/v1/corrections/${openB.id}`, 'admin')).body.sortedTo).toBe('improve');
  });

  it(`PATCH /v1/corrections/${openA.id} {status: with-owner} (refused 400) with a key twice → refused twice, not replayed`, async () => {
    const key = newKey();
    const firstAnswer = await send('PATCH', `/v1/corrections/${openA.id}`, 'admin', key, { status: 'with-owner' });
    const second = await send('PATCH', `/v1/corrections/${openA.id}`, 'admin', key, { status: 'with-owner' });
    expect([firstAnswer.status, second.status]).toEqual([400, 400]);
    expect(second.headers.get('x-idempotent-replay')).toBeNull();
  });

  it(`POST /v1/corrections/${openA.id}/remove with Idempotency-Key twice → replayed`, async () => {
    const key = newKey();
    const firstAnswer = await send('POST', `/v1/corrections/${openA.id}/remove`, 'admin', key);
    const second = await send('POST', `/v1/corrections/${openA.id}/remove`, 'admin', key);
    expect([firstAnswer.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get('x-idempotent-replay')).toBe('true');
    expect(second.text).toBe(firstAnswer.text);
  });

  it(`POST /v1/suggested-changes/${readyChange.id}/withdraw {reason} with Idempotency-Key twice → the second replays the 200, not a 409 from withdrawn`, async () => {
    const key = newKey();
    const body = { reason: 'not needed' };
    const firstAnswer = await send('POST', `/v1/suggested-changes/${readyChange.id}/withdraw`, 'admin', key, body);
    expect(firstAnswer.status, firstAnswer.text).toBe(200);
    const second = await send('POST', `/v1/suggested-changes/${readyChange.id}/withdraw`, 'admin', key, body);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-idempotent-replay')).toBe('true');
    expect(second.text).toBe(firstAnswer.text);
    // Without the key, the same request is a new one, refused from withdrawn.
    const fresh = await send('POST', `/v1/suggested-changes/${readyChange.id}/withdraw`, 'admin', undefined, body);
    expect(fresh.status).toBe(409);
    expect(fresh.json.error.code).toBe('suggested-change-invalid-state-transition');
  });
});

describe('Idempotency-Key while the first request still runs', () => {
  // A latency fault makes a write wait after it is let in, holding its key, as a slow database would.
  const LATENCY_MS = 400;
  const inFlight = () => server.mock.context.base.idempotencyInFlight.size;

  it('a retry with the same key (the same body, or another) while the first waits → 409 idempotency-key-in-flight with Retry-After, at once; the first then answers 201, a later retry replays it; one correction', async () => {
    expect((await server.request('POST', '/__mock/faults', { body: { latencyMs: { min: LATENCY_MS, max: LATENCY_MS } } })).status).toBe(200);
    try {
      const key = newKey();
      const body = { runId: runB.id, answer: 'wrong', why: 'sent twice by a client that timed out' };
      const countBefore = await correctionCount();
      const pending = send('POST', '/v1/corrections', 'admin', key, body);
      await vi.waitFor(() => expect(inFlight()).toBe(1), { timeout: LATENCY_MS, interval: 5 });

      const started = performance.now();
      for (const retryBody of [body, { ...body, why: 'another body' }]) {
        const retry = await send('POST', '/v1/corrections', 'admin', key, retryBody);
        expect(retry.status, retry.text).toBe(409);
        expect(retry.json.error.code).toBe('idempotency-key-in-flight');
        expect(retry.json.error.details).toEqual({ header: 'Idempotency-Key' });
        expect(retry.json.error.requestId).toBe(retry.headers.get('x-request-id'));
        expect(retry.headers.get('retry-after')).toBe('1');
      }
      // Refused before the fault's wait: a client is told to come back, not kept waiting.
      expect(performance.now() - started).toBeLessThan(LATENCY_MS);

      const firstAnswer = await pending;
      expect(firstAnswer.status, firstAnswer.text).toBe(201);
      expect(inFlight()).toBe(0);
      const later = await send('POST', '/v1/corrections', 'admin', key, body);
      expect(later.status).toBe(201);
      expect(later.headers.get('x-idempotent-replay')).toBe('true');
      expect(later.text).toBe(firstAnswer.text);
      expect(await correctionsOf(runB.id)).toEqual([firstAnswer.json.id]);
      expect(await correctionCount()).toBe(countBefore + 1);
    } finally {
      await server.request('DELETE', '/__mock/faults');
    }
  });

  it('while one waits, another key, or the same key from another caller, is not held up by it: each makes its own correction', async () => {
    expect((await server.request('POST', '/__mock/faults', { body: { latencyMs: { min: LATENCY_MS, max: LATENCY_MS } } })).status).toBe(200);
    try {
      const key = newKey();
      const body = { runId: runB.id, answer: 'wrong' };
      const pending = send('POST', '/v1/corrections', 'admin', key, body);
      await vi.waitFor(() => expect(inFlight()).toBe(1), { timeout: LATENCY_MS, interval: 5 });
      const answers = await Promise.all([send('POST', '/v1/corrections', 'admin', newKey(), body), send('POST', '/v1/corrections', 'triage_bot', key, body), pending]);
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
      expect(new Set(answers.map((a) => a.json.id)).size).toBe(3);
    } finally {
      await server.request('DELETE', '/__mock/faults');
    }
  });
});
