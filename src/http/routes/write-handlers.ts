// The writes the pages name under "See also" (x-inferred in the spec): each hands checked input
// to one store operation, commits what it changed, and maps the outcome to a reply.
import type { Response } from 'express';
import { changeCorrection, createCorrection, removeCorrectionById, type CorrectionChangeInput, type CorrectionInput } from '../../store/correction-writes.ts';
import type { Outcome } from '../../store/outcome.ts';
import { addAsLatest, pin, startCheck, withdraw, type ActionContext } from '../../store/suggested-change-writes.ts';
import { ApiError } from '../api-error.ts';
import type { MockContext, Reply } from '../context.ts';
import { replyToKeep } from '../middleware/idempotency.ts';
import type { OperationHandler } from './read-handlers.ts';
import { callerOf, pathParam, suggestedChangeIdOf } from './request-parts.ts';

/** The mock clock's now, as the API writes times. */
export const nowOf = (ctx: MockContext) => new Date(ctx.clock()).toISOString();

/**
 * Commits a successful outcome and replies with its value; a refusal becomes its ApiError.
 * - With an Idempotency-Key, the reply is committed with the write, so both survive together.
 */
export function commitOutcome<T>(ctx: MockContext, outcome: Outcome<T>, res?: Response): Reply {
  if (!outcome.ok) throw new ApiError(outcome.code, outcome.message, outcome.details);
  const status = outcome.status ?? 200;
  const replies = res ? replyToKeep(res, status, outcome.value) : [];
  ctx.store.commit(replies.length > 0 ? { ...outcome.changes, replies } : outcome.changes);
  return { status, body: outcome.value };
}

function actionContext(ctx: MockContext, res: Response): ActionContext {
  return { lookup: ctx.store.lookup, caller: callerOf(res), at: nowOf(ctx), newId: ctx.newId };
}


export const WRITE_HANDLERS: Record<string, OperationHandler> = {
  createCorrection: (req, res, ctx) =>
    commitOutcome(ctx, createCorrection(ctx.store.lookup, callerOf(res), req.body as CorrectionInput, nowOf(ctx), ctx.newId('cor')), res),

  changeCorrection: (req, res, ctx) =>
    commitOutcome(ctx, changeCorrection(ctx.store.lookup, callerOf(res), pathParam(req, 'correctionId'), req.body as CorrectionChangeInput, nowOf(ctx)), res),

  removeCorrection: (req, res, ctx) =>
    commitOutcome(ctx, removeCorrectionById(ctx.store.lookup, callerOf(res), pathParam(req, 'correctionId'), nowOf(ctx)), res),

  checkSuggestedChange: (req, res, ctx) =>
    commitOutcome(ctx, startCheck(actionContext(ctx, res), suggestedChangeIdOf(req), ctx.clock() + ctx.checkMs, ctx.faults.failChecks === true), res),

  pinSuggestedChange: (req, res, ctx) => commitOutcome(ctx, pin(actionContext(ctx, res), suggestedChangeIdOf(req)), res),

  addSuggestedChangeAsLatest: (req, res, ctx) =>
    commitOutcome(ctx, addAsLatest(actionContext(ctx, res), suggestedChangeIdOf(req), (req.body as { reason?: string } | undefined)?.reason), res),

  withdrawSuggestedChange: (req, res, ctx) =>
    commitOutcome(ctx, withdraw(actionContext(ctx, res), suggestedChangeIdOf(req), (req.body as { reason: string }).reason), res),
};
