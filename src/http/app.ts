// The Node adapter: a request listener that translates each request to the core (core.ts) and
// its answer back, and a listener as an Express app (`mock.app`) for those who mount or test it
// there. `listen` serves the bare listener: Express's router would only hand every request to it.
// Only what needs Node is here: reading the body off the socket, the inspector's files on disk,
// the mock's own document read from its YAML file.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { clearTimeout, setTimeout } from 'node:timers';
import express, { type Express } from 'express';
import type { CompiledSpecCache } from '../spec/compiled-spec-cache.ts';
import { MOCK_ADMIN_SPEC_PATH, mockAdminValidators } from '../spec/mock-admin-spec.ts';
import type { AnswerBatch } from './answer-batch.ts';
import { createBodyMemory } from './body-memory.ts';
import type { MockContext } from './context.ts';
import { createCore, type MockCore } from './core.ts';
import type { CoreRequest, CoreResponse, StreamReader } from './exchange.ts';
import { toApiError } from './stages/error-response.ts';
import { API_BODY_LIMIT_BYTES } from './stages/json-body.ts';
import { inspectorPage } from './routes/inspector-page.ts';
import type { PageHandlers } from './routes/mock-admin.ts';
import type { OperationHandler } from './routes/read-handlers.ts';

/** A request as the body reader leaves it; `originalUrl` when Express has mounted the listener. */
type ReadRequest = IncomingMessage & { body?: unknown; originalUrl?: string };

/**
 * The core with what it needs from Node: the mock's own document, read from its YAML file, and
 * the inspector's files.
 * - `pages`: the inspector's, from the package's `inspector/` folder by default.
 * - `compiledSpecs`: where the mock's own document, compiled when first needed, is kept and found.
 */
export function createNodeCore(ctx: MockContext, handlers: Record<string, OperationHandler>, options: { pages?: PageHandlers; compiledSpecs?: CompiledSpecCache } = {}): MockCore {
  return createCore(ctx, handlers, { mockAdminValidators: () => mockAdminValidators(MOCK_ADMIN_SPEC_PATH, options.compiledSpecs), pages: options.pages ?? inspectorPage() });
}

/**
 * - `reuseBodyMemory`: assemble list pages in memory reused once each answer has finished
 *   (body-memory.ts). Only for a server where nothing but Node holds an answer's bytes (`listen`):
 *   in an app of the user's, a middleware may keep a body past its end.
 * - `answers`: write answers in batches (answer-batch.ts), for the server `listen` runs; a
 *   streamed answer (the journal's tail) starts at once, as it has no end to batch.
 */
export function coreListener(core: MockCore, ctx: MockContext, { reuseBodyMemory = false, answers = undefined as AnswerBatch | undefined } = {}): RequestListener {
  // Every type, so that the core decides what a body of another type means; inflated as its
  // Content-Encoding says, and never more than the largest body any route takes. The reader
  // needs no Express: it takes a bare Node request.
  const readBody = express.raw({ type: () => true, limit: API_BODY_LIMIT_BYTES });
  const bodyMemory = reuseBodyMemory ? createBodyMemory() : undefined;
  // Made once per listener, taking the request and answer as arguments: a closure made per
  // request is an allocation, and under tsx, which keeps function names, a defineProperty too.
  const write = (res: ServerResponse, response: CoreResponse) => {
    try {
      writeResponse(res, response);
    } catch (failure) {
      cutOff(res, ctx, failure);
    }
  };
  // A caller gone before its batch ran has no answer to take.
  const writeUnlessGone = (res: ServerResponse, response: CoreResponse) => {
    if (!res.destroyed) write(res, response);
  };
  const deliver = (res: ServerResponse, response: CoreResponse) => {
    if (answers === undefined || response.stream) write(res, response);
    else answers.add(writeUnlessGone, res, response);
  };
  const answer = (req: ReadRequest, res: ServerResponse, bodyError: unknown) => {
    const answered = core.respond(coreRequestOf(req, bodyError, bodyMemory?.forResponse(res)));
    if (answered instanceof Promise) void answered.then((response) => deliver(res, response), (failure: unknown) => cutOff(res, ctx, failure));
    else deliver(res, answered);
  };
  return (req: ReadRequest, res: ServerResponse) => {
    // Most requests carry no body: they skip the body reader altogether.
    if (announcesBody(req)) readBody(req as never, res as never, (bodyError?: unknown) => answer(req, res, bodyError));
    else answer(req, res, undefined);
  };
}

/** `listener` as an Express app: every path, every method, reaches it unchanged. */
export function expressAppAround(listener: RequestListener): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use((req, res) => listener(req, res));
  return app;
}

/** A body is one the framing announces: `Content-Length: 0` is none. */
function announcesBody(req: IncomingMessage): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

function coreRequestOf(req: ReadRequest, bodyError: unknown, bodyMemory: CoreRequest['bodyMemory'] | undefined): CoreRequest {
  // The URL as sent (originalUrl: a mount does not cut it), in origin form.
  const url = (req.originalUrl ?? req.url ?? '/').replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const queryAt = url.indexOf('?');
  const hashAt = url.indexOf('#');
  const pathEnd = queryAt >= 0 ? queryAt : hashAt >= 0 ? hashAt : url.length;
  const headers: Record<string, string> = {};
  const given = req.headers;
  for (const name in given) {
    const value = given[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const request: CoreRequest = {
    method: req.method ?? 'GET',
    path: url.slice(0, pathEnd) || '/',
    query: queryAt < 0 ? '' : url.slice(queryAt + 1, hashAt > queryAt ? hashAt : undefined),
    headers,
    // Unknown (a socket already gone) is no loopback caller.
    remoteAddress: req.socket.remoteAddress ?? '',
    httpVersion: req.httpVersion,
  };
  // Assigned, not spread: this runs for every request.
  const body = announcesBody(req) ? req.body : undefined;
  if (body instanceof Uint8Array) request.body = body;
  if (bodyError !== undefined) request.bodyProblem = toApiError(bodyError);
  if (bodyMemory) request.bodyMemory = bodyMemory;
  return request;
}

/** The core never fails to answer; should writing its answer fail, the connection is cut rather than left hanging, and the failure logged. */
function cutOff(res: ServerResponse, ctx: MockContext, failure: unknown): void {
  ctx.logger.error(`kindgi-mock: an answer could not be written: ${(failure as Error)?.stack ?? String(failure)}`);
  res.destroy();
}

function writeResponse(res: ServerResponse, response: CoreResponse): void {
  const { stream } = response;
  if (stream) {
    res.on('close', stream.close);
    res.writeHead(response.status, response.headers);
    res.write(stream.first);
    stream.attach(streamReaderOf(res));
    return;
  }
  // Node drops the body of a HEAD.
  res.writeHead(response.status, response.headers).end(response.body);
}

/** How long a dropped stream reader has to take its last event before its connection is cut. */
export const DROPPED_READER_GRACE_MS = 1000;

/** A stream's chunks into `res`. Node buffers whatever `write` is given, so the route asks how much is waiting before it writes more (mock-admin.ts). */
function streamReaderOf(res: ServerResponse): StreamReader {
  return {
    write(chunk) {
      res.write(chunk);
    },
    // The answer's own buffer and its socket's: the server's memory, not the network's.
    unsentBytes: () => res.writableLength,
    end(last) {
      // The connection goes with the stream: a dropped reader is not kept for another request.
      // Once the last event has left, what remains is with the network; a reader that never
      // reads never takes it, and without the timer its backlog would be held for good.
      const socket = res.socket;
      const cut = () => socket?.destroy();
      res.end(last, cut);
      const timer = setTimeout(cut, DROPPED_READER_GRACE_MS);
      timer.unref();
      socket?.once('close', () => clearTimeout(timer));
    },
  };
}
