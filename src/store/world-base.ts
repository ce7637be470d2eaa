// The world as loaded, indexed once and never changed: the shared read-only base under the base
// world's own writes and under every session's (see layered-map.ts). One per World object, so the
// mocks of a process that serve one loaded world, and all their sessions, index it once.
import type { Correction, CorrectionWithCopies, SuggestedChange } from '../domain/types.ts';
import type { Agent, Block, CorrectorGroup, Principal, Project, Run, StoredSuggestedChange, TestSet, World } from '../domain/world.ts';
import type { CorrectionIndex } from './correction-index.ts';
import { correctionsOf, newestTimeOf, runsById, suggestedChangesOf } from './held-records.ts';
import { loadedApprovals, loadedChecks } from './loaded-change-facts.ts';
import { createViewCache, type ViewCache } from './view-cache.ts';
import type { PendingApproval, RunningCheck } from './world-changes.ts';

export interface WorldBase {
  readonly world: World;
  readonly index: CorrectionIndex;
  readonly corrections: ReadonlyMap<string, Correction>;
  /** The live correction of each (run, maker, participant), by its id. */
  readonly live: ReadonlyMap<string, string>;
  /** How many corrections count as each status (indexed-corrections.ts countedAs). */
  readonly tally: Readonly<Record<string, number>>;
  readonly projects: ReadonlyMap<string, Project>;
  readonly tokens: ReadonlyMap<string, Principal>;
  readonly runs: ReadonlyMap<string, Run>;
  readonly blocks: ReadonlyMap<string, Block>;
  readonly agents: ReadonlyMap<string, Agent>;
  readonly groups: ReadonlyMap<string, CorrectorGroup>;
  readonly testSets: ReadonlyMap<string, TestSet>;
  readonly changes: ReadonlyMap<string, StoredSuggestedChange>;
  /** How many suggested changes have each status (loaded-change-facts.ts). */
  readonly changeTally: Readonly<Record<string, number>>;
  readonly approvals: ReadonlyMap<string, PendingApproval>;
  readonly checks: ReadonlyMap<string, RunningCheck>;
  /** API views of records, shared by every layer: a view depends only on the record objects it is built from. */
  readonly correctionViews: ViewCache<Correction, CorrectionWithCopies>;
  readonly suggestedChangeViews: ViewCache<StoredSuggestedChange, SuggestedChange>;
  /** The newest time any record of the world (tokens aside) carries, in epoch ms; found on first use. */
  newestTime(): number;
}

const bases = new WeakMap<World, WorldBase>();

/** The base of `world`, indexed on first use; the caller must never change `world` afterwards. */
export function worldBaseOf(world: World): WorldBase {
  let base = bases.get(world);
  if (!base) bases.set(world, (base = indexWorld(world)));
  return base;
}

export { PINNER_NOT_RECORDED } from './loaded-change-facts.ts';

/**
 * The world with its look-up maps and list index. The records are used as they are, not copied:
 * no layer changes a record in place (a write stores a new object). Copying was most of the
 * start-up time and doubled the memory of a 100 000-correction world.
 * - A loaded suggested change that waits for a second person gets its open approval (whoever
 *   pinned it is not recorded, so any other writer may decide); one that is checking keeps
 *   checking, so the world stays as written, until `/__mock/checks/{id}/finish` ends it.
 */
function indexWorld(world: World): WorldBase {
  const { byId: corrections, indexed } = correctionsOf(world);
  const changes = suggestedChangesOf(world);
  const byId = <T extends { id: string }>(records: T[]) => new Map(records.map((r) => [r.id, r]));
  let newest: number | undefined;
  return {
    world,
    index: indexed.index,
    corrections,
    live: indexed.live,
    tally: indexed.tally,
    projects: byId(world.projects),
    tokens: new Map(world.principals.map((p) => [p.token, p])),
    runs: runsById(world),
    blocks: byId(world.blocks),
    agents: byId(world.agents),
    groups: byId(world.correctorGroups),
    testSets: byId(world.testSets),
    changes: changes.byId,
    changeTally: changes.facts.tally,
    approvals: loadedApprovals(changes.facts),
    checks: loadedChecks(changes.facts),
    correctionViews: createViewCache(),
    suggestedChangeViews: createViewCache(),
    newestTime: () => (newest ??= newestTimeOf(world)),
  };
}
