// The read operations of pages 000, 001 and 002: each takes checked input, asks the store once,
// and maps the answer to a status and a body.
import type { Request, Response } from 'express';
import { ApiError } from '../api-error.ts';
import { worldOf, type MockContext, type Reply } from '../context.ts';
import { parseListQuery } from '../list-query.ts';
import { storedRecordsPage } from '../send.ts';
import { callerOf, pathParam, suggestedChangeIdOf, suggestedChangeNotFound } from './request-parts.ts';

export type OperationHandler = (req: Request, res: Response, ctx: MockContext) => Reply | Promise<Reply>;


export const READ_HANDLERS: Record<string, OperationHandler> = {
  getHealth: () => ({ status: 200, body: { ok: true } }),

  getOpenApiDocument: (_req, _res, ctx) => ({ status: 200, body: ctx.document }),

  getCorrection(req, res, ctx) {
    const id = pathParam(req, 'correctionId');
    const correction = worldOf(res, ctx).store.readCorrection(callerOf(res), id);
    if (!correction) throw new ApiError('not-found', `no correction ${id} in this workspace`, { correctionId: id });
    return { status: 200, body: correction, stored: true };
  },

  listCorrections(req, res, ctx) {
    const world = worldOf(res, ctx);
    const caller = callerOf(res);
    const list = parseListQuery(req.query as Record<string, string | string[]>, caller, ctx.validators);
    const binding = ctx.defects.has('unsealed-cursor')
      ? { tenantId: '', caller: '', path: '', filters: {} }
      : { tenantId: caller.tenantId, caller: `${caller.kind}:${caller.id}`, path: '/v1/corrections', filters: list.cursorFilters };
    const cursors = world.cursors.bind(binding);
    let after;
    if (list.cursor !== undefined) {
      const opened = cursors.open(list.cursor);
      if (!opened.ok) {
        throw new ApiError('bad-input', `the cursor was refused: ${opened.reason}. Start the list again without a cursor.`, { parameter: 'cursor' });
      }
      after = opened.position;
    }
    const page = world.store.listCorrections(caller, list.filter, after, list.limit);
    return {
      status: 200,
      body: storedRecordsPage('Correction', page.corrections, {
        hasMore: page.next !== undefined,
        ...(page.next ? { nextCursor: cursors.seal(page.next) } : {}),
      }),
    };
  },

  getSuggestedChange(req, res, ctx) {
    const change = worldOf(res, ctx).store.readSuggestedChange(callerOf(res), suggestedChangeIdOf(req));
    if (!change) throw suggestedChangeNotFound(pathParam(req, 'suggestedChangeId'));
    return { status: 200, body: change, stored: true };
  },
};
