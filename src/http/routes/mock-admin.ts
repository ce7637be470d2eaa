// The mock's own routes under `/__mock`, answered from their document (spec/mock-admin.yaml) by
// operationId: callers on this machine or with the admin secret, addressed to this machine, from
// no foreign page (admin-caller.ts, mock-admin-guard.ts); every answer leaves through `send`, held
// to that document. The inspector's page and files are the exception: served to anyone.
import { REOPENED_HOW } from '../../domain/types.ts';
import type { SpecValidators } from '../../spec/validators.ts';
import { decideApproval, finishCheck, type ApprovalDecision } from '../../store/suggested-change-writes.ts';
import { recordTestRun, type TestRunInput } from '../../store/test-runs.ts';
import { ApiError } from '../api-error.ts';
import type { FaultSettings, MockContext, MockWorld, Reply } from '../context.ts';
import type { CoreResponse, EventStream, Exchange, StreamReader } from '../exchange.ts';
import { bindWorldByToken } from '../stages/bind-world.ts';
import { settleDueChecks } from '../stages/settle-checks.ts';
import { listedPrincipal } from '../../worlds/principal-listing.ts';
import { SessionRefusal, type Session, type SessionOptions } from '../../worlds/sessions.ts';
import { clockProblem } from '../../worlds/mock-world.ts';
import { authenticate } from '../stages/auth.ts';
import { refuseRemoteWithoutAdminToken } from '../stages/admin-caller.ts';
import { readJsonBody } from '../stages/json-body.ts';
import { mockAdminGuard } from '../stages/mock-admin-guard.ts';
import { send } from '../send.ts';
import { callerOf } from './request-parts.ts';
import { routeTable } from './route-table.ts';
import { commitOutcome, nowOf } from './write-handlers.ts';
import { isObject, refuseUnknownFields } from './body-fields.ts';
import { parseClockAdvance, parseClockSetting } from './clock-bodies.ts';
import { parseJournalQuery } from './journal-query.ts';
import { listSuggestedChanges, parseSuggestedChangeQuery } from './suggested-change-listing.ts';
import { listCorrectionsByState, parseCorrectionQuery } from './correction-listing.ts';
import { matchesFilter } from '../request-journal.ts';
import { listProjects } from './project-listing.ts';
import { applyScenario } from './scenario-routes.ts';

/**
 * What a route of the document answers, in the world it is bound to: a `/__mock/sessions/{id}/…`
 * route's session, a route with a token the token's world, any other the base world.
 */
type AdminHandler = (exchange: Exchange, ctx: MockContext, world: MockWorld) => Reply;

const ok = (body: unknown): Reply => ({ status: 200, body });

const state: AdminHandler = (_exchange, ctx, world) =>
  ok({ ...world.store.counts(), faults: world.faults, ...(ctx.replica ? { store: { replica: ctx.replica.id, position: ctx.replica.position() } } : {}) });

const reset: AdminHandler = (_exchange, _ctx, world) => {
  world.reset();
  return ok({ reset: true, ...world.store.counts() });
};

const setFaults: AdminHandler = (exchange, _ctx, world) => {
  world.faults = parseFaults(exchange.body);
  return ok({ faults: world.faults });
};

const clearFaults: AdminHandler = (_exchange, _ctx, world) => {
  world.faults = {};
  return ok({ faults: world.faults });
};

// Ends a running check now (a loaded `checking` suggested change runs until this is called).
const finishCheckNow: AdminHandler = (exchange, _ctx, world) => {
  const id = String(exchange.params.suggestedChangeId);
  const running = world.store.lookup.runningChecks().find((c) => c.suggestedChangeId === id);
  if (!running) throw new ApiError('not-found', `suggested change ${id} has no running check`, { suggestedChangeId: id });
  const { fails } = parseCheckFinish(exchange.body);
  world.store.commit(finishCheck(world.store.lookup, { ...running, fails }, nowOf(world)));
  return ok({ finished: id, fails });
};

const listChanges: AdminHandler = (exchange, _ctx, world) => ok({ data: listSuggestedChanges(world.store, parseSuggestedChangeQuery(exchange.query)) });

const listCorrections: AdminHandler = (exchange, _ctx, world) => ok(listCorrectionsByState(world.store, parseCorrectionQuery(exchange.query)));

const listProjectsOf: AdminHandler = (_exchange, _ctx, world) => ok({ data: listProjects(world.store) });

// The route's world: the base world's application is one write of its state file; a session's
// stays in the session, and names its principals by the session's own tokens.
const applyScenarioTo: AdminHandler = (exchange, ctx, world) => {
  // Parameters in the query would be ignored, silently building something else than asked.
  const inQuery = Object.keys(exchange.query);
  if (inQuery.length > 0) throw new ApiError('bad-input', `a scenario's parameters go in the JSON body, not the query (${inQuery.slice(0, 5).join(', ')}): POST {"count":3}, say`, { parameter: inQuery[0] });
  const result = applyScenario(ctx.scenarios, world, String(exchange.params.scenarioName), exchange.body);
  return { status: 201, body: world.sessionId === undefined ? result : ctx.sessions.inSession(world.sessionId, result) };
};

const readClock: AdminHandler = (_exchange, _ctx, world) => ok(clockState(world));

const setClock: AdminHandler = (exchange, _ctx, world) => {
  const setting = parseClockSetting(exchange.body);
  refuseClockBeforeWorld(world, setting.now);
  world.clock.set(setting);
  return ok(clockState(world));
};

const advanceClock: AdminHandler = (exchange, _ctx, world) => {
  world.clock.advance(parseClockAdvance(exchange.body, world.clock));
  return ok(clockState(world));
};

const HANDLERS: Record<string, AdminHandler> = {
  getMockPrincipals: (_exchange, _ctx, world) => ok({ data: world.store.principals().map((p) => listedPrincipal(p)) }),
  getMockState: state,
  getMockSessionState: state,
  resetMock: reset,
  resetMockSession: reset,
  setMockFaults: setFaults,
  setMockSessionFaults: setFaults,
  clearMockFaults: clearFaults,
  clearMockSessionFaults: clearFaults,
  finishMockCheck: finishCheckNow,
  finishMockSessionCheck: finishCheckNow,
  getMockClock: readClock,
  getMockSessionClock: readClock,
  setMockClock: setClock,
  setMockSessionClock: setClock,
  advanceMockClock: advanceClock,
  advanceMockSessionClock: advanceClock,

  // The second person's decision on a waiting pin, with their own token (in the token's world).
  decideMockApproval: (exchange, _ctx, world) => {
    const decision = String(exchange.params.decision);
    if (!(DECISIONS as readonly string[]).includes(decision)) throw new ApiError('route-not-found', `no route ${exchange.method} ${exchange.request.path}: decide with approve, reject or expire`);
    return commitOutcome(world, decideApproval(world.store.lookup, callerOf(exchange), String(exchange.params.approvalId), decision as ApprovalDecision, nowOf(world)));
  },

  recordMockTestRun: (exchange, _ctx, world) => commitOutcome(world, recordTestRun(world.store.lookup, callerOf(exchange), parseTestRun(exchange.body), nowOf(world))),

  listMockSuggestedChanges: listChanges,
  listMockSessionSuggestedChanges: listChanges,
  listMockCorrections: listCorrections,
  listMockSessionCorrections: listCorrections,

  listMockProjects: listProjectsOf,
  listMockSessionProjects: listProjectsOf,

  listMockScenarios: (_exchange, ctx) => ok({ data: ctx.scenarios.list() }),
  applyMockScenario: applyScenarioTo,
  applyMockSessionScenario: applyScenarioTo,

  listMockRequests: (exchange, ctx) => ok({ data: ctx.journal.list(parseJournalQuery(exchange.query)) }),

  createMockSession: (exchange, ctx) => ({ status: 201, body: openSession(ctx, exchange.body === undefined ? {} : exchange.body) }),
  listMockSessions: (_exchange, ctx) => ok({ data: ctx.sessions.list() }),
  getMockSession: (exchange, ctx) => ok(ctx.sessions.get(String(exchange.params.sessionId)) ?? sessionNotFound(exchange)),
  endMockSession: (exchange, ctx) => {
    if (!ctx.sessions.end(String(exchange.params.sessionId))) sessionNotFound(exchange);
    return ok({ ended: String(exchange.params.sessionId) });
  },
};

/** Routes that answer a stream, not one body (held to no schema but their headers). */
const STREAMS: Record<string, (exchange: Exchange, ctx: MockContext) => CoreResponse> = {
  streamMockRequests: streamRequests,
};

/**
 * The inspector page's routes: served to anyone, ahead of the rules every other route is held to,
 * since the page holds no data; what it shows, it fetches from the routes that hold it to them.
 * The page's files are on disk, so the Node adapter answers them (inspector-page.ts).
 */
export const PAGE_OPERATIONS = ['getMockInspector', 'getMockInspectorFile'] as const;
export type PageHandlers = Record<(typeof PAGE_OPERATIONS)[number], (exchange: Exchange) => CoreResponse>;

/** The routes that act on no world: the sessions' own, the journal's, and the scenarios' list. */
const WORLDLESS = new Set(['createMockSession', 'listMockSessions', 'getMockSession', 'endMockSession', 'listMockRequests', 'streamMockRequests', 'listMockScenarios']);

const DECISIONS = ['approve', 'reject', 'expire'] as const satisfies readonly ApprovalDecision[];

/** The 64 KB a `/__mock` body may have at most: its bodies are small settings. */
export const MOCK_ADMIN_BODY_LIMIT_BYTES = 64 * 1024;

/** Answers a `/__mock` request; undefined when no route of the document matched (after the guards, which hold for every `/__mock` path). */
export type MockAdminRoutes = (exchange: Exchange) => CoreResponse | undefined;

/**
 * One route per operation of `validators`' document, each answered by the handler of its operationId.
 * - Throws when an operation has no handler, or a handler no operation: the document lists
 *   exactly the routes the mock answers.
 * - Every request to a documented route is bound to its operation first (`exchange.operation`),
 *   so that the guard's, the parser's and the handler's errors are all held to its responses.
 * - `pages`: the inspector's page and files; without them (no disk to read them from), their routes are 404.
 */
export function mockAdminRoutes(ctx: MockContext, validators: SpecValidators, pages?: PageHandlers): MockAdminRoutes {
  const operations = validators.operations;
  const isPage = (id: string) => (PAGE_OPERATIONS as readonly string[]).includes(id);
  const handled = (id: string) => HANDLERS[id] !== undefined || STREAMS[id] !== undefined || isPage(id);
  const missing = operations.filter((o) => !handled(o.operationId)).map((o) => o.operationId);
  const extra = [...Object.keys(HANDLERS), ...Object.keys(STREAMS), ...PAGE_OPERATIONS].filter((id) => !operations.some((o) => o.operationId === id));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(`the /__mock routes and their document disagree: documented without a handler [${missing.join(', ')}], handled but not documented [${extra.join(', ')}]`);
  }
  const match = routeTable(operations);
  return (exchange) => {
    const matched = match(exchange.method, exchange.request.path);
    const page = matched && pages && isPage(matched.operation.operationId) ? pages[matched.operation.operationId as keyof PageHandlers] : undefined;
    if (page) {
      exchange.params = matched!.params;
      return page(exchange);
    }
    const operation = matched && !isPage(matched.operation.operationId) ? matched.operation : undefined;
    if (operation) {
      exchange.operation = operation;
      exchange.validators = validators;
      exchange.mockAdmin = true;
      exchange.params = matched!.params;
    }
    refuseRemoteWithoutAdminToken(exchange, ctx.adminToken);
    const preflight = mockAdminGuard(exchange, ctx.publicHosts ?? [], ctx.adminToken);
    if (preflight) return preflight;
    exchange.body = readJsonBody(exchange, MOCK_ADMIN_BODY_LIMIT_BYTES, false);
    if (!operation) return undefined;
    const { operationId } = operation;
    const world = worldOfRoute(ctx, exchange);
    // The sessions' own routes touch no world: no checks to settle, and so no state file to fail.
    if (!WORLDLESS.has(operationId)) settleDueChecks(world);
    if (operation.secured) authenticate(ctx, exchange);
    const stream = STREAMS[operationId];
    if (stream) return stream(exchange, ctx);
    return send(exchange, ctx, operation, HANDLERS[operationId]!(exchange, ctx, world));
  };
}

/**
 * A `/__mock/sessions/{sessionId}/…` route acts in that session's world (404 when it is not
 * open); a route with a token in the token's world; any other in the base world, whatever it is sent.
 */
function worldOfRoute(ctx: MockContext, exchange: Exchange): MockWorld {
  const operation = exchange.operation!;
  if (operation.parameters.some((p) => p.in === 'path' && p.name === 'sessionId') && !WORLDLESS.has(operation.operationId)) {
    const world = ctx.sessions.world(String(exchange.params.sessionId));
    if (!world) sessionNotFound(exchange);
    return (exchange.world = world);
  }
  if (operation.secured) return bindWorldByToken(ctx, exchange);
  return ctx.base;
}

/**
 * How far a reader of `/__mock/requests/stream` may fall behind: the bytes written to it that it
 * has not read and the server still holds. Past it, the reader is dropped, so that a reader that
 * never reads costs the server this much memory at most, not all the traffic it misses.
 */
export const STREAM_LAG_LIMIT_BYTES = 1024 * 1024;

/**
 * `GET /__mock/requests/stream`: Server-Sent Events, one `request` event per answered request
 * from now on (the filter of its query applied), until the caller goes.
 * - A reader more than STREAM_LAG_LIMIT_BYTES behind when an event comes is dropped: it gets a
 *   last `dropped` event saying how far behind it was (if it reads on), and the stream ends.
 */
function streamRequests(exchange: Exchange, ctx: MockContext): CoreResponse {
  const filter = parseJournalQuery(exchange.query);
  const waiting: string[] = [];
  let reader: StreamReader | undefined;
  const deliver = (chunk: string) => {
    if (!reader) {
      waiting.push(chunk);
      return;
    }
    const behind = reader.unsentBytes();
    if (behind <= STREAM_LAG_LIMIT_BYTES) {
      reader.write(chunk);
      return;
    }
    // Unsubscribed first: nothing more is made for a reader that is gone.
    close();
    reader.end(droppedEvent(behind));
    reader = undefined;
  };
  const close = ctx.journal.subscribe((entry) => {
    if (!matchesFilter(entry, filter)) return;
    deliver(`event: request\nid: ${entry.requestId.replace(/[\r\n]/g, '')}\ndata: ${JSON.stringify(entry)}\n\n`);
  });
  const stream: EventStream = {
    first: ': the requests the mock answers, as they come\n\n',
    attach(attached) {
      reader = attached;
      for (const chunk of waiting.splice(0)) deliver(chunk);
    },
    close,
  };
  return { status: 200, headers: { ...exchange.headers, 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' }, stream };
}

/** The last event of a reader that fell behind: why, and by how much, for a person reading the stream and for code. */
function droppedEvent(unsentBytes: number): string {
  const reason = `this reader fell ${unsentBytes} bytes behind, past the ${STREAM_LAG_LIMIT_BYTES} the mock holds for a reader: read faster (or narrow the stream with status and path), and reconnect; GET /__mock/requests lists what was missed`;
  return `event: dropped\ndata: ${JSON.stringify({ reason, unsentBytes, limitBytes: STREAM_LAG_LIMIT_BYTES })}\n\n`;
}

function sessionNotFound(exchange: Exchange): never {
  const id = String(exchange.params.sessionId);
  throw new ApiError('not-found', `no open session ${id}: it was ended, it expired, or it never was`, { sessionId: id });
}

function openSession(ctx: MockContext, body: unknown): Session {
  try {
    return ctx.sessions.create(body as SessionOptions);
  } catch (error) {
    if (!(error instanceof SessionRefusal)) throw error;
    throw new ApiError(error.code, error.message, error.details);
  }
}

function clockState(world: MockWorld): { now: string; frozen: boolean } {
  const { now, frozen } = world.clock.read();
  return { now: new Date(now).toISOString(), frozen };
}

function refuseClockBeforeWorld(world: MockWorld, now: number): void {
  const problem = clockProblem(world, now);
  if (problem) throw new ApiError('clock-before-world', problem, { newest: new Date(world.store.newestTime()).toISOString() });
}

/**
 * The body of `POST /__mock/test-runs`: `{ version, how, wrong?: [ids], right?: [ids] }`.
 * - Accepts exactly what the document's `TestRun` schema accepts (test/spec/mock-admin-bodies.test.ts).
 * - Throws 400 `unknown-field` for another field, `bad-input` for a missing or malformed one.
 */
export function parseTestRun(body: unknown): TestRunInput {
  if (!isObject(body)) throw new ApiError('bad-input', 'send a JSON object: { "version", "how", "wrong": [ids], "right": [ids] }');
  refuseUnknownFields(body, ['version', 'how', 'wrong', 'right'], 'a test run takes version, how, wrong and right');
  const { version, how, wrong, right } = body;
  if (typeof version !== 'string' || version === '') throw new ApiError('bad-input', 'version names the version the test run ran', { field: 'version' });
  if (!(REOPENED_HOW as readonly unknown[]).includes(how)) throw new ApiError('bad-input', `how is one of ${REOPENED_HOW.join(', ')}`, { field: 'how' });
  const ids = (value: unknown, field: string) => {
    if (value === undefined) return [];
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new ApiError('bad-input', `${field} is a list of correction ids`, { field });
    return value as string[];
  };
  return { version, how: how as TestRunInput['how'], wrong: ids(wrong, 'wrong'), right: ids(right, 'right') };
}

/**
 * The body of `POST /__mock/checks/{id}/finish`: none, or `{ fails?: boolean }`.
 * - Accepts exactly what the document's `CheckFinish` schema accepts, and no body at all.
 */
export function parseCheckFinish(body: unknown): { fails: boolean } {
  if (body === undefined) return { fails: false };
  if (!isObject(body)) throw new ApiError('bad-input', 'the body is optional: { "fails": true | false }');
  refuseUnknownFields(body, ['fails'], 'finishing a check takes only fails');
  const { fails = false } = body;
  if (typeof fails !== 'boolean') throw new ApiError('bad-input', 'fails must be true or false', { field: 'fails' });
  return { fails };
}

/**
 * The body of `POST /__mock/faults`: `{ databaseBusy: { rate, retryAfter }, latencyMs: { min, max }, failChecks }`, each part optional.
 * - Accepts exactly what the document's `FaultsRequest` schema accepts, less what a schema cannot
 *   say: `latencyMs.min` above `latencyMs.max` is refused too.
 * - Throws 400 `unknown-field` for another field at any level, `bad-input` for a malformed one.
 */
export function parseFaults(body: unknown): FaultSettings {
  if (!isObject(body)) throw new ApiError('bad-input', 'send a JSON object: { "databaseBusy": { "rate", "retryAfter" }, "latencyMs": { "min", "max" }, "failChecks" }');
  refuseUnknownFields(body, ['databaseBusy', 'latencyMs', 'failChecks'], 'faults take databaseBusy, latencyMs and failChecks');
  const { databaseBusy, latencyMs, failChecks } = body;
  const faults: FaultSettings = {};
  if (failChecks !== undefined) {
    if (typeof failChecks !== 'boolean') throw new ApiError('bad-input', 'failChecks must be true or false', { field: 'failChecks' });
    faults.failChecks = failChecks;
  }
  if (databaseBusy !== undefined) {
    if (!isObject(databaseBusy)) throw new ApiError('bad-input', 'databaseBusy is an object: { "rate", "retryAfter" }', { field: 'databaseBusy' });
    refuseUnknownFields(databaseBusy, ['rate', 'retryAfter'], 'databaseBusy takes rate and retryAfter', 'databaseBusy.');
    const { rate, retryAfter = 1 } = databaseBusy;
    if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1)) throw new ApiError('bad-input', 'databaseBusy.rate must be a number from 0 to 1', { field: 'databaseBusy.rate' });
    if (typeof retryAfter !== 'number' || !Number.isInteger(retryAfter) || retryAfter < 0) throw new ApiError('bad-input', 'databaseBusy.retryAfter must be whole seconds, 0 or more', { field: 'databaseBusy.retryAfter' });
    faults.databaseBusy = { rate, retryAfter };
  }
  if (latencyMs !== undefined) {
    if (!isObject(latencyMs)) throw new ApiError('bad-input', 'latencyMs is an object: { "min", "max" }', { field: 'latencyMs' });
    refuseUnknownFields(latencyMs, ['min', 'max'], 'latencyMs takes min and max', 'latencyMs.');
    const { min = 0, max } = latencyMs;
    const whole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 60_000;
    if (!whole(min) || !whole(max) || min > max) throw new ApiError('bad-input', 'latencyMs needs whole milliseconds with 0 <= min <= max <= 60000', { field: 'latencyMs' });
    faults.latencyMs = { min, max };
  }
  return faults;
}
