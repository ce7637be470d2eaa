// Puts every answered request in the request journal (request-journal.ts), once its answer is out.
// Not the journal's own routes, nor the inspector page's files: a page that follows the journal
// would fill it with itself.
import type { MockContext } from '../context.ts';
import type { CoreResponse, Exchange } from '../exchange.ts';
import type { AnsweredRequest } from '../request-journal.ts';

const JOURNAL_ROUTES = /^\/__mock\/requests(?:\/|$)/i;
const PAGE_ROUTES = /^\/__mock(?:\/?$|\/inspector\/)/i;

export function isJournalled(ctx: MockContext, exchange: Exchange): boolean {
  const { path } = exchange.request;
  return ctx.journal.capacity > 0 && !JOURNAL_ROUTES.test(path) && !PAGE_ROUTES.test(path);
}

/** `startedMs`: `performance.now()` when the request came in; `at`: the wall clock then. */
export function journalAnswer(ctx: MockContext, exchange: Exchange, response: CoreResponse, startedMs: number, at: number): void {
  const { request } = exchange;
  // Assigned, not spread: this runs for every answer.
  const answered: AnsweredRequest = {
    requestId: exchange.requestId,
    at,
    method: request.method,
    path: request.query === '' ? request.path : `${request.path}?${request.query}`,
    status: response.status,
    ms: Math.round((performance.now() - startedMs) * 10) / 10,
  };
  const authorization = exchange.header('Authorization');
  if (exchange.principal) answered.principalId = exchange.principal.id;
  if (exchange.sessionId !== undefined) answered.sessionId = exchange.sessionId;
  if (authorization !== undefined) answered.authorization = authorization;
  if (exchange.body !== undefined) answered.requestBody = exchange.body;
  if (response.body) answered.responseBytes = response.body;
  if (exchange.violations) answered.violations = exchange.violations;
  if (ctx.replica) answered.replica = ctx.replica.id;
  ctx.journal.record(answered);
}
