// The behavioural defects (src/http/defect-behaviours.ts) are really there: each sequence below
// answers one way on the mock with the defect and another on the clean mock, while every single
// answer stays valid (defects.test.ts proves that today's kit finds nothing). These are the
// sequences the stateful walk must generate to catch them.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Defect } from '../../src/http/defects.ts';
import { startMock, type TestMock } from '../http/support.ts';

interface FixtureRun { id: string; projectId: string; finished: boolean; capturedAt?: string }
interface FixtureProject { id: string; name: string }

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8')) as T;
const SUPPORT = fixture<FixtureProject[]>('projects.json').find((p) => p.name === 'Customer Support')!.id;
/** A finished Customer Support run nobody has corrected: `member` may correct it. */
const RUN = fixture<FixtureRun[]>('runs.json').find((r) => r.projectId === SUPPORT && r.finished && r.capturedAt === undefined)!.id;
const LIVE = 'open,being-fixed,with-owner,fixed,wont-fix';
const NOTE = 'by the behavioural defects test';

interface Correction { id: string; status: string; sortedTo?: string; fixedIn?: unknown; reopenedIn?: unknown; supersededBy?: string; unregisteredAt?: string; updatedAt: string }

/** What a sequence saw, compared between the two mocks. */
type Sequence = (server: TestMock) => Promise<unknown>;

let clean: TestMock;
let now = Date.now();
// A second per reading of the clock: a write that runs again shows a new time.
const clock = () => (now += 1000);
beforeAll(async () => { clean = await startMock({ clock }); });
afterAll(async () => { await clean.close(); });
beforeEach(async () => { expect((await clean.request('POST', '/__mock/reset')).status).toBe(200); });

/** The mock with `defect` alone, for one describe block, reset before each test. */
function withDefect(defect: Defect): () => TestMock {
  let server: TestMock;
  beforeAll(async () => { server = await startMock({ defects: [defect], clock }); });
  afterAll(async () => { await server.close(); });
  beforeEach(async () => { expect((await server.request('POST', '/__mock/reset')).status).toBe(200); });
  return () => server;
}

async function create(server: TestMock, body: Record<string, unknown> = { answer: 'wrong', shouldSay: 'It should say so.' }): Promise<Correction> {
  const answer = await server.request('POST', '/v1/corrections', { token: 'member', body: { runId: RUN, ...body } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function change(server: TestMock, id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return server.request('PATCH', `/v1/corrections/${id}`, { token: 'member', body, headers });
}

async function read(server: TestMock, id: string): Promise<Correction> {
  const answer = await server.get(`/v1/corrections/${id}`, 'member');
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The ids of the member's corrections of the run, narrowed by `query`, every page. */
async function listed(server: TestMock, query = ''): Promise<string[]> {
  const answer = await server.get(`/v1/corrections?runId=${RUN}&madeBy=me${query}`, 'member');
  expect(answer.status).toBe(200);
  return (answer.body.data as Correction[]).map((c) => c.id);
}

/** A correction that was fixed (it said nothing was wrong), then reopened by a test run of v9. */
async function reopened(server: TestMock): Promise<Correction> {
  const fixed = await create(server, { answer: 'right' });
  expect(fixed.status).toBe('fixed');
  const run = await server.request('POST', '/__mock/test-runs', { token: 'member', body: { version: 'v9', how: 'pin', wrong: [fixed.id] } });
  expect(run.status, JSON.stringify(run.body)).toBe(200);
  const correction = await read(server, fixed.id);
  expect(correction).toMatchObject({ status: 'open', reopenedIn: { version: 'v9', how: 'pin' } });
  return correction;
}

/** Runs `sequence` on the defective and the clean mock: what each saw. */
async function onBoth(defective: TestMock, sequence: Sequence): Promise<{ defective: unknown; clean: unknown }> {
  return { defective: await sequence(defective), clean: await sequence(clean) };
}

describe('status-filter-keeps-superseded', () => {
  const server = withDefect('status-filter-keeps-superseded');
  it('a second correction of the run: a list with status lists the first too, one without status does not', async () => {
    const seen = await onBoth(server(), async (s) => {
      const first = await create(s);
      const second = await create(s);
      const name = (ids: string[]) => ids.map((id) => (id === first.id ? 'first' : id === second.id ? 'second' : id));
      return { withStatus: name(await listed(s, `&status=${LIVE}`)), withoutStatus: name(await listed(s)), first: (await read(s, first.id)).supersededBy === second.id };
    });
    expect(seen.defective).toEqual({ withStatus: ['second', 'first'], withoutStatus: ['second'], first: true });
    expect(seen.clean).toEqual({ withStatus: ['second'], withoutStatus: ['second'], first: true });
  });
});

describe('not-fixed-drops-changed-with-owner', () => {
  const server = withDefect('not-fixed-drops-changed-with-owner');
  it('a correction moved to with-owner by a PATCH: status=not-fixed leaves it out, status=with-owner lists it', async () => {
    const seen = await onBoth(server(), async (s) => {
      const { id } = await create(s);
      const moved = await change(s, id, { sortedTo: 'owner', status: 'with-owner', note: NOTE });
      expect(moved.body.status).toBe('with-owner');
      return { notFixed: (await listed(s, '&status=not-fixed')).length, withOwner: (await listed(s, '&status=with-owner')).length, spelledOut: (await listed(s, '&status=open,being-fixed,with-owner')).length };
    });
    expect(seen.defective).toEqual({ notFixed: 0, withOwner: 1, spelledOut: 1 });
    expect(seen.clean).toEqual({ notFixed: 1, withOwner: 1, spelledOut: 1 });
  });
});

describe('resort-not-kept', () => {
  const server = withDefect('resort-not-kept');
  it('a re-sort answers the new sorting, then the single read and the list show the old one', async () => {
    const seen = await onBoth(server(), async (s) => {
      const { id } = await create(s);
      const sorted = await change(s, id, { sortedTo: 'developer', reason: NOTE });
      return { answered: sorted.body.sortedTo, read: (await read(s, id)).sortedTo ?? 'none', listed: (await listed(s, '&sortedTo=developer')).length };
    });
    expect(seen.defective).toEqual({ answered: 'developer', read: 'none', listed: 0 });
    expect(seen.clean).toEqual({ answered: 'developer', read: 'developer', listed: 1 });
  });

  it('keeps a status changed in the same PATCH', async () => {
    const { id } = await create(server());
    await change(server(), id, { sortedTo: 'developer', status: 'wont-fix', note: NOTE });
    expect(await read(server(), id)).toMatchObject({ status: 'wont-fix' });
    expect((await read(server(), id)).sortedTo).toBeUndefined();
  });
});

describe('resort-clears-reopenedIn', () => {
  const server = withDefect('resort-clears-reopenedIn');
  it('a re-sort alone of a reopened correction drops reopenedIn (and with it fixedIn), answered and stored', async () => {
    const seen = await onBoth(server(), async (s) => {
      const { id } = await reopened(s);
      const sorted = await change(s, id, { sortedTo: 'developer' });
      const stored = await read(s, id);
      return { answered: 'reopenedIn' in sorted.body, stored: 'reopenedIn' in stored, fixedIn: 'fixedIn' in stored };
    });
    expect(seen.defective).toEqual({ answered: false, stored: false, fixedIn: false });
    expect(seen.clean).toEqual({ answered: true, stored: true, fixedIn: true });
  });
});

describe('resort-revives-removed', () => {
  const server = withDefect('resort-revives-removed');
  it('a re-sort of a removed correction is a 200 that brings it back; a status change is still a 409', async () => {
    const seen = await onBoth(server(), async (s) => {
      const { id } = await create(s);
      expect((await s.request('POST', `/v1/corrections/${id}/remove`, { token: 'member' })).status).toBe(200);
      const withStatus = await change(s, id, { status: 'open' });
      const sorted = await change(s, id, { sortedTo: 'developer' });
      const stored = await read(s, id);
      return { withStatus: withStatus.status, sorted: sorted.status, status: stored.status, unregistered: stored.unregisteredAt !== undefined, listed: (await listed(s)).length };
    });
    expect(seen.defective).toEqual({ withStatus: 409, sorted: 200, status: 'open', unregistered: false, listed: 1 });
    expect(seen.clean).toEqual({ withStatus: 409, sorted: 409, status: 'removed', unregistered: true, listed: 0 });
  });
});

describe('fixed-correction-not-superseded', () => {
  const server = withDefect('fixed-correction-not-superseded');
  it('a new correction of a run leaves the fixed one live: both listed', async () => {
    const seen = await onBoth(server(), async (s) => {
      const fixed = await create(s, { answer: 'right' });
      expect(fixed.status).toBe('fixed');
      await create(s);
      return { listed: (await listed(s)).length, superseded: (await read(s, fixed.id)).supersededBy !== undefined };
    });
    expect(seen.defective).toEqual({ listed: 2, superseded: false });
    expect(seen.clean).toEqual({ listed: 1, superseded: true });
  });
});

describe('status-change-keeps-reopenedIn', () => {
  const server = withDefect('status-change-keeps-reopenedIn');
  it('a status set by hand on a reopened correction keeps reopenedIn and fixedIn, answered and stored', async () => {
    const seen = await onBoth(server(), async (s) => {
      const { id } = await reopened(s);
      const changed = await change(s, id, { status: 'open', note: NOTE });
      const stored = await read(s, id);
      return { answered: 'reopenedIn' in changed.body, stored: 'reopenedIn' in stored, fixedIn: 'fixedIn' in stored };
    });
    expect(seen.defective).toEqual({ answered: true, stored: true, fixedIn: true });
    expect(seen.clean).toEqual({ answered: false, stored: false, fixedIn: false });
  });
});

describe('key-reused-with-other-body-replays', () => {
  const server = withDefect('key-reused-with-other-body-replays');
  it('a key used again with another body replays the first answer instead of 409', async () => {
    const seen = await onBoth(server(), async (s) => {
      const headers = { 'Idempotency-Key': `other-body-${now}` };
      const first = await s.request('POST', '/v1/corrections', { token: 'member', headers, body: { runId: RUN, answer: 'wrong' } });
      const again = await s.request('POST', '/v1/corrections', { token: 'member', headers, body: { runId: RUN, answer: 'right' } });
      return { first: first.status, again: again.status, replay: again.headers.get('x-idempotent-replay'), same: again.body?.id === first.body.id, code: again.body?.error?.code };
    });
    expect(seen.defective).toEqual({ first: 201, again: 201, replay: 'true', same: true, code: undefined });
    expect(seen.clean).toEqual({ first: 201, again: 409, replay: null, same: false, code: 'idempotency-key-body-mismatch' });
  });
});

describe('change-key-not-kept', () => {
  const server = withDefect('change-key-not-kept');
  it('the same PATCH with the same key runs again: new times, no replay; a create\'s key still replays', async () => {
    const seen = await onBoth(server(), async (s) => {
      const key = { 'Idempotency-Key': `change-${now}` };
      const created = await s.request('POST', '/v1/corrections', { token: 'member', headers: key, body: { runId: RUN, answer: 'wrong' } });
      const createdAgain = await s.request('POST', '/v1/corrections', { token: 'member', headers: key, body: { runId: RUN, answer: 'wrong' } });
      const body = { status: 'wont-fix', note: NOTE };
      const first = await change(s, created.body.id, body, key);
      const again = await change(s, created.body.id, body, key);
      return { createReplayed: createdAgain.headers.get('x-idempotent-replay'), changeReplayed: again.headers.get('x-idempotent-replay'), status: again.status, sameTime: again.body.updatedAt === first.body.updatedAt };
    });
    expect(seen.defective).toEqual({ createReplayed: 'true', changeReplayed: null, status: 200, sameTime: false });
    expect(seen.clean).toEqual({ createReplayed: 'true', changeReplayed: 'true', status: 200, sameTime: true });
  });
});

describe('list-cache-kept-after-change', () => {
  const server = withDefect('list-cache-kept-after-change');
  it('a list read again after a PATCH or a remove shows the correction as it was, until a create', async () => {
    const seen = await onBoth(server(), async (s) => {
      const { id } = await create(s);
      const statusListed = async () => ((await s.get(`/v1/corrections?runId=${RUN}&madeBy=me&status=${LIVE},removed`, 'member')).body.data as Correction[]).map((c) => c.status);
      const before = await statusListed();
      await change(s, id, { status: 'wont-fix', note: NOTE });
      const afterChange = await statusListed();
      await s.request('POST', `/v1/corrections/${id}/remove`, { token: 'member' });
      const afterRemove = await statusListed();
      const single = (await read(s, id)).status;
      await create(s);
      const afterCreate = await statusListed();
      return { before, afterChange, afterRemove, single, afterCreate };
    });
    expect(seen.defective).toEqual({ before: ['open'], afterChange: ['open'], afterRemove: ['open'], single: 'removed', afterCreate: ['open', 'removed'] });
    expect(seen.clean).toEqual({ before: ['open'], afterChange: ['wont-fix'], afterRemove: ['removed'], single: 'removed', afterCreate: ['open', 'removed'] });
  });
});
