// The writes of corrections (issue 5, pages 000 and 001): POST /v1/corrections, PATCH
// /v1/corrections/{correctionId}, POST /v1/corrections/{correctionId}/remove. Every success is
// read back with GET, so later reads are shown to reflect it; every refusal is shown to change nothing.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMock, type Answer, type TestMock, type TokenName } from './support.ts';

interface FixtureProject { id: string; name: string; tenantId: string }
interface FixturePrincipal { token: string; kind: 'user' | 'service'; id: string; tenantId: string }
interface FixtureRun {
  id: string;
  tenantId: string;
  projectId: string;
  subject: { kind: string; id: string; version: string };
  finished: boolean;
  input?: unknown;
  output?: unknown;
  context?: unknown;
  segments?: unknown;
  capturedAt?: string;
}
interface FixtureCorrection {
  id: string;
  tenantId: string;
  projectId: string;
  runId: string;
  madeBy: { kind: string; id: string };
  participantId?: string;
  status: string;
  sortedTo?: string;
  fixedIn?: { how: string };
  reopenedIn?: unknown;
  supersededBy?: string;
}

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8')) as T;
const projects = fixture<FixtureProject[]>('projects.json');
const principals = fixture<FixturePrincipal[]>('principals.json');
const runs = fixture<FixtureRun[]>('runs.json');
const corrections = fixture<FixtureCorrection[]>('corrections.json');

const projectNamed = (name: string): string => {
  const project = projects.find((p) => p.name === name);
  if (!project) throw new Error(`the fixtures have no project ${name}`);
  return project.id;
};
const SUPPORT = projectNamed('Customer Support');
const RETURNS = projectNamed('Returns Desk');
const SALES = projectNamed('Sales Assist');
const GLOBEX = projectNamed('Globex Helpdesk');

const principal = (name: TokenName): FixturePrincipal => {
  const found = principals.find((p) => p.token.startsWith(`kgm_${name}_`));
  if (!found) throw new Error(`the fixtures have no principal ${name}`);
  return found;
};
const actor = (name: TokenName) => ({ kind: principal(name).kind, id: principal(name).id });

function first<T>(list: T[], what: string, test: (value: T) => boolean): T {
  const found = list.find(test);
  if (!found) throw new Error(`the fixtures have no ${what}`);
  return found;
}
const isLive = (c: FixtureCorrection) => c.supersededBy === undefined && c.status !== 'removed';
const neverCorrected = (projectId: string) => runs.filter((r) => r.projectId === projectId && r.finished && r.capturedAt === undefined);

const supportRuns = neverCorrected(SUPPORT);
const freshRun = first(supportRuns, 'finished, never corrected Customer Support run', () => true);
const otherFreshRun = first(supportRuns, 'second finished, never corrected Customer Support run', (r) => r.id !== freshRun.id);
const capturedRun = first(runs, 'finished Customer Support run corrected before (with capturedAt)', (r) => r.projectId === SUPPORT && r.finished && r.capturedAt !== undefined);
const unfinishedRun = first(runs, 'Customer Support run still running', (r) => r.projectId === SUPPORT && !r.finished);
const salesRun = first(runs, 'finished Sales Assist run', (r) => r.projectId === SALES && r.finished);
const returnsRun = first(runs, 'finished Returns Desk run', (r) => r.projectId === RETURNS && r.finished);
const globexRun = first(runs, 'finished Globex run', (r) => r.projectId === GLOBEX && r.finished);
const rankedRun = first(runs, 'finished, never corrected run whose output has matches', (r) =>
  r.finished && r.capturedAt === undefined && r.tenantId === 'ten_northwind' && Array.isArray((r.output as { matches?: unknown } | undefined)?.matches));

const openCorrection = first(corrections, 'live open Customer Support correction, unsorted and never reopened', (c) =>
  c.projectId === SUPPORT && isLive(c) && c.status === 'open' && c.sortedTo === undefined && c.reopenedIn === undefined);
const otherOpenCorrection = first(corrections, 'second live open Customer Support correction', (c) =>
  c.id !== openCorrection.id && c.projectId === SUPPORT && isLive(c) && c.status === 'open' && c.sortedTo === undefined && c.reopenedIn === undefined);
const reopenedOpen = first(corrections, 'live open correction with reopenedIn', (c) => isLive(c) && c.status === 'open' && c.reopenedIn !== undefined);
const reopenedWithOwner = first(corrections, 'live with-owner correction with reopenedIn', (c) => isLive(c) && c.status === 'with-owner' && c.reopenedIn !== undefined);
const removedCorrection = first(corrections, 'removed Northwind correction', (c) => c.tenantId === 'ten_northwind' && c.status === 'removed');
const supersededCorrection = first(corrections, 'superseded Northwind correction', (c) => c.tenantId === 'ten_northwind' && c.supersededBy !== undefined);
const salesCorrection = first(corrections, 'live Sales Assist correction', (c) => c.projectId === SALES && isLive(c) && c.status === 'open');

let server: TestMock;
let now = Date.now();
// Every reading of the clock is a second later, so each write has its own time.
beforeAll(async () => { server = await startMock({ clock: () => (now += 1000) }); });
afterAll(async () => { await server.close(); });
beforeEach(async () => {
  const reset = await server.request('POST', '/__mock/reset');
  expect(reset.status).toBe(200);
});

const correct = (who: TokenName, body: unknown) => server.request('POST', '/v1/corrections', { token: who, body });
const patch = (who: TokenName, id: string, body: unknown) => server.request('PATCH', `/v1/corrections/${id}`, { token: who, body });
const remove = (who: TokenName, id: string) => server.request('POST', `/v1/corrections/${id}/remove`, { token: who });
const read = async (id: string, who: TokenName = 'admin') => {
  const answer = await server.get(`/v1/corrections/${id}`, who);
  expect(answer.status).toBe(200);
  return answer.body;
};
/** The ids of the list for `query`, every page. */
const listIds = async (query: string, who: TokenName = 'admin'): Promise<string[]> => {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page += 1) {
    const answer = await server.get(`/v1/corrections?${query}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, who);
    expect(answer.status).toBe(200);
    ids.push(...(answer.body.data as Array<{ id: string }>).map((c) => c.id));
    if (!answer.body.hasMore) return ids;
    cursor = answer.body.nextCursor;
  }
  throw new Error('more than 100 pages');
};

function expectError(answer: Answer<any>, status: number, code: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error.code).toBe(code);
  expect(answer.body.error.requestId).toBe(answer.headers.get('x-request-id'));
}

/** A refused write leaves the run uncorrected: no correction of it in the list. */
async function expectNoCorrectionOf(runId: string): Promise<void> {
  expect(await listIds(`runId=${runId}&status=open,being-fixed,with-owner,fixed,wont-fix,removed`)).toEqual([]);
}

describe('POST /v1/corrections', () => {
  it('POST /v1/corrections {runId, answer: wrong, shouldSay, why} (admin) → 201 open, madeBy the caller, createdAt = updatedAt, with the run copy', async () => {
    const answer = await correct('admin', { runId: freshRun.id, answer: 'wrong', shouldSay: 'Refunds take 5 business days.', why: 'It quoted the old policy.' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const made = answer.body;
    expect(made.id).toEqual(expect.any(String));
    expect(made).toMatchObject({
      tenantId: freshRun.tenantId,
      projectId: SUPPORT,
      runId: freshRun.id,
      subject: freshRun.subject,
      answer: 'wrong',
      shouldSay: 'Refunds take 5 business days.',
      why: 'It quoted the old policy.',
      madeBy: actor('admin'),
      status: 'open',
    });
    expect(made.createdAt).toBe(made.updatedAt);
    expect(made.fixedIn).toBeUndefined();
    expect(made.supersededBy).toBeUndefined();
    expect(made.unregisteredAt).toBeUndefined();
    expect(made.run).toMatchObject({ runId: freshRun.id, subject: freshRun.subject, input: freshRun.input, output: freshRun.output, capturedAt: made.createdAt });
    if (freshRun.context !== undefined) expect(made.run.context).toEqual(freshRun.context);

    expect(await read(made.id)).toEqual(made);
    expect(await listIds(`runId=${freshRun.id}`)).toEqual([made.id]);
    expect(await listIds('madeBy=me')).toContain(made.id);
  });

  it('POST /v1/corrections {runId, answer: right} → 201 fixed at once with fixedIn.how recorded-right and no version', async () => {
    const answer = await correct('member', { runId: freshRun.id, answer: 'right' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.status).toBe('fixed');
    expect(answer.body.fixedIn.how).toBe('recorded-right');
    expect(answer.body.fixedIn).not.toHaveProperty('version');
    expect(answer.body.fixedIn.at).toBe(answer.body.createdAt);
    expect(answer.body.madeBy).toEqual(actor('member'));
    expect(await read(answer.body.id)).toEqual(answer.body);
    expect(await listIds(`runId=${freshRun.id}&status=fixed`)).toEqual([answer.body.id]);
  });

  it('POST /v1/corrections {decisions: right, items all right} → 201 fixed with recorded-right', async () => {
    const answer = await correct('admin', { runId: rankedRun.id, decisions: 'right', items: [{ key: 'case-a', pointer: '/matches/0', rank: 0, verdict: 'right' }] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.status).toBe('fixed');
    expect(answer.body.fixedIn.how).toBe('recorded-right');
    expect((await read(answer.body.id)).status).toBe('fixed');
  });

  it('POST /v1/corrections {…, madeBy} → 400 unknown-field naming madeBy, and nothing is stored', async () => {
    const answer = await correct('admin', { runId: freshRun.id, answer: 'wrong', madeBy: { kind: 'user', id: 'usr_someone_else' } });
    expectError(answer, 400, 'unknown-field');
    expect(answer.body.error.details.fields).toContain('madeBy');
    await expectNoCorrectionOf(freshRun.id);
  });

  it('POST /v1/corrections {runId, answer: 42} → 400 bad-input with details of what is wrong', async () => {
    const answer = await correct('admin', { runId: freshRun.id, answer: 42 });
    expectError(answer, 400, 'bad-input');
    expect(answer.body.error.details.violations).toEqual(expect.arrayContaining([expect.objectContaining({ path: '/answer' })]));
    await expectNoCorrectionOf(freshRun.id);
  });

  it('POST /v1/corrections {answer: wrong} without runId → 400 bad-input', async () => {
    expectError(await correct('admin', { answer: 'wrong' }), 400, 'bad-input');
  });

  it('POST /v1/corrections {runId of another tenant} (admin) → 404 run-not-found', async () => {
    const answer = await correct('admin', { runId: globexRun.id, answer: 'wrong' });
    expectError(answer, 404, 'run-not-found');
    expect(answer.body.error.details).toEqual({ runId: globexRun.id });
  });

  it('POST /v1/corrections {runId of Sales Assist} (member, who cannot read it) → 404 run-not-found', async () => {
    expectError(await correct('member', { runId: salesRun.id, answer: 'wrong' }), 404, 'run-not-found');
  });

  it('POST /v1/corrections {runId: no such run} → 404 run-not-found', async () => {
    expectError(await correct('admin', { runId: 'run_does_not_exist', answer: 'wrong' }), 404, 'run-not-found');
  });

  it('POST /v1/corrections {runId of Sales Assist} (viewer, who may read it) → 403 permission-denied with action, resource and reason', async () => {
    const answer = await correct('viewer', { runId: salesRun.id, answer: 'wrong' });
    expectError(answer, 403, 'permission-denied');
    expect(answer.body.error.details).toEqual({ action: expect.any(String), resource: expect.any(String), reason: expect.any(String) });
  });

  it('POST /v1/corrections {runId of Returns Desk} (member, who reads but does not change it) → 403 permission-denied', async () => {
    expectError(await correct('member', { runId: returnsRun.id, answer: 'wrong' }), 403, 'permission-denied');
  });

  it('POST /v1/corrections {runId of a run still running} → 409 run-not-finished, and the run gets no copy', async () => {
    const answer = await correct('admin', { runId: unfinishedRun.id, answer: 'wrong' });
    expectError(answer, 409, 'run-not-finished');
    await expectNoCorrectionOf(unfinishedRun.id);
  });

  it('POST /v1/corrections {items: [{pointer: /matches/99}]} → 400 item-not-found naming the item', async () => {
    const answer = await correct('admin', { runId: rankedRun.id, decisions: 'wrong', items: [{ key: 'case-a', pointer: '/matches/0', verdict: 'right' }, { key: 'case-z', pointer: '/matches/99', verdict: 'wrong' }] });
    expectError(answer, 400, 'item-not-found');
    expect(answer.body.error.details).toMatchObject({ field: 'items[1].pointer', pointer: '/matches/99' });
    await expectNoCorrectionOf(rankedRun.id);
  });

  it('POST /v1/corrections {items: [{pointer: /matches/1, verdict: wrong}]} → 201 with the items as sent', async () => {
    const items = [{ key: 'case-b', pointer: '/matches/1', rank: 1, verdict: 'wrong' }];
    const answer = await correct('admin', { runId: rankedRun.id, items });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.items).toEqual(items);
    expect(answer.body.status).toBe('open');
    expect((await read(answer.body.id)).items).toEqual(items);
  });

  it('POST /v1/corrections {answer: right, shouldSay} → 400 validation-failed naming should-say-only-when-answer-wrong', async () => {
    const answer = await correct('admin', { runId: freshRun.id, answer: 'right', shouldSay: 'Something else.' });
    expectError(answer, 400, 'validation-failed');
    expect(answer.body.error.details.violations).toEqual(expect.arrayContaining([expect.objectContaining({ rule: 'should-say-only-when-answer-wrong' })]));
    await expectNoCorrectionOf(freshRun.id);
  });

  it('POST /v1/corrections {participantId} (member, a user) → 400 validation-failed naming participant-only-for-an-app', async () => {
    const answer = await correct('member', { runId: freshRun.id, answer: 'wrong', participantId: 'end-user-17' });
    expectError(answer, 400, 'validation-failed');
    expect(answer.body.error.details.violations).toEqual(expect.arrayContaining([expect.objectContaining({ rule: 'participant-only-for-an-app' })]));
    await expectNoCorrectionOf(freshRun.id);
  });

  it('POST /v1/corrections {participantId} (app) → 201 made by the app for its end user', async () => {
    const answer = await correct('app', { runId: freshRun.id, answer: 'wrong', participantId: 'end-user-17' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.participantId).toBe('end-user-17');
    expect(answer.body.madeBy).toEqual(actor('app'));
    expect(await read(answer.body.id, 'app')).toEqual(answer.body);
    expect(await listIds(`runId=${freshRun.id}&participantId=end-user-17`, 'app')).toEqual([answer.body.id]);
  });

  it('POST /v1/corrections twice (app, participantId end-user-1 then end-user-2) → both stay live: one live correction per participant', async () => {
    const one = await correct('app', { runId: freshRun.id, answer: 'wrong', participantId: 'end-user-1' });
    const two = await correct('app', { runId: freshRun.id, answer: 'wrong', participantId: 'end-user-2' });
    expect([one.status, two.status]).toEqual([201, 201]);
    expect((await read(one.body.id)).supersededBy).toBeUndefined();
    expect((await listIds(`runId=${freshRun.id}`)).sort()).toEqual([one.body.id, two.body.id].sort());
  });

  it('POST /v1/corrections {correctorGroupId: cg_support_leads} (member) → 403 corrector-group-not-allowed saying why', async () => {
    const answer = await correct('member', { runId: freshRun.id, answer: 'wrong', correctorGroupId: 'cg_support_leads' });
    expectError(answer, 403, 'corrector-group-not-allowed');
    expect(answer.body.error.message).toContain('cg_support_leads');
    expect(answer.body.error.message).toContain(principal('member').id);
    expect(answer.body.error.details.correctorGroupId).toBe('cg_support_leads');
    await expectNoCorrectionOf(freshRun.id);
  });

  it('POST /v1/corrections {correctorGroupId: cg_support_leads} (app, a service) → 403 corrector-group-not-allowed saying only users may', async () => {
    const answer = await correct('app', { runId: freshRun.id, answer: 'wrong', correctorGroupId: 'cg_support_leads' });
    expectError(answer, 403, 'corrector-group-not-allowed');
    expect(answer.body.error.message).toMatch(/user/);
    expect(answer.body.error.message).toMatch(/service/);
  });

  it('POST /v1/corrections {correctorGroupId: cg_support_leads} (expert) → 201 with expert: true', async () => {
    const answer = await correct('expert', { runId: freshRun.id, answer: 'wrong', correctorGroupId: 'cg_support_leads' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.expert).toBe(true);
    expect(answer.body.correctorGroupId).toBe('cg_support_leads');
    expect(await read(answer.body.id)).toEqual(answer.body);
    expect(await listIds(`runId=${freshRun.id}&from=experts`)).toEqual([answer.body.id]);
  });

  it('POST /v1/corrections {correctorGroupId: cg_qa_reviewers} (member, unrestricted group) → 201 without an expert field', async () => {
    const answer = await correct('member', { runId: freshRun.id, answer: 'wrong', correctorGroupId: 'cg_qa_reviewers' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.correctorGroupId).toBe('cg_qa_reviewers');
    expect(answer.body).not.toHaveProperty('expert');
    expect(await read(answer.body.id)).not.toHaveProperty('expert');
  });

  it('POST /v1/corrections on a never corrected run, then by another caller → the second shares the first run copy exactly', async () => {
    const before = await server.get(`/v1/corrections?runId=${otherFreshRun.id}`, 'admin');
    expect(before.body.data).toEqual([]);
    const firstAnswer = await correct('admin', { runId: otherFreshRun.id, answer: 'wrong' });
    expect(firstAnswer.status).toBe(201);
    expect(firstAnswer.body.run.capturedAt).toBe(firstAnswer.body.createdAt);
    const second = await correct('expert', { runId: otherFreshRun.id, decisions: 'wrong', mustNotCall: ['issue_refund'] });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.createdAt).not.toBe(firstAnswer.body.createdAt);
    expect(second.body.run).toEqual(firstAnswer.body.run);
    expect((await read(firstAnswer.body.id)).run).toEqual(firstAnswer.body.run);
    expect((await read(second.body.id)).run).toEqual(firstAnswer.body.run);
    // Different callers: both stay live.
    expect((await read(firstAnswer.body.id)).supersededBy).toBeUndefined();
    expect((await listIds(`runId=${otherFreshRun.id}`)).sort()).toEqual([firstAnswer.body.id, second.body.id].sort());
  });

  it('POST /v1/corrections on a run corrected before → its copy is the one stored then (capturedAt unchanged)', async () => {
    const answer = await correct('admin', { runId: capturedRun.id, answer: 'wrong' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.run.capturedAt).toBe(capturedRun.capturedAt);
    const earlier = corrections.find((c) => c.runId === capturedRun.id);
    if (earlier) expect((await read(earlier.id)).run).toEqual(answer.body.run);
  });

  it('POST /v1/corrections twice by the same caller on one run → the first is superseded: supersededBy, unregisteredAt, out of the list, still fetchable', async () => {
    const firstAnswer = await correct('admin', { runId: freshRun.id, answer: 'wrong', why: 'first try' });
    const second = await correct('admin', { runId: freshRun.id, answer: 'wrong', why: 'second try' });
    expect([firstAnswer.status, second.status]).toEqual([201, 201]);
    expect(second.body.run).toEqual(firstAnswer.body.run);
    const old = await read(firstAnswer.body.id);
    expect(old.supersededBy).toBe(second.body.id);
    expect(old.unregisteredAt).toBe(second.body.createdAt);
    expect(old.updatedAt).toBe(old.unregisteredAt);
    expect(old.status).toBe('open');
    expect(old.why).toBe('first try');
    expect((await read(second.body.id)).supersededBy).toBeUndefined();
    expect(await listIds(`runId=${freshRun.id}`)).toEqual([second.body.id]);
    expect(await listIds(`runId=${freshRun.id}&status=open,being-fixed,with-owner,fixed,wont-fix,removed`)).toEqual([second.body.id]);
  });
});

describe('PATCH /v1/corrections/{correctionId}', () => {
  it('PATCH /v1/corrections/{id} {sortedTo: developer, reason} (triage_bot) → 200 sortedTo and sorted {by: caller, at, reason}', async () => {
    const answer = await patch('triage_bot', openCorrection.id, { sortedTo: 'developer', reason: 'needs a code change' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.sortedTo).toBe('developer');
    expect(answer.body.sorted).toEqual({ by: actor('triage_bot'), at: answer.body.updatedAt, reason: 'needs a code change' });
    expect(answer.body.status).toBe('open');
    expect(Date.parse(answer.body.updatedAt)).toBeGreaterThan(Date.parse(answer.body.createdAt));
    const stored = await read(openCorrection.id);
    const { run: _run, ...rest } = stored;
    expect(rest).toEqual(answer.body);
    expect(await listIds(`runId=${openCorrection.runId}&sortedTo=developer`)).toContain(openCorrection.id);
  });

  it('PATCH /v1/corrections/{id} {status: wont-fix, note} → 200 with statusNote {text, by, at}', async () => {
    const answer = await patch('admin', openCorrection.id, { status: 'wont-fix', note: 'Works as designed.' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('wont-fix');
    expect(answer.body.statusNote).toEqual({ text: 'Works as designed.', by: actor('admin'), at: answer.body.updatedAt });
    const stored = await read(openCorrection.id);
    expect(stored.status).toBe('wont-fix');
    expect(stored.statusNote).toEqual(answer.body.statusNote);
    expect(await listIds(`runId=${openCorrection.runId}&status=wont-fix`)).toContain(openCorrection.id);
  });

  it('PATCH /v1/corrections/{id} {status: with-owner} on one not sorted to the owner → 400, unchanged', async () => {
    const answer = await patch('admin', openCorrection.id, { status: 'with-owner' });
    expectError(answer, 400, 'bad-input');
    expect(answer.body.error.details.rule).toBe('with-owner-needs-owner');
    const stored = await read(openCorrection.id);
    expect(stored.status).toBe('open');
    expect(stored.sortedTo).toBeUndefined();
  });

  it('PATCH /v1/corrections/{id} {sortedTo: owner, status: with-owner} → 200 with-owner sorted to the owner', async () => {
    const answer = await patch('admin', openCorrection.id, { sortedTo: 'owner', status: 'with-owner' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ status: 'with-owner', sortedTo: 'owner', sorted: { by: actor('admin') } });
    const stored = await read(openCorrection.id);
    expect(stored).toMatchObject({ status: 'with-owner', sortedTo: 'owner' });
  });

  it('PATCH /v1/corrections/{id} {status: fixed} → 400: only a pin or a deploy fixes', async () => {
    expectError(await patch('admin', openCorrection.id, { status: 'fixed' }), 400, 'bad-input');
    expect((await read(openCorrection.id)).status).toBe('open');
  });

  it('PATCH /v1/corrections/{id} {status: removed} → 400: removing has its own action', async () => {
    expectError(await patch('admin', openCorrection.id, { status: 'removed' }), 400, 'bad-input');
    expect((await read(openCorrection.id)).status).toBe('open');
  });

  it('PATCH /v1/corrections/{id} {reason} without sortedTo → 400', async () => {
    const answer = await patch('admin', openCorrection.id, { reason: 'because' });
    expectError(answer, 400, 'bad-input');
    expect((await read(openCorrection.id)).sorted).toBeUndefined();
  });

  it('PATCH /v1/corrections/{id} {note} without status → 400', async () => {
    expectError(await patch('admin', openCorrection.id, { note: 'a note' }), 400, 'bad-input');
    expect((await read(openCorrection.id)).statusNote).toBeUndefined();
  });

  it('PATCH /v1/corrections/{id} {} → 400', async () => {
    expectError(await patch('admin', openCorrection.id, {}), 400, 'bad-input');
  });

  it('PATCH /v1/corrections/{id} {sortedTo, madeBy} → 400 unknown-field', async () => {
    expectError(await patch('admin', openCorrection.id, { sortedTo: 'improve', madeBy: { kind: 'user', id: 'x' } }), 400, 'unknown-field');
    expect((await read(openCorrection.id)).sortedTo).toBeUndefined();
  });

  it(`PATCH /v1/corrections/${reopenedOpen.id} (reopened) {sortedTo: developer} → a re-sort alone keeps fixedIn and reopenedIn`, async () => {
    const before = await read(reopenedOpen.id);
    const answer = await patch('admin', reopenedOpen.id, { sortedTo: 'developer' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('open');
    expect(answer.body.fixedIn).toEqual(before.fixedIn);
    expect(answer.body.reopenedIn).toEqual(before.reopenedIn);
    const stored = await read(reopenedOpen.id);
    expect(stored.fixedIn).toEqual(before.fixedIn);
    expect(stored.reopenedIn).toEqual(before.reopenedIn);
  });

  it(`PATCH /v1/corrections/${reopenedOpen.id} (reopened) {status: open} → a status set by hand clears fixedIn and reopenedIn`, async () => {
    const answer = await patch('admin', reopenedOpen.id, { status: 'open', note: 'Looked again.' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('open');
    expect(answer.body).not.toHaveProperty('fixedIn');
    expect(answer.body).not.toHaveProperty('reopenedIn');
    const stored = await read(reopenedOpen.id);
    expect(stored).not.toHaveProperty('fixedIn');
    expect(stored).not.toHaveProperty('reopenedIn');
    expect(stored.statusNote.text).toBe('Looked again.');
  });

  it(`PATCH /v1/corrections/${reopenedWithOwner.id} (reopened, with-owner) {sortedTo: owner, reason} → keeps with-owner, fixedIn and reopenedIn`, async () => {
    const before = await read(reopenedWithOwner.id);
    const answer = await patch('admin', reopenedWithOwner.id, { sortedTo: 'owner', reason: 'still the owner' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('with-owner');
    expect(answer.body.fixedIn).toEqual(before.fixedIn);
    expect(answer.body.reopenedIn).toEqual(before.reopenedIn);
    expect((await read(reopenedWithOwner.id)).reopenedIn).toEqual(before.reopenedIn);
  });

  it(`PATCH /v1/corrections/${reopenedWithOwner.id} (reopened, with-owner) {status: wont-fix} → clears fixedIn and reopenedIn`, async () => {
    const answer = await patch('admin', reopenedWithOwner.id, { status: 'wont-fix' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const stored = await read(reopenedWithOwner.id);
    expect(stored.status).toBe('wont-fix');
    expect(stored).not.toHaveProperty('fixedIn');
    expect(stored).not.toHaveProperty('reopenedIn');
  });

  it(`PATCH /v1/corrections/${removedCorrection.id} (removed) {sortedTo: improve} → 409 already-terminal, unchanged`, async () => {
    const before = await read(removedCorrection.id);
    expectError(await patch('admin', removedCorrection.id, { sortedTo: 'improve' }), 409, 'already-terminal');
    expect(await read(removedCorrection.id)).toEqual(before);
  });

  it(`PATCH /v1/corrections/${supersededCorrection.id} (superseded) {status: wont-fix} → 409 already-terminal, unchanged`, async () => {
    const before = await read(supersededCorrection.id);
    expectError(await patch('admin', supersededCorrection.id, { status: 'wont-fix' }), 409, 'already-terminal');
    expect(await read(supersededCorrection.id)).toEqual(before);
  });

  it(`PATCH /v1/corrections/${salesCorrection.id} (Sales Assist) {sortedTo: improve} (viewer) → 403 permission-denied, unchanged`, async () => {
    const before = await read(salesCorrection.id, 'viewer');
    const answer = await patch('viewer', salesCorrection.id, { sortedTo: 'improve' });
    expectError(answer, 403, 'permission-denied');
    expect(answer.body.error.details).toEqual({ action: expect.any(String), resource: expect.any(String), reason: expect.any(String) });
    expect(await read(salesCorrection.id, 'viewer')).toEqual(before);
  });

  it(`PATCH /v1/corrections/${openCorrection.id} {sortedTo: improve} (other_tenant) → 404 not-found`, async () => {
    expectError(await patch('other_tenant', openCorrection.id, { sortedTo: 'improve' }), 404, 'not-found');
    expect((await read(openCorrection.id)).sortedTo).toBeUndefined();
  });

  it('PATCH /v1/corrections/cor_does_not_exist {sortedTo: improve} → 404 not-found', async () => {
    expectError(await patch('admin', 'cor_does_not_exist', { sortedTo: 'improve' }), 404, 'not-found');
  });
});

describe('POST /v1/corrections/{correctionId}/remove', () => {
  it(`POST /v1/corrections/${openCorrection.id}/remove → 200 removed with unregisteredAt; out of the default list, in ?status=removed`, async () => {
    expect(await listIds(`runId=${openCorrection.runId}`)).toContain(openCorrection.id);
    const answer = await remove('admin', openCorrection.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('removed');
    expect(answer.body.unregisteredAt).toBe(answer.body.updatedAt);
    const stored = await read(openCorrection.id);
    expect(stored.status).toBe('removed');
    expect(stored.unregisteredAt).toBe(answer.body.unregisteredAt);
    expect(await listIds(`runId=${openCorrection.runId}`)).not.toContain(openCorrection.id);
    expect(await listIds(`runId=${openCorrection.runId}&status=removed`)).toContain(openCorrection.id);
  });

  it(`POST /v1/corrections/${openCorrection.id}/remove twice → 200 unchanged the second time (same updatedAt)`, async () => {
    const firstAnswer = await remove('admin', openCorrection.id);
    expect(firstAnswer.status).toBe(200);
    const second = await remove('admin', openCorrection.id);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toEqual(firstAnswer.body);
    expect((await read(openCorrection.id)).updatedAt).toBe(firstAnswer.body.updatedAt);
  });

  it(`POST /v1/corrections/${openCorrection.id}/remove, then PATCH {status: open} → 409: removed can't come back`, async () => {
    expect((await remove('admin', openCorrection.id)).status).toBe(200);
    expectError(await patch('admin', openCorrection.id, { status: 'open' }), 409, 'already-terminal');
    expect((await read(openCorrection.id)).status).toBe('removed');
  });

  it(`POST /v1/corrections/${supersededCorrection.id}/remove (superseded) → 409 already-terminal, unchanged`, async () => {
    const before = await read(supersededCorrection.id);
    expectError(await remove('admin', supersededCorrection.id), 409, 'already-terminal');
    expect(await read(supersededCorrection.id)).toEqual(before);
  });

  it(`POST /v1/corrections/${salesCorrection.id}/remove (viewer) → 403 permission-denied; (other_tenant) → 404`, async () => {
    expectError(await remove('viewer', salesCorrection.id), 403, 'permission-denied');
    expectError(await remove('other_tenant', salesCorrection.id), 404, 'not-found');
    expect((await read(salesCorrection.id)).status).toBe('open');
  });

  it(`POST /v1/corrections/${otherOpenCorrection.id}/remove {reason} → 400 unknown-field: remove takes no body`, async () => {
    expectError(await server.request('POST', `/v1/corrections/${otherOpenCorrection.id}/remove`, { token: 'admin', body: { reason: 'x' } }), 400, 'unknown-field');
    expect((await read(otherOpenCorrection.id)).status).toBe('open');
  });
});
