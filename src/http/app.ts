// The Express app, with its middleware in order: request id, caching, CORS, the bounds of the
// request (its Host, its query), the mock's own routes, the spec's operations, then 405, 404 and the one error handler.
import express, { type Express } from 'express';
import type { MockContext } from './context.ts';
import { noStoreOnV1 } from './middleware/cache-control.ts';
import { cors } from './middleware/cors.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { refuseHostlessRequest, refuseLongQuery } from './input-limits.ts';
import { journalRequests } from './middleware/journal-requests.ts';
import { requestId } from './middleware/request-id.ts';
import { methodNotAllowed, routeNotFound } from './routes/fallbacks.ts';
import { mockAdminRouter } from './routes/mock-admin.ts';
import { operationsRouter, servedOperations } from './routes/operations.ts';
import type { OperationHandler } from './routes/read-handlers.ts';

export function createApp(ctx: MockContext, handlers: Record<string, OperationHandler>): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.set('etag', false);
  app.use(requestId());
  app.use(journalRequests(ctx));
  app.use(noStoreOnV1());
  app.use(cors());
  // After CORS and no-store, so that a browser app can read the refusal.
  app.use((req, _res, next) => {
    refuseHostlessRequest(req.httpVersion, req.get('Host'));
    refuseLongQuery(req.originalUrl);
    next();
  });
  // A person who opens the mock's address finds its inspector; no API client asks for `/`.
  app.get('/', (_req, res) => res.redirect(302, '/__mock/'));
  app.use('/__mock', mockAdminRouter(ctx));
  app.use(operationsRouter(ctx, handlers));
  app.use(methodNotAllowed(servedOperations(ctx, handlers)));
  app.use(routeNotFound());
  app.use(errorHandler(ctx));
  return app;
}
