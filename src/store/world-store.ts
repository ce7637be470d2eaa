// The in-memory world the mock serves: lookups, permission-aware reads, and a reset to the
// world it was loaded with. Every read hands out copies, so callers cannot change state by accident.
import { matchesFilter, type CorrectionFilter } from '../domain/correction-filter.ts';
import { viewSuggestedChange } from '../domain/suggested-change-view.ts';
import type { Correction, CorrectionWithCopies, SuggestedChange } from '../domain/types.ts';
import { runCopyOf, type Agent, type Block, type Principal, type Project, type Run, type StoredSuggestedChange, type World } from '../domain/world.ts';
import { createCorrectionIndex, sortKeyOf, type CorrectionIndex } from './correction-index.ts';
import { compareKeys, walkNewestFirst, type SortKey } from './keyset.ts';

export interface CorrectionPageResult {
  corrections: Correction[];
  /** The key of the last correction on the page, when more follow. */
  next?: SortKey;
}

export interface WorldStore {
  principalByToken(token: string): Principal | undefined;
  principals(): readonly Principal[];
  /** A correction the caller may read, with its run copy; undefined when unknown or unreadable. */
  readCorrection(caller: Principal, id: string): CorrectionWithCopies | undefined;
  /** A page of the list, newest first, starting strictly after `after`. */
  listCorrections(caller: Principal, filter: CorrectionFilter, after: SortKey | undefined, limit: number): CorrectionPageResult;
  readSuggestedChange(caller: Principal, id: string): SuggestedChange | undefined;
  /** Stores a new or changed correction and re-files it in the list index. */
  saveCorrection(correction: Correction): void;
  /** Counts by status, for `/__mock/state`. */
  counts(): { corrections: Record<string, number>; suggestedChanges: Record<string, number>; runs: number };
  /** Back to the world as loaded. */
  reset(): void;
}

interface Indexed {
  world: World;
  index: CorrectionIndex;
  corrections: Map<string, Correction>;
  projects: Map<string, Project>;
  tokens: Map<string, Principal>;
  runs: Map<string, Run>;
  blocks: Map<string, Block>;
  agents: Map<string, Agent>;
  changes: Map<string, StoredSuggestedChange>;
}

/** A private copy of the world with its look-up maps and list index. */
function indexWorld(loaded: World): Indexed {
  const world = structuredClone(loaded);
  const index = createCorrectionIndex();
  for (const correction of world.corrections) index.add(correction);
  const byId = <T extends { id: string }>(records: T[]) => new Map(records.map((r) => [r.id, r]));
  return {
    world,
    index,
    corrections: byId(world.corrections),
    projects: byId(world.projects),
    tokens: new Map(world.principals.map((p) => [p.token, p])),
    runs: byId(world.runs),
    blocks: byId(world.blocks),
    agents: byId(world.agents),
    changes: byId(world.suggestedChanges),
  };
}

function tally(values: Iterable<string>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

export function createWorldStore(loaded: World): WorldStore {
  let state = indexWorld(loaded);
  const mayRead = (caller: Principal, tenantId: string, projectId: string) =>
    caller.tenantId === tenantId && caller.readProjectIds.includes(projectId);
  const blockOf = (id: string) => state.blocks.get(id);

  return {
    principalByToken: (token) => state.tokens.get(token),
    principals: () => state.world.principals,

    readCorrection(caller, id) {
      const correction = state.corrections.get(id);
      if (!correction || !mayRead(caller, correction.tenantId, correction.projectId)) return undefined;
      const run = state.runs.get(correction.runId);
      if (!run) throw new Error(`correction ${id} names run ${correction.runId}, which the world does not have`);
      return structuredClone({ ...correction, run: runCopyOf(run) });
    },

    listCorrections(caller, filter, after, limit) {
      const { projects, corrections, index } = state;
      const orgOf = (projectId: string) => projects.get(projectId)?.orgId;
      const projectIds = caller.readProjectIds.filter((id) => {
        const project = projects.get(id);
        return project !== undefined && project.tenantId === caller.tenantId
          && (filter.projectId === undefined || id === filter.projectId)
          && (filter.orgId === undefined || project.orgId === filter.orgId);
      });
      // Start below the cursor, or below `until` (exclusive), whichever is older.
      const bounds = [after, filter.until !== undefined ? { t: filter.until, id: '' } : undefined].filter((k): k is SortKey => k !== undefined);
      const below = bounds.sort(compareKeys)[0];
      const page: Correction[] = [];
      let more = false;
      walkNewestFirst(index.listsFor(filter, projectIds), below, filter.since, (key) => {
        const correction = corrections.get(key.id)!;
        if (!matchesFilter(correction, filter, orgOf)) return true;
        if (page.length === limit) {
          more = true;
          return false;
        }
        page.push(correction);
        return true;
      });
      const last = page[page.length - 1];
      return { corrections: structuredClone(page), ...(more && last ? { next: sortKeyOf(last) } : {}) };
    },

    readSuggestedChange(caller, id) {
      const stored = state.changes.get(id);
      const agent = stored ? state.agents.get(stored.agentId) : undefined;
      if (!stored || !agent || !mayRead(caller, agent.tenantId, agent.projectId)) return undefined;
      return structuredClone(viewSuggestedChange(stored, blockOf));
    },

    saveCorrection(correction) {
      const previous = state.corrections.get(correction.id);
      if (previous) state.index.remove(previous);
      const stored = structuredClone(correction);
      state.corrections.set(stored.id, stored);
      state.index.add(stored);
    },

    counts() {
      const { world } = state;
      return {
        corrections: tally([...state.corrections.values()].map((c) => (c.supersededBy ? 'superseded' : c.status))),
        suggestedChanges: tally(world.suggestedChanges.map((s) => viewSuggestedChange(s, blockOf).status)),
        runs: world.runs.length,
      };
    },

    reset() {
      state = indexWorld(loaded);
    },
  };
}
