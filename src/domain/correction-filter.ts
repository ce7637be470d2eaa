// What `GET /v1/corrections` lists (page 001), as a pure predicate over one correction. The
// server's index and the contract suite's expected results both use it.
import { NOT_FIXED_STATUSES, type Actor, type Correction, type CorrectionStatus, type SortedTo } from './types.ts';

export const STATUS_FILTER_VALUES = ['not-fixed', 'open', 'being-fixed', 'with-owner', 'fixed', 'wont-fix', 'removed'] as const;
export const SORTED_TO_FILTER_VALUES = ['none', 'improve', 'developer', 'owner'] as const;
export const FROM_VALUES = ['experts', 'end-users', 'all'] as const;

export type StatusFilterValue = (typeof STATUS_FILTER_VALUES)[number];
export type SortedToFilterValue = (typeof SORTED_TO_FILTER_VALUES)[number];

export interface CorrectionFilter {
  runId?: string;
  agentId?: string;
  agentVersion?: string;
  flowId?: string;
  /** Expanded: `not-fixed` already stands for its three statuses. Absent: every status but `removed`. */
  statuses?: CorrectionStatus[];
  sortedTo?: Array<SortedTo | 'none'>;
  from: (typeof FROM_VALUES)[number];
  /** `madeBy=me`: the caller. */
  madeBy?: Actor;
  /** Epoch milliseconds; `since` inclusive, `until` exclusive. */
  since?: number;
  until?: number;
  correctorGroupId?: string;
  participantId?: string;
  /** From `scopeKind` + `scopeId`: only this org's or project's corrections. */
  orgId?: string;
  projectId?: string;
}

/** `not-fixed` is short for `open`, `being-fixed` and `with-owner` (page 001); duplicates fold. */
export function expandStatuses(values: readonly StatusFilterValue[]): CorrectionStatus[] {
  const statuses = new Set<CorrectionStatus>();
  for (const value of values) {
    if (value === 'not-fixed') NOT_FIXED_STATUSES.forEach((status) => statuses.add(status));
    else statuses.add(value);
  }
  return [...statuses].sort();
}

/**
 * Whether `correction` belongs in the list the filter describes (page 001).
 * - Superseded corrections never; removed ones only when `removed` is asked for.
 * - `orgOf` tells the org of a project, for an org scope.
 */
export function matchesFilter(correction: Correction, filter: CorrectionFilter, orgOf: (projectId: string) => string | undefined): boolean {
  if (correction.supersededBy !== undefined) return false;
  if (filter.statuses ? !filter.statuses.includes(correction.status) : correction.status === 'removed') return false;
  if (filter.runId !== undefined && correction.runId !== filter.runId) return false;
  if (filter.agentId !== undefined && (correction.subject.kind !== 'agent' || correction.subject.id !== filter.agentId)) return false;
  if (filter.agentVersion !== undefined && correction.subject.version !== filter.agentVersion) return false;
  if (filter.flowId !== undefined && (correction.subject.kind !== 'flow' || correction.subject.id !== filter.flowId)) return false;
  if (filter.sortedTo && !filter.sortedTo.includes(correction.sortedTo ?? 'none')) return false;
  if (filter.from === 'experts' && correction.expert !== true) return false;
  if (filter.from === 'end-users' && (correction.participantId === undefined || correction.expert === true)) return false;
  if (filter.madeBy && (correction.madeBy.kind !== filter.madeBy.kind || correction.madeBy.id !== filter.madeBy.id)) return false;
  // Parsed only when asked: it was half the cost of finding a page.
  if (filter.since !== undefined || filter.until !== undefined) {
    const createdAt = Date.parse(correction.createdAt);
    if (filter.since !== undefined && createdAt < filter.since) return false;
    if (filter.until !== undefined && createdAt >= filter.until) return false;
  }
  if (filter.correctorGroupId !== undefined && correction.correctorGroupId !== filter.correctorGroupId) return false;
  if (filter.participantId !== undefined && correction.participantId !== filter.participantId) return false;
  if (filter.projectId !== undefined && correction.projectId !== filter.projectId) return false;
  if (filter.orgId !== undefined && orgOf(correction.projectId) !== filter.orgId) return false;
  return true;
}

/** Newest first (page 001); equal times by id, descending, so the order is total. */
export function newestFirst(a: Pick<Correction, 'createdAt' | 'id'>, b: Pick<Correction, 'createdAt' | 'id'>): number {
  const byTime = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  return byTime !== 0 ? byTime : b.id < a.id ? -1 : b.id > a.id ? 1 : 0;
}
