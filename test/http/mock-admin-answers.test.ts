// Every answer of the /__mock routes, each success and each error they can give, checked against
// their document (spec/mock-admin.yaml) by the test itself; and an answer off it, planted through
// the store or the context, becomes 500 response-invalid (or is sent and logged with warn).
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { World } from '../../src/domain/world.ts';
import { createMockServer } from '../../src/http/client-error.ts';
import { coreListener, createNodeCore } from '../../src/http/app.ts';
import { READ_HANDLERS } from '../../src/http/routes/read-handlers.ts';
import { WRITE_HANDLERS } from '../../src/http/routes/write-handlers.ts';
import { inspectorPage } from '../../src/http/routes/inspector-page.ts';
import { mockAdminValidators } from '../../src/spec/mock-admin-spec.ts';
import { SessionRefusal } from '../../src/worlds/sessions.ts';
import { faultyFileSystem } from '../support/faulty-file-system.ts';
import { rawRequest } from '../support/raw-http.ts';
import { silentLogger, startMock, TOKEN_NAMES, type TestMock, type TokenName } from './support.ts';

const validators = mockAdminValidators();

interface Seen { status: number; header(name: string): string | undefined; body: any }

/** One request through node:http, so that `Host`, a GET's body and a foreign charset can be sent as given; `token` a fixtures name or a token. */
async function call(server: TestMock | string, method: string, path: string, options: { token?: TokenName | string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Seen> {
  const url = typeof server === 'string' ? server : server.url;
  const named = typeof server !== 'string' && (TOKEN_NAMES as readonly string[]).includes(options.token ?? '');
  const token = named ? (server as TestMock).token(options.token as TokenName) : options.token;
  const text = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  // A body goes with its length: node:http frames no GET or DELETE body by itself, and the bytes
  // would reach the server as the start of the next request.
  const answer = await rawRequest(url, method, path, {
    ...(token !== undefined ? { Authorization: `Bearer ${token}` } : {}),
    ...(text !== undefined ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) } : {}),
    ...options.headers,
  }, text);
  const header = (name: string) => {
    const value = answer.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return { status: answer.status, header, body: answer.text === '' ? undefined : JSON.parse(answer.text) };
}

/** Every (operation, status) an answer was seen for, to check at the end that each documented one was. */
const seen = new Set<string>();

/**
 * The answer has the status (and error code) expected, and the document says so: it documents
 * the status for the operation, the body passes its schema, and its required headers are there.
 */
function expectOnDocument(operationId: string, answer: Seen, status: number, code?: string): void {
  expect(answer.status, `${operationId}: ${JSON.stringify(answer.body)}`).toBe(status);
  if (code !== undefined) expect(answer.body?.error?.code, JSON.stringify(answer.body)).toBe(code);
  const response = validators.operation(operationId).responses.get(String(status));
  expect(response, `${operationId} documents ${status}`).toBeDefined();
  const validate = validators.response(operationId, status)!;
  expect(validate(answer.body), `${operationId} ${status}: ${JSON.stringify(validate.errors)} in ${JSON.stringify(answer.body)}`).toBe(true);
  for (const [name, header] of Object.entries(response!.headers)) {
    if (header.required) expect(answer.header(name), `${operationId} ${status} header ${name}`).toBeDefined();
  }
  if (status >= 400) expect(answer.body.error.requestId).toBe(answer.header('X-Request-Id'));
  seen.add(`${operationId} ${status}`);
}

/** One request per operation that reaches it (a token where it takes one, a body it takes), for the errors every route can give. */
interface Route { operationId: string; method: string; path: string; token?: TokenName; body?: unknown }
let routes: Route[];
let world: World;
let server: TestMock;
/** A session the routes under /__mock/sessions/{id} act in; open for the whole file. */
let sessionId: string;
const FUTURE = '2031-01-01T00:00:00.000Z';
const logged = silentLogger();
const UNKNOWN_APPROVAL = 'apr_nobody_has_this';

const waitingStatus = (s: World['suggestedChanges'][number]) => s.approvalId !== undefined && !s.pinned && !s.addedAsLatest && !s.withdrawn;
const isReady = (s: World['suggestedChanges'][number]) => s.check.status === 'done' && s.approvalId === undefined && !s.pinned && !s.addedAsLatest && !s.withdrawn && s.madeBeforeProjects !== true && s.projectId !== undefined;
const principal = (name: TokenName) => world.principals.find((p) => p.token.startsWith(`kgm_${name}_`))!;
const projectOf = (agentId: string) => world.agents.find((a) => a.id === agentId)!.projectId;
const gateOf = (projectId: string) => world.projects.find((p) => p.id === projectId)!.releaseGate;

/** A ready suggested change the admin may pin in a project that waits for a second person, which member reads but may not change. */
const secondPersonChange = () => world.suggestedChanges.find((s) => isReady(s) && gateOf(projectOf(s.agentId)) === 'second-person'
  && principal('admin').writeProjectIds.includes(projectOf(s.agentId)) && principal('expert').writeProjectIds.includes(projectOf(s.agentId))
  && principal('member').readProjectIds.includes(projectOf(s.agentId)) && !principal('member').writeProjectIds.includes(projectOf(s.agentId)))!;
const runningCheck = () => world.suggestedChanges.find((s) => s.check.status === 'running' && !s.withdrawn)!;
const fixedCorrection = () => world.corrections.find((c) => c.status === 'fixed' && c.supersededBy === undefined && c.reopenedIn === undefined && principal('admin').writeProjectIds.includes(c.projectId))!;
const readOnlyCorrection = (who: TokenName) => world.corrections.find((c) => c.supersededBy === undefined && c.tenantId === principal(who).tenantId
  && principal(who).readProjectIds.includes(c.projectId) && !principal(who).writeProjectIds.includes(c.projectId))!;

/** Pins the second-person change as admin: the approval it waits on. */
async function waitingApproval(): Promise<string> {
  const pinned = await call(server, 'POST', `/v1/suggested-changes/${secondPersonChange().id}/pin`, { token: 'admin' });
  expect(pinned.body.status, JSON.stringify(pinned.body)).toBe('waiting-for-second-person');
  return pinned.body.approvalId as string;
}
const reset = async () => expect((await call(server, 'POST', '/__mock/reset')).status).toBe(200);

beforeAll(async () => {
  server = await startMock({ logger: logged.logger });
  world = server.mock.store.worldView();
  for (const [what, found] of [['second-person change', secondPersonChange()], ['running check', runningCheck()], ['fixed correction', fixedCorrection()], ['correction member only reads', readOnlyCorrection('member')]] as const) {
    if (!found) throw new Error(`the fixtures have no ${what} this test needs`);
  }
  // The clock is set before the session opens: moving the mock's clock on past a session's TTL would end it.
  expect((await call(server, 'PUT', '/__mock/clock', { body: { now: FUTURE, frozen: true } })).status).toBe(200);
  sessionId = (await call(server, 'POST', '/__mock/sessions', { body: { ttlSeconds: 604_800 } })).body.id;
  const inSession = `/__mock/sessions/${sessionId}`;
  routes = [
    { operationId: 'getMockClock', method: 'GET', path: '/__mock/clock' },
    // Later than any write the tests make, so that only a planted failure can refuse it.
    { operationId: 'setMockClock', method: 'PUT', path: '/__mock/clock', body: { now: '2035-01-01T00:00:00Z', frozen: true } },
    { operationId: 'advanceMockClock', method: 'POST', path: '/__mock/clock/advance', body: { ms: 0 } },
    { operationId: 'createMockSession', method: 'POST', path: '/__mock/sessions', body: {} },
    { operationId: 'listMockSessions', method: 'GET', path: '/__mock/sessions' },
    { operationId: 'getMockSession', method: 'GET', path: inSession },
    { operationId: 'endMockSession', method: 'DELETE', path: inSession },
    { operationId: 'resetMockSession', method: 'POST', path: `${inSession}/reset` },
    { operationId: 'getMockSessionState', method: 'GET', path: `${inSession}/state` },
    { operationId: 'setMockSessionFaults', method: 'POST', path: `${inSession}/faults`, body: {} },
    { operationId: 'clearMockSessionFaults', method: 'DELETE', path: `${inSession}/faults` },
    { operationId: 'finishMockSessionCheck', method: 'POST', path: `${inSession}/checks/${runningCheck().id}/finish`, body: {} },
    { operationId: 'getMockSessionClock', method: 'GET', path: `${inSession}/clock` },
    { operationId: 'setMockSessionClock', method: 'PUT', path: `${inSession}/clock`, body: { now: '2035-01-01T00:00:00Z', frozen: true } },
    { operationId: 'advanceMockSessionClock', method: 'POST', path: `${inSession}/clock/advance`, body: { ms: 0 } },
    { operationId: 'listMockRequests', method: 'GET', path: '/__mock/requests' },
    { operationId: 'listMockSuggestedChanges', method: 'GET', path: '/__mock/suggested-changes' },
    { operationId: 'listMockSessionSuggestedChanges', method: 'GET', path: `${inSession}/suggested-changes` },
    { operationId: 'listMockCorrections', method: 'GET', path: '/__mock/corrections' },
    { operationId: 'listMockSessionCorrections', method: 'GET', path: `${inSession}/corrections` },
    // Refused before it opens in every test that sends it to all routes; its 200 is read apart.
    { operationId: 'streamMockRequests', method: 'GET', path: '/__mock/requests/stream' },
    { operationId: 'getMockPrincipals', method: 'GET', path: '/__mock/principals' },
    { operationId: 'getMockState', method: 'GET', path: '/__mock/state' },
    { operationId: 'resetMock', method: 'POST', path: '/__mock/reset' },
    { operationId: 'setMockFaults', method: 'POST', path: '/__mock/faults', body: {} },
    { operationId: 'clearMockFaults', method: 'DELETE', path: '/__mock/faults' },
    { operationId: 'decideMockApproval', method: 'POST', path: `/__mock/approvals/${UNKNOWN_APPROVAL}/approve`, token: 'admin' },
    { operationId: 'finishMockCheck', method: 'POST', path: `/__mock/checks/${runningCheck().id}/finish`, body: {} },
    { operationId: 'recordMockTestRun', method: 'POST', path: '/__mock/test-runs', token: 'admin', body: { version: 'v1', how: 'pin' } },
    { operationId: 'listMockScenarios', method: 'GET', path: '/__mock/scenarios' },
    { operationId: 'applyMockScenario', method: 'POST', path: '/__mock/scenarios/correction', body: {} },
    { operationId: 'applyMockSessionScenario', method: 'POST', path: `${inSession}/scenarios/correction`, body: {} },
    { operationId: 'listMockProjects', method: 'GET', path: '/__mock/projects' },
    { operationId: 'listMockSessionProjects', method: 'GET', path: `${inSession}/projects` },
  ];
});
afterAll(async () => { await server.close(); });
afterEach(() => { vi.restoreAllMocks(); });

describe('the answers each route gives when it works', () => {
  it('GET /__mock/principals → 200, every principal on the document', async () => {
    const answer = await call(server, 'GET', '/__mock/principals');
    expectOnDocument('getMockPrincipals', answer, 200);
    expect(answer.body.data).toHaveLength(world.principals.length);
  });

  it('GET /__mock/state → 200; POST /__mock/reset → 200; both on the document', async () => {
    expectOnDocument('getMockState', await call(server, 'GET', '/__mock/state'), 200);
    expectOnDocument('resetMock', await call(server, 'POST', '/__mock/reset'), 200);
  });

  it('POST /__mock/faults { databaseBusy, latencyMs, failChecks } → 200; GET /__mock/state shows them; DELETE /__mock/faults → 200; all on the document', async () => {
    const set = await call(server, 'POST', '/__mock/faults', { body: { databaseBusy: { rate: 0.25 }, latencyMs: { max: 1 }, failChecks: true } });
    expectOnDocument('setMockFaults', set, 200);
    expect(set.body.faults).toEqual({ databaseBusy: { rate: 0.25, retryAfter: 1 }, latencyMs: { min: 0, max: 1 }, failChecks: true });
    expectOnDocument('getMockState', await call(server, 'GET', '/__mock/state'), 200);
    expectOnDocument('clearMockFaults', await call(server, 'DELETE', '/__mock/faults'), 200);
  });

  it.each(['approve', 'reject', 'expire'])('POST /__mock/approvals/{approvalId}/%s by a second writer → 200, a SuggestedChange of the API document', async (decision) => {
    await reset();
    const answer = await call(server, 'POST', `/__mock/approvals/${await waitingApproval()}/${decision}`, { token: 'expert' });
    expectOnDocument('decideMockApproval', answer, 200);
    expect(answer.body.status).toBe(decision === 'approve' ? 'pinned' : 'ready');
  });

  it('POST /__mock/checks/{id}/finish with { fails: true }, and with no body → 200 each, on the document', async () => {
    await reset();
    const failed = await call(server, 'POST', `/__mock/checks/${runningCheck().id}/finish`, { body: { fails: true } });
    expectOnDocument('finishMockCheck', failed, 200);
    expect(failed.body).toEqual({ finished: runningCheck().id, fails: true });
    await reset();
    expectOnDocument('finishMockCheck', await call(server, 'POST', `/__mock/checks/${runningCheck().id}/finish`), 200);
  });

  it('POST /__mock/test-runs { wrong: [a fixed id] } → 200 with the reopened Correction, of the API document', async () => {
    await reset();
    const answer = await call(server, 'POST', '/__mock/test-runs', { token: 'admin', body: { version: 'v1', how: 'pin', wrong: [fixedCorrection().id] } });
    expectOnDocument('recordMockTestRun', answer, 200);
    expect(answer.body.corrections.map((c: { id: string; status: string }) => c.id)).toEqual([fixedCorrection().id]);
  });
});

describe('the errors particular to a route', () => {
  it('POST /__mock/faults { databaseBusy: { rate: 2 } } → 400 bad-input; { chaos: true } → 400 unknown-field', async () => {
    expectOnDocument('setMockFaults', await call(server, 'POST', '/__mock/faults', { body: { databaseBusy: { rate: 2 } } }), 400, 'bad-input');
    expectOnDocument('setMockFaults', await call(server, 'POST', '/__mock/faults', { body: { chaos: true } }), 400, 'unknown-field');
  });

  it.each([
    ['no Authorization', undefined, 'auth-missing'],
    ['a token nobody holds', 'kgm_nobody_0000000000', 'auth-invalid'],
    ['an expired token', 'expired', 'auth-expired'],
    ['a revoked token', 'revoked', 'auth-revoked'],
  ] as const)('POST /__mock/approvals/{id}/approve and POST /__mock/test-runs with %s → 401 %s', async (_name, token, code) => {
    const options = token === undefined ? {} : { token };
    expectOnDocument('decideMockApproval', await call(server, 'POST', `/__mock/approvals/${UNKNOWN_APPROVAL}/approve`, options), 401, code);
    expectOnDocument('recordMockTestRun', await call(server, 'POST', '/__mock/test-runs', { ...options, body: { version: 'v1', how: 'pin' } }), 401, code);
  });

  it('POST /__mock/approvals/{id}/approve by the pinner → 403 separate-approver-required; by member, who reads the project → 403 permission-denied', async () => {
    await reset();
    const approvalId = await waitingApproval();
    expectOnDocument('decideMockApproval', await call(server, 'POST', `/__mock/approvals/${approvalId}/approve`, { token: 'admin' }), 403, 'separate-approver-required');
    expectOnDocument('decideMockApproval', await call(server, 'POST', `/__mock/approvals/${approvalId}/reject`, { token: 'member' }), 403, 'permission-denied');
  });

  it('POST /__mock/approvals/{unknown}/approve → 404 not-found; POST /__mock/approvals/{id}/postpone → 404 route-not-found', async () => {
    expectOnDocument('decideMockApproval', await call(server, 'POST', `/__mock/approvals/${UNKNOWN_APPROVAL}/approve`, { token: 'admin' }), 404, 'not-found');
    expectOnDocument('decideMockApproval', await call(server, 'POST', `/__mock/approvals/${UNKNOWN_APPROVAL}/postpone`, { token: 'admin' }), 404, 'route-not-found');
  });

  it('POST /__mock/checks/{id}/finish { fails: "yes" } → 400 bad-input; { now: true } → 400 unknown-field; with no running check → 404 not-found', async () => {
    await reset();
    const path = `/__mock/checks/${runningCheck().id}/finish`;
    expectOnDocument('finishMockCheck', await call(server, 'POST', path, { body: { fails: 'yes' } }), 400, 'bad-input');
    expectOnDocument('finishMockCheck', await call(server, 'POST', path, { body: { now: true } }), 400, 'unknown-field');
    expectOnDocument('finishMockCheck', await call(server, 'POST', '/__mock/checks/00000000-0000-4000-8000-000000000000/finish'), 404, 'not-found');
  });

  it('POST /__mock/test-runs: no version → 400 bad-input; an extra field → 400 unknown-field; a correction member only reads → 403; an unknown one → 404; a fixed one in right → 409 already-terminal', async () => {
    await reset();
    const run = (token: TokenName, body: unknown) => call(server, 'POST', '/__mock/test-runs', { token, body });
    expectOnDocument('recordMockTestRun', await run('admin', { how: 'pin' }), 400, 'bad-input');
    expectOnDocument('recordMockTestRun', await run('admin', { version: 'v1', how: 'pin', extra: 1 }), 400, 'unknown-field');
    expectOnDocument('recordMockTestRun', await run('member', { version: 'v1', how: 'pin', wrong: [readOnlyCorrection('member').id] }), 403, 'permission-denied');
    expectOnDocument('recordMockTestRun', await run('admin', { version: 'v1', how: 'pin', wrong: ['cor_nobody_has_this'] }), 404, 'not-found');
    expectOnDocument('recordMockTestRun', await run('admin', { version: 'v1', how: 'pin', right: [fixedCorrection().id] }), 409, 'already-terminal');
  });
});

describe('the clock and session routes, when they work and when they refuse', () => {
  const other = () => call(server, 'POST', '/__mock/sessions', { body: { name: 'answers' } });

  it('the clock: GET, PUT and advance → 200 each, for the base world and a session; a time before the world → 409; a bad body → 400', async () => {
    for (const [prefix, kind] of [['/__mock', 'Mock'], [`/__mock/sessions/${sessionId}`, 'MockSession']] as const) {
      expectOnDocument(`get${kind}Clock`, await call(server, 'GET', `${prefix}/clock`), 200);
      expectOnDocument(`set${kind}Clock`, await call(server, 'PUT', `${prefix}/clock`, { body: { now: FUTURE, frozen: true } }), 200);
      expectOnDocument(`advance${kind}Clock`, await call(server, 'POST', `${prefix}/clock/advance`, { body: { ms: 1000 } }), 200);
      expectOnDocument(`set${kind}Clock`, await call(server, 'PUT', `${prefix}/clock`, { body: { now: '2026-01-01T00:00:00Z' } }), 409, 'clock-before-world');
      expectOnDocument(`set${kind}Clock`, await call(server, 'PUT', `${prefix}/clock`, { body: { now: 'noon' } }), 400, 'bad-input');
      expectOnDocument(`set${kind}Clock`, await call(server, 'PUT', `${prefix}/clock`, { body: { now: FUTURE, tz: 'UTC' } }), 400, 'unknown-field');
      expectOnDocument(`advance${kind}Clock`, await call(server, 'POST', `${prefix}/clock/advance`, { body: { ms: -5 } }), 400, 'bad-input');
      expectOnDocument(`advance${kind}Clock`, await call(server, 'POST', `${prefix}/clock/advance`, { body: { minutes: 5 } }), 400, 'unknown-field');
    }
  });

  it('POST /__mock/sessions → 201; GET the list and one → 200; its state, faults, reset and a check → 200; DELETE → 200; all on the document', async () => {
    const opened = await other();
    expectOnDocument('createMockSession', opened, 201);
    const path = `/__mock/sessions/${opened.body.id}`;
    expectOnDocument('listMockSessions', await call(server, 'GET', '/__mock/sessions'), 200);
    expectOnDocument('getMockSession', await call(server, 'GET', path), 200);
    expectOnDocument('getMockSessionState', await call(server, 'GET', `${path}/state`), 200);
    expectOnDocument('setMockSessionFaults', await call(server, 'POST', `${path}/faults`, { body: { failChecks: true } }), 200);
    expectOnDocument('clearMockSessionFaults', await call(server, 'DELETE', `${path}/faults`), 200);
    expectOnDocument('finishMockSessionCheck', await call(server, 'POST', `${path}/checks/${runningCheck().id}/finish`), 200);
    expectOnDocument('resetMockSession', await call(server, 'POST', `${path}/reset`), 200);
    expectOnDocument('endMockSession', await call(server, 'DELETE', path), 200);
  });

  it('a session that is not open → 404 not-found on each of its routes; bad bodies → 400; too many open → 429', async () => {
    const gone = 'ses_0000000000000000';
    for (const route of routes.filter((r) => r.path.startsWith(`/__mock/sessions/${sessionId}`))) {
      const answer = await call(server, route.method, route.path.replace(sessionId, gone), route.body !== undefined ? { body: route.body } : {});
      expectOnDocument(route.operationId, answer, 404, 'not-found');
    }
    expectOnDocument('finishMockSessionCheck', await call(server, 'POST', `/__mock/sessions/${sessionId}/checks/00000000-0000-4000-8000-000000000000/finish`), 404, 'not-found');
    expectOnDocument('createMockSession', await call(server, 'POST', '/__mock/sessions', { body: { seed: 'seven' } }), 400, 'bad-input');
    expectOnDocument('createMockSession', await call(server, 'POST', '/__mock/sessions', { body: { owner: 'me' } }), 400, 'unknown-field');
    expectOnDocument('setMockSessionFaults', await call(server, 'POST', `/__mock/sessions/${sessionId}/faults`, { body: { chaos: true } }), 400, 'unknown-field');
    expectOnDocument('setMockSessionFaults', await call(server, 'POST', `/__mock/sessions/${sessionId}/faults`, { body: { databaseBusy: { rate: 3 } } }), 400, 'bad-input');
    // The real limit is reached in sessions.test.ts; here the answer is held to the document.
    vi.spyOn(server.mock.sessions, 'create').mockImplementation(() => { throw new SessionRefusal('too-many-sessions', 'planted: as many as the mock keeps are open'); });
    expectOnDocument('createMockSession', await call(server, 'POST', '/__mock/sessions'), 429, 'too-many-sessions');
  });
});

describe('the suggested-change listings', () => {
  it('GET /__mock/suggested-changes and a session\'s → 200; an unknown status → 400; a session that is not open → 404', async () => {
    expectOnDocument('listMockSuggestedChanges', await call(server, 'GET', '/__mock/suggested-changes?status=ready,pinned'), 200);
    expectOnDocument('listMockSessionSuggestedChanges', await call(server, 'GET', `/__mock/sessions/${sessionId}/suggested-changes`), 200);
    expectOnDocument('listMockSuggestedChanges', await call(server, 'GET', '/__mock/suggested-changes?status=done'), 400, 'bad-input');
    expectOnDocument('listMockSessionSuggestedChanges', await call(server, 'GET', `/__mock/sessions/${sessionId}/suggested-changes?projectId=`), 400, 'bad-input');
  });
});

describe('the correction listings', () => {
  it('GET /__mock/corrections and a session\'s → 200; an unknown status → 400; a session that is not open → 404', async () => {
    expectOnDocument('listMockCorrections', await call(server, 'GET', '/__mock/corrections?reopened=true&note=false'), 200);
    expectOnDocument('listMockSessionCorrections', await call(server, 'GET', `/__mock/sessions/${sessionId}/corrections?status=removed`), 200);
    expectOnDocument('listMockCorrections', await call(server, 'GET', '/__mock/corrections?status=done'), 400, 'bad-input');
    expectOnDocument('listMockSessionCorrections', await call(server, 'GET', `/__mock/sessions/${sessionId}/corrections?limit=0`), 400, 'bad-input');
    expectOnDocument('listMockSessionCorrections', await call(server, 'GET', '/__mock/sessions/ses_none/corrections'), 404, 'not-found');
  });
});

describe('the scenario and project routes', () => {
  it('GET /__mock/scenarios → 200; a scenario applied to the base world and to a session → 201; the projects of each → 200; all on the document', async () => {
    expectOnDocument('listMockScenarios', await call(server, 'GET', '/__mock/scenarios'), 200);
    expectOnDocument('applyMockScenario', await call(server, 'POST', '/__mock/scenarios/awaiting-approval'), 201);
    expectOnDocument('applyMockSessionScenario', await call(server, 'POST', `/__mock/sessions/${sessionId}/scenarios/correction`, { body: { count: 2, status: 'with-owner' } }), 201);
    expectOnDocument('listMockProjects', await call(server, 'GET', '/__mock/projects'), 200);
    expectOnDocument('listMockSessionProjects', await call(server, 'GET', `/__mock/sessions/${sessionId}/projects`), 200);
    const opened = await call(server, 'POST', '/__mock/sessions', { body: { corrections: 0, scenarios: [{ name: 'empty-project' }, { name: 'superseded', params: { depth: 2 } }] } });
    expectOnDocument('createMockSession', opened, 201);
    expect(opened.body.scenarios).toHaveLength(2);
  });

  it('an unknown scenario → 404; a bad parameter → 400 bad-input; a rule the world would break → 400 validation-failed; a session request whose scenario is refused → 400', async () => {
    expectOnDocument('applyMockScenario', await call(server, 'POST', '/__mock/scenarios/nope'), 404, 'not-found');
    expectOnDocument('applyMockSessionScenario', await call(server, 'POST', `/__mock/sessions/${sessionId}/scenarios/nope`), 404, 'not-found');
    expectOnDocument('applyMockScenario', await call(server, 'POST', '/__mock/scenarios/correction', { body: { count: 0 } }), 400, 'bad-input');
    expectOnDocument('applyMockSessionScenario', await call(server, 'POST', `/__mock/sessions/${sessionId}/scenarios/correction`, { body: [] }), 400, 'bad-input');
    expectOnDocument('applyMockScenario', await call(server, 'POST', '/__mock/scenarios/correction', { body: { projectId: 'prj_none' } }), 400, 'validation-failed');
    expectOnDocument('applyMockSessionScenario', await call(server, 'POST', `/__mock/sessions/${sessionId}/scenarios/correction`, { body: { projectId: 'prj_none' } }), 400, 'validation-failed');
    expectOnDocument('createMockSession', await call(server, 'POST', '/__mock/sessions', { body: { scenarios: [{ name: 'correction', params: { projectId: 'prj_none' } }] } }), 400, 'validation-failed');
  });
});

describe('the inspector page', () => {
  it('GET / → 302 to /__mock/; GET /__mock/ and /__mock → 200 text/html; its files → 200 as script or style; another name → 404 in the envelope; each with its headers, served even from outside without the secret', async () => {
    const outside = createMockServer(server.mock.app);
    outside.on('connection', (socket) => Object.defineProperty(socket, 'remoteAddress', { value: '203.0.113.7', configurable: true }));
    await new Promise<void>((listening) => outside.listen(0, '127.0.0.1', listening));
    try {
      for (const url of [server.url, `http://127.0.0.1:${(outside.address() as AddressInfo).port}`]) {
        const root = await fetch(`${url}/`, { redirect: 'manual' });
        expect([root.status, root.headers.get('location')]).toEqual([302, '/__mock/']);
        for (const path of ['/__mock/', '/__mock']) {
          const page = await fetch(`${url}${path}`);
          expect(page.status, path).toBe(200);
          expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
          expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'self';/);
          expect(page.headers.get('x-request-id')).toMatch(/^req-/);
          expect(await page.text()).toContain('<title>kindgi-mock inspector</title>');
        }
        for (const [file, type] of [['inspector.js', 'text/javascript'], ['inspector.css', 'text/css']] as const) {
          const served = await fetch(`${url}/__mock/inspector/${file}`);
          expect(served.status).toBe(200);
          expect(served.headers.get('content-type')).toBe(`${type}; charset=utf-8`);
          expect(served.headers.get('x-content-type-options')).toBe('nosniff');
        }
        // The page itself is served at /__mock/, never as a file; nothing outside the folder is either.
        for (const file of ['index.html', 'nope.js', '..%2Fpackage.json']) expectOnDocument('getMockInspectorFile', await call(url, 'GET', `/__mock/inspector/${file}`), 404, 'not-found');
        // What the page fetches is held to the rules: from outside, without the secret, refused.
        if (url !== server.url) expectOnDocument('getMockPrincipals', await call(url, 'GET', '/__mock/principals'), 403, 'mock-admin-only');
      }
    } finally {
      outside.closeAllConnections();
      await new Promise((closed) => outside.close(closed));
    }
    seen.add('getMockInspector 200');
    seen.add('getMockInspectorFile 200');
  });

  it('an install whose inspector folder is empty → 500 internal-server-error for the page and its files, in the envelope, logged; never a crash', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'kindgi-mock-no-inspector-'));
    const broken = createMockServer(coreListener(createNodeCore(server.mock.context, { ...READ_HANDLERS, ...WRITE_HANDLERS }, { pages: inspectorPage(empty) }), server.mock.context));
    await new Promise<void>((listening) => broken.listen(0, '127.0.0.1', listening));
    const errors = vi.spyOn(server.mock.context.logger, 'error').mockImplementation(() => {});
    try {
      const url = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
      expectOnDocument('getMockInspector', await call(url, 'GET', '/__mock'), 500, 'internal-server-error');
      expectOnDocument('getMockInspectorFile', await call(url, 'GET', '/__mock/inspector/inspector.js'), 500, 'internal-server-error');
      expect(errors.mock.calls.map(([line]) => String(line)).join('\n')).toContain("the inspector's index.html is missing");
    } finally {
      broken.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('the request journal and its stream', () => {
  it('GET /__mock/requests → 200; its stream → 200 text/event-stream with X-Request-Id; a bad query → 400 for each', async () => {
    expectOnDocument('listMockRequests', await call(server, 'GET', '/__mock/requests?limit=5&status=2xx'), 200);
    const abort = new AbortController();
    const stream = await fetch(`${server.url}/__mock/requests/stream`, { signal: abort.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('x-request-id')).toBeTruthy();
    abort.abort();
    // Not JSON, so not held to a schema here: its status and headers are what the document says.
    seen.add('streamMockRequests 200');
    expectOnDocument('listMockRequests', await call(server, 'GET', '/__mock/requests?limit=0'), 400, 'bad-input');
    expectOnDocument('streamMockRequests', await call(server, 'GET', '/__mock/requests/stream?status=abc'), 400, 'bad-input');
  });
});

describe('the errors every route can give, before it reads the request (the guard, the body parser)', () => {
  const each = (name: string, test: (route: Route) => Promise<void>) => it(name, async () => {
    for (const route of routes) await test(route);
  });
  const send = (route: Route, headers: Record<string, string>, body?: string) =>
    call(server, route.method, route.path, { ...(route.token ? { token: route.token } : {}), headers, ...(body !== undefined ? { body } : {}) });

  each('each route, addressed to Host: rebound.evil.example → 403 host-not-allowed', async (route) => {
    expectOnDocument(route.operationId, await send(route, { Host: 'rebound.evil.example' }), 403, 'host-not-allowed');
  });

  each('each state-changing route, from Origin: https://evil.example → 403 foreign-origin', async (route) => {
    if (route.method === 'GET') return;
    expectOnDocument(route.operationId, await send(route, { Origin: 'https://evil.example', 'Content-Type': 'application/json' }, '{}'), 403, 'foreign-origin');
  });

  each('each route, with a body that is not JSON → 400 bad-input', async (route) => {
    expectOnDocument(route.operationId, await send(route, { 'Content-Type': 'application/json' }, '{ not json'), 400, 'bad-input');
  });

  each('each route, with a JSON body over 64 KB → 413 payload-too-large', async (route) => {
    expectOnDocument(route.operationId, await send(route, { 'Content-Type': 'application/json' }, JSON.stringify({ pad: 'x'.repeat(70_000) })), 413, 'payload-too-large');
  });

  each('each route, with JSON in charset koi8-r → 415 unsupported-media-type; each state-changing one, with text/plain → 415', async (route) => {
    expectOnDocument(route.operationId, await send(route, { 'Content-Type': 'application/json; charset=koi8-r' }, '{}'), 415, 'unsupported-media-type');
    if (route.method !== 'GET') expectOnDocument(route.operationId, await send(route, { 'Content-Type': 'text/plain' }, '{}'), 415, 'unsupported-media-type');
  });

  it('each route, from a caller that is not on loopback (its address injected in process): without the admin secret → 403 mock-admin-only; with it, past the Host rule, as from this machine', async () => {
    const SECRET = 'answers-test-admin-secret';
    server.mock.context.adminToken = SECRET;
    // The server listens on loopback; each connection is made to look as if it came from outside.
    const outside = createMockServer(server.mock.app);
    outside.on('connection', (socket) => Object.defineProperty(socket, 'remoteAddress', { value: '203.0.113.7', configurable: true }));
    await new Promise<void>((listening) => outside.listen(0, '127.0.0.1', listening));
    const url = `http://127.0.0.1:${(outside.address() as AddressInfo).port}`;
    try {
      for (const route of routes) {
        const base = { ...(route.token ? { token: server.token(route.token) } : {}), ...(route.body !== undefined ? { body: route.body } : {}) };
        expectOnDocument(route.operationId, await call(url, route.method, route.path, base), 403, 'mock-admin-only');
        expectOnDocument(route.operationId, await call(url, route.method, route.path, { ...base, headers: { 'X-Mock-Admin-Token': 'not the secret' } }), 403, 'mock-admin-only');
      }
      const withSecret = { 'X-Mock-Admin-Token': SECRET, Host: 'demo.example.com' };
      expectOnDocument('getMockPrincipals', await call(url, 'GET', '/__mock/principals', { headers: withSecret }), 200);
      expectOnDocument('getMockClock', await call(url, 'GET', '/__mock/clock', { headers: withSecret }), 200);
      expectOnDocument('listMockSessions', await call(url, 'GET', '/__mock/sessions', { headers: withSecret }), 200);
      // The Origin rule still holds: the secret does not let a foreign page drive the mock.
      expectOnDocument('resetMock', await call(url, 'POST', '/__mock/reset', { headers: { ...withSecret, Origin: 'https://evil.example' } }), 403, 'foreign-origin');
      // The inspector opened at the demo's own address: its Origin is the request's Host, and with the secret it drives the mock.
      const ownPage = { 'X-Mock-Admin-Token': SECRET, Host: 'demo.example.com:4010', Origin: 'http://demo.example.com:4010' };
      expectOnDocument('resetMock', await call(url, 'POST', '/__mock/reset', { headers: ownPage }), 200);
      expectOnDocument('resetMock', await call(url, 'POST', '/__mock/reset', { headers: { ...ownPage, Origin: 'http://demo.example.com:4011' } }), 403, 'foreign-origin');
      expectOnDocument('resetMock', await call(url, 'POST', '/__mock/reset', { headers: { ...ownPage, 'X-Mock-Admin-Token': 'not the secret' } }), 403, 'mock-admin-only');
    } finally {
      delete server.mock.context.adminToken;
      outside.closeAllConnections();
      await new Promise((closed) => outside.close(closed));
    }
  });
});

describe('when the state file cannot keep a write (--state)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'kindgi-mock-admin-answers-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('POST /__mock/reset while fsync fails → 503 state-write-failed; then every route, while a due check cannot be kept → 503, with Retry-After', async () => {
    let now = Date.parse('2031-05-01T08:00:00Z');
    const { fs, faults, clear } = faultyFileSystem();
    const stateful = await startMock({ stateFile: join(folder, 'state.jsonl'), stateFileSystem: fs, clock: () => now, checkMs: 1000 });
    try {
      faults.fsync = 'EIO';
      expectOnDocument('resetMock', await call(stateful, 'POST', '/__mock/reset'), 503, 'state-write-failed');
      clear();
      const admin = stateful.mock.store.principals().find((p) => p.token === stateful.token('admin'))!;
      const ready = world.suggestedChanges.find((s) => isReady(s) && admin.writeProjectIds.includes(projectOf(s.agentId)))!;
      expect((await call(stateful, 'POST', `/v1/suggested-changes/${ready.id}/check`, { token: 'admin' })).body.status).toBe('checking');
      now += 5000;
      faults.fsync = 'EIO';
      // The routes that act in the base world, the one the state file keeps; sessions live in memory.
      for (const route of routes.filter((r) => validators.operation(r.operationId).responses.has('503'))) {
        const answer = await call(stateful, route.method, route.path, { ...(route.token ? { token: stateful.token(route.token) } : {}), ...(route.body !== undefined ? { body: route.body } : {}) });
        expectOnDocument(route.operationId, answer, 503, 'state-write-failed');
        expect(answer.header('Retry-After')).toMatch(/^\d+$/);
      }
    } finally {
      clear();
      await stateful.close();
    }
  });
});

describe('a bug in the mock, planted by the test through the store or the context', () => {
  it('GET /__mock/principals listing a principal with no purpose (off the document) → 500 response-invalid naming the operation and the path, and a log line', async () => {
    const [first] = server.mock.store.principals();
    vi.spyOn(server.mock.store, 'principals').mockReturnValue([{ ...first!, purpose: undefined as unknown as string }]);
    const answer = await call(server, 'GET', '/__mock/principals');
    expectOnDocument('getMockPrincipals', answer, 500, 'response-invalid');
    expect(answer.body.error.details).toMatchObject({ operationId: 'getMockPrincipals', status: 200 });
    expect(answer.body.error.details.violations).toContainEqual(expect.objectContaining({ path: '/data/0', params: { missingProperty: 'purpose' } }));
    expect(answer.body.error.message).toContain('GET /__mock/principals 200');
    expect(logged.lines.some((line) => line.includes('GET /__mock/principals 200') && line.includes(answer.body.error.requestId))).toBe(true);
  });

  it('GET /__mock/state counting "many" open corrections → 500 response-invalid; with onInvalidResponse warn → sent as it is, and logged', async () => {
    const real = server.mock.store.counts();
    vi.spyOn(server.mock.store, 'counts').mockReturnValue({ ...real, corrections: { ...real.corrections, open: 'many' as unknown as number } });
    expectOnDocument('getMockState', await call(server, 'GET', '/__mock/state'), 500, 'response-invalid');
    server.mock.context.onInvalidResponse = 'warn';
    try {
      const lines = logged.lines.length;
      const sent = await call(server, 'GET', '/__mock/state');
      expect(sent.status).toBe(200);
      expect(sent.body.corrections.open).toBe('many');
      expect(logged.lines.slice(lines).some((line) => line.includes('GET /__mock/state 200') && line.includes('/corrections/open'))).toBe(true);
    } finally {
      server.mock.context.onInvalidResponse = 'error';
    }
  });

  it('each route whose handler fails (the store or the faults throw) → 500 internal-server-error, on the document', async () => {
    await reset();
    const approvalId = await waitingApproval();
    // Tokens first: the test's own lookup of them reads the store's principals, planted below.
    const tokens = { admin: server.token('admin'), expert: server.token('expert') };
    const planted = () => { throw new Error('planted by the test'); };
    vi.spyOn(server.mock.store, 'principals').mockImplementation(planted);
    vi.spyOn(server.mock.store, 'counts').mockImplementation(planted);
    vi.spyOn(server.mock.store, 'reset').mockImplementation(planted);
    vi.spyOn(server.mock.store, 'commit').mockImplementation(planted);
    vi.spyOn(server.mock.store, 'suggestedChangeViews').mockImplementation(planted);
    vi.spyOn(server.mock.store, 'allCorrections').mockImplementation(planted);
    for (const name of ['list', 'apply'] as const) vi.spyOn(server.mock.context.scenarios, name).mockImplementation(planted);
    const session = server.mock.sessions.world(sessionId)!;
    for (const name of ['principals', 'counts', 'reset', 'commit', 'suggestedChangeViews', 'allCorrections'] as const) vi.spyOn(session.store, name).mockImplementation(planted);
    for (const name of ['create', 'list', 'get', 'end'] as const) vi.spyOn(server.mock.sessions, name).mockImplementation(planted);
    for (const name of ['list', 'subscribe'] as const) vi.spyOn(server.mock.journal, name).mockImplementation(planted);
    // The session routes find their world before the planted registry would fail them.
    vi.spyOn(server.mock.sessions, 'world').mockReturnValue(session);
    for (const clock of [server.mock.context.base.clock, session.clock]) for (const name of ['read', 'set', 'advance'] as const) vi.spyOn(clock, name).mockImplementation(planted);
    const worlds = [server.mock.context.base, session];
    const faults = worlds.map((w) => Object.getOwnPropertyDescriptor(w, 'faults')!);
    for (const w of worlds) Object.defineProperty(w, 'faults', { configurable: true, get: () => ({}), set: planted });
    try {
      for (const route of routes) {
        const path = route.operationId === 'decideMockApproval' ? `/__mock/approvals/${approvalId}/approve` : route.path;
        const token = route.operationId === 'decideMockApproval' ? tokens.expert : tokens.admin;
        const answer = await call(server, route.method, path, { ...(route.token ? { token } : {}), ...(route.body !== undefined ? { body: route.body } : {}) });
        expectOnDocument(route.operationId, answer, 500, 'internal-server-error');
      }
    } finally {
      worlds.forEach((w, i) => Object.defineProperty(w, 'faults', faults[i]!));
    }
  });
});

describe('the document against what was seen', () => {
  it('every status every operation documents was answered by one of the requests above', () => {
    const documented = validators.operations.flatMap((o) => [...o.responses.keys()].map((status) => `${o.operationId} ${status}`));
    expect([...documented].filter((pair) => !seen.has(pair))).toEqual([]);
  });
});
