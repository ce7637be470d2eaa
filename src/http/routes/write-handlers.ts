// The writes the pages name under "See also" (x-inferred in the spec): each hands checked input
// to one store operation, commits what it changed, and maps the outcome to a reply.
import { changeCorrection, createCorrection, removeCorrectionById, type CorrectionChangeInput, type CorrectionInput } from '../../store/correction-writes.ts';
import type { Outcome } from '../../store/outcome.ts';
import { addAsLatest, pin, startCheck, withdraw, type ActionContext } from '../../store/suggested-change-writes.ts';
import { ApiError } from '../api-error.ts';
import { worldOf, type MockContext, type MockWorld, type Reply } from '../context.ts';
import type { Exchange } from '../exchange.ts';
import { replyToKeep } from '../stages/idempotency.ts';
import type { OperationHandler } from './read-handlers.ts';
import { callerOf, pathParam, suggestedChangeIdOf } from './request-parts.ts';

/** The mock clock's now, as the API writes times. */
export const nowOf = (world: MockWorld) => new Date(world.clock.now()).toISOString();

/**
 * Commits a successful outcome and replies with its value; a refusal becomes its ApiError.
 * - With an Idempotency-Key, the reply is committed with the write, so both survive together.
 */
export function commitOutcome<T>(world: MockWorld, outcome: Outcome<T>, exchange?: Exchange): Reply {
  if (!outcome.ok) throw new ApiError(outcome.code, outcome.message, outcome.details);
  const status = outcome.status ?? 200;
  const replies = exchange ? replyToKeep(exchange, status, outcome.value) : [];
  world.store.commit(replies.length > 0 ? { ...outcome.changes, replies } : outcome.changes);
  return { status, body: outcome.value };
}

function actionContext(world: MockWorld, exchange: Exchange, ctx: MockContext): ActionContext {
  return { lookup: world.store.lookup, caller: callerOf(exchange), at: nowOf(world), newId: world.newId, ...(ctx.approvalMs !== undefined ? { approvalMs: ctx.approvalMs } : {}) };
}


/** A write, in the world the request is bound to. */
type WorldWrite = (exchange: Exchange, world: MockWorld, ctx: MockContext) => Reply;

const inWorld = (write: WorldWrite): OperationHandler => (exchange, ctx) => write(exchange, worldOf(exchange, ctx), ctx);

/** What a correction's create and change decide, before it is committed (the planted defects bend it there). */
export const CORRECTION_OUTCOMES = {
  createCorrection: (exchange: Exchange, world: MockWorld) =>
    createCorrection(world.store.lookup, callerOf(exchange), exchange.body as CorrectionInput, nowOf(world), world.newId('cor')),
  changeCorrection: (exchange: Exchange, world: MockWorld) =>
    changeCorrection(world.store.lookup, callerOf(exchange), pathParam(exchange, 'correctionId'), exchange.body as CorrectionChangeInput, nowOf(world)),
};

export const WRITE_HANDLERS: Record<string, OperationHandler> = {
  createCorrection: inWorld((exchange, world) => commitOutcome(world, CORRECTION_OUTCOMES.createCorrection(exchange, world), exchange)),

  changeCorrection: inWorld((exchange, world) => commitOutcome(world, CORRECTION_OUTCOMES.changeCorrection(exchange, world), exchange)),

  removeCorrection: inWorld((exchange, world) =>
    commitOutcome(world, removeCorrectionById(world.store.lookup, callerOf(exchange), pathParam(exchange, 'correctionId'), nowOf(world)), exchange)),

  checkSuggestedChange: inWorld((exchange, world, ctx) =>
    commitOutcome(world, startCheck(actionContext(world, exchange, ctx), suggestedChangeIdOf(exchange), world.clock.now() + ctx.checkMs, world.faults.failChecks === true), exchange)),

  pinSuggestedChange: inWorld((exchange, world, ctx) => commitOutcome(world, pin(actionContext(world, exchange, ctx), suggestedChangeIdOf(exchange)), exchange)),

  addSuggestedChangeAsLatest: inWorld((exchange, world, ctx) =>
    commitOutcome(world, addAsLatest(actionContext(world, exchange, ctx), suggestedChangeIdOf(exchange), (exchange.body as { reason?: string } | undefined)?.reason), exchange)),

  withdrawSuggestedChange: inWorld((exchange, world, ctx) =>
    commitOutcome(world, withdraw(actionContext(world, exchange, ctx), suggestedChangeIdOf(exchange), (exchange.body as { reason: string }).reason), exchange)),
};
