// What the store needs of a loaded world's suggested changes beyond looking one up by id: which
// wait for a second person (each gets an open approval), which are checking (each keeps
// checking until `/__mock/checks/{id}/finish`), and how many have each status (`/__mock/state`). Found by a walk over the records, or, for a world
// held as bytes, kept with its verdict when it was checked (checked-worlds.ts), so that a start
// parses none of them.
import { deriveSuggestedChangeStatus } from '../domain/suggested-change-status.ts';
import type { StoredSuggestedChange } from '../domain/world.ts';
import type { PendingApproval, RunningCheck } from './world-changes.ts';

export interface LoadedChangeFacts {
  /** [approval id, suggested change id] of each that waits for a second person. */
  approvals: Array<[string, string]>;
  /** The ids of those that are checking. */
  checking: string[];
  /** How many have each status (deriveSuggestedChangeStatus: from the record alone). */
  tally: Record<string, number>;
}

export function loadedChangeFacts(changes: Iterable<StoredSuggestedChange>): LoadedChangeFacts {
  const facts: LoadedChangeFacts = { approvals: [], checking: [], tally: {} };
  for (const s of changes) {
    const status = deriveSuggestedChangeStatus(s);
    facts.tally[status] = (facts.tally[status] ?? 0) + 1;
    if (s.approvalId && !s.pinned && !s.addedAsLatest && !s.withdrawn) facts.approvals.push([s.approvalId, s.id]);
    if (s.check.status === 'running' && !s.withdrawn) facts.checking.push(s.id);
  }
  return facts;
}

/** Facts as a verdict's JSON gives them back; undefined for anything else. */
export function isLoadedChangeFacts(value: unknown): value is LoadedChangeFacts {
  if (typeof value !== 'object' || value === null) return false;
  const { approvals, checking, tally } = value as Partial<LoadedChangeFacts>;
  const strings = (items: unknown) => Array.isArray(items) && items.every((item) => typeof item === 'string');
  const counts = typeof tally === 'object' && tally !== null && Object.values(tally).every((n) => Number.isInteger(n) && n > 0);
  return Array.isArray(approvals) && approvals.every((pair) => strings(pair) && (pair as unknown[]).length === 2) && strings(checking) && counts;
}

/** Who pinned a loaded pin that waits for a second person: the world's files do not say. */
export const PINNER_NOT_RECORDED = { kind: 'user', id: '(not recorded)' } as const;

/** The open approvals, by id: whoever pinned is not recorded, so any other writer may decide. */
export function loadedApprovals({ approvals }: LoadedChangeFacts): Map<string, PendingApproval> {
  return new Map(approvals.map(([id, suggestedChangeId]) => [id, {
    id, suggestedChangeId, pinnedBy: PINNER_NOT_RECORDED, pinChangeId: `pch_${id.replace(/^apr_/, '')}`,
  }]));
}

/** The running checks, by suggested change id: a loaded one never ends by itself. */
export function loadedChecks({ checking }: LoadedChangeFacts): Map<string, RunningCheck> {
  return new Map(checking.map((suggestedChangeId) => [suggestedChangeId, { suggestedChangeId, endsAt: Number.POSITIVE_INFINITY, fails: false }]));
}
