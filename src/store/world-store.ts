// The in-memory world the mock serves: lookups, permission-aware reads, atomic writes of a set
// of changed records (checked, journalled, then applied), and a reset to the world it was loaded with. Reads hand out the stored
// records (or new objects over their parts), never copies, and callers only read them: a stored
// record is never changed in place, a change stores a new object (apply), so an object seen once
// stays that version, which lets send() cache each record's validated JSON.
import { matchesFilter, type CorrectionFilter } from '../domain/correction-filter.ts';
import { checkCorrection } from '../domain/correction-rules.ts';
import { isLive } from '../domain/correction-transitions.ts';
import { checkSuggestedChange } from '../domain/suggested-change-rules.ts';
import { viewSuggestedChange } from '../domain/suggested-change-view.ts';
import type { Correction, CorrectionWithCopies, SuggestedChange } from '../domain/types.ts';
import { liveKey } from '../domain/world-rules.ts';
import { runCopyOf, type Agent, type Block, type CorrectorGroup, type Principal, type Project, type Run, type StoredSuggestedChange, type TestSet, type World } from '../domain/world.ts';
import { createCorrectionIndex, sortKeyOf, type CorrectionIndex } from './correction-index.ts';
import { createViewCache } from './view-cache.ts';
import { compareKeys, walkNewestFirst, type SortKey } from './keyset.ts';
import { isEmpty, MAX_KEPT_REPLIES, type KeptReply, type PendingApproval, type RunningCheck, type WorldChanges } from './world-changes.ts';

export interface CorrectionPageResult {
  corrections: readonly Correction[];
  /** The key of the last correction on the page, when more follow. */
  next?: SortKey;
}

/** Read-only look-ups by id, for the write logic; callers must not change what they get. */
export interface WorldLookup {
  correction(id: string): Correction | undefined;
  liveCorrectionFor(key: Pick<Correction, 'runId' | 'madeBy' | 'participantId'>): Correction | undefined;
  run(id: string): Run | undefined;
  project(id: string): Project | undefined;
  agent(id: string): Agent | undefined;
  block(id: string): Block | undefined;
  correctorGroup(id: string): CorrectorGroup | undefined;
  testSet(id: string): TestSet | undefined;
  suggestedChange(id: string): StoredSuggestedChange | undefined;
  approval(id: string): PendingApproval | undefined;
  /** The answer kept for an Idempotency-Key slot, while it has not expired. */
  reply(slot: string, now: number): KeptReply | undefined;
  runningChecks(): RunningCheck[];
  /** Fixed corrections of a project, at most `limit`, for check results. */
  fixedCorrections(projectId: string, limit: number): Correction[];
}

export interface WorldStore {
  lookup: WorldLookup;
  principalByToken(token: string): Principal | undefined;
  principals(): readonly Principal[];
  /** A correction the caller may read, with its run copy; undefined when unknown or unreadable. */
  readCorrection(caller: Principal, id: string): CorrectionWithCopies | undefined;
  /** A page of the list, newest first, starting strictly after `after`; the stored records, which callers must not change. */
  listCorrections(caller: Principal, filter: CorrectionFilter, after: SortKey | undefined, limit: number): CorrectionPageResult;
  readSuggestedChange(caller: Principal, id: string): SuggestedChange | undefined;
  /**
   * Applies every change together, after checking the domain rules and after `onCommit` (the
   * state file) has them on disk.
   * - Throws, changing nothing, when a rule would break (a bug) or `onCommit` throws (a
   *   StateWriteError: the disk did not take it).
   */
  commit(changes: WorldChanges): void;
  /**
   * Replays a set of changes the state file kept: applied as it is, neither checked nor journalled
   * again (the restore checks each entry first, naming its line). For the start only; the store
   * takes the objects as its own.
   */
  restore(changes: WorldChanges): void;
  /** Stores a new or changed correction and re-files it in the list index. */
  saveCorrection(correction: Correction): void;
  /** The world as it is now, with every write applied (a copy). */
  exportWorld(): World;
  /** The same, made of the stored records themselves (no copy, so cheap): read only. */
  worldView(): World;
  /** How many Idempotency-Key answers are kept now (at most MAX_KEPT_REPLIES). */
  keptReplyCount(): number;
  /** Counts by status, for `/__mock/state`. */
  counts(): { corrections: Record<string, number>; suggestedChanges: Record<string, number>; runs: number };
  /** Back to the world as loaded, once `onReset` (the state file) has started afresh; if it throws, nothing changes. */
  reset(): void;
}

interface Indexed {
  world: World;
  index: CorrectionIndex;
  corrections: Map<string, Correction>;
  live: Map<string, string>;
  projects: Map<string, Project>;
  tokens: Map<string, Principal>;
  runs: Map<string, Run>;
  blocks: Map<string, Block>;
  agents: Map<string, Agent>;
  groups: Map<string, CorrectorGroup>;
  testSets: Map<string, TestSet>;
  changes: Map<string, StoredSuggestedChange>;
  approvals: Map<string, PendingApproval>;
  checks: Map<string, RunningCheck>;
  replies: Map<string, KeptReply>;
}

/**
 * The world with its look-up maps and list index. The records are used as they are, not copied:
 * the store never changes a record in place (apply stores new objects), so `loaded` stays the
 * world as loaded for reset(). Copying it was most of the start-up time and doubled the memory
 * of a 100 000-correction world.
 * - A loaded suggested change that waits for a second person gets its open approval (whoever
 *   pinned it is not recorded, so any other writer may decide); one that is checking keeps
 *   checking, so the world stays as written, until `/__mock/checks/{id}/finish` ends it.
 */
function indexWorld(world: World): Indexed {
  const index = createCorrectionIndex();
  const live = new Map<string, string>();
  for (const correction of world.corrections) {
    index.add(correction);
    if (isLive(correction)) live.set(liveKey(correction), correction.id);
  }
  const byId = <T extends { id: string }>(records: T[]) => new Map(records.map((r) => [r.id, r]));
  return {
    world,
    index,
    corrections: byId(world.corrections),
    live,
    projects: byId(world.projects),
    tokens: new Map(world.principals.map((p) => [p.token, p])),
    runs: byId(world.runs),
    blocks: byId(world.blocks),
    agents: byId(world.agents),
    groups: byId(world.correctorGroups),
    testSets: byId(world.testSets),
    changes: byId(world.suggestedChanges),
    approvals: new Map(world.suggestedChanges.filter((s) => s.approvalId && !s.pinned && !s.addedAsLatest && !s.withdrawn).map((s) => [s.approvalId!, {
      id: s.approvalId!, suggestedChangeId: s.id, pinnedBy: { kind: 'user' as const, id: '(not recorded)' }, pinChangeId: `pch_${s.approvalId!.replace(/^apr_/, '')}`,
    }])),
    checks: new Map(world.suggestedChanges.filter((s) => s.check.status === 'running' && !s.withdrawn).map((s) => [s.id, {
      suggestedChangeId: s.id, endsAt: Number.POSITIVE_INFINITY, fails: false,
    }])),
    replies: new Map(),
  };
}

function tally(values: Iterable<string>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

export interface StoreOptions {
  /** Called with every set of changes that changes something, before it is applied (the state file); throwing refuses it. */
  onCommit?: (changes: WorldChanges) => void;
  /** Called before a reset to the loaded world; throwing refuses it. */
  onReset?: () => void;
  /** Now, for the expiry of kept Idempotency-Key answers (the mock clock); Date.now by default. */
  clock?: () => number;
}

/**
 * Every domain rule a set of changes would break, one line each (`correction cor_…: rule at field: …`).
 * - `blockOf` looks up blocks beside those the changes bring.
 */
export function ruleBreaks(changes: WorldChanges, blockOf: (id: string) => Block | undefined): string[] {
  const blockOfChange = (id: string) => changes.blocks?.find((b) => b.id === id) ?? blockOf(id);
  return [
    ...(changes.corrections ?? []).flatMap((c) => checkCorrection(c).map((v) => `correction ${c.id}: ${v.rule} at ${v.field}: ${v.message}`)),
    ...(changes.suggestedChanges ?? []).flatMap((s) => checkSuggestedChange(viewSuggestedChange(s, blockOfChange)).map((v) => `suggested change ${s.id}: ${v.rule} at ${v.field}: ${v.message}`)),
  ];
}

/** Takes `loaded` as its own: the caller must not change it afterwards (createMock copies a world it is given). */
export function createWorldStore(loaded: World, options: StoreOptions = {}): WorldStore {
  let state = indexWorld(loaded);
  const mayRead = (caller: Principal, tenantId: string, projectId: string) =>
    caller.tenantId === tenantId && caller.readProjectIds.includes(projectId);
  const blockOf = (id: string) => state.blocks.get(id);
  const correctionViews = createViewCache<Correction, CorrectionWithCopies>();
  const suggestedChangeViews = createViewCache<StoredSuggestedChange, SuggestedChange>();

  const putCorrection = (correction: Correction) => {
    const previous = state.corrections.get(correction.id);
    if (previous) {
      state.index.remove(previous);
      if (state.live.get(liveKey(previous)) === previous.id) state.live.delete(liveKey(previous));
    }
    state.corrections.set(correction.id, correction);
    state.index.add(correction);
    if (isLive(correction)) state.live.set(liveKey(correction), correction.id);
  };

  const clock = options.clock ?? Date.now;

  /** Stores `copy` (the store's own, never the caller's objects); cannot fail half-way. */
  const apply = (copy: WorldChanges) => {
    const now = clock();
    for (const correction of copy.corrections ?? []) putCorrection(correction);
    for (const change of copy.suggestedChanges ?? []) state.changes.set(change.id, change);
    for (const run of copy.runs ?? []) state.runs.set(run.id, run);
    for (const agent of copy.agents ?? []) state.agents.set(agent.id, agent);
    for (const block of copy.blocks ?? []) state.blocks.set(block.id, block);
    for (const approval of copy.approvals ?? []) state.approvals.set(approval.id, approval);
    for (const id of copy.closedApprovals ?? []) state.approvals.delete(id);
    for (const check of copy.checks ?? []) state.checks.set(check.suggestedChangeId, check);
    for (const id of copy.finishedChecks ?? []) state.checks.delete(id);
    for (const reply of copy.replies ?? []) {
      // Re-kept at the end, so the map stays oldest first; one already expired is not kept at all.
      state.replies.delete(reply.slot);
      if (reply.expires > now) state.replies.set(reply.slot, reply);
    }
    forgetOldReplies(now);
  };

  /** Expired answers from the oldest on, then the oldest past MAX_KEPT_REPLIES. */
  const forgetOldReplies = (now: number) => {
    for (const [slot, kept] of state.replies) {
      if (kept.expires > now && state.replies.size <= MAX_KEPT_REPLIES) break;
      state.replies.delete(slot);
    }
  };

  // Checked, then journalled, then applied: a write the disk did not take changes nothing here,
  // and the caller is answered only after the journal has it on disk. The copy is made first, so
  // nothing can fail between the journal and the memory.
  const commit = (changes: WorldChanges) => {
    const broken = ruleBreaks(changes, blockOf);
    if (broken.length > 0) throw new Error(`refused to store a change that breaks the domain rules:\n${broken.join('\n')}`);
    const copy = structuredClone(changes);
    if (!isEmpty(changes)) options.onCommit?.(changes);
    apply(copy);
  };

  const worldView = (): World => ({
    ...state.world,
    corrections: [...state.corrections.values()],
    runs: [...state.runs.values()],
    agents: [...state.agents.values()],
    blocks: [...state.blocks.values()],
    suggestedChanges: [...state.changes.values()],
  });

  const lookup: WorldLookup = {
    correction: (id) => state.corrections.get(id),
    liveCorrectionFor(key) {
      const id = state.live.get(liveKey(key));
      return id === undefined ? undefined : state.corrections.get(id);
    },
    run: (id) => state.runs.get(id),
    project: (id) => state.projects.get(id),
    agent: (id) => state.agents.get(id),
    block: blockOf,
    correctorGroup: (id) => state.groups.get(id),
    testSet: (id) => state.testSets.get(id),
    suggestedChange: (id) => state.changes.get(id),
    approval: (id) => state.approvals.get(id),
    reply(slot, now) {
      const kept = state.replies.get(slot);
      if (kept && kept.expires <= now) state.replies.delete(slot);
      return kept && kept.expires > now ? kept : undefined;
    },
    // A copy: settling a check changes the map while its caller walks it.
    runningChecks: () => (state.checks.size === 0 ? [] : [...state.checks.values()]),
    fixedCorrections(projectId, limit) {
      const found: Correction[] = [];
      walkNewestFirst(state.index.listsFor({ from: 'all', statuses: ['fixed'] }, [projectId]), undefined, undefined, (key) => {
        const correction = state.corrections.get(key.id)!;
        if (isLive(correction) && correction.status === 'fixed') found.push(correction);
        return found.length < limit;
      });
      return found;
    },
  };

  return {
    lookup,
    principalByToken: (token) => state.tokens.get(token),
    principals: () => state.world.principals,

    readCorrection(caller, id) {
      const correction = state.corrections.get(id);
      if (!correction || !mayRead(caller, correction.tenantId, correction.projectId)) return undefined;
      const run = state.runs.get(correction.runId);
      if (!run) throw new Error(`correction ${id} names run ${correction.runId}, which the world does not have`);
      // Not a deep copy: callers only read it. The same object until the correction or its run
      // changes, so the route validates and serializes it once (see send.ts).
      return correctionViews.get(correction, [run], () => ({ ...correction, run: runCopyOf(run) }));
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
      // No copy (unlike the other reads): copying 25–100 records per request was most of a list's
      // cost, and handing out the same objects lets send() reuse each one's validated JSON.
      return { corrections: page, ...(more && last ? { next: sortKeyOf(last) } : {}) };
    },

    readSuggestedChange(caller, id) {
      const stored = state.changes.get(id);
      const agent = stored ? state.agents.get(stored.agentId) : undefined;
      if (!stored || !agent || !mayRead(caller, agent.tenantId, agent.projectId)) return undefined;
      // Its nested parts are the stored ones, read only; kept while the change and its blocks stay (see readCorrection).
      const blocks = stored.changes.map((change) => (change.blockId === undefined ? undefined : blockOf(change.blockId)));
      return suggestedChangeViews.get(stored, blocks, () => viewSuggestedChange(stored, blockOf));
    },

    commit,

    restore: apply,

    saveCorrection(correction) {
      commit({ corrections: [correction] });
    },

    exportWorld: () => structuredClone(worldView()),

    worldView,

    keptReplyCount: () => state.replies.size,

    counts() {
      return {
        corrections: tally([...state.corrections.values()].map((c) => (c.supersededBy ? 'superseded' : c.status))),
        suggestedChanges: tally([...state.changes.values()].map((s) => viewSuggestedChange(s, blockOf).status)),
        runs: state.runs.size,
      };
    },

    reset() {
      options.onReset?.();
      state = indexWorld(loaded);
    },
  };
}
