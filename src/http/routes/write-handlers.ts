// The writes the pages name under "See also" (x-inferred in the spec): each hands checked input
// to one store operation, commits what it changed, and maps the outcome to a reply.
import type { Request, Response } from 'express';
import { changeCorrection, createCorrection, removeCorrectionById, type CorrectionChangeInput, type CorrectionInput } from '../../store/correction-writes.ts';
import type { Outcome } from '../../store/outcome.ts';
import { addAsLatest, pin, startCheck, withdraw, type ActionContext } from '../../store/suggested-change-writes.ts';
import { ApiError } from '../api-error.ts';
import { worldOf, type MockContext, type MockWorld, type Reply } from '../context.ts';
import { replyToKeep } from '../middleware/idempotency.ts';
import type { OperationHandler } from './read-handlers.ts';
import { callerOf, pathParam, suggestedChangeIdOf } from './request-parts.ts';

/** The mock clock's now, as the API writes times. */
export const nowOf = (world: MockWorld) => new Date(world.clock.now()).toISOString();

/**
 * Commits a successful outcome and replies with its value; a refusal becomes its ApiError.
 * - With an Idempotency-Key, the reply is committed with the write, so both survive together.
 */
export function commitOutcome<T>(world: MockWorld, outcome: Outcome<T>, res?: Response): Reply {
  if (!outcome.ok) throw new ApiError(outcome.code, outcome.message, outcome.details);
  const status = outcome.status ?? 200;
  const replies = res ? replyToKeep(res, status, outcome.value) : [];
  world.store.commit(replies.length > 0 ? { ...outcome.changes, replies } : outcome.changes);
  return { status, body: outcome.value };
}

function actionContext(world: MockWorld, res: Response, ctx: MockContext): ActionContext {
  return { lookup: world.store.lookup, caller: callerOf(res), at: nowOf(world), newId: world.newId, ...(ctx.approvalMs !== undefined ? { approvalMs: ctx.approvalMs } : {}) };
}


/** A write, in the world the request is bound to. */
type WorldWrite = (req: Request, res: Response, world: MockWorld, ctx: MockContext) => Reply;

const inWorld = (write: WorldWrite): OperationHandler => (req, res, ctx) => write(req, res, worldOf(res, ctx), ctx);

export const WRITE_HANDLERS: Record<string, OperationHandler> = {
  createCorrection: inWorld((req, res, world) =>
    commitOutcome(world, createCorrection(world.store.lookup, callerOf(res), req.body as CorrectionInput, nowOf(world), world.newId('cor')), res)),

  changeCorrection: inWorld((req, res, world) =>
    commitOutcome(world, changeCorrection(world.store.lookup, callerOf(res), pathParam(req, 'correctionId'), req.body as CorrectionChangeInput, nowOf(world)), res)),

  removeCorrection: inWorld((req, res, world) =>
    commitOutcome(world, removeCorrectionById(world.store.lookup, callerOf(res), pathParam(req, 'correctionId'), nowOf(world)), res)),

  checkSuggestedChange: inWorld((req, res, world, ctx) =>
    commitOutcome(world, startCheck(actionContext(world, res, ctx), suggestedChangeIdOf(req), world.clock.now() + ctx.checkMs, world.faults.failChecks === true), res)),

  pinSuggestedChange: inWorld((req, res, world, ctx) => commitOutcome(world, pin(actionContext(world, res, ctx), suggestedChangeIdOf(req)), res)),

  addSuggestedChangeAsLatest: inWorld((req, res, world, ctx) =>
    commitOutcome(world, addAsLatest(actionContext(world, res, ctx), suggestedChangeIdOf(req), (req.body as { reason?: string } | undefined)?.reason), res)),

  withdrawSuggestedChange: inWorld((req, res, world, ctx) =>
    commitOutcome(world, withdraw(actionContext(world, res, ctx), suggestedChangeIdOf(req), (req.body as { reason: string }).reason), res)),
};
