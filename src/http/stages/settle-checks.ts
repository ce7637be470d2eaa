// Finishes every suggested change check of the request's world whose time has come, and expires
// every approval whose time ran out (`--approval-ms`), before it reads or writes:
// time moves the world on, without timers left running. A finish the state file cannot keep fails
// that request (503 state-write-failed, from the store's commit): the check stays running, and the
// next request after the fault settles it.
import { expireApproval, finishCheck } from '../../store/suggested-change-writes.ts';
import type { MockWorld } from '../context.ts';

/** The checks of one world that came due on its clock, and the approvals whose time ran out. */
export function settleDueChecks(world: MockWorld): void {
  const now = world.clock.now();
  const { lookup } = world.store;
  for (const check of lookup.checksThatEnd()) {
    if (check.endsAt <= now) world.store.commit(finishCheck(lookup, check, new Date(check.endsAt).toISOString()));
  }
  for (const approval of lookup.expiringApprovals()) {
    if (approval.expiresAt! <= now) world.store.commit(expireApproval(lookup, approval));
  }
}
