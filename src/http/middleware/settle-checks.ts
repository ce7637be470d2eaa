// Finishes every suggested change check of the request's world whose time has come, before it reads or writes:
// time moves the world on, without timers left running. A finish the state file cannot keep fails
// that request (503 state-write-failed, from the store's commit): the check stays running, and the
// next request after the fault settles it.
import type { RequestHandler } from 'express';
import { finishCheck } from '../../store/suggested-change-writes.ts';
import { worldOf, type MockContext, type MockWorld } from '../context.ts';

export function settleChecks(ctx: MockContext): RequestHandler {
  return (_req, res, next) => {
    settleDueChecks(worldOf(res, ctx));
    next();
  };
}

/** The checks of one world that came due on its clock. */
export function settleDueChecks(world: MockWorld): void {
  const now = world.clock.now();
  for (const check of world.store.lookup.runningChecks()) {
    if (check.endsAt <= now) world.store.commit(finishCheck(world.store.lookup, check, new Date(check.endsAt).toISOString()));
  }
}
