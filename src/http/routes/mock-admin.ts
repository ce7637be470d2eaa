// The mock's own routes under `/__mock`, mounted from their document (spec/mock-admin.yaml) by
// operationId: callers on this machine or with the admin secret, addressed to this machine, from
// no foreign page (admin-caller.ts, mock-admin-guard.ts); every answer leaves through `send`, held
// to that document. The inspector's page and files are the exception: served to anyone.
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { REOPENED_HOW } from '../../domain/types.ts';
import { MOCK_ADMIN_PREFIX, mockAdminValidators } from '../../spec/mock-admin-spec.ts';
import { templatePattern, type SpecOperation } from '../../spec/operations.ts';
import type { SpecValidators } from '../../spec/validators.ts';
import { decideApproval, finishCheck, type ApprovalDecision } from '../../store/suggested-change-writes.ts';
import { recordTestRun, type TestRunInput } from '../../store/test-runs.ts';
import { ApiError } from '../api-error.ts';
import { worldOf, type FaultSettings, type MockContext, type MockWorld, type Reply } from '../context.ts';
import { bindWorldByToken } from '../middleware/bind-world.ts';
import { settleChecks } from '../middleware/settle-checks.ts';
import { listedPrincipal } from '../../worlds/principal-listing.ts';
import { SessionRefusal, type Session, type SessionOptions } from '../../worlds/sessions.ts';
import { clockProblem } from '../../worlds/mock-world.ts';
import { refuseDeepJson } from '../input-limits.ts';
import { authenticate } from '../middleware/auth.ts';
import { loopbackOrAdminToken } from '../middleware/admin-caller.ts';
import { mockAdminGuard } from '../middleware/mock-admin-guard.ts';
import { send } from '../send.ts';
import { expressPath } from './operations.ts';
import { callerOf } from './request-parts.ts';
import { commitOutcome, nowOf } from './write-handlers.ts';
import { isObject, refuseUnknownFields } from './body-fields.ts';
import { parseClockAdvance, parseClockSetting } from './clock-bodies.ts';
import { parseJournalQuery } from './journal-query.ts';
import { listSuggestedChanges, parseSuggestedChangeQuery } from './suggested-change-listing.ts';
import { listCorrectionsByState, parseCorrectionQuery } from './correction-listing.ts';
import { matchesFilter } from '../request-journal.ts';
import { inspectorPage } from './inspector-page.ts';

/**
 * What a route of the document answers, in the world it is bound to: a `/__mock/sessions/{id}/…`
 * route's session, a route with a token the token's world, any other the base world.
 */
type AdminHandler = (req: Request, res: Response, ctx: MockContext, world: MockWorld) => Reply;

const ok = (body: unknown): Reply => ({ status: 200, body });

const state: AdminHandler = (_req, _res, _ctx, world) => ok({ ...world.store.counts(), faults: world.faults });

const reset: AdminHandler = (_req, _res, _ctx, world) => {
  world.reset();
  return ok({ reset: true, ...world.store.counts() });
};

const setFaults: AdminHandler = (req, _res, _ctx, world) => {
  world.faults = parseFaults(req.body);
  return ok({ faults: world.faults });
};

const clearFaults: AdminHandler = (_req, _res, _ctx, world) => {
  world.faults = {};
  return ok({ faults: world.faults });
};

// Ends a running check now (a loaded `checking` suggested change runs until this is called).
const finishCheckNow: AdminHandler = (req, _res, _ctx, world) => {
  const id = String(req.params.suggestedChangeId);
  const running = world.store.lookup.runningChecks().find((c) => c.suggestedChangeId === id);
  if (!running) throw new ApiError('not-found', `suggested change ${id} has no running check`, { suggestedChangeId: id });
  const { fails } = parseCheckFinish(req.body);
  world.store.commit(finishCheck(world.store.lookup, { ...running, fails }, nowOf(world)));
  return ok({ finished: id, fails });
};

const listChanges: AdminHandler = (req, _res, _ctx, world) => ok({ data: listSuggestedChanges(world.store, parseSuggestedChangeQuery(req.query as Record<string, unknown>)) });

const listCorrections: AdminHandler = (req, _res, _ctx, world) => ok(listCorrectionsByState(world.store, parseCorrectionQuery(req.query as Record<string, unknown>)));

const readClock: AdminHandler = (_req, _res, _ctx, world) => ok(clockState(world));

const setClock: AdminHandler = (req, _res, _ctx, world) => {
  const setting = parseClockSetting(req.body);
  refuseClockBeforeWorld(world, setting.now);
  world.clock.set(setting);
  return ok(clockState(world));
};

const advanceClock: AdminHandler = (req, _res, _ctx, world) => {
  world.clock.advance(parseClockAdvance(req.body, world.clock));
  return ok(clockState(world));
};

const HANDLERS: Record<string, AdminHandler> = {
  getMockPrincipals: (_req, _res, _ctx, world) => ok({ data: world.store.principals().map((p) => listedPrincipal(p)) }),
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
  decideMockApproval: (req, res, _ctx, world) => {
    const decision = String(req.params.decision);
    if (!(DECISIONS as readonly string[]).includes(decision)) throw new ApiError('route-not-found', `no route ${req.method} ${req.baseUrl}${req.path}: decide with approve, reject or expire`);
    return commitOutcome(world, decideApproval(world.store.lookup, callerOf(res), String(req.params.approvalId), decision as ApprovalDecision, nowOf(world)));
  },

  recordMockTestRun: (req, res, _ctx, world) => commitOutcome(world, recordTestRun(world.store.lookup, callerOf(res), parseTestRun(req.body), nowOf(world))),

  listMockSuggestedChanges: listChanges,
  listMockSessionSuggestedChanges: listChanges,
  listMockCorrections: listCorrections,
  listMockSessionCorrections: listCorrections,

  listMockRequests: (req, _res, ctx) => ok({ data: ctx.journal.list(parseJournalQuery(req.query as Record<string, unknown>)) }),

  createMockSession: (req, _res, ctx) => ({ status: 201, body: openSession(ctx, req.body === undefined ? {} : req.body) }),
  listMockSessions: (_req, _res, ctx) => ok({ data: ctx.sessions.list() }),
  getMockSession: (req, _res, ctx) => ok(ctx.sessions.get(String(req.params.sessionId)) ?? sessionNotFound(req)),
  endMockSession: (req, _res, ctx) => {
    if (!ctx.sessions.end(String(req.params.sessionId))) sessionNotFound(req);
    return ok({ ended: String(req.params.sessionId) });
  },
};

/** Routes that answer a stream, not one body: each writes its own answer (and is held to no schema but its headers). */
const STREAMS: Record<string, (req: Request, res: Response, ctx: MockContext) => void> = {
  streamMockRequests: streamRequests,
};

/**
 * The inspector page's routes: served to anyone, ahead of the rules every other route is held to,
 * since the page holds no data; what it shows, it fetches from the routes that hold it to them.
 */
const PAGE = inspectorPage();
const PAGES: Record<string, RequestHandler> = {
  getMockInspector: PAGE.index,
  getMockInspectorFile: PAGE.file,
};

/** The routes that act on no world: the sessions' own, and the journal's. */
const WORLDLESS = new Set(['createMockSession', 'listMockSessions', 'getMockSession', 'endMockSession', 'listMockRequests', 'streamMockRequests']);

const DECISIONS = ['approve', 'reject', 'expire'] as const satisfies readonly ApprovalDecision[];

/**
 * The `/__mock` router, to mount at `/__mock`.
 * - The document is loaded and compiled on the first request to `/__mock`, once per process
 *   (mock-admin-spec.ts), not when the app is built: it costs about as much again as the API's
 *   own validators, and most starts (the CLI, the benchmarks, most tests) never call these routes.
 */
export function mockAdminRouter(ctx: MockContext): Router {
  let routes: Router | undefined;
  const router = Router();
  router.use((req, res, next) => (routes ??= mockAdminRoutes(ctx, mockAdminValidators()))(req, res, next));
  return router;
}

/**
 * One route per operation of `validators`' document, each answered by the handler of its operationId.
 * - Throws when an operation has no handler, or a handler no operation: the document lists
 *   exactly the routes the mock answers.
 * - Every request to a documented route is bound to its operation first (`res.locals.operation`),
 *   so that the guard's, the parser's and the handler's errors are all held to its responses.
 */
export function mockAdminRoutes(ctx: MockContext, validators: SpecValidators): Router {
  const operations = validators.operations;
  const handled = (id: string) => HANDLERS[id] !== undefined || STREAMS[id] !== undefined || PAGES[id] !== undefined;
  const missing = operations.filter((o) => !handled(o.operationId)).map((o) => o.operationId);
  const extra = [...Object.keys(HANDLERS), ...Object.keys(STREAMS), ...Object.keys(PAGES)].filter((id) => !operations.some((o) => o.operationId === id));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(`the /__mock routes and their document disagree: documented without a handler [${missing.join(', ')}], handled but not documented [${extra.join(', ')}]`);
  }
  const router = Router();
  for (const operation of operations) {
    const page = PAGES[operation.operationId];
    if (page) router[operation.method](expressPath(relativePath(operation)), page);
  }
  router.use(bindOperation(operations), loopbackOrAdminToken(() => ctx.adminToken), mockAdminGuard(() => ctx.publicHosts ?? [], () => ctx.adminToken), express.json({ limit: '64kb', strict: false, verify: refuseDeepJson }));
  for (const operation of operations.filter((o) => PAGES[o.operationId] === undefined)) {
    const handler = HANDLERS[operation.operationId];
    const inSession = operation.parameters.some((p) => p.in === 'path' && p.name === 'sessionId');
    // The sessions' own routes touch no world: no checks to settle, and so no state file to fail.
    // A route with a token acts in the token's world; any other in the base world, whatever it is sent.
    const bind = inSession ? [bindSessionWorld(ctx)] : operation.secured ? [bindWorldByToken(ctx)] : [];
    const inWorld = WORLDLESS.has(operation.operationId) ? [] : [...bind, settleChecks(ctx)];
    const stream = STREAMS[operation.operationId];
    const answer: RequestHandler = stream ? (req, res) => stream(req, res, ctx) : (req, res) => send(res, ctx, operation, handler!(req, res, ctx, worldOf(res, ctx)));
    router[operation.method](expressPath(relativePath(operation)), ...inWorld, ...(operation.secured ? [authenticate(ctx)] : []), answer);
  }
  return router;
}

/** `/__mock/reset` → `/reset`, `/__mock` → `/`: the router is mounted at the prefix. */
const relativePath = (operation: SpecOperation) => operation.path.slice(MOCK_ADMIN_PREFIX.length) || '/';

/** Binds a request to the operation Express will route it to: case-insensitively, with or without a trailing slash, HEAD as GET. */
function bindOperation(operations: readonly SpecOperation[]): RequestHandler {
  const routes = operations.map((operation) => ({ operation, method: operation.method.toUpperCase(), pattern: new RegExp(templatePattern(relativePath(operation)).source, 'i') }));
  return (req, res, next) => {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const path = req.path.length > 1 ? req.path.replace(/\/$/, '') : req.path;
    const route = routes.find((r) => r.method === method && r.pattern.test(path));
    if (route) res.locals.operation = route.operation;
    next();
  };
}

/** Binds a `/__mock/sessions/{sessionId}/…` request to that session's world; 404 when it is not open. */
function bindSessionWorld(ctx: MockContext): RequestHandler {
  return (req, res, next) => {
    const world = ctx.sessions.world(String(req.params.sessionId));
    if (!world) sessionNotFound(req);
    res.locals.world = world;
    next();
  };
}

/**
 * `GET /__mock/requests/stream`: Server-Sent Events, one `request` event per answered request
 * from now on (the filter of its query applied), until the caller goes.
 */
function streamRequests(req: Request, res: Response, ctx: MockContext): void {
  const filter = parseJournalQuery(req.query as Record<string, unknown>);
  // Subscribed before the head is written, so that a failure is still an answer in the envelope;
  // no entry can come in between, on one thread.
  const unsubscribe = ctx.journal.subscribe((entry) => {
    if (!matchesFilter(entry, filter)) return;
    res.write(`event: request\nid: ${entry.requestId.replace(/[\r\n]/g, '')}\ndata: ${JSON.stringify(entry)}\n\n`);
  });
  res.on('close', unsubscribe);
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
  res.write(': the requests the mock answers, as they come\n\n');
}

function sessionNotFound(req: Request): never {
  const id = String(req.params.sessionId);
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
