// Puts every answered request in the request journal (request-journal.ts), once its answer is out.
// Not the journal's own routes, nor the inspector page's files: a page that follows the journal
// would fill it with itself.
import { performance } from 'node:perf_hooks';
import type { RequestHandler } from 'express';
import type { Principal } from '../../domain/world.ts';
import type { MockContext } from '../context.ts';

const JOURNAL_ROUTES = /^\/__mock\/requests(?:\/|$|\?)/i;
const PAGE_ROUTES = /^\/__mock(?:\/?(?:$|\?)|\/inspector\/)/i;

export function journalRequests(ctx: MockContext): RequestHandler {
  return (req, res, next) => {
    if (ctx.journal.capacity === 0 || JOURNAL_ROUTES.test(req.originalUrl) || PAGE_ROUTES.test(req.originalUrl)) return next();
    const started = performance.now();
    const at = Date.now();
    res.on('finish', () => {
      const principal = res.locals.principal as Principal | undefined;
      const authorization = req.get('Authorization');
      ctx.journal.record({
        requestId: res.locals.requestId as string,
        at,
        method: req.method,
        path: req.originalUrl,
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(principal ? { principalId: principal.id } : {}),
        ...(res.locals.sessionId !== undefined ? { sessionId: res.locals.sessionId as string } : {}),
        ...(authorization !== undefined ? { authorization } : {}),
        ...(req.body !== undefined ? { requestBody: req.body as unknown } : {}),
        ...(res.locals.sentBytes ? { responseBytes: res.locals.sentBytes as Buffer } : {}),
        ...(res.locals.violations ? { violations: res.locals.violations as unknown[] } : {}),
      });
    });
    next();
  };
}
