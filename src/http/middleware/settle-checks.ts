// Finishes every suggested change check whose time has come, before a request reads or writes:
// time moves the world on, without timers left running. A finish the state file cannot keep fails
// that request (503 state-write-failed, from the store's commit): the check stays running, and the
// next request after the fault settles it.
import type { RequestHandler } from 'express';
import { finishCheck } from '../../store/suggested-change-writes.ts';
import type { MockContext } from '../context.ts';

export function settleChecks(ctx: MockContext): RequestHandler {
  return (_req, _res, next) => {
    settleDueChecks(ctx);
    next();
  };
}

export function settleDueChecks(ctx: MockContext): void {
  const now = ctx.clock();
  for (const check of ctx.store.lookup.runningChecks()) {
    if (check.endsAt <= now) ctx.store.commit(finishCheck(ctx.store.lookup, check, new Date(check.endsAt).toISOString()));
  }
}
