// The read operations of pages 000, 001 and 002: each takes checked input, asks the store once,
// and maps the answer to a status and a body.
import { ApiError } from '../api-error.ts';
import { listCursorBinding } from '../defects.ts';
import { worldOf, type MockContext, type Reply } from '../context.ts';
import type { Exchange } from '../exchange.ts';
import { parseListQuery } from '../list-query.ts';
import { storedRecordsPage } from '../send.ts';
import { callerOf, pathParam, suggestedChangeIdOf, suggestedChangeNotFound } from './request-parts.ts';

export type OperationHandler = (exchange: Exchange, ctx: MockContext) => Reply | Promise<Reply>;


export const READ_HANDLERS: Record<string, OperationHandler> = {
  getHealth: () => ({ status: 200, body: { ok: true } }),

  getOpenApiDocument: (_exchange, ctx) => ({ status: 200, body: ctx.document }),

  getCorrection(exchange, ctx) {
    const id = pathParam(exchange, 'correctionId');
    const correction = worldOf(exchange, ctx).store.readCorrection(callerOf(exchange), id);
    if (!correction) throw new ApiError('not-found', `no correction ${id} in this workspace`, { correctionId: id });
    return { status: 200, body: correction, stored: true };
  },

  listCorrections(exchange, ctx) {
    const world = worldOf(exchange, ctx);
    const caller = callerOf(exchange);
    const list = parseListQuery(exchange.query, caller, ctx.validators);
    const cursors = world.cursors.bind(listCursorBinding(ctx.defects, caller, list.cursorFilters));
    let after;
    if (list.cursor !== undefined) {
      const opened = cursors.open(list.cursor);
      if (!opened.ok) {
        throw new ApiError('bad-input', `the cursor was refused: ${opened.reason}. Start the list again without a cursor.`, { parameter: 'cursor' });
      }
      after = opened.position;
    }
    const page = world.store.listCorrections(caller, list.filter, after, list.limit);
    const rest: { hasMore: boolean; nextCursor?: string } = { hasMore: page.next !== undefined };
    if (page.next) rest.nextCursor = cursors.seal(page.next);
    return { status: 200, body: storedRecordsPage('Correction', page.corrections, rest) };
  },

  getSuggestedChange(exchange, ctx) {
    const change = worldOf(exchange, ctx).store.readSuggestedChange(callerOf(exchange), suggestedChangeIdOf(exchange));
    if (!change) throw suggestedChangeNotFound(pathParam(exchange, 'suggestedChangeId'));
    return { status: 200, body: change, stored: true };
  },
};
