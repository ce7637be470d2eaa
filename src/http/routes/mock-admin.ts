// The mock's own routes under `/__mock`, mounted from their document (spec/mock-admin.yaml) by
// operationId: loopback callers, addressed to this machine, from no foreign page (see
// mock-admin-guard.ts); every answer leaves through `send`, held to that document.
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { REOPENED_HOW } from '../../domain/types.ts';
import type { Principal } from '../../domain/world.ts';
import { MOCK_ADMIN_PREFIX, mockAdminValidators } from '../../spec/mock-admin-spec.ts';
import { templatePattern, type SpecOperation } from '../../spec/operations.ts';
import type { SpecValidators } from '../../spec/validators.ts';
import { decideApproval, finishCheck, type ApprovalDecision } from '../../store/suggested-change-writes.ts';
import { recordTestRun, type TestRunInput } from '../../store/test-runs.ts';
import { ApiError } from '../api-error.ts';
import type { FaultSettings, MockContext, Reply } from '../context.ts';
import { refuseDeepJson } from '../input-limits.ts';
import { authenticate } from '../middleware/auth.ts';
import { loopbackOnly } from '../middleware/loopback-only.ts';
import { mockAdminGuard } from '../middleware/mock-admin-guard.ts';
import { send } from '../send.ts';
import { expressPath } from './operations.ts';
import { callerOf } from './request-parts.ts';
import { commitOutcome, nowOf } from './write-handlers.ts';

/** What a route of the document answers; `send` holds it to the document before it leaves. */
type AdminHandler = (req: Request, res: Response, ctx: MockContext) => Reply;

const ok = (body: unknown): Reply => ({ status: 200, body });

const HANDLERS: Record<string, AdminHandler> = {
  getMockPrincipals: (_req, _res, ctx) => ok({ data: ctx.store.principals().map(listed) }),

  getMockState: (_req, _res, ctx) => ok({ ...ctx.store.counts(), faults: ctx.faults }),

  resetMock: (_req, _res, ctx) => {
    ctx.store.reset();
    return ok({ reset: true, ...ctx.store.counts() });
  },

  setMockFaults: (req, _res, ctx) => {
    ctx.faults = parseFaults(req.body);
    return ok({ faults: ctx.faults });
  },

  clearMockFaults: (_req, _res, ctx) => {
    ctx.faults = {};
    return ok({ faults: ctx.faults });
  },

  // The second person's decision on a waiting pin, with their own token.
  decideMockApproval: (req, res, ctx) => {
    const decision = String(req.params.decision);
    if (!(DECISIONS as readonly string[]).includes(decision)) throw new ApiError('route-not-found', `no route ${req.method} ${req.baseUrl}${req.path}: decide with approve, reject or expire`);
    return commitOutcome(ctx, decideApproval(ctx.store.lookup, callerOf(res), String(req.params.approvalId), decision as ApprovalDecision, nowOf(ctx)));
  },

  // Ends a running check now (a loaded `checking` suggested change runs until this is called).
  finishMockCheck: (req, _res, ctx) => {
    const id = String(req.params.suggestedChangeId);
    const running = ctx.store.lookup.runningChecks().find((c) => c.suggestedChangeId === id);
    if (!running) throw new ApiError('not-found', `suggested change ${id} has no running check`, { suggestedChangeId: id });
    const { fails } = parseCheckFinish(req.body);
    ctx.store.commit(finishCheck(ctx.store.lookup, { ...running, fails }, nowOf(ctx)));
    return ok({ finished: id, fails });
  },

  recordMockTestRun: (req, res, ctx) => commitOutcome(ctx, recordTestRun(ctx.store.lookup, callerOf(res), parseTestRun(req.body), nowOf(ctx))),
};

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
  const missing = operations.filter((o) => HANDLERS[o.operationId] === undefined).map((o) => o.operationId);
  const extra = Object.keys(HANDLERS).filter((id) => !operations.some((o) => o.operationId === id));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(`the /__mock routes and their document disagree: documented without a handler [${missing.join(', ')}], handled but not documented [${extra.join(', ')}]`);
  }
  const router = Router();
  router.use(bindOperation(operations), loopbackOnly(), mockAdminGuard(() => ctx.publicHosts ?? []), express.json({ limit: '64kb', verify: refuseDeepJson }));
  for (const operation of operations) {
    const handler = HANDLERS[operation.operationId]!;
    const answer: RequestHandler = (req, res) => send(res, ctx, operation, handler(req, res, ctx));
    router[operation.method](expressPath(relativePath(operation)), ...(operation.secured ? [authenticate(ctx)] : []), answer);
  }
  return router;
}

/** `/__mock/reset` → `/reset`: the router is mounted at the prefix. */
const relativePath = (operation: SpecOperation) => operation.path.slice(MOCK_ADMIN_PREFIX.length);

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

/** A principal as `GET /__mock/principals` lists it: the optional flags only when set. */
function listed(p: Principal): Record<string, unknown> {
  return {
    token: p.token,
    kind: p.kind,
    id: p.id,
    name: p.name,
    tenantId: p.tenantId,
    role: p.role,
    readableProjectIds: p.readProjectIds,
    writableProjectIds: p.writeProjectIds,
    ...(p.actsForEndUsers ? { actsForEndUsers: true } : {}),
    ...(p.expiresAt ? { expiresAt: p.expiresAt } : {}),
    ...(p.revokedAt ? { revokedAt: p.revokedAt } : {}),
    purpose: p.purpose,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Refuses the fields of `body` beyond `known`, naming them (`at` prefixes a nested object's). */
function refuseUnknownFields(body: Record<string, unknown>, known: readonly string[], takes: string, at = ''): void {
  const unknown = Object.keys(body).filter((field) => !known.includes(field)).map((field) => `${at}${field}`);
  if (unknown.length > 0) throw new ApiError('unknown-field', `unknown field ${unknown.map((f) => `"${f}"`).join(', ')}; ${takes}`, { fields: unknown });
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
