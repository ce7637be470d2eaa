// The actions on a suggested change (issue 5, page 002): check, pin (through the release gate and
// the second person of /__mock/approvals), add as Latest, withdraw; and the test runs of
// /__mock/test-runs that reopen fixed corrections and fix them again. The mock runs on a clock the
// tests move, so a check finishes exactly when they say. Every success is read back with GET.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/fixtures/load-world.ts';
import { startMock, type Answer, type TestMock, type TokenName } from './support.ts';

interface FixtureProject { id: string; tenantId: string; name: string; followsLatest: boolean; releaseGate: string; testSetId?: string }
interface FixtureTestSet { id: string; version: string }
interface FixturePrincipal { token: string; kind: 'user' | 'service'; id: string }
interface FixtureAgent { id: string; tenantId: string; projectId: string }
interface FixtureCorrection { id: string; projectId: string; status: string; supersededBy?: string; sortedTo?: string; fixedIn?: { how: string }; link?: unknown }
interface FixtureSuggestedChange {
  id: string;
  agentId: string;
  projectId?: string;
  version?: string;
  fixes: string[];
  check: { status: string; newlyFailing?: string[] };
  withdrawn?: unknown;
  addedAsLatest?: unknown;
  pinned?: unknown;
  approvalId?: string;
  madeBeforeProjects?: true;
}

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8')) as T;
const projects = fixture<FixtureProject[]>('projects.json');
const testSets = fixture<FixtureTestSet[]>('test-sets.json');
const principals = fixture<FixturePrincipal[]>('principals.json');
const agents = new Map(fixture<FixtureAgent[]>('agents.json').map((a) => [a.id, a]));
const corrections = new Map(fixture<FixtureCorrection[]>('corrections.json').map((c) => [c.id, c]));
const suggestedChanges = fixture<FixtureSuggestedChange[]>('suggested-changes.json');

const NORTHWIND = 'ten_northwind';
function first<T>(list: Iterable<T>, what: string, test: (value: T) => boolean): T {
  for (const value of list) if (test(value)) return value;
  throw new Error(`the fixtures have no ${what}`);
}
const projectWhere = (what: string, test: (p: FixtureProject) => boolean) => first(projects, what, (p) => p.tenantId === NORTHWIND && test(p));
const gateNone = projectWhere('project with release gate none', (p) => p.releaseGate === 'none');
const gateSecondPerson = projectWhere('project with release gate second-person that does not follow Latest', (p) => p.releaseGate === 'second-person' && !p.followsLatest);
const gateRefusing = projectWhere('project with release gate refuse-newly-failing', (p) => p.releaseGate === 'refuse-newly-failing');
const followsLatest = projectWhere('project that follows Latest', (p) => p.followsLatest);
const notFollowingLatest = projectWhere('project that does not follow Latest', (p) => !p.followsLatest);

const principal = (name: TokenName): FixturePrincipal => first(principals, `principal ${name}`, (p) => p.token.startsWith(`kgm_${name}_`));
const actor = (name: TokenName) => ({ kind: principal(name).kind, id: principal(name).id });

const statusOf = (s: FixtureSuggestedChange): string => {
  if (s.withdrawn) return 'withdrawn';
  if (s.addedAsLatest) return 'added-as-latest';
  if (s.pinned) return 'pinned';
  if (s.approvalId) return 'waiting-for-second-person';
  return ({ running: 'checking', done: 'ready' } as Record<string, string>)[s.check.status] ?? 'check-failed';
};
const projectOf = (s: FixtureSuggestedChange) => agents.get(s.agentId)?.projectId;
const tenantOf = (s: FixtureSuggestedChange) => agents.get(s.agentId)?.tenantId;
const liveBeingFixed = (s: FixtureSuggestedChange) => s.fixes.length > 0 && s.fixes.every((id) => {
  const c = corrections.get(id);
  return c !== undefined && c.supersededBy === undefined && c.status === 'being-fixed';
});
const change = (what: string, test: (s: FixtureSuggestedChange) => boolean, except: FixtureSuggestedChange[] = []) =>
  first(suggestedChanges, what, (s) => tenantOf(s) === NORTHWIND && s.madeBeforeProjects !== true && !except.includes(s) && test(s));

const readyIn = (project: FixtureProject, extra: (s: FixtureSuggestedChange) => boolean = () => true) => (s: FixtureSuggestedChange) =>
  projectOf(s) === project.id && statusOf(s) === 'ready' && extra(s);
const noNewlyFailing = (s: FixtureSuggestedChange) => (s.check.newlyFailing ?? []).length === 0;

const readyGateNone = change('ready change in a gate-none project, fixing being-fixed corrections', readyIn(gateNone, (s) => noNewlyFailing(s) && liveBeingFixed(s)));
const readyGateNone2 = change('second ready change in a gate-none project', readyIn(gateNone, (s) => noNewlyFailing(s) && liveBeingFixed(s)), [readyGateNone]);
const readySecondPerson = change('ready change in a second-person project', readyIn(gateSecondPerson, liveBeingFixed));
const refusedByGate = change('ready change with newly failing corrections in a refuse-newly-failing project', readyIn(gateRefusing, (s) => !noNewlyFailing(s) && liveBeingFixed(s)));
const passesGate = change('ready change without newly failing corrections in a refuse-newly-failing project', readyIn(gateRefusing, (s) => noNewlyFailing(s) && liveBeingFixed(s)));
const readyFollowsLatest = change('ready change in a project that follows Latest', readyIn(followsLatest, liveBeingFixed), [readyGateNone]);
const readyNotFollowing = change('ready change in a project that does not follow Latest', readyIn(notFollowingLatest, liveBeingFixed), [readySecondPerson, refusedByGate, passesGate]);
const checkFailed = change('check-failed change whose check failed', (s) => statusOf(s) === 'check-failed' && s.check.status === 'failed');
const neverChecked = change('check-failed change never checked, with no version yet', (s) => statusOf(s) === 'check-failed' && s.check.status === 'not-started' && s.version === undefined);
const pinnedChange = change('pinned change', (s) => statusOf(s) === 'pinned');
const checkingChange = change('checking change', (s) => statusOf(s) === 'checking');
const withdrawnChange = change('withdrawn change', (s) => statusOf(s) === 'withdrawn');
const addedChange = change('added-as-latest change', (s) => statusOf(s) === 'added-as-latest');
const withoutProject = first(suggestedChanges, 'change with no projectId, readable and writable by admin', (s) => s.projectId === undefined && tenantOf(s) === NORTHWIND && statusOf(s) === 'ready');
const madeBeforeWithProject = first(suggestedChanges, 'change made before projects that knows its project, readable and writable by admin',
  (s) => s.madeBeforeProjects === true && s.projectId !== undefined && tenantOf(s) === NORTHWIND && statusOf(s) === 'ready');
const salesChange = change('ready change the viewer may read (Sales Assist)', (s) => projectOf(s) === gateRefusing.id && statusOf(s) === 'ready');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CHECK_MS = 1000;
let now = Date.parse('2026-12-01T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

let server: TestMock;
beforeAll(async () => { server = await startMock({ clock: () => now, checkMs: CHECK_MS }); });
afterAll(async () => { await server.close(); });
beforeEach(async () => {
  now += 60_000;
  expect((await server.request('POST', '/__mock/reset')).status).toBe(200);
  expect((await server.request('DELETE', '/__mock/faults')).status).toBe(200);
});

const act = (who: TokenName, id: string, action: 'check' | 'pin' | 'add-as-latest' | 'withdraw', body?: unknown) =>
  server.request('POST', `/v1/suggested-changes/${id}/${action}`, { token: who, ...(body !== undefined ? { body } : {}) });
const decide = (who: TokenName, approvalId: string, decision: string) => server.request('POST', `/__mock/approvals/${approvalId}/${decision}`, { token: who });
const readChange = async (id: string, who: TokenName = 'admin') => {
  const answer = await server.get(`/v1/suggested-changes/${id}`, who);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
const readCorrection = async (id: string) => {
  const answer = await server.get(`/v1/corrections/${id}`, 'admin');
  expect(answer.status).toBe(200);
  return answer.body;
};

function expectError(answer: Answer<any>, status: number, code: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error.code).toBe(code);
  expect(answer.body.error.requestId).toBe(answer.headers.get('x-request-id'));
}

function expectTransition409(answer: Answer<any>, id: string, status: string): void {
  expectError(answer, 409, 'suggested-change-invalid-state-transition');
  expect(answer.body.error.details).toEqual({ suggestedChangeId: id, status });
}

describe('POST /v1/suggested-changes/{suggestedChangeId}/check', () => {
  it(`POST /v1/suggested-changes/${readyGateNone.id}/check (ready) → checking with check.status running, startedAt and two test runs; after the check time → ready with results`, async () => {
    const startedAt = now;
    const answer = await act('admin', readyGateNone.id, 'check');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('checking');
    expect(answer.body.check.status).toBe('running');
    expect(answer.body.check.startedAt).toBe(iso(startedAt));
    expect(answer.body.check.now.testRunId).toMatch(UUID);
    expect(answer.body.check.with.testRunId).toMatch(UUID);
    expect(answer.body.check.now.testRunId).not.toBe(answer.body.check.with.testRunId);
    expect(answer.body.check.testSetId).toBe(gateNone.testSetId);
    expect(answer.body.check.testSetVersion).toBe(testSets.find((t) => t.id === gateNone.testSetId)?.version);
    expect(answer.body.note).toBeUndefined();
    const during = await readChange(readyGateNone.id);
    expect(during.status).toBe('checking');
    expect(during.check).toEqual(answer.body.check);

    now = startedAt + CHECK_MS - 1;
    expect((await readChange(readyGateNone.id)).status).toBe('checking');

    now = startedAt + CHECK_MS;
    const after = await readChange(readyGateNone.id);
    expect(after.status).toBe('ready');
    expect(after.check.status).toBe('done');
    expect(after.check.startedAt).toBe(iso(startedAt));
    for (const side of ['now', 'with'] as const) {
      const result = after.check[side];
      expect(result.testRunId).toBe(answer.body.check[side].testRunId);
      expect(Number.isInteger(result.passing)).toBe(true);
      expect(Number.isInteger(result.of)).toBe(true);
      expect(result.passing).toBeGreaterThanOrEqual(0);
      expect(result.passing).toBeLessThanOrEqual(result.of);
      expect(result.costPerConversation).toMatch(/^\d+(\.\d+)?$/);
    }
    expect(Array.isArray(after.check.newlyFailing)).toBe(true);
    expect(after.updatedAt).toBe(iso(startedAt + CHECK_MS));
  });

  it(`POST /v1/suggested-changes/${readyGateNone.id}/check on two mocks of the same world at the same time → the same results`, async () => {
    const startedAt = now;
    const other = await startMock({ clock: () => now, checkMs: CHECK_MS });
    try {
      expect((await act('admin', readyGateNone.id, 'check')).status).toBe(200);
      expect((await other.request('POST', `/v1/suggested-changes/${readyGateNone.id}/check`, { token: 'admin' })).status).toBe(200);
      now = startedAt + CHECK_MS;
      const mine = await readChange(readyGateNone.id);
      const theirs = (await other.get(`/v1/suggested-changes/${readyGateNone.id}`, 'admin')).body;
      const results = (c: any) => ({ now: { ...c.check.now, testRunId: 0 }, with: { ...c.check.with, testRunId: 0 }, newlyFailing: c.check.newlyFailing });
      expect(results(theirs)).toEqual(results(mine));
    } finally {
      await other.close();
    }
  });

  it(`POST /v1/suggested-changes/${checkFailed.id}/check (check-failed) → checking, then ready`, async () => {
    const startedAt = now;
    const answer = await act('triage_bot', checkFailed.id, 'check');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('checking');
    expect((await readChange(checkFailed.id)).status).toBe('checking');
    now = startedAt + CHECK_MS;
    const after = await readChange(checkFailed.id);
    expect(after.status).toBe('ready');
    expect(after.check.status).toBe('done');
  });

  it(`POST /v1/suggested-changes/${neverChecked.id}/check (never checked, no version) → checking with a new version, then ready`, async () => {
    const startedAt = now;
    const answer = await act('admin', neverChecked.id, 'check');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('checking');
    expect(answer.body.version).toEqual(expect.any(String));
    const during = await readChange(neverChecked.id);
    expect(during.version).toBe(answer.body.version);
    now = startedAt + CHECK_MS;
    expect((await readChange(neverChecked.id)).status).toBe('ready');
  });

  it(`POST /v1/suggested-changes/${readyGateNone.id}/check twice → the second is 409 suggested-change-invalid-state-transition {status: checking}`, async () => {
    expect((await act('admin', readyGateNone.id, 'check')).status).toBe(200);
    expectTransition409(await act('admin', readyGateNone.id, 'check'), readyGateNone.id, 'checking');
  });

  it(`POST /v1/suggested-changes/${pinnedChange.id}/check (pinned) → 409 {suggestedChangeId, status: pinned}`, async () => {
    expectTransition409(await act('admin', pinnedChange.id, 'check'), pinnedChange.id, 'pinned');
    expect((await readChange(pinnedChange.id)).status).toBe('pinned');
  });

  it(`POST /v1/suggested-changes/${checkingChange.id}/check (checking) → 409 {status: checking}`, async () => {
    expectTransition409(await act('admin', checkingChange.id, 'check'), checkingChange.id, 'checking');
  });

  it(`POST /v1/suggested-changes/${withdrawnChange.id}/check (withdrawn) → 409 {status: withdrawn}`, async () => {
    expectTransition409(await act('admin', withdrawnChange.id, 'check'), withdrawnChange.id, 'withdrawn');
  });

  it(`POST /__mock/faults {failChecks: true}, then POST /v1/suggested-changes/${readyGateNone.id}/check → checking, then check-failed`, async () => {
    expect((await server.request('POST', '/__mock/faults', { body: { failChecks: true } })).status).toBe(200);
    const startedAt = now;
    const answer = await act('admin', readyGateNone.id, 'check');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('checking');
    now = startedAt + CHECK_MS;
    const after = await readChange(readyGateNone.id);
    expect(after.status).toBe('check-failed');
    expect(after.check.status).toBe('failed');
    // And it may be checked again, now that the fault is lifted.
    expect((await server.request('DELETE', '/__mock/faults')).status).toBe(200);
    expect((await act('admin', readyGateNone.id, 'check')).body.status).toBe('checking');
    now += CHECK_MS;
    expect((await readChange(readyGateNone.id)).status).toBe('ready');
  });
});

describe('POST /v1/suggested-changes/{suggestedChangeId}/pin', () => {
  it(`POST /v1/suggested-changes/${readyGateNone.id}/pin (release gate none) → pinned {version, by, at}; each correction it fixes → fixed with fixedIn {version, how: pin, by}`, async () => {
    const answer = await act('triage_bot', readyGateNone.id, 'pin');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('pinned');
    expect(answer.body.pinned).toEqual({ version: readyGateNone.version, by: actor('triage_bot'), at: iso(now) });
    expect(answer.body.approvalId).toBeUndefined();
    const stored = await readChange(readyGateNone.id);
    expect(stored.status).toBe('pinned');
    expect(stored.pinned).toEqual(answer.body.pinned);
    for (const id of readyGateNone.fixes) {
      const correction = await readCorrection(id);
      expect(correction.status, id).toBe('fixed');
      expect(correction.fixedIn).toEqual({ version: readyGateNone.version, how: 'pin', by: actor('triage_bot'), at: iso(now) });
      expect(correction.reopenedIn).toBeUndefined();
    }
    for (const id of readyGateNone.fixes) {
      const listed = await server.get(`/v1/corrections?runId=${(await readCorrection(id)).runId}&status=fixed`, 'admin');
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((c: { id: string }) => c.id)).toContain(id);
    }
    expectTransition409(await act('triage_bot', readyGateNone.id, 'pin'), readyGateNone.id, 'pinned');
  });

  it(`POST /v1/suggested-changes/${readySecondPerson.id}/pin (gate second-person) → waiting-for-second-person with approvalId; its corrections stay being-fixed`, async () => {
    const answer = await act('admin', readySecondPerson.id, 'pin');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('waiting-for-second-person');
    expect(answer.body.approvalId).toEqual(expect.any(String));
    expect(answer.body.pinned).toBeUndefined();
    const stored = await readChange(readySecondPerson.id);
    expect(stored.status).toBe('waiting-for-second-person');
    expect(stored.approvalId).toBe(answer.body.approvalId);
    for (const id of readySecondPerson.fixes) expect((await readCorrection(id)).status).toBe('being-fixed');
    expectTransition409(await act('admin', readySecondPerson.id, 'pin'), readySecondPerson.id, 'waiting-for-second-person');
    expectTransition409(await act('admin', readySecondPerson.id, 'check'), readySecondPerson.id, 'waiting-for-second-person');
  });

  it('POST /__mock/approvals/{approvalId}/approve with the token that pinned → 403 separate-approver-required; still waiting', async () => {
    const approvalId = (await act('admin', readySecondPerson.id, 'pin')).body.approvalId as string;
    const answer = await decide('admin', approvalId, 'approve');
    expectError(answer, 403, 'separate-approver-required');
    const stored = await readChange(readySecondPerson.id);
    expect(stored.status).toBe('waiting-for-second-person');
    expect(stored.approvalId).toBe(approvalId);
  });

  it('POST /__mock/approvals/{approvalId}/approve with another writer\'s token → pinned by the one who pinned; its corrections fixed by the pin', async () => {
    const pinnedAt = now;
    const approvalId = (await act('admin', readySecondPerson.id, 'pin')).body.approvalId as string;
    now += 5000;
    const answer = await decide('expert', approvalId, 'approve');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('pinned');
    expect(answer.body.pinned).toMatchObject({ version: readySecondPerson.version, by: actor('admin') });
    expect(Date.parse(answer.body.pinned.at)).toBeGreaterThanOrEqual(pinnedAt);
    expect(answer.body.approvalId).toBeUndefined();
    const stored = await readChange(readySecondPerson.id);
    expect(stored.status).toBe('pinned');
    expect(stored).not.toHaveProperty('approvalId');
    for (const id of readySecondPerson.fixes) {
      const correction = await readCorrection(id);
      expect(correction.status).toBe('fixed');
      expect(correction.fixedIn).toMatchObject({ version: readySecondPerson.version, how: 'pin', by: actor('admin') });
    }
    // The approval is decided: deciding again finds none.
    expectError(await decide('expert', approvalId, 'approve'), 404, 'not-found');
  });

  it('POST /__mock/approvals/{approvalId}/approve by a caller who reads but may not change the project (member) → 403 permission-denied', async () => {
    const approvalId = (await act('admin', readySecondPerson.id, 'pin')).body.approvalId as string;
    expectError(await decide('member', approvalId, 'approve'), 403, 'permission-denied');
    expect((await readChange(readySecondPerson.id)).status).toBe('waiting-for-second-person');
  });

  it('POST /__mock/approvals/{approvalId}/approve (other_tenant) → 404; an unknown approval → 404', async () => {
    const approvalId = (await act('admin', readySecondPerson.id, 'pin')).body.approvalId as string;
    expectError(await decide('other_tenant', approvalId, 'approve'), 404, 'not-found');
    expectError(await decide('expert', 'apr_does_not_exist', 'approve'), 404, 'not-found');
    expect((await readChange(readySecondPerson.id)).status).toBe('waiting-for-second-person');
  });

  it('POST /__mock/approvals/{approvalId}/reject → ready with note {kind: rejected, pinChangeId}', async () => {
    const approvalId = (await act('admin', readySecondPerson.id, 'pin')).body.approvalId as string;
    const answer = await decide('expert', approvalId, 'reject');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('ready');
    expect(answer.body.note).toEqual({ kind: 'rejected', pinChangeId: expect.any(String) });
    expect(answer.body.approvalId).toBeUndefined();
    const stored = await readChange(readySecondPerson.id);
    expect(stored.status).toBe('ready');
    expect(stored.note).toEqual(answer.body.note);
    expect(stored).not.toHaveProperty('approvalId');
    for (const id of readySecondPerson.fixes) expect((await readCorrection(id)).status).toBe('being-fixed');
  });

  it('POST /__mock/approvals/{approvalId}/expire → ready with note {kind: expired}; pinning again waits on a new approval', async () => {
    const approvalId = (await act('admin', readySecondPerson.id, 'pin')).body.approvalId as string;
    const answer = await decide('expert', approvalId, 'expire');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('ready');
    expect(answer.body.note).toEqual({ kind: 'expired', pinChangeId: expect.any(String) });
    expect((await readChange(readySecondPerson.id)).note.kind).toBe('expired');
    const again = await act('admin', readySecondPerson.id, 'pin');
    expect(again.body.status).toBe('waiting-for-second-person');
    expect(again.body.approvalId).not.toBe(approvalId);
    expect(again.body.note).toBeUndefined();
  });

  it('POST /__mock/approvals/{approvalId}/maybe → 404 route-not-found', async () => {
    const approvalId = (await act('admin', readySecondPerson.id, 'pin')).body.approvalId as string;
    expectError(await decide('expert', approvalId, 'maybe'), 404, 'route-not-found');
  });

  it(`POST /v1/suggested-changes/${refusedByGate.id}/pin (gate refuse-newly-failing, check.newlyFailing not empty) → stays ready with note gate-refused`, async () => {
    const before = await readChange(refusedByGate.id);
    expect(before.check.newlyFailing.length).toBeGreaterThan(0);
    const answer = await act('admin', refusedByGate.id, 'pin');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('ready');
    expect(answer.body.note).toEqual({ kind: 'gate-refused', pinChangeId: expect.any(String) });
    expect(answer.body.pinned).toBeUndefined();
    const stored = await readChange(refusedByGate.id);
    expect(stored.status).toBe('ready');
    expect(stored.note).toEqual(answer.body.note);
    for (const id of refusedByGate.fixes) expect((await readCorrection(id)).status).toBe('being-fixed');
  });

  it(`POST /v1/suggested-changes/${passesGate.id}/pin (gate refuse-newly-failing, nothing newly failing) → pinned`, async () => {
    const answer = await act('admin', passesGate.id, 'pin');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('pinned');
    expect((await readChange(passesGate.id)).status).toBe('pinned');
    for (const id of passesGate.fixes) expect((await readCorrection(id)).fixedIn).toMatchObject({ how: 'pin', version: passesGate.version });
  });

  it(`POST /v1/suggested-changes/${checkFailed.id}/pin (check-failed) → 409 {status: check-failed}`, async () => {
    expectTransition409(await act('admin', checkFailed.id, 'pin'), checkFailed.id, 'check-failed');
  });
});

describe('POST /v1/suggested-changes/{suggestedChangeId}/add-as-latest', () => {
  it(`POST /v1/suggested-changes/${readyFollowsLatest.id}/add-as-latest {reason} (project follows Latest) → added-as-latest; its corrections fixed with how latest`, async () => {
    const answer = await act('admin', readyFollowsLatest.id, 'add-as-latest', { reason: 'ship it' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('added-as-latest');
    expect(answer.body.addedAsLatest).toEqual({ version: readyFollowsLatest.version, by: actor('admin'), at: iso(now), reason: 'ship it' });
    const stored = await readChange(readyFollowsLatest.id);
    expect(stored.status).toBe('added-as-latest');
    expect(stored.addedAsLatest).toEqual(answer.body.addedAsLatest);
    for (const id of readyFollowsLatest.fixes) {
      const correction = await readCorrection(id);
      expect(correction.status, id).toBe('fixed');
      expect(correction.fixedIn).toMatchObject({ version: readyFollowsLatest.version, how: 'latest', at: iso(now) });
    }
    expectTransition409(await act('admin', readyFollowsLatest.id, 'add-as-latest'), readyFollowsLatest.id, 'added-as-latest');
  });

  it(`POST /v1/suggested-changes/${readyNotFollowing.id}/add-as-latest without a body (project does not follow Latest) → added-as-latest; its corrections are not fixed`, async () => {
    const answer = await act('admin', readyNotFollowing.id, 'add-as-latest');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('added-as-latest');
    expect(answer.body.addedAsLatest).not.toHaveProperty('reason');
    expect((await readChange(readyNotFollowing.id)).status).toBe('added-as-latest');
    for (const id of readyNotFollowing.fixes) expect((await readCorrection(id)).status).toBe('being-fixed');
  });

  it(`POST /v1/suggested-changes/${readyGateNone2.id}/add-as-latest {why} → 400 unknown-field`, async () => {
    expectError(await act('admin', readyGateNone2.id, 'add-as-latest', { why: 'x' }), 400, 'unknown-field');
    expect((await readChange(readyGateNone2.id)).status).toBe('ready');
  });

  it(`POST /v1/suggested-changes/${checkingChange.id}/add-as-latest (checking) → 409 {status: checking}`, async () => {
    expectTransition409(await act('admin', checkingChange.id, 'add-as-latest'), checkingChange.id, 'checking');
  });
});

describe('POST /v1/suggested-changes/{suggestedChangeId}/withdraw', () => {
  it(`POST /v1/suggested-changes/${readyGateNone.id}/withdraw {} → 400; without a body → 400; unchanged`, async () => {
    expectError(await act('admin', readyGateNone.id, 'withdraw', {}), 400, 'bad-input');
    expectError(await act('admin', readyGateNone.id, 'withdraw'), 400, 'bad-input');
    expectError(await act('admin', readyGateNone.id, 'withdraw', { reason: '' }), 400, 'bad-input');
    expect((await readChange(readyGateNone.id)).status).toBe('ready');
  });

  it(`POST /v1/suggested-changes/${readyGateNone.id}/withdraw {reason} → withdrawn {by, reason, at}; its being-fixed corrections back to open without the link`, async () => {
    for (const id of readyGateNone.fixes) {
      const before = await readCorrection(id);
      expect(before.status).toBe('being-fixed');
      expect(before.link).toEqual({ kind: 'suggested-change', id: readyGateNone.id });
    }
    const answer = await act('admin', readyGateNone.id, 'withdraw', { reason: 'wrong approach' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('withdrawn');
    expect(answer.body.withdrawn).toEqual({ by: actor('admin'), reason: 'wrong approach', at: iso(now) });
    expect((await readChange(readyGateNone.id)).withdrawn).toEqual(answer.body.withdrawn);
    for (const id of readyGateNone.fixes) {
      const correction = await readCorrection(id);
      expect(correction.status, id).toBe('open');
      expect(correction).not.toHaveProperty('link');
    }
    expectTransition409(await act('admin', readyGateNone.id, 'withdraw', { reason: 'again' }), readyGateNone.id, 'withdrawn');
  });

  it('POST …/withdraw {reason} after a person set one of its corrections to wont-fix → that one stays wont-fix, the others go back to open', async () => {
    const [changed, ...others] = readyGateNone.fixes;
    expect(changed).toBeDefined();
    expect((await server.request('PATCH', `/v1/corrections/${changed!}`, { token: 'admin', body: { status: 'wont-fix' } })).status).toBe(200);
    expect((await act('admin', readyGateNone.id, 'withdraw', { reason: 'not needed' })).status).toBe(200);
    expect((await readCorrection(changed!)).status).toBe('wont-fix');
    for (const id of others) expect((await readCorrection(id)).status).toBe('open');
  });

  it('POST …/pin (second-person), then POST …/withdraw {reason} → withdrawn, and the approval is dropped', async () => {
    const approvalId = (await act('admin', readySecondPerson.id, 'pin')).body.approvalId as string;
    const answer = await act('admin', readySecondPerson.id, 'withdraw', { reason: 'changed our mind' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('withdrawn');
    expect(answer.body).not.toHaveProperty('approvalId');
    expect(await readChange(readySecondPerson.id)).not.toHaveProperty('approvalId');
    expectError(await decide('expert', approvalId, 'approve'), 404, 'not-found');
    expect((await readChange(readySecondPerson.id)).status).toBe('withdrawn');
    for (const id of readySecondPerson.fixes) expect((await readCorrection(id)).status).toBe('open');
  });

  it(`POST /v1/suggested-changes/${readyGateNone2.id}/check, then …/withdraw {reason} while checking → withdrawn, and stays so after the check time`, async () => {
    expect((await act('admin', readyGateNone2.id, 'check')).status).toBe(200);
    const answer = await act('admin', readyGateNone2.id, 'withdraw', { reason: 'stop' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('withdrawn');
    now += CHECK_MS * 2;
    expect((await readChange(readyGateNone2.id)).status).toBe('withdrawn');
  });

  it(`POST /v1/suggested-changes/${checkFailed.id}/withdraw {reason} (check-failed) → withdrawn`, async () => {
    const answer = await act('admin', checkFailed.id, 'withdraw', { reason: 'gave up' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await readChange(checkFailed.id)).status).toBe('withdrawn');
  });

  it(`POST /v1/suggested-changes/${pinnedChange.id}/withdraw {reason} (pinned) → 409 {status: pinned}; ${addedChange.id} (added-as-latest) → 409`, async () => {
    expectTransition409(await act('admin', pinnedChange.id, 'withdraw', { reason: 'x' }), pinnedChange.id, 'pinned');
    expectTransition409(await act('admin', addedChange.id, 'withdraw', { reason: 'x' }), addedChange.id, 'added-as-latest');
  });
});

describe('a suggested change made before suggested changes were for a project, and who may act', () => {
  it('the fixtures mark both kinds made before projects: one with no projectId, one with its agent version\'s project', () => {
    expect(withoutProject.madeBeforeProjects).toBe(true);
    expect(madeBeforeWithProject.projectId).toBe(projectOf(madeBeforeWithProject));
  });

  for (const [kind, legacy] of [['no projectId', withoutProject], ['made before projects, with its projectId', madeBeforeWithProject]] as const) {
    for (const action of ['check', 'pin', 'add-as-latest'] as const) {
      it(`POST /v1/suggested-changes/${legacy.id}/${action} (${kind}) → 409 suggested-change-not-for-a-project {suggestedChangeId, status}; unchanged`, async () => {
        const before = await readChange(legacy.id);
        const answer = await act('admin', legacy.id, action);
        expectError(answer, 409, 'suggested-change-not-for-a-project');
        expect(answer.body.error.details).toEqual({ suggestedChangeId: legacy.id, status: 'ready' });
        expect(await readChange(legacy.id)).toEqual(before);
      });
    }

    it(`POST /v1/suggested-changes/${legacy.id}/withdraw {reason} (${kind}) → 200 withdrawn; its corrections back to open`, async () => {
      const answer = await act('admin', legacy.id, 'withdraw', { reason: 'made before projects' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.status).toBe('withdrawn');
      expect(answer.body.withdrawn).toMatchObject({ by: actor('admin'), reason: 'made before projects' });
      const after = await readChange(legacy.id);
      expect(after.status).toBe('withdrawn');
      expect(after.projectId).toBe(legacy.projectId);
      for (const id of legacy.fixes.filter((c) => corrections.get(c)?.status === 'being-fixed')) expect((await readCorrection(id)).status).toBe('open');
    });

    it(`GET /v1/suggested-changes/${legacy.id} (${kind}) serves the page's shape: no madeBeforeProjects, its check with no now`, async () => {
      const served = await readChange(legacy.id);
      expect(served).not.toHaveProperty('madeBeforeProjects');
      expect(served.check).not.toHaveProperty('now');
      if (legacy.projectId === undefined) expect(served).not.toHaveProperty('projectId');
      else expect(served.projectId).toBe(legacy.projectId);
    });
  }

  for (const [action, body] of [['check', undefined], ['pin', undefined], ['add-as-latest', undefined], ['withdraw', { reason: 'x' }]] as const) {
    it(`POST /v1/suggested-changes/${salesChange.id}/${action} (viewer, who may read it) → 403 permission-denied, unchanged`, async () => {
      const answer = await act('viewer', salesChange.id, action, body);
      expectError(answer, 403, 'permission-denied');
      expect(answer.body.error.details).toEqual({ action: expect.any(String), resource: expect.any(String), reason: expect.any(String) });
      expect((await readChange(salesChange.id, 'viewer')).status).toBe('ready');
    });

    it(`POST /v1/suggested-changes/${salesChange.id}/${action} (other_tenant) → 404 not-found`, async () => {
      expectError(await act('other_tenant', salesChange.id, action, body), 404, 'not-found');
      expect((await readChange(salesChange.id)).status).toBe('ready');
    });
  }

  it(`POST /v1/suggested-changes/${salesChange.id}/pin (member, who cannot read Sales Assist) → 404 not-found`, async () => {
    expectError(await act('member', salesChange.id, 'pin'), 404, 'not-found');
  });

  it('POST /v1/suggested-changes/not-a-uuid/pin → 404 not-found', async () => {
    expectError(await act('admin', 'not-a-uuid', 'pin'), 404, 'not-found');
  });

  it('POST /v1/suggested-changes/{a UUID that names nothing}/withdraw {reason} → 404 not-found', async () => {
    expectError(await act('admin', '00000000-0000-4000-8000-000000000000', 'withdraw', { reason: 'x' }), 404, 'not-found');
  });
});

describe('deciding an approval needs write access to the project', () => {
  // The fixtures' viewer reads only Sales Assist, whose gate never asks a second person: in a mock
  // of its own the viewer also reads (and still may not change) the second-person project.
  let readOnly: TestMock;
  beforeAll(async () => {
    const world = loadWorld();
    const viewer = world.principals.find((p) => p.token === principal('viewer').token)!;
    viewer.readProjectIds = [...viewer.readProjectIds, gateSecondPerson.id];
    expect(viewer.writeProjectIds).not.toContain(gateSecondPerson.id);
    readOnly = await startMock({ world, clock: () => now, checkMs: CHECK_MS });
  });
  afterAll(async () => { await readOnly.close(); });
  beforeEach(async () => { expect((await readOnly.request('POST', '/__mock/reset')).status).toBe(200); });

  for (const decision of ['approve', 'reject', 'expire'] as const) {
    it(`POST /__mock/approvals/{approvalId}/${decision} (viewer, who reads the project but may not change it) → 403 permission-denied; the approval stays open`, async () => {
      const pinned = await readOnly.request('POST', `/v1/suggested-changes/${readySecondPerson.id}/pin`, { token: 'admin' });
      expect(pinned.body.status, JSON.stringify(pinned.body)).toBe('waiting-for-second-person');
      const approvalId = pinned.body.approvalId as string;
      const answer = await readOnly.request('POST', `/__mock/approvals/${approvalId}/${decision}`, { token: 'viewer' });
      expectError(answer, 403, 'permission-denied');
      expect(answer.body.error.details).toEqual({ action: decision, resource: `approval/${approvalId}`, reason: expect.any(String) });
      const after = await readOnly.get(`/v1/suggested-changes/${readySecondPerson.id}`, 'viewer');
      expect(after.status).toBe(200);
      expect(after.body.status).toBe('waiting-for-second-person');
      expect(after.body.approvalId).toBe(approvalId);
      expect(after.body).not.toHaveProperty('note');
      // Still open: a writer can decide it yet.
      const decided = await readOnly.request('POST', `/__mock/approvals/${approvalId}/${decision}`, { token: 'expert' });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    });
  }
});

describe('POST /__mock/test-runs', () => {
  const fixedOnes = [...corrections.values()].filter((c) =>
    c.projectId === gateNone.id && c.supersededBy === undefined && c.status === 'fixed' && c.fixedIn !== undefined && c.fixedIn.how !== 'recorded-right' && c.sortedTo !== 'owner');
  const [plain, toOwner] = fixedOnes;
  if (!plain || !toOwner) throw new Error('the fixtures have fewer than two fixed corrections fixed by a pin or Latest');
  const testRun = (who: TokenName, body: unknown) => server.request('POST', '/__mock/test-runs', { token: who, body });

  for (const how of ['pin', 'went-back', 'unpin', 'latest'] as const) {
    it(`POST /__mock/test-runs {version, how: ${how}, wrong: [fixed ids]} → open (with-owner when sorted to the owner) with reopenedIn, keeping fixedIn; then {right: [same ids]} → fixed with a new fixedIn`, async () => {
      const sorted = await server.request('PATCH', `/v1/corrections/${toOwner.id}`, { token: 'admin', body: { sortedTo: 'owner' } });
      expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
      expect(sorted.body.status).toBe('fixed');
      const before = { [plain.id]: await readCorrection(plain.id), [toOwner.id]: await readCorrection(toOwner.id) };
      now += 1000;
      const wrongAt = iso(now);
      const wrong = await testRun('triage_bot', { version: 'v90', how, wrong: [plain.id, toOwner.id] });
      expect(wrong.status, JSON.stringify(wrong.body)).toBe(200);
      const reopenedIn = { version: 'v90', how, ...(how === 'latest' ? {} : { by: actor('triage_bot') }), at: wrongAt };
      for (const [id, status] of [[plain.id, 'open'], [toOwner.id, 'with-owner']] as const) {
        const correction = await readCorrection(id);
        expect(correction.status, id).toBe(status);
        expect(correction.reopenedIn).toEqual(reopenedIn);
        expect(correction.fixedIn).toEqual(before[id]!.fixedIn);
      }
      expect(wrong.body.corrections.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([[plain.id, 'open'], [toOwner.id, 'with-owner']]);

      now += 1000;
      const right = await testRun('triage_bot', { version: 'v91', how, right: [plain.id, toOwner.id] });
      expect(right.status, JSON.stringify(right.body)).toBe(200);
      for (const id of [plain.id, toOwner.id]) {
        const correction = await readCorrection(id);
        expect(correction.status, id).toBe('fixed');
        expect(correction).not.toHaveProperty('reopenedIn');
        expect(correction.fixedIn).toMatchObject({ version: 'v91', at: iso(now) });
        if (how === 'latest') expect(correction.fixedIn.how).toBe('latest');
        else expect(correction.fixedIn.how).toBe('pin');
      }
    });
  }

  it('POST /__mock/test-runs {version, how: sideways} → 400 bad-input; {…, extra} → 400 unknown-field', async () => {
    expectError(await testRun('admin', { version: 'v1', how: 'sideways', wrong: [plain.id] }), 400, 'bad-input');
    expectError(await testRun('admin', { version: 'v1', how: 'pin', wrong: [plain.id], extra: true }), 400, 'unknown-field');
    expect((await readCorrection(plain.id)).status).toBe('fixed');
  });

  it('POST /__mock/test-runs {wrong: [a fixed id]} (other_tenant) → 404; (viewer, a Customer Support id it cannot read) → 404', async () => {
    expectError(await testRun('other_tenant', { version: 'v1', how: 'pin', wrong: [plain.id] }), 404, 'not-found');
    expectError(await testRun('viewer', { version: 'v1', how: 'pin', wrong: [plain.id] }), 404, 'not-found');
    expect((await readCorrection(plain.id)).status).toBe('fixed');
  });
});
