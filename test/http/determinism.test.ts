// Deterministic runs (issue 13): with a seed and a frozen clock, the same requests answer the same
// bytes (request ids aside), in two sessions of one mock and in two mocks; without a seed, ids differ.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, freshRuns, openCorrections } from '../support/fixture-picks.ts';
import { mocksClosedAfterEach, type TestMock } from './support.ts';

const mocks = mocksClosedAfterEach();
const FROZEN = { now: '2026-12-01T09:00:00Z', frozen: true };
const CHECK_MS = 1000;

interface Said { status: number; text: string }
type Send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Said>;

/** Requests through `server` with `token`; each answer's text with its request id taken out (those stay per request). */
function sender(server: TestMock, token: string): Send {
  return async (method, path, body, headers = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const requestId = response.headers.get('x-request-id')!;
    return { status: response.status, text: (await response.text()).replaceAll(requestId, '<request id>') };
  };
}

interface StoredChange { id: string; check: { status: string }; approvalId?: string; pinned?: unknown; addedAsLatest?: unknown; withdrawn?: unknown; madeBeforeProjects?: boolean; projectId?: string }
const readyChanges = fixture<StoredChange[]>('suggested-changes.json').filter((s) =>
  s.check.status === 'done' && s.approvalId === undefined && !s.pinned && !s.addedAsLatest && !s.withdrawn && s.madeBeforeProjects !== true && s.projectId !== undefined);

/**
 * Writes and reads of every kind that makes something new (ids, stamps, cursors, test runs,
 * approvals): what a snapshot test of a UI would send. `advance` moves the world's clock.
 */
async function script(send: Send, advance: (ms: number) => Promise<void>): Promise<Said[]> {
  const [run] = freshRuns(1);
  const [open] = openCorrections(1);
  const said: Said[] = [];
  const say = async (answer: Promise<Said>) => { said.push(await answer); return said[said.length - 1]!; };
  const made = await say(send('POST', '/v1/corrections', { runId: run!.id, answer: 'wrong', shouldSay: 'It takes 5 days.' }, { 'Idempotency-Key': 'one' }));
  const id = (JSON.parse(made.text) as { id: string }).id;
  await say(send('POST', '/v1/corrections', { runId: run!.id, answer: 'wrong', shouldSay: 'It takes 5 days.' }, { 'Idempotency-Key': 'one' }));
  await say(send('PATCH', `/v1/corrections/${id}`, { sortedTo: 'developer', reason: 'prompt' }));
  await say(send('PATCH', `/v1/corrections/${open!.id}`, { status: 'wont-fix', note: 'known' }));
  const first = await say(send('GET', '/v1/corrections?limit=3'));
  await say(send('GET', `/v1/corrections?limit=3&cursor=${encodeURIComponent((JSON.parse(first.text) as { nextCursor: string }).nextCursor)}`));
  for (const change of readyChanges.slice(0, 4)) {
    await say(send('POST', `/v1/suggested-changes/${change.id}/check`));
    await advance(CHECK_MS);
    await say(send('GET', `/v1/suggested-changes/${change.id}`));
    await say(send('POST', `/v1/suggested-changes/${change.id}/pin`));
  }
  await say(send('PATCH', '/v1/corrections/cor_nobody_has_this', { status: 'wont-fix' }));
  await say(send('GET', `/v1/corrections/${id}`));
  return said;
}

const openSession = async (server: TestMock, body: unknown) => {
  const session = (await server.request('POST', '/__mock/sessions', { body })).body as { id: string; principals: Array<{ token: string; id: string }> };
  expect((await server.request('PUT', `/__mock/sessions/${session.id}/clock`, { body: FROZEN })).status).toBe(200);
  return { id: session.id, admin: session.principals.find((p) => p.id === 'usr_ada_admin')!.token };
};
const sessionRun = async (server: TestMock, body: unknown) => {
  const session = await openSession(server, body);
  return script(sender(server, session.admin), async (ms) => {
    await server.request('POST', `/__mock/sessions/${session.id}/clock/advance`, { body: { ms } });
  });
};

describe('the same seed and frozen clock answer the same bytes', () => {
  it('two sessions with seed 42 on one running mock, sent the same requests → byte-identical bodies; new ids come from the sequence', async () => {
    const server = await mocks.start({ checkMs: CHECK_MS });
    const one = await sessionRun(server, { seed: 42 });
    const two = await sessionRun(server, { seed: 42 });
    expect(two).toEqual(one);
    expect(one.filter((s) => s.status >= 400).map((s) => s.status)).toEqual([404]);
    const made = JSON.parse(one[0]!.text) as { id: string };
    expect(made.id).toMatch(/^cor_[0-9a-f]{16}$/);
    // The pins made approvals or pinned versions, and the checks test runs: all from the sequence too.
    expect(one.some((s) => /"approvalId":"apr_[0-9a-f]{16}"|"testRunId"/.test(s.text))).toBe(true);
  });

  it('sessions without a seed, in a mock without one, answer other ids each time', async () => {
    const server = await mocks.start({ checkMs: CHECK_MS });
    const idOf = (said: Said[]) => {
      expect(said[0]!.status, said[0]!.text).toBe(201);
      return (JSON.parse(said[0]!.text) as { id: string }).id;
    };
    const seeded = idOf(await sessionRun(server, { seed: 42 }));
    const unseeded = [idOf(await sessionRun(server, {})), idOf(await sessionRun(server, {}))];
    expect(unseeded[0]).not.toBe(unseeded[1]);
    expect(unseeded).not.toContain(seeded);
  });

  it('two mocks with deterministic: true and the same frozen clock → byte-identical bodies in their base worlds', async () => {
    const runOn = async () => {
      const server = await mocks.start({ deterministic: true, clock: FROZEN, checkMs: CHECK_MS });
      return script(sender(server, server.token('admin')), async (ms) => {
        await server.request('POST', '/__mock/clock/advance', { body: { ms } });
      });
    };
    const one = await runOn();
    expect(await runOn()).toEqual(one);
    // And a session with the mock's seed, on the same clock, answers them too: the same world, ids and cursor secret.
    const server = await mocks.start({ checkMs: CHECK_MS });
    expect(await sessionRun(server, { seed: 42 })).toEqual(one);
  });
});

describe('a seeded mock restarted on its state file', () => {
  const folder = mkdtempSync(join(tmpdir(), 'kindgi-mock-determinism-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('makes new ids, not the ones it made before the restart: every write is still there', async () => {
    const stateFile = join(folder, 'state.jsonl');
    const [first, second] = freshRuns(2);
    const create = async (server: TestMock, runId: string) => (await server.request('POST', '/v1/corrections', { token: 'admin', body: { runId, answer: 'wrong' } })).body.id as string;
    const before = await mocks.start({ deterministic: true, clock: FROZEN, stateFile });
    const madeBefore = await create(before, first!.id);
    await mocks.stop(before);
    const after = await mocks.start({ deterministic: true, clock: FROZEN, stateFile });
    const madeAfter = await create(after, second!.id);
    expect(madeAfter).not.toBe(madeBefore);
    expect((await after.get(`/v1/corrections/${madeBefore}`, 'admin')).body.runId).toBe(first!.id);
    expect((await after.get(`/v1/corrections/${madeAfter}`, 'admin')).body.runId).toBe(second!.id);
  });
});
