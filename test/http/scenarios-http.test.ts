// Scenarios over HTTP and in process (issue 32): listed with their parameters' schemas, applied to
// the base world or to one session only, all or nothing; refusals in the envelope, naming the
// parameter or the rule; a session opened with scenarios; one journalled write under --state.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMock } from '../../src/index.ts';
import { defineScenario } from '../../src/scenarios/define.ts';
import { faultyFileSystem } from '../support/faulty-file-system.ts';
import { mocksClosedAfterEach, startMock, type Answer, type TestMock } from './support.ts';

interface Created { corrections: string[]; suggestedChanges: string[]; projects: string[]; approvals: string[]; runs: string[] }
interface Applied { scenario: string; params: Record<string, unknown>; created: Created; principals?: Record<string, { token: string; id: string; kind: string; role: string }> }
interface OpenedSession { id: string; principals: Array<{ id: string; token: string }>; scenarios?: Applied[] }

const BUILT_IN = ['correction', 'suggested-change', 'empty-project', 'pin-then-reopened', 'awaiting-approval', 'superseded'];

/**
 * A scenario of the user's that breaks a rule half-way: corrections made and removed, then one
 * changed once removed (`removed` is terminal). Nothing of it may be stored.
 */
const changeRemoved = defineScenario<'change-removed', { count: number }>({
  name: 'change-removed',
  description: 'Corrections made and removed, then one of them set wont-fix (refused: already terminal).',
  params: { type: 'object', properties: { count: { type: 'integer', minimum: 1, maximum: 5, default: 2 } }, additionalProperties: false },
  build(b, { count }) {
    const project = b.project(undefined, (p) => b.agentsOf(p.id).length > 0);
    const admin = b.principal(project.id, { role: 'admin' });
    const made = Array.from({ length: count }, () => b.correct(admin, { projectId: project.id, answer: 'wrong' }));
    for (const correction of made) b.removeCorrection(admin, correction.id);
    b.changeCorrection(admin, made[0]!.id, { status: 'wont-fix' });
  },
});

let server: TestMock;
beforeAll(async () => { server = await startMock({ scenarios: [changeRemoved] }); });
afterAll(async () => { await server.close(); });

const SESSION_TOKEN = /^ses_[0-9a-f]{16}_[0-9a-f]{32}$/;
const state = async (prefix = '') => (await server.get(`/__mock${prefix}/state`)).body as { corrections: Record<string, number>; suggestedChanges: Record<string, number>; runs: number };
const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);
async function openSession(body: unknown = {}): Promise<OpenedSession> {
  const answer = await server.request('POST', '/__mock/sessions', { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as OpenedSession;
}
function expectError(answer: Answer<any>, status: number, code: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error.code).toBe(code);
  expect(answer.body.error.requestId).toBe(answer.headers.get('x-request-id'));
}
const apply = (path: string, body?: unknown) => server.request<Applied & { error?: any }>('POST', path, body === undefined ? {} : { body });

describe('GET /__mock/scenarios', () => {
  it('lists the six built-in scenarios, then the mock\'s own, each with a description and its parameters\' JSON Schema', async () => {
    const answer = await server.get('/__mock/scenarios');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const listed = answer.body.data as Array<{ name: string; description: string; params: { type: string; properties?: Record<string, unknown> } }>;
    expect(listed.map((s) => s.name)).toEqual([...BUILT_IN, 'change-removed']);
    for (const scenario of listed) {
      expect(scenario.description.length, scenario.name).toBeGreaterThan(0);
      expect(scenario.params.type, scenario.name).toBe('object');
    }
    expect(Object.keys(listed[0]!.params.properties ?? {})).toEqual(expect.arrayContaining(['projectId', 'count', 'status', 'sortedTo', 'fixedHow', 'reopenedHow']));
  });
});

describe('POST /__mock/scenarios/{name}: the base world', () => {
  it('correction { count: 2 } → 201 with the parameters as applied and the ids made, readable through /v1 by the principal named', async () => {
    const before = await state();
    const answer = await apply('/__mock/scenarios/correction', { count: 2 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { scenario, params, created, principals } = answer.body;
    expect(scenario).toBe('correction');
    expect(params).toMatchObject({ count: 2 });
    expect(created.corrections).toHaveLength(2);
    expect(created.runs).toHaveLength(2);
    for (const id of created.corrections) {
      const read = await server.get(`/v1/corrections/${id}`, principals!.madeBy!.token);
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      expect(read.body.status).toBe('open');
    }
    expect(total((await state()).corrections)).toBe(total(before.corrections) + 2);
  });

  it('no body, or {}, takes the defaults: one correction', async () => {
    for (const body of [undefined, {}]) {
      const answer = await apply('/__mock/scenarios/correction', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.body.created.corrections).toHaveLength(1);
      expect(answer.body.params).toMatchObject({ count: 1 });
    }
  });

  it('an unknown name → 404 not-found; an unknown parameter or a value of the wrong type → 400 bad-input naming it; a body that is no object → 400; nothing is stored', async () => {
    const before = await state();
    expectError(await apply('/__mock/scenarios/no-such-scenario', {}), 404, 'not-found');
    const unknown = await apply('/__mock/scenarios/correction', { count: 1, colour: 'red' });
    expectError(unknown, 400, 'bad-input');
    expect(unknown.body.error.details.field).toBe('colour');
    const wrongType = await apply('/__mock/scenarios/correction', { count: 'many' });
    expectError(wrongType, 400, 'bad-input');
    expect(wrongType.body.error.details.field).toBe('count');
    expectError(await apply('/__mock/scenarios/correction', [1]), 400, 'bad-input');
    expectError(await apply('/__mock/scenarios/correction', '{ nope'), 400, 'bad-input');
    expect(await state()).toEqual(before);
  });

  it('a scenario that would break a rule → 400 validation-failed naming the rule, and none of its records is stored', async () => {
    const before = await state();
    const writes = server.mock.store.writeCount();
    const answer = await apply('/__mock/scenarios/change-removed', {});
    expectError(answer, 400, 'validation-failed');
    expect(typeof answer.body.error.details.rule).toBe('string');
    expect(await state()).toEqual(before);
    expect(server.mock.store.writeCount()).toBe(writes);
  });
});

describe('POST /__mock/sessions/{id}/scenarios/{name}: one session only', () => {
  it('awaiting-approval in a session → its pin waits there, named with the session\'s own tokens; the base world and another session are unchanged', async () => {
    const session = await openSession();
    const other = await openSession();
    const baseBefore = await state();
    const otherBefore = await state(`/sessions/${other.id}`);
    const answer = await apply(`/__mock/sessions/${session.id}/scenarios/awaiting-approval`, {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { created, principals } = answer.body;
    expect(created.suggestedChanges).toHaveLength(1);
    expect(created.approvals).toHaveLength(1);
    expect(principals!.mayApprove!.token).toMatch(SESSION_TOKEN);
    expect(principals!.pinnedBy!.token).toMatch(SESSION_TOKEN);
    const waiting = (await server.get(`/__mock/sessions/${session.id}/suggested-changes?status=waiting-for-second-person`)).body.data as Array<{ id: string; approvalId: string }>;
    expect(waiting.find((s) => s.id === created.suggestedChanges[0])?.approvalId).toBe(created.approvals[0]);
    expect(await state()).toEqual(baseBefore);
    expect(await state(`/sessions/${other.id}`)).toEqual(otherBefore);
    expect((await server.get('/__mock/suggested-changes')).body.data.some((s: { id: string }) => s.id === created.suggestedChanges[0])).toBe(false);
    // The token the answer names is the one to use: the second person approves in the session.
    const decided = await server.request('POST', `/__mock/approvals/${created.approvals[0]}/approve`, { token: principals!.mayApprove!.token });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  });

  it('an unknown scenario or session → 404 not-found; a bad parameter → 400 naming it', async () => {
    const session = await openSession();
    expectError(await apply(`/__mock/sessions/${session.id}/scenarios/no-such-scenario`), 404, 'not-found');
    expectError(await apply('/__mock/sessions/ses_0000000000000000/scenarios/correction'), 404, 'not-found');
    const bad = await apply(`/__mock/sessions/${session.id}/scenarios/superseded`, { depth: 9 });
    expectError(bad, 400, 'bad-input');
    expect(bad.body.error.details.field).toBe('depth');
  });
});

describe('POST /__mock/sessions with scenarios', () => {
  it('{ corrections: 0, scenarios } → each applied in order to the empty world; the answer carries what each made', async () => {
    const session = await openSession({ corrections: 0, scenarios: [{ name: 'empty-project', params: { name: 'Onboarding' } }, { name: 'correction', params: { count: 3 } }] });
    expect(session.scenarios!.map((s) => s.scenario)).toEqual(['empty-project', 'correction']);
    const [project, corrections] = session.scenarios!;
    expect(project!.created.projects).toHaveLength(1);
    expect(corrections!.created.corrections).toHaveLength(3);
    const listed = (await server.get(`/__mock/sessions/${session.id}/projects`)).body.data as Array<{ id: string; name: string; counts: { corrections: Record<string, number> } }>;
    expect(listed.find((p) => p.id === project!.created.projects[0])?.name).toBe('Onboarding');
    expect(total((await state(`/sessions/${session.id}`)).corrections)).toBe(3);
    // GET answers the session as it is, without the scenarios' results.
    expect((await server.get(`/__mock/sessions/${session.id}`)).body.scenarios).toBeUndefined();
  });

  it('a reset goes back to the world as the session opened: its scenarios applied again', async () => {
    const session = await openSession({ seed: 42, corrections: 0, scenarios: [{ name: 'correction', params: { count: 2 } }] });
    await server.request('POST', `/__mock/sessions/${session.id}/scenarios/correction`, { body: { count: 5 } });
    expect(total((await state(`/sessions/${session.id}`)).corrections)).toBe(7);
    expect((await server.request('POST', `/__mock/sessions/${session.id}/reset`)).status).toBe(200);
    expect(total((await state(`/sessions/${session.id}`)).corrections)).toBe(2);
    // With a seed, on the same ids.
    expect(server.mock.sessions.world(session.id)!.store.lookup.correction(session.scenarios![0]!.created.corrections[0]!)).toBeDefined();
  });

  it.each([
    [[{ name: 'correction' }, { name: 'correction', params: { count: 0 } }], 'bad-input', { scenario: 1, name: 'correction', field: 'scenarios[1].params.count' }],
    [[{ name: 'no-such-scenario' }], 'bad-input', { scenario: 0, name: 'no-such-scenario', field: 'scenarios[0].name' }],
    [[{ name: 'correction' }, { name: 'change-removed' }], 'validation-failed', { scenario: 1, name: 'change-removed' }],
  ] as const)('scenarios %j → 400 %s naming which, and no session is opened', async (scenarios, code, details) => {
    const before = (await server.get('/__mock/sessions')).body.data.length;
    const answer = await server.request('POST', '/__mock/sessions', { body: { scenarios } });
    expectError(answer, 400, code);
    expect(answer.body.error.details).toMatchObject(details);
    expect((await server.get('/__mock/sessions')).body.data.length).toBe(before);
  });
});

describe('in process: mock.scenarios and session.apply', () => {
  it('list and apply on the base world; a session\'s apply changes its world only, and is no field of its JSON', () => {
    const { mock } = server;
    expect(mock.scenarios.list().map((s) => s.name)).toEqual([...BUILT_IN, 'change-removed']);
    const before = mock.store.counts();
    const session = mock.createSession({ name: 'in process' });
    expect(Object.keys(JSON.parse(JSON.stringify(session)) as object)).not.toContain('apply');
    const made = session.apply('superseded', { depth: 3 });
    expect(made.created.corrections).toHaveLength(3);
    expect(made.principals!.madeBy!.token).toMatch(SESSION_TOKEN);
    expect(mock.store.counts()).toEqual(before);
    const base = mock.scenarios.apply('correction', { count: 1, status: 'wont-fix' });
    expect(mock.store.lookup.correction(base.created.corrections[0]!)?.status).toBe('wont-fix');
    expect(() => mock.scenarios.apply('change-removed', { count: 3 })).toThrow(expect.objectContaining({ code: 'validation-failed' }));
    mock.sessions.end(session.id);
    expect(() => session.apply('correction')).toThrow(expect.objectContaining({ code: 'not-found' }));
  });

  it('typed from the catalogue: a wrong parameter of a built-in, or of one of yours, does not compile', () => {
    // Never called: the types createMock infers from its own scenarios are what is checked.
    const created = () => createMock({ scenarios: [changeRemoved] });
    const typed = (mock: ReturnType<typeof created>) => {
      // @ts-expect-error count is a number
      mock.scenarios.apply('correction', { count: 'many' });
      // @ts-expect-error correction takes no colour
      mock.scenarios.apply('correction', { colour: 'red' });
      // @ts-expect-error count is a number
      mock.scenarios.apply('change-removed', { count: 'twice' });
      mock.scenarios.apply('change-removed', { count: 2 });
      // A name the types do not know (a --scenarios FILE's) takes any object.
      mock.scenarios.apply('from-a-file', { anything: true });
    };
    expect(typeof typed).toBe('function');
  });
});

describe('under --state', () => {
  const mocks = mocksClosedAfterEach();
  const folder = mkdtempSync(join(tmpdir(), 'kindgi-mock-scenarios-'));
  afterAll(() => { rmSync(folder, { recursive: true, force: true }); });

  it('an application to the base world is one journalled write: a restart restores every record it made', async () => {
    const file = join(folder, 'one-write.jsonl');
    const first = await mocks.start({ stateFile: file });
    const answer = await first.request<Applied>('POST', '/__mock/scenarios/correction', { body: { count: 3 } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const admin = answer.body.principals!.madeBy!.token;
    const read = await Promise.all(answer.body.created.corrections.map(async (id) => (await first.get(`/v1/corrections/${id}`, admin)).body));
    await mocks.stop(first);
    const again = await mocks.start({ stateFile: file });
    expect(again.mock.state?.restoredWrites).toBe(1);
    for (const [i, id] of answer.body.created.corrections.entries()) expect((await again.get(`/v1/corrections/${id}`, admin)).body).toEqual(read[i]);
  });

  it('the state file does not take it → 503 state-write-failed with Retry-After, and nothing is stored', async () => {
    const { fs, faults, clear } = faultyFileSystem();
    const started = await mocks.start({ stateFile: join(folder, 'full-disk.jsonl'), stateFileSystem: fs });
    const before = started.mock.store.counts();
    faults.write = 'ENOSPC';
    const answer = await started.request('POST', '/__mock/scenarios/correction', { body: { count: 2 } });
    expectError(answer, 503, 'state-write-failed');
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(started.mock.store.counts()).toEqual(before);
    clear();
    expect((await started.request('POST', '/__mock/scenarios/correction', { body: { count: 2 } })).status).toBe(201);
  });
});
