// The mock's one request pipeline, with no transport: a CoreRequest in, a CoreResponse out. The
// Express server and the MSW handlers are thin adapters over it, so both answer alike. In order:
// request id, CORS and caching headers; the request's bounds; Prefer; the world and
// auth; the query's names; the body and idempotency; faults; the operation; response validation; the error envelope.
import type { SpecOperation } from '../spec/operations.ts';
import type { SpecValidators } from '../spec/validators.ts';
import { utf8 } from '../digest.ts';
import type { ApiError } from './api-error.ts';
import type { HeldAnswer } from '../replica/replica.ts';
import type { MockContext, MockWorld, Reply } from './context.ts';
import { defectIdempotencyKey } from './defect-behaviours.ts';
import { defectRequest } from './defects.ts';
import { Exchange, type CoreRequest, type CoreResponse } from './exchange.ts';
import { refuseHostlessRequest, refuseLongQuery } from './input-limits.ts';
import { authenticate } from './stages/auth.ts';
import { bindWorldByToken } from './stages/bind-world.ts';
import { noStoreOnV1 } from './stages/cache-control.ts';
import { cors } from './stages/cors.ts';
import { errorResponse } from './stages/error-response.ts';
import { databaseBusy, randomFaults } from './stages/faults.ts';
import { takeIdempotencyKey } from './stages/idempotency.ts';
import { isJournalled, journalAnswer } from './stages/journal-requests.ts';
import { checkedRequestBody } from './stages/json-body.ts';
import { isMockAdminPath } from './stages/mock-admin-guard.ts';
import { preferCode } from './stages/prefer.ts';
import { refuseUndocumentedQuery } from './stages/query-parameters.ts';
import { assignRequestId } from './stages/request-id.ts';
import { settleDueChecks } from './stages/settle-checks.ts';
import { methodNotAllowed, routeNotFound } from './routes/fallbacks.ts';
import { mockAdminRoutes, type MockAdminRoutes, type PageHandlers } from './routes/mock-admin.ts';
import type { OperationHandler } from './routes/read-handlers.ts';
import { routeTable } from './routes/route-table.ts';
import { jsonResponse, send } from './send.ts';

export interface CoreOptions {
  /**
   * The validators of the mock's own document (`/__mock`), asked for on the first `/__mock`
   * request: compiling them costs as much again as the API's, and most starts never call them.
   * Without it, `/__mock` has no routes (404).
   */
  mockAdminValidators?: () => SpecValidators;
  /** The inspector's page and files, read from disk by the Node adapter. */
  pages?: PageHandlers;
}

export interface MockCore {
  /** The answer to one request; never throws (a failure is a 500 in the envelope). */
  handle(request: CoreRequest): Promise<CoreResponse>;
  /** handle, answering synchronously when nothing waits (no latency fault, no async operation): the servers' fast path. */
  respond(request: CoreRequest): CoreResponse | Promise<CoreResponse>;
  /** The API's operations it answers: those of the document with a handler. */
  readonly operations: readonly SpecOperation[];
}

type Answer = CoreResponse | Promise<CoreResponse>;

export function createCore(ctx: MockContext, handlers: Record<string, OperationHandler>, options: CoreOptions = {}): MockCore {
  const operations = servedOperations(ctx, handlers);
  const matchOperation = routeTable(operations);
  const refuseOtherMethod = methodNotAllowed(operations);
  let adminRoutes: MockAdminRoutes | undefined;
  const mockAdmin = options.mockAdminValidators;

  const answer = (exchange: Exchange): Answer | undefined => {
    assignRequestId(exchange);
    noStoreOnV1(exchange);
    // After CORS and no-store, so that a browser app can read every refusal below.
    const preflight = cors(exchange);
    if (preflight) return preflight;
    const { path, query } = exchange.request;
    refuseHostlessRequest(exchange.request.httpVersion, exchange.header('Host'));
    refuseLongQuery(`?${query}`);
    // A person who opens the mock's address finds its inspector (where there is one); no API client asks for `/`.
    if (mockAdmin && path === '/' && (exchange.method === 'GET' || exchange.method === 'HEAD')) return redirect(exchange, '/__mock/');
    if (mockAdmin && isMockAdminPath(path)) {
      const answered = (adminRoutes ??= mockAdminRoutes(ctx, mockAdmin(), options.pages))(exchange);
      if (answered) return answered;
    }
    const matched = matchOperation(exchange.method, path);
    if (matched) {
      exchange.operation = matched.operation;
      exchange.params = matched.params;
      return runOperation(exchange, matched.operation);
    }
    refuseOtherMethod(exchange);
    return routeNotFound(exchange);
  };

  const runOperation = (exchange: Exchange, operation: SpecOperation): Answer => {
    preferCode(exchange, operation);
    const world = operation.secured ? bindWorldByToken(ctx, exchange) : ctx.base;
    return operate(exchange, operation, world);
  };

  const operate = (exchange: Exchange, operation: SpecOperation, world: MockWorld): Answer => {
    settleDueChecks(world);
    if (operation.secured) authenticate(ctx, exchange);
    // After auth, so that a caller without a token learns that first, as on every other refusal.
    refuseUndocumentedQuery(exchange, operation);
    if (operation.method !== 'get') {
      checkedRequestBody(exchange, ctx.validators, operation);
      const replay = ctx.defects.size > 0 ? defectIdempotencyKey(ctx.defects, exchange, world, operation) : takeIdempotencyKey(exchange, world, operation);
      if (replay) return jsonResponse(exchange, { status: replay.status }, utf8(replay.text));
    }
    // The faults strike a request the mock has let in, as a slow or busy database would: a write
    // waits holding its Idempotency-Key, so a retry meanwhile is `409 idempotency-key-in-flight`.
    // A replica waits out the latency before the request takes its turn (replica.ts): turns are one at a time.
    const waited = ctx.replica ? databaseBusy(world, operation) : randomFaults(world, operation);
    return waited ? waited.then(() => performAfterWait(exchange, operation, world)) : perform(exchange, operation);
  };

  // Time passed while it waited: what came due meanwhile is settled before the operation reads the world.
  const performAfterWait = (exchange: Exchange, operation: SpecOperation, world: MockWorld): Answer => {
    settleDueChecks(world);
    return perform(exchange, operation);
  };

  const perform = (exchange: Exchange, operation: SpecOperation): Answer => {
    const handler = ctx.defects.size > 0 ? defectRequest(ctx.defects, exchange, operation, handlers[operation.operationId]!) : handlers[operation.operationId]!;
    const reply = handler(exchange, ctx);
    return reply instanceof Promise ? reply.then((settled: Reply) => send(exchange, ctx, operation, settled)) : send(exchange, ctx, operation, reply);
  };

  const journal = (exchange: Exchange, response: CoreResponse, startedMs: number, at: number): void => {
    if (response.stream === undefined && isJournalled(ctx, exchange)) journalAnswer(ctx, exchange, response, startedMs, at);
  };

  const cleanUp = (exchange: Exchange): void => {
    if (exchange.cleanups.length > 0) for (const cleanup of exchange.cleanups.splice(0)) cleanup();
  };

  const finish = (exchange: Exchange, response: CoreResponse, startedMs: number, at: number): CoreResponse => {
    cleanUp(exchange);
    journal(exchange, response, startedMs, at);
    return response;
  };

  // Closures only for an answer that waits: a synchronous one, nearly every one, makes none.
  const respond = (request: CoreRequest): Answer => {
    const exchange = new Exchange(request);
    const startedMs = performance.now();
    const at = Date.now();
    try {
      const answered = answer(exchange)!;
      if (!(answered instanceof Promise)) return finish(exchange, answered, startedMs, at);
      return answered.then(
        (response) => finish(exchange, response, startedMs, at),
        (error: unknown) => finish(exchange, errorResponse(ctx, exchange, error), startedMs, at),
      );
    } catch (error) {
      return finish(exchange, errorResponse(ctx, exchange, error), startedMs, at);
    }
  };

  // A replica's refusal before the request reaches a world (the store is down): the same headers and envelope as any.
  const refuse = (request: CoreRequest, error: ApiError): CoreResponse => {
    const exchange = new Exchange(request);
    const startedMs = performance.now();
    const at = Date.now();
    try {
      assignRequestId(exchange);
      noStoreOnV1(exchange);
      cors(exchange);
    } catch {
      // A refusal of its own (a foreign origin) loses to the store's: the caller must retry either way.
    }
    return finish(exchange, errorResponse(ctx, exchange, error), startedMs, at);
  };
  // A replica's answer, journalled only when the replica sends it (after the log took its write).
  const held = (request: CoreRequest): HeldAnswer | Promise<HeldAnswer> => {
    const exchange = new Exchange(request);
    const startedMs = performance.now();
    const at = Date.now();
    const done = (response: CoreResponse): HeldAnswer => {
      cleanUp(exchange);
      return { response, journal: () => journal(exchange, response, startedMs, at) };
    };
    try {
      const answered = answer(exchange)!;
      if (!(answered instanceof Promise)) return done(answered);
      return answered.then(done, (error: unknown) => done(errorResponse(ctx, exchange, error)));
    } catch (error) {
      return done(errorResponse(ctx, exchange, error));
    }
  };
  const { replica } = ctx;
  const served = replica ? (request: CoreRequest) => replica.respond(request, held, refuse) : respond;

  return {
    operations,
    respond: served,
    handle: async (request) => served(request),
  };
}

/** The operations this mock answers: those of the document with a handler. */
export function servedOperations(ctx: MockContext, handlers: Record<string, OperationHandler>): SpecOperation[] {
  return ctx.validators.operations.filter((operation) => handlers[operation.operationId] !== undefined);
}

function redirect(exchange: Exchange, location: string): CoreResponse {
  const body = utf8(`Found. Redirecting to ${location}`);
  return { status: 302, headers: { ...exchange.headers, Location: location, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(body.length) }, body };
}
