// The records a scenario has made so far, as one set of changes, and a look-up that sees them
// before the store's: each write function of the store then reads the world as the scenario left
// it, and the whole draft is committed at once (apply.ts) or dropped.
import { isLive } from '../domain/correction-transitions.ts';
import type { Correction } from '../domain/types.ts';
import { liveKey } from '../domain/world-rules.ts';
import type { Agent, Block, Principal, Project, Run, StoredSuggestedChange } from '../domain/world.ts';
import type { PendingApproval, RunningCheck, WorldChanges } from '../store/world-changes.ts';
import type { WorldLookup } from '../store/world-store.ts';

/**
 * What STORE adds to WorldChanges for new and changed projects and principals (issue 32). Read
 * through this type until world-changes.ts has the keys, so this file compiles either way.
 */
export type ScenarioChanges = WorldChanges & { projects?: Project[]; principals?: Principal[] };

/** Ids of records one `take` made, each list in the order made. */
export interface NewRecords {
  corrections: string[];
  suggestedChanges: string[];
  runs: string[];
}

export interface Draft {
  /** Reads the draft first, then the store. */
  lookup: WorldLookup;
  project(id: string): Project | undefined;
  /** The principal of that token as the draft left it. */
  principal(token: string): Principal | undefined;
  /** Takes in what a write function returned (its `changes`), in the order made; returns the ids of the records it made (new to the world). */
  take(changes: ScenarioChanges): NewRecords;
  /** The draft as one set of changes (each record once, as it is now). */
  changes(): ScenarioChanges;
}

/** What a write's changes lack: one shared list, not a new one per key per step (a scenario takes 20 000 steps). */
const NONE: readonly never[] = [];

/** `store` is the store's own look-up; `storePrincipal` its principal by token. */
export function createDraft(store: WorldLookup, storePrincipal: (token: string) => Principal | undefined): Draft {
  const corrections = new Map<string, Correction>();
  const suggestedChanges = new Map<string, StoredSuggestedChange>();
  const runs = new Map<string, Run>();
  const agents = new Map<string, Agent>();
  const blocks = new Map<string, Block>();
  const projects = new Map<string, Project>();
  const principals = new Map<string, Principal>();
  const approvals = new Map<string, PendingApproval>();
  const closedApprovals = new Set<string>();
  const checks = new Map<string, RunningCheck>();
  const finishedChecks = new Set<string>();
  // The live correction of each (run, maker, participant) the draft changed: an id, or null for none.
  const live = new Map<string, string | null>();

  /** Stores it in the draft; true when the world had no such correction. */
  const putCorrection = (correction: Correction): boolean => {
    const before = corrections.get(correction.id) ?? store.correction(correction.id);
    // At most one live correction per key: the one it was is no longer, unless it still is.
    if (before && isLive(before)) live.set(liveKey(before), null);
    corrections.set(correction.id, correction);
    if (isLive(correction)) live.set(liveKey(correction), correction.id);
    return before === undefined;
  };

  const lookup: WorldLookup = {
    correction: (id) => corrections.get(id) ?? store.correction(id),
    liveCorrectionFor(key) {
      const id = live.get(liveKey(key));
      if (id === null) return undefined;
      if (id !== undefined) return corrections.get(id);
      const found = store.liveCorrectionFor(key);
      // The store's live one, unless the draft has since changed it (superseded or removed it).
      const now = found ? corrections.get(found.id) ?? found : undefined;
      return now && isLive(now) ? now : undefined;
    },
    run: (id) => runs.get(id) ?? store.run(id),
    project: (id) => projects.get(id) ?? store.project(id),
    agent: (id) => agents.get(id) ?? store.agent(id),
    block: (id) => blocks.get(id) ?? store.block(id),
    correctorGroup: (id) => store.correctorGroup(id),
    testSet: (id) => store.testSet(id),
    suggestedChange: (id) => suggestedChanges.get(id) ?? store.suggestedChange(id),
    approval: (id) => (closedApprovals.has(id) ? undefined : approvals.get(id) ?? store.approval(id)),
    reply: (slot, now) => store.reply(slot, now),
    runningChecks: () => [
      ...store.runningChecks().filter((c) => !finishedChecks.has(c.suggestedChangeId) && !checks.has(c.suggestedChangeId)),
      ...checks.values(),
    ],
    checksThatEnd: () => lookup.runningChecks().filter((c) => Number.isFinite(c.endsAt)),
    expiringApprovals: () => [],
    // The store's, as the draft left them (a check's newly failing ones): walking the draft's own
    // for each check would make a scenario of many checks quadratic.
    fixedCorrections: (projectId, limit) => store.fixedCorrections(projectId, limit)
      .map((c) => corrections.get(c.id) ?? c)
      .filter((c) => isLive(c) && c.status === 'fixed'),
  };

  return {
    lookup,
    project: lookup.project,
    principal: (token) => principals.get(token) ?? storePrincipal(token),
    take(changes) {
      const made: NewRecords = { corrections: [], suggestedChanges: [], runs: [] };
      for (const correction of changes.corrections ?? NONE) if (putCorrection(correction)) made.corrections.push(correction.id);
      for (const change of changes.suggestedChanges ?? NONE) {
        if (!suggestedChanges.has(change.id) && !store.suggestedChange(change.id)) made.suggestedChanges.push(change.id);
        suggestedChanges.set(change.id, change);
      }
      for (const run of changes.runs ?? NONE) {
        if (!runs.has(run.id) && !store.run(run.id)) made.runs.push(run.id);
        runs.set(run.id, run);
      }
      for (const agent of changes.agents ?? NONE) agents.set(agent.id, agent);
      for (const block of changes.blocks ?? NONE) blocks.set(block.id, block);
      for (const project of changes.projects ?? NONE) projects.set(project.id, project);
      for (const principal of changes.principals ?? NONE) principals.set(principal.token, principal);
      for (const approval of changes.approvals ?? NONE) approvals.set(approval.id, approval);
      for (const id of changes.closedApprovals ?? NONE) {
        // One the draft made and closed never reaches the store; one of the store's is closed there.
        if (!approvals.delete(id)) closedApprovals.add(id);
      }
      for (const check of changes.checks ?? NONE) {
        checks.set(check.suggestedChangeId, check);
        // The store sets checks before it drops finished ones: a check started again must not be dropped.
        finishedChecks.delete(check.suggestedChangeId);
      }
      for (const id of changes.finishedChecks ?? NONE) {
        checks.delete(id);
        if (store.runningChecks().some((c) => c.suggestedChangeId === id)) finishedChecks.add(id);
      }
      return made;
    },
    changes() {
      const out: ScenarioChanges = {};
      const put = <K extends keyof ScenarioChanges>(key: K, values: NonNullable<ScenarioChanges[K]>) => {
        if ((values as unknown[]).length > 0) out[key] = values;
      };
      put('projects', [...projects.values()]);
      put('principals', [...principals.values()]);
      put('agents', [...agents.values()]);
      put('blocks', [...blocks.values()]);
      put('runs', [...runs.values()]);
      put('corrections', [...corrections.values()]);
      put('suggestedChanges', [...suggestedChanges.values()]);
      put('approvals', [...approvals.values()]);
      put('closedApprovals', [...closedApprovals]);
      put('checks', [...checks.values()]);
      put('finishedChecks', [...finishedChecks]);
      return out;
    },
  };
}
