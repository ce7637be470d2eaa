// A world the mock serves (the base world, or a session's): lookups, permission-aware reads, atomic
// writes of a set of changed records (checked, journalled, then applied), and a reset to the world
// as loaded. It holds only its own writes, over the shared read-only base (world-base.ts), so a
// reset forgets them at once and a thousand sessions cost their writes, not a world each. Reads
// hand out the stored records (or new objects over their parts), never copies, and callers only
// read them: a stored record is never changed in place, a change stores a new object (apply), so
// an object seen once stays that version, which lets send() cache each record's validated JSON.
import { deriveSuggestedChangeStatus } from '../domain/suggested-change-status.ts';
import { matchesFilter, type CorrectionFilter } from '../domain/correction-filter.ts';
import { checkCorrection } from '../domain/correction-rules.ts';
import { isLive } from '../domain/correction-transitions.ts';
import { checkSuggestedChange } from '../domain/suggested-change-rules.ts';
import { viewSuggestedChange } from '../domain/suggested-change-view.ts';
import type { Correction, CorrectionWithCopies, SuggestedChange } from '../domain/types.ts';
import { liveKey } from '../domain/world-rules.ts';
import { runCopyOf, type Agent, type Block, type CorrectorGroup, type Principal, type Project, type Run, type StoredSuggestedChange, type TestSet, type World } from '../domain/world.ts';
import { sortKeyOf, type CorrectionIndex } from './correction-index.ts';
import { countedAs } from './indexed-corrections.ts';
import { createLayerIndex } from './layer-index.ts';
import { LayeredMap } from './layered-map.ts';
import { worldBaseOf, type WorldBase } from './world-base.ts';
import { newestDateIn } from '../fixtures/world-dates.ts';
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
  /**
   * The running checks that end by themselves, at their `endsAt`: those this world's writes
   * started. A loaded one waits for `/__mock/checks/{id}/finish`, so it is never due.
   */
  checksThatEnd(): RunningCheck[];
  /** Open approvals that expire by themselves (`--approval-ms`). */
  expiringApprovals(): PendingApproval[];
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
  commit(changes: WorldChanges, options?: CommitOptions): void;
  /**
   * Replays a set of changes the state file kept: applied as it is, neither checked nor journalled
   * again (the restore checks each entry first, naming its line). For the start only; the store
   * takes the objects as its own.
   */
  restore(changes: WorldChanges): void;
  /**
   * Starts a replay of many sets of changes (the state file's, at start), each applied as
   * `restore` applies it; the list index and the newest time are brought up to date once, by
   * `finish`, rather than at each set (re-filing each correction as it came cost more than the
   * rest of the replay). Until `finish`, only `lookup` may be read.
   */
  replay(): StoreReplay;
  /** Stores a new or changed correction and re-files it in the list index. */
  saveCorrection(correction: Correction): void;
  /** The world as it is now, with every write applied (a copy). */
  exportWorld(): World;
  /** The same, made of the stored records themselves (no copy, so cheap): read only. */
  worldView(): World;
  /**
   * The world's small collections (no correction, run or suggested change, which worldView
   * spreads and, loaded, parses): the same object until a write changes a project, principal,
   * agent or block, or a reset. The stored records themselves: read only.
   */
  shape(): ShapeRecords;
  /** How many Idempotency-Key answers are kept now (at most MAX_KEPT_REPLIES). */
  keptReplyCount(): number;
  /**
   * Everything this world holds that the loaded one does not, as one set of changes that,
   * restored over the loaded world, gives this one (the state file's snapshot): each changed or
   * new record as it is now, the approvals and checks of the loaded world that ended, and the
   * answers kept now, oldest first. The stored objects themselves: read only.
   */
  ownChanges(): Required<WorldChanges>;
  /** How many writes changed this world since it was loaded or reset. */
  writeCount(): number;
  /** The newest time the world's records carry (tokens aside), in epoch ms: a clock set before it would stamp a write before the record it changes. */
  newestTime(): number;
  /** Every correction of the world, superseded and removed ones too, as stored (read only): for the operator's listing. */
  allCorrections(): Iterable<Correction>;
  /** Every suggested change as the API serves it (derived status and title), in the world's order: for the operator's listing. */
  suggestedChangeViews(): SuggestedChange[];
  /** Counts by status, for `/__mock/state`. */
  counts(): { corrections: Record<string, number>; suggestedChanges: Record<string, number>; runs: number };
  /** Back to the world as loaded, once `onReset` (the state file) has started afresh; if it throws, nothing changes. */
  reset(): void;
}

/** What WorldStore.shape answers. */
export type ShapeRecords = Readonly<Pick<World, 'tenants' | 'orgs' | 'projects' | 'principals' | 'correctorGroups' | 'flows' | 'testSets' | 'agents' | 'blocks'>>;

/** How a caller of commit made its changes; each lets the store skip work it would repeat. */
export interface CommitOptions {
  /**
   * The caller made these objects for this commit and keeps none it might change afterwards: the
   * store takes them as its own (as restore does) instead of copying them.
   */
  handedOver?: boolean;
  /**
   * The caller has just held these very changes to every rule ruleBreaks names, over this
   * store's look-ups (a scenario's checkDraft): they are not checked again.
   */
  checked?: boolean;
}

/** The base's counts by status, moved by a layer's own records: each leaves its loaded one's status (if loaded) and adds its own. */
function movedTally<T extends { id: string }>(baseTally: Readonly<Record<string, number>>, own: Iterable<T>, loaded: (id: string) => T | undefined, statusOf: (record: T) => string): Record<string, number> {
  const counts = { ...baseTally };
  const move = (status: string, by: number) => {
    counts[status] = (counts[status] ?? 0) + by;
    if (counts[status] === 0) delete counts[status];
  };
  for (const record of own) {
    const before = loaded(record.id);
    if (before) move(statusOf(before), -1);
    move(statusOf(record), 1);
  }
  return counts;
}

/** A replay under way (WorldStore.replay). */
export interface StoreReplay {
  apply(changes: WorldChanges): void;
  /** Files the replayed corrections in the list index and takes in their times. */
  finish(): void;
}

export interface StoreOptions {
  /** Called with every set of changes that changes something, before it is applied (the state file); throwing refuses it. */
  onCommit?: (changes: WorldChanges) => void;
  /** Called before a reset to the loaded world; throwing refuses it. */
  onReset?: () => void;
  /** Called once a set of changes `onCommit` took is applied (the state file compacts itself then); it must not throw. */
  afterCommit?: () => void;
  /** Now, for the expiry of kept Idempotency-Key answers (the mock clock); Date.now by default. */
  clock?: () => number;
}

/** What ruleBreaks looks up in the world beside the records the changes bring; without `principalByToken`, no principal's token is held to its owner. */
export type RuleLookup = Pick<WorldLookup, 'block' | 'project'> & { principalByToken?(token: string): Principal | undefined };

/**
 * Every domain rule a set of changes would break, one line each (`correction cor_…: rule at field: …`).
 * - `world` looks up blocks and projects beside those the changes bring.
 */
export function ruleBreaks(changes: WorldChanges, world: RuleLookup): string[] {
  const blockOfChange = (id: string) => changes.blocks?.find((b) => b.id === id) ?? world.block(id);
  return [
    ...(changes.corrections ?? []).flatMap((c) => checkCorrection(c).map((v) => `correction ${c.id}: ${v.rule} at ${v.field}: ${v.message}`)),
    ...(changes.suggestedChanges ?? []).flatMap((s) => checkSuggestedChange(viewSuggestedChange(s, blockOfChange)).map((v) => `suggested change ${s.id}: ${v.rule} at ${v.field}: ${v.message}`)),
    ...principalBreaks(changes, world),
  ];
}

/**
 * A principal's projects must exist (in the world or the same changes), in its own tenant, and
 * what it may write it may also read: a grant of a project nobody can see would let its holder
 * past the permission checks to records that are not there.
 */
function principalBreaks(changes: WorldChanges, world: RuleLookup): string[] {
  if (!changes.principals?.length) return [];
  const projectOf = (id: string) => changes.projects?.find((p) => p.id === id) ?? world.project(id);
  const broken: string[] = [];
  const tokens = new Set<string>();
  for (const principal of changes.principals) {
    const named = `principal ${principal.id} (${principal.token.slice(0, 12)}…)`;
    // Keyed by token: a second one in the same changes, or another principal under a known token, would take over its requests.
    if (tokens.has(principal.token)) broken.push(`${named}: unique-ids at token: the changes name its token twice`);
    tokens.add(principal.token);
    const holder = world.principalByToken?.(principal.token);
    if (holder && (holder.id !== principal.id || holder.tenantId !== principal.tenantId || holder.kind !== principal.kind)) {
      broken.push(`${named}: own-token at token: the token is ${holder.kind} ${holder.id}'s in tenant ${holder.tenantId}`);
    }
    for (const field of ['readProjectIds', 'writeProjectIds'] as const) {
      for (const projectId of principal[field]) {
        const project = projectOf(projectId);
        if (!project) broken.push(`${named}: known-project at ${field}: no project ${projectId}`);
        else if (project.tenantId !== principal.tenantId) broken.push(`${named}: same-tenant at ${field}: project ${projectId} is in tenant ${project.tenantId}, not ${principal.tenantId}`);
      }
    }
    for (const projectId of principal.writeProjectIds) {
      if (!principal.readProjectIds.includes(projectId)) broken.push(`${named}: write-implies-read at writeProjectIds: may write ${projectId} but not read it`);
    }
  }
  return broken;
}

/** What one world wrote over the base: only the records it changed, and its own list index of them. */
interface Layer {
  projects: LayeredMap<string, Project>;
  /** By token: a principal is replaced whole. */
  principals: LayeredMap<string, Principal>;
  /** Every principal, the base's and this layer's, made on first read after a change of them. */
  principalList: Principal[] | undefined;
  /** WorldStore.shape, made on first read after a change of what it holds. */
  shape: ShapeRecords | undefined;
  corrections: LayeredMap<string, Correction>;
  live: LayeredMap<string, string>;
  runs: LayeredMap<string, Run>;
  agents: LayeredMap<string, Agent>;
  blocks: LayeredMap<string, Block>;
  changes: LayeredMap<string, StoredSuggestedChange>;
  approvals: LayeredMap<string, PendingApproval>;
  checks: LayeredMap<string, RunningCheck>;
  /** Kept Idempotency-Key answers, oldest first (the base has none). */
  replies: Map<string, KeptReply>;
  /** The list index of this layer's own corrections; the base's index holds the rest. */
  index: CorrectionIndex;
  /** The newest time this layer's writes carry, in epoch ms. */
  newest: number;
  writes: number;
}

function emptyLayer(base: WorldBase): Layer {
  const corrections = new LayeredMap(base.corrections);
  return {
    projects: new LayeredMap(base.projects),
    principals: new LayeredMap(base.tokens),
    principalList: undefined,
    shape: undefined,
    corrections,
    live: new LayeredMap(base.live),
    runs: new LayeredMap(base.runs),
    agents: new LayeredMap(base.agents),
    blocks: new LayeredMap(base.blocks),
    changes: new LayeredMap(base.changes),
    approvals: new LayeredMap(base.approvals),
    checks: new LayeredMap(base.checks),
    replies: new Map(),
    index: createLayerIndex(() => corrections.ownValues()),
    newest: Number.NEGATIVE_INFINITY,
    writes: 0,
  };
}

/**
 * A world over `loaded`, which becomes a shared read-only base (world-base.ts): the caller must
 * not change it afterwards (createMock copies a world it is given). Stores over the same World
 * object share one base, and never see each other's writes.
 */
export function createWorldStore(loaded: World, options: StoreOptions = {}): WorldStore {
  const base = worldBaseOf(loaded);
  let layer = emptyLayer(base);
  const mayRead = (caller: Principal, tenantId: string, projectId: string) =>
    caller.tenantId === tenantId && caller.readProjectIds.includes(projectId);
  const blockOf = (id: string) => layer.blocks.get(id);
  const projectOf = (id: string) => layer.projects.get(id);
  // The base's lists hold the loaded version of a correction this layer changed: a walk meets it
  // there and reads the current version (which the filter then checks), and meets it once more in
  // this layer's lists only under the same key, which the walk visits once.
  const listsFor = (filter: CorrectionFilter, projectIds: readonly string[]) => {
    const own = layer.corrections.changed === 0 ? [] : layer.index.listsFor(filter, projectIds);
    const loadedLists = base.index.listsFor(filter, projectIds);
    return own.length === 0 ? loadedLists : [...loadedLists, ...own];
  };

  // Set during a replay: the list index and the newest time wait for its end (replay below).
  let replaying = false;

  const putCorrection = (correction: Correction) => {
    const previous = layer.corrections.get(correction.id);
    if (previous) {
      if (layer.corrections.owns(correction.id)) {
        if (replaying) takeInTimes(previous);
        else layer.index.remove(previous);
      }
      if (layer.live.get(liveKey(previous)) === previous.id) layer.live.delete(liveKey(previous));
    }
    layer.corrections.set(correction.id, correction);
    if (!replaying) layer.index.add(correction);
    if (isLive(correction)) layer.live.set(liveKey(correction), correction.id);
  };

  const takeInTimes = (records: unknown) => {
    layer.newest = Math.max(layer.newest, newestDateIn(records));
  };
  /** Sets a record of this layer; in a replay, the version it replaces is taken into the newest time first (finish reads only the last versions). */
  const putRecord = <T extends { id: string }>(map: LayeredMap<string, T>, record: T) => {
    if (replaying && map.owns(record.id)) takeInTimes(map.get(record.id));
    map.set(record.id, record);
  };

  const clock = options.clock ?? Date.now;

  /** Stores `copy` (the store's own, never the caller's objects); cannot fail half-way. */
  const apply = (copy: WorldChanges) => {
    const now = clock();
    // Projects and principals carry no time the clock must stay after (tokens aside, world-base.ts).
    for (const project of copy.projects ?? []) layer.projects.set(project.id, project);
    for (const principal of copy.principals ?? []) layer.principals.set(principal.token, principal);
    if (copy.principals?.length) layer.principalList = undefined;
    if (copy.projects?.length || copy.principals?.length || copy.agents?.length || copy.blocks?.length) layer.shape = undefined;
    for (const correction of copy.corrections ?? []) putCorrection(correction);
    for (const change of copy.suggestedChanges ?? []) putRecord(layer.changes, change);
    for (const run of copy.runs ?? []) putRecord(layer.runs, run);
    for (const agent of copy.agents ?? []) putRecord(layer.agents, agent);
    for (const block of copy.blocks ?? []) putRecord(layer.blocks, block);
    for (const approval of copy.approvals ?? []) layer.approvals.set(approval.id, approval);
    for (const id of copy.closedApprovals ?? []) layer.approvals.delete(id);
    for (const check of copy.checks ?? []) layer.checks.set(check.suggestedChangeId, check);
    for (const id of copy.finishedChecks ?? []) layer.checks.delete(id);
    for (const reply of copy.replies ?? []) {
      // Re-kept at the end, so the map stays oldest first; one already expired is not kept at all.
      layer.replies.delete(reply.slot);
      if (reply.expires > now) layer.replies.set(reply.slot, reply);
    }
    forgetOldReplies(now);
    if (!replaying) takeInTimes([copy.corrections, copy.suggestedChanges, copy.runs, copy.agents, copy.blocks]);
    if (!isEmpty(copy)) layer.writes += 1;
  };

  // Every version a replay stored is taken into the newest time: those replaced as they were
  // (putRecord), the last ones here; and the list index is made once, of the last versions.
  const replay = (): StoreReplay => {
    if (replaying) throw new Error('a replay is already under way');
    replaying = true;
    return {
      apply,
      finish() {
        if (!replaying) return;
        replaying = false;
        const { corrections } = layer;
        takeInTimes([corrections.ownValues(), layer.changes.ownValues(), layer.runs.ownValues(), layer.agents.ownValues(), layer.blocks.ownValues()].map((values) => [...values]));
        layer.index = createLayerIndex(() => corrections.ownValues(), [...corrections.ownValues()]);
      },
    };
  };

  /** Expired answers from the oldest on, then the oldest past MAX_KEPT_REPLIES. */
  const forgetOldReplies = (now: number) => {
    for (const [slot, kept] of layer.replies) {
      if (kept.expires > now && layer.replies.size <= MAX_KEPT_REPLIES) break;
      layer.replies.delete(slot);
    }
  };

  // Checked, then journalled, then applied: a write the disk did not take changes nothing here,
  // and the caller is answered only after the journal has it on disk. The copy is made first, so
  // nothing can fail between the journal and the memory.
  const commit = (changes: WorldChanges, commitOptions: CommitOptions = {}) => {
    if (replaying) throw new Error('a replay is under way: nothing may be committed until it is finished');
    if (!commitOptions.checked) {
      const broken = ruleBreaks(changes, { block: blockOf, project: projectOf, principalByToken: (token) => layer.principals.get(token) });
      if (broken.length > 0) throw new Error(`refused to store a change that breaks the domain rules:\n${broken.join('\n')}`);
    }
    // Copying 10 000 of a scenario's new corrections was as long as checking them.
    const copy = commitOptions.handedOver ? changes : structuredClone(changes);
    const journalled = !isEmpty(changes);
    if (journalled) options.onCommit?.(changes);
    apply(copy);
    if (journalled) options.afterCommit?.();
  };

  // Each collection by name: spreading base.world would read its held runs all at once (held-records.ts).
  const { tenants, orgs, correctorGroups, flows, testSets } = base.world;
  // The loaded lists themselves while this layer changed none of them (the usual case).
  const projectList = () => (layer.projects.changed === 0 ? base.world.projects : [...layer.projects.values()]);
  const principalList = () => {
    if (layer.principals.changed === 0) return base.world.principals;
    return (layer.principalList ??= [...layer.principals.values()]);
  };
  const worldView = (): World => ({
    tenants, orgs, correctorGroups, flows, testSets,
    projects: projectList(),
    principals: principalList(),
    corrections: [...layer.corrections.values()],
    runs: [...layer.runs.values()],
    agents: [...layer.agents.values()],
    blocks: [...layer.blocks.values()],
    suggestedChanges: [...layer.changes.values()],
  });

  // The base's counts, moved by this layer's own corrections: counting every correction would
  // parse every held one (held-records.ts).
  const correctionCounts = () => movedTally(base.tally, layer.corrections.ownValues(), (id) => base.corrections.get(id), countedAs);
  // From the record alone, so neither a view nor a walk over the loaded ones (held as bytes, each would be parsed).
  const changeCounts = () => movedTally(base.changeTally, layer.changes.ownValues(), (id) => base.changes.get(id), deriveSuggestedChangeStatus);

  const lookup: WorldLookup = {
    correction: (id) => layer.corrections.get(id),
    liveCorrectionFor(key) {
      const id = layer.live.get(liveKey(key));
      return id === undefined ? undefined : layer.corrections.get(id);
    },
    run: (id) => layer.runs.get(id),
    project: projectOf,
    agent: (id) => layer.agents.get(id),
    block: blockOf,
    correctorGroup: (id) => base.groups.get(id),
    testSet: (id) => base.testSets.get(id),
    suggestedChange: (id) => layer.changes.get(id),
    approval: (id) => layer.approvals.get(id),
    reply(slot, now) {
      const kept = layer.replies.get(slot);
      if (kept && kept.expires <= now) layer.replies.delete(slot);
      return kept && kept.expires > now ? kept : undefined;
    },
    // A copy: settling a check changes the map while its caller walks it.
    runningChecks: () => (layer.checks.size === 0 ? [] : [...layer.checks.values()]),
    // Asked before every request: a world with many loaded checks must not copy them each time.
    checksThatEnd: () => (layer.checks.changed === 0 ? [] : [...layer.checks.ownValues()].filter((c) => Number.isFinite(c.endsAt))),
    // A copy, as runningChecks; only a layer's own approvals can carry an expiry (the loaded ones wait).
    // Asked before every request (settle-checks.ts): nothing to copy in a world with no approvals of its own.
    expiringApprovals: () => (layer.approvals.changed === 0 ? [] : [...layer.approvals.ownValues()].filter((a) => a.expiresAt !== undefined)),
    fixedCorrections(projectId, limit) {
      const found: Correction[] = [];
      walkNewestFirst(listsFor({ from: 'all', statuses: ['fixed'] }, [projectId]), undefined, undefined, (key) => {
        const correction = layer.corrections.get(key.id)!;
        if (isLive(correction) && correction.status === 'fixed') found.push(correction);
        return found.length < limit;
      });
      return found;
    },
  };

  return {
    lookup,
    principalByToken: (token) => layer.principals.get(token),
    // Read per request by sessions and listings: the loaded array while no write changed a principal.
    principals: principalList,

    readCorrection(caller, id) {
      const correction = layer.corrections.get(id);
      if (!correction || !mayRead(caller, correction.tenantId, correction.projectId)) return undefined;
      const run = layer.runs.get(correction.runId);
      if (!run) throw new Error(`correction ${id} names run ${correction.runId}, which the world does not have`);
      // Not a deep copy: callers only read it. The same object until the correction or its run
      // changes, so the route validates and serializes it once (see send.ts).
      return base.correctionViews.get(correction, [run], () => ({ ...correction, run: runCopyOf(run) }));
    },

    listCorrections(caller, filter, after, limit) {
      const { projects, corrections } = layer;
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
      walkNewestFirst(listsFor(filter, projectIds), below, filter.since, (key) => {
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
      const stored = layer.changes.get(id);
      const agent = stored ? layer.agents.get(stored.agentId) : undefined;
      if (!stored || !agent || !mayRead(caller, agent.tenantId, agent.projectId)) return undefined;
      // Its nested parts are the stored ones, read only; kept while the change and its blocks stay (see readCorrection).
      const blocks = stored.changes.map((change) => (change.blockId === undefined ? undefined : blockOf(change.blockId)));
      return base.suggestedChangeViews.get(stored, blocks, () => viewSuggestedChange(stored, blockOf));
    },

    commit,

    restore: apply,

    replay,

    saveCorrection(correction) {
      commit({ corrections: [correction] });
    },

    exportWorld: () => structuredClone(worldView()),

    worldView,

    shape: () => (layer.shape ??= {
      tenants, orgs, correctorGroups, flows, testSets,
      projects: projectList(),
      principals: principalList(),
      // The loaded lists themselves while this layer changed none (the usual case for a session).
      agents: layer.agents.changed === 0 ? base.world.agents : [...layer.agents.values()],
      blocks: layer.blocks.changed === 0 ? base.world.blocks : [...layer.blocks.values()],
    }),

    keptReplyCount: () => layer.replies.size,

    ownChanges: () => ({
      projects: [...layer.projects.ownValues()],
      principals: [...layer.principals.ownValues()],
      corrections: [...layer.corrections.ownValues()],
      suggestedChanges: [...layer.changes.ownValues()],
      runs: [...layer.runs.ownValues()],
      agents: [...layer.agents.ownValues()],
      blocks: [...layer.blocks.ownValues()],
      approvals: [...layer.approvals.ownValues()],
      closedApprovals: [...base.approvals.keys()].filter((id) => !layer.approvals.has(id)),
      checks: [...layer.checks.ownValues()],
      finishedChecks: [...base.checks.keys()].filter((id) => !layer.checks.has(id)),
      replies: [...layer.replies.values()].filter((reply) => reply.expires > clock()),
    }),

    writeCount: () => layer.writes,

    newestTime: () => Math.max(base.newestTime(), layer.newest),

    suggestedChangeViews: () => [...layer.changes.values()].map((s) => viewSuggestedChange(s, blockOf)),

    allCorrections: () => layer.corrections.values(),

    counts() {
      return {
        corrections: correctionCounts(),
        suggestedChanges: changeCounts(),
        runs: layer.runs.size,
      };
    },

    reset() {
      if (replaying) throw new Error('a replay is under way');
      options.onReset?.();
      layer = emptyLayer(base);
    },
  };
}
