// A set of records one write changes, applied together or not at all (and journalled as one).
import type { Correction } from '../domain/types.ts';
import type { Actor } from '../domain/types.ts';
import type { Agent, Block, Principal, Project, Run, StoredSuggestedChange } from '../domain/world.ts';

/** A pin waiting for a second person (page 002: `waiting-for-second-person`). */
export interface PendingApproval {
  id: string;
  suggestedChangeId: string;
  pinnedBy: Actor;
  pinChangeId: string;
  /** When it expires unanswered, on the world's clock (epoch ms); never, without `--approval-ms`. */
  expiresAt?: number;
}

/** A check that is running: it finishes at `endsAt` (never by itself for a loaded one), failed or done. */
export interface RunningCheck {
  suggestedChangeId: string;
  endsAt: number;
  fails: boolean;
}

/** An answer kept for its Idempotency-Key (tenant, caller, method, path, key), to replay byte for byte. */
export interface KeptReply {
  slot: string;
  fingerprint: string;
  status: number;
  text: string;
  expires: number;
}

/**
 * The most Idempotency-Key answers the store keeps at once: past it the oldest is forgotten first
 * (each is a whole response, and 51 000 of them held 80 MB). Each is kept at most 24 h anyway.
 */
export const MAX_KEPT_REPLIES = 10_000;

export interface WorldChanges {
  /** New or changed projects, by id (a scenario's own project). */
  projects?: Project[];
  /** New or changed principals, each replaced whole, by its token (one granted a new project). */
  principals?: Principal[];
  corrections?: Correction[];
  suggestedChanges?: StoredSuggestedChange[];
  runs?: Run[];
  agents?: Agent[];
  blocks?: Block[];
  approvals?: PendingApproval[];
  /** Approvals that are decided, by id. */
  closedApprovals?: string[];
  checks?: RunningCheck[];
  /** Checks that finished, by suggested change id. */
  finishedChecks?: string[];
  /** The answer of this very write, kept for its Idempotency-Key in the same journal line. */
  replies?: KeptReply[];
}

/** Every key a set of changes may have, in the order the store applies them (the journal refuses others). */
export const WORLD_CHANGE_KEYS = [
  'projects', 'principals', 'corrections', 'suggestedChanges', 'runs', 'agents', 'blocks', 'approvals', 'closedApprovals', 'checks', 'finishedChecks', 'replies',
] as const satisfies ReadonlyArray<keyof WorldChanges>;

// Fails to compile when WorldChanges gains a key the list above does not name.
const everyKeyListed: Record<Exclude<keyof WorldChanges, (typeof WORLD_CHANGE_KEYS)[number]>, never> = {};
void everyKeyListed;

/** True when the changes change nothing (such a write is not journalled). */
export function isEmpty(changes: WorldChanges): boolean {
  return Object.values(changes).every((list) => list === undefined || list.length === 0);
}
