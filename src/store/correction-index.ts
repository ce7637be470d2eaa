// Indexes of corrections per project and per filter dimension, so a list request reads only the
// keys that can match instead of scanning every correction of the tenant.
import type { CorrectionFilter } from '../domain/correction-filter.ts';
import type { Correction } from '../domain/types.ts';
import { insertKey, removeKey, type SortKey } from './keyset.ts';

/** The index keys a correction is filed under, within its project. */
function dimensionsOf(c: Correction): string[] {
  const keys = [
    '*',
    `run=${c.runId}`,
    `status=${c.status}`,
    `sorted=${c.sortedTo ?? 'none'}`,
    `maker=${c.madeBy.kind}:${c.madeBy.id}`,
    c.subject.kind === 'agent' ? `agent=${c.subject.id}` : `flow=${c.subject.id}`,
  ];
  if (c.subject.kind === 'agent') keys.push(`agentv=${c.subject.id}@${c.subject.version}`);
  if (c.correctorGroupId !== undefined) keys.push(`group=${c.correctorGroupId}`);
  if (c.participantId !== undefined) keys.push(`participant=${c.participantId}`);
  return keys;
}

/** The alternatives of each filter that has an index: a correction matches one of them. */
function candidateDimensions(filter: CorrectionFilter): string[][] {
  const options: string[][] = [['*']];
  if (filter.runId !== undefined) options.push([`run=${filter.runId}`]);
  if (filter.agentId !== undefined) options.push([filter.agentVersion !== undefined ? `agentv=${filter.agentId}@${filter.agentVersion}` : `agent=${filter.agentId}`]);
  if (filter.flowId !== undefined) options.push([`flow=${filter.flowId}`]);
  if (filter.statuses) options.push(filter.statuses.map((s) => `status=${s}`));
  if (filter.sortedTo) options.push(filter.sortedTo.map((s) => `sorted=${s}`));
  if (filter.madeBy) options.push([`maker=${filter.madeBy.kind}:${filter.madeBy.id}`]);
  if (filter.correctorGroupId !== undefined) options.push([`group=${filter.correctorGroupId}`]);
  if (filter.participantId !== undefined) options.push([`participant=${filter.participantId}`]);
  return options;
}

export interface CorrectionIndex {
  /** Files `correction` under `key` (its sortKeyOf; one object may be passed for several, as a store of them does). */
  add(correction: Correction, key?: SortKey): void;
  remove(correction: Correction): void;
  /** The fewest sorted key lists that together hold every possible match in these projects. */
  listsFor(filter: CorrectionFilter, projectIds: readonly string[]): Array<readonly SortKey[]>;
}

export function sortKeyOf(correction: Pick<Correction, 'createdAt' | 'id'>): SortKey {
  return { t: Date.parse(correction.createdAt), id: correction.id };
}

/**
 * The sorted key lists of an index, by `projectId|dimension`: what an index is made of, to store
 * and rebuild it. A Map is one; placed-lists.ts makes each list when it is first read.
 */
export interface IndexLists extends Iterable<[string, SortKey[]]> {
  readonly size: number;
  get(name: string): SortKey[] | undefined;
  set(name: string, list: SortKey[]): void;
}

const NAMED_DIMENSIONS_KEPT = 1024;

/** An index, empty or over `lists`, which it then owns. */
export function createCorrectionIndex(lists: IndexLists = new Map<string, SortKey[]>()): CorrectionIndex & { lists: IndexLists } {
  const EMPTY: readonly SortKey[] = [];
  // `project|dimension`, the same string each time: a list asks for a name in every project the
  // caller reads, and a string made afresh is copied and hashed again at each lookup. Bounded,
  // since dimensions come from callers' filter values.
  const names = new Map<string, Map<string, string>>();
  const listName = (projectId: string, dimension: string): string => {
    let byProject = names.get(dimension);
    if (byProject === undefined) {
      if (names.size >= NAMED_DIMENSIONS_KEPT) names.clear();
      names.set(dimension, (byProject = new Map()));
    }
    let name = byProject.get(projectId);
    if (name === undefined) byProject.set(projectId, (name = `${projectId}|${dimension}`));
    return name;
  };
  return {
    lists,
    add(correction, key = sortKeyOf(correction)) {
      for (const dimension of dimensionsOf(correction)) {
        const name = listName(correction.projectId, dimension);
        let list = lists.get(name);
        if (!list) lists.set(name, (list = []));
        insertKey(list, key);
      }
    },
    remove(correction) {
      const key = sortKeyOf(correction);
      for (const dimension of dimensionsOf(correction)) {
        const list = lists.get(`${correction.projectId}|${dimension}`);
        if (list) removeKey(list, key);
      }
    },
    listsFor(filter, projectIds) {
      let best: Array<readonly SortKey[]> = [];
      let bestSize = Infinity;
      for (const alternatives of candidateDimensions(filter)) {
        const chosen: Array<readonly SortKey[]> = [];
        let size = 0;
        for (const projectId of projectIds) {
          for (const dimension of alternatives) {
            const list = lists.get(listName(projectId, dimension)) ?? EMPTY;
            if (list.length === 0) continue;
            chosen.push(list);
            size += list.length;
          }
        }
        if (size < bestSize) {
          best = chosen;
          bestSize = size;
        }
      }
      return best;
    },
  };
}
