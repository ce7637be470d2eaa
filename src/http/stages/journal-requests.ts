// Puts every answered request in the request journal (request-journal.ts), once its answer is out.
// Not the journal's own routes, nor the inspector page's files: a page that follows the journal
// would fill it with itself.
import type { MockContext } from '../context.ts';
import type { CoreResponse, Exchange } from '../exchange.ts';

const JOURNAL_ROUTES = /^\/__mock\/requests(?:\/|$)/i;
const PAGE_ROUTES = /^\/__mock(?:\/?$|\/inspector\/)/i;

export function isJournalled(ctx: MockContext, exchange: Exchange): boolean {
  const { path } = exchange.request;
  return ctx.journal.capacity > 0 && !JOURNAL_ROUTES.test(path) && !PAGE_ROUTES.test(path);
}

/** `startedMs`: `performance.now()` when the request came in; `at`: the wall clock then. */
export function journalAnswer(ctx: MockContext, exchange: Exchange, response: CoreResponse, startedMs: number, at: number): void {
  const { request } = exchange;
  const authorization = exchange.header('Authorization');
  ctx.journal.record({
    requestId: exchange.requestId,
    at,
    method: request.method,
    path: request.query === '' ? request.path : `${request.path}?${request.query}`,
    status: response.status,
    ms: Math.round((performance.now() - startedMs) * 10) / 10,
    ...(exchange.principal ? { principalId: exchange.principal.id } : {}),
    ...(exchange.sessionId !== undefined ? { sessionId: exchange.sessionId } : {}),
    ...(authorization !== undefined ? { authorization } : {}),
    ...(exchange.body !== undefined ? { requestBody: exchange.body } : {}),
    ...(response.body ? { responseBytes: response.body } : {}),
    ...(exchange.violations ? { violations: exchange.violations } : {}),
  });
}
