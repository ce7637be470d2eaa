// How a correction changes: each transition is a pure function from a correction to the next
// one, or a refusal. The store, the fixtures generator and the tests all go through these.
import { saysNothingWrong } from './correction-rules.ts';
import type { Actor, Correction, CorrectionLink, CorrectionStatus, FixedHow, ReopenedHow, Sorted, SortedTo } from './types.ts';

export type Transition =
  | { ok: true; correction: Correction }
  | { ok: false; code: TransitionRefusal; message: string };

export type TransitionRefusal =
  | 'correction-not-live'
  | 'status-not-settable'
  | 'with-owner-needs-owner'
  | 'not-fixed'
  | 'incomplete';

export { saysNothingWrong };

/** Statuses a person may set by hand (`fixed` needs a pin or deploy; `removed` has its own action). */
export const SETTABLE_STATUSES = ['open', 'being-fixed', 'with-owner', 'wont-fix'] as const satisfies readonly CorrectionStatus[];

const ok = (correction: Correction): Transition => ({ ok: true, correction });
const refuse = (code: TransitionRefusal, message: string): Transition => ({ ok: false, code, message });

/** Removed and superseded corrections are history: nothing changes them any more. */
export function isLive(correction: Correction): boolean {
  return correction.status !== 'removed' && correction.supersededBy === undefined;
}

function withoutFix(correction: Correction): Correction {
  const { fixedIn: _fixedIn, reopenedIn: _reopenedIn, ...rest } = correction;
  return rest;
}

/**
 * Re-sorts: sets `sortedTo` and `sorted`. A re-sort alone keeps `fixedIn`/`reopenedIn` (page 000).
 * - Sorting a `with-owner` correction away from the owner makes it `open`: `with-owner` means sorted to the owner.
 */
export function sortCorrection(correction: Correction, sortedTo: SortedTo, by: Sorted['by'], at: string, reason?: string): Transition {
  if (!isLive(correction)) return refuse('correction-not-live', `correction ${correction.id} is ${describeGone(correction)} and cannot change`);
  const status = correction.status === 'with-owner' && sortedTo !== 'owner' ? 'open' : correction.status;
  return ok({ ...correction, status, sortedTo, sorted: { by, ...(reason !== undefined ? { reason } : {}), at }, updatedAt: at });
}

/**
 * Sets a status by hand. Clears `fixedIn` and `reopenedIn` (page 000); `note` becomes `statusNote`.
 * - `fixed` and `removed` cannot be set by hand; `with-owner` needs it sorted to the owner.
 */
export function setStatusByHand(correction: Correction, status: CorrectionStatus, by: Actor, at: string, note?: string): Transition {
  if (!isLive(correction)) return refuse('correction-not-live', `correction ${correction.id} is ${describeGone(correction)} and cannot change`);
  if (!(SETTABLE_STATUSES as readonly string[]).includes(status)) {
    return refuse('status-not-settable', `status ${status} cannot be set by hand: ${status === 'fixed' ? 'only a pin or a deploy fixes a correction' : 'use POST /v1/corrections/{correctionId}/remove'}`);
  }
  if (status === 'with-owner' && correction.sortedTo !== 'owner') {
    return refuse('with-owner-needs-owner', 'status with-owner needs the correction sorted to the owner (sortedTo: owner)');
  }
  const { statusNote: _previous, ...rest } = withoutFix(correction);
  return ok({ ...rest, status, ...(note !== undefined ? { statusNote: { text: note, by, at } } : {}), updatedAt: at });
}

/** A fix in progress links it (page 002: while a suggested change that fixes it is live, it is `being-fixed`). */
export function linkCorrection(correction: Correction, link: CorrectionLink, at: string): Transition {
  if (!isLive(correction)) return refuse('correction-not-live', `correction ${correction.id} is ${describeGone(correction)} and cannot change`);
  return ok({ ...withoutFix(correction), status: 'being-fixed', link, updatedAt: at });
}

/** The fix it was linked to was dropped: back to `open`, unless a person changed it since. */
export function unlinkCorrection(correction: Correction, linkId: string, at: string): Transition {
  const linked = correction.link && 'id' in correction.link && correction.link.id === linkId;
  if (!isLive(correction) || !linked || correction.status !== 'being-fixed') return ok(correction);
  const { link: _link, ...rest } = correction;
  return ok({ ...rest, status: 'open', updatedAt: at });
}

/** A pin, a move of Latest, or the correction itself (nothing was wrong) fixed it. */
export function fixCorrection(correction: Correction, how: FixedHow, at: string, version?: string, by?: Actor): Transition {
  if (!isLive(correction)) return refuse('correction-not-live', `correction ${correction.id} is ${describeGone(correction)} and cannot change`);
  if (how !== 'recorded-right' && version === undefined) return refuse('incomplete', `a fix by ${how} needs the version that fixed it`);
  if (how === 'recorded-right' && !saysNothingWrong(correction)) return refuse('incomplete', `correction ${correction.id} says something was wrong, so it cannot be recorded right`);
  const fixedIn = { ...(how === 'recorded-right' ? {} : { version }), how, ...(by ? { by } : {}), at };
  return ok({ ...withoutFix(correction), status: 'fixed', fixedIn, updatedAt: at });
}

/**
 * A test run got a `fixed` correction wrong again (page 000: reopenedIn): `open`, or `with-owner`
 * when sorted to the owner, keeping the `fixedIn` it had. `by` is absent when Latest moved.
 */
export function reopenCorrection(correction: Correction, version: string, how: ReopenedHow, at: string, by?: Actor): Transition {
  if (!isLive(correction)) return refuse('correction-not-live', `correction ${correction.id} is ${describeGone(correction)} and cannot change`);
  if (correction.status !== 'fixed' || !correction.fixedIn) return refuse('not-fixed', `correction ${correction.id} is ${correction.status}, not fixed`);
  if (how !== 'latest' && by === undefined) return refuse('incomplete', `a reopening by ${how} needs who did it`);
  const status = correction.sortedTo === 'owner' ? 'with-owner' : 'open';
  const reopenedIn = { version, how, ...(how !== 'latest' && by ? { by } : {}), at };
  return ok({ ...correction, status, reopenedIn, updatedAt: at });
}

/** `removed` can't come back (page 000); removing again changes nothing. */
export function removeCorrection(correction: Correction, at: string): Transition {
  if (correction.status === 'removed') return ok(correction);
  if (correction.supersededBy !== undefined) return refuse('correction-not-live', `correction ${correction.id} is superseded by ${correction.supersededBy} and cannot change`);
  return ok({ ...withoutFix(correction), status: 'removed', unregisteredAt: at, updatedAt: at });
}

/** A newer correction of the same run, maker and participant replaced it. */
export function supersedeCorrection(correction: Correction, successorId: string, at: string): Transition {
  if (!isLive(correction)) return refuse('correction-not-live', `correction ${correction.id} is ${describeGone(correction)} and cannot change`);
  return ok({ ...correction, supersededBy: successorId, unregisteredAt: at, updatedAt: at });
}

function describeGone(correction: Correction): string {
  return correction.status === 'removed' ? 'removed' : `superseded by ${correction.supersededBy}`;
}
