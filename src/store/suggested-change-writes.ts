// The actions on a suggested change (check, pin, add as Latest, withdraw) and the steps no
// endpoint drives (a second person's decision, a check finishing), as pure functions of the
// world: each returns the records it changes, or refuses with the page's 409s.
import { fixCorrection, isLive, unlinkCorrection } from '../domain/correction-transitions.ts';
import { madeBeforeProjects } from '../domain/made-before-projects.ts';
import { checkSuggestedChange } from '../domain/suggested-change-rules.ts';
import { viewSuggestedChange } from '../domain/suggested-change-view.ts';
import type { Actor, Correction, SuggestedChange, SuggestedChangeStatus } from '../domain/types.ts';
import type { Agent, Block, Principal, StoredSuggestedChange } from '../domain/world.ts';
import { sha256 } from '../digest.ts';
import { accessTo, refuse, type Outcome } from './outcome.ts';
import type { PendingApproval, RunningCheck, WorldChanges } from './world-changes.ts';
import type { WorldLookup } from './world-store.ts';

export type SuggestedChangeAction = 'check' | 'pin' | 'add-as-latest' | 'withdraw';

/** From which statuses each action may start (page 002's statuses; anything else is a 409). */
export const ALLOWED_FROM: Record<SuggestedChangeAction, readonly SuggestedChangeStatus[]> = {
  check: ['check-failed', 'ready'],
  pin: ['ready'],
  'add-as-latest': ['ready'],
  withdraw: ['checking', 'check-failed', 'ready', 'waiting-for-second-person'],
};

export interface ActionContext {
  lookup: WorldLookup;
  caller: Principal;
  at: string;
  /** A fresh id (UUIDs for test runs, others for approvals and pin changes). */
  newId: (prefix: string) => string;
  /** How long a pin waits for a second person before its approval expires (`--approval-ms`); never when undefined. */
  approvalMs?: number;
}

/** Reads the suggested change for an action: 404 unless readable, 403 unless writable, 409 from a status that does not allow it. */
function actionable(ctx: ActionContext, id: string, action: SuggestedChangeAction): Outcome<{ state: StoredSuggestedChange; agent: Agent; status: SuggestedChangeStatus }> {
  const state = ctx.lookup.suggestedChange(id);
  const agent = state ? ctx.lookup.agent(state.agentId) : undefined;
  const access = agent ? accessTo(ctx.caller, agent.tenantId, agent.projectId) : 'none';
  if (!state || !agent || access === 'none') return refuse('not-found', `no suggested change ${id} that this caller may read`, { suggestedChangeId: id });
  if (access === 'read') return refuse('permission-denied', `the caller may read suggested change ${id} but not ${action} it`, { action, resource: `suggested-change/${id}`, reason: 'no write access to the project' });
  const status = view(ctx.lookup, state).status;
  if (madeBeforeProjects(state) && action !== 'withdraw') {
    return refuse('suggested-change-not-for-a-project', `suggested change ${id} was made before suggested changes were for a project: it can only be withdrawn`, { suggestedChangeId: id, status });
  }
  if (!ALLOWED_FROM[action].includes(status)) {
    return refuse('suggested-change-invalid-state-transition', `cannot ${action} a suggested change that is ${status}; allowed from ${ALLOWED_FROM[action].join(', ')}`, { suggestedChangeId: id, status });
  }
  return { ok: true, value: { state, agent, status }, changes: {} };
}

function view(lookup: WorldLookup, state: StoredSuggestedChange): SuggestedChange {
  return viewSuggestedChange(state, (blockId) => lookup.block(blockId));
}

/** The response, after checking the changed record keeps page 002's rules (a break is a bug, never stored). */
function done(lookup: WorldLookup, state: StoredSuggestedChange, changes: WorldChanges): Outcome<SuggestedChange> {
  const result = view({ ...lookup, block: (id) => changes.blocks?.find((b) => b.id === id) ?? lookup.block(id) }, state);
  const violations = checkSuggestedChange(result);
  if (violations.length > 0) throw new Error(`suggested change ${state.id} would break ${JSON.stringify(violations)}`);
  return { ok: true, value: result, changes: { ...changes, suggestedChanges: [state, ...(changes.suggestedChanges ?? [])] } };
}

/** The live corrections the suggested change fixes, moved by `move` (skipping any that refuse). */
function moveFixes(lookup: WorldLookup, state: StoredSuggestedChange, move: (c: Correction) => Correction | undefined): Correction[] {
  return state.fixes.flatMap((id) => {
    const correction = lookup.correction(id);
    if (!correction || !isLive(correction)) return [];
    const moved = move(correction);
    return moved && moved !== correction ? [moved] : [];
  });
}

/**
 * Check again: a new version (when it has none) and two test runs, `checking` until `endsAt`.
 * - `fails` makes the simulated run fail (a fault the user injects).
 */
export function startCheck(ctx: ActionContext, id: string, endsAt: number, fails: boolean): Outcome<SuggestedChange> {
  const found = actionable(ctx, id, 'check');
  if (!found.ok) return found;
  const { state, agent } = found.value;
  const project = ctx.lookup.project(agent.projectId)!;
  const changes: WorldChanges = {};
  let next: StoredSuggestedChange = { ...state, updatedAt: ctx.at };
  delete next.note;
  if (next.version === undefined) {
    const version = `v${agent.versions.length + 1}`;
    changes.agents = [{ ...agent, versions: [...agent.versions, version] }];
    const blocks: Block[] = [];
    next = {
      ...next,
      version,
      changes: next.changes.map((change) => {
        const block = change.kind === 'block' && change.blockId ? ctx.lookup.block(change.blockId) : undefined;
        if (!block || change.to !== undefined) return change;
        const to = `v${block.versions.length + 1}`;
        const from = block.versions.find((v) => v.version === change.from)?.content ?? {};
        blocks.push({ ...block, versions: [...block.versions, { version: to, content: revised(from, state.why) }] });
        return { ...change, to };
      }),
    };
    if (blocks.length > 0) changes.blocks = blocks;
  }
  next.check = {
    status: 'running',
    ...(project.testSetId ? { testSetId: project.testSetId } : {}),
    testSetVersion: testSetVersionOf(ctx, project.testSetId),
    now: { testRunId: ctx.newId('uuid') },
    with: { testRunId: ctx.newId('uuid') },
    startedAt: ctx.at,
  };
  const check: RunningCheck = { suggestedChangeId: id, endsAt, fails };
  return done(ctx.lookup, next, { ...changes, checks: [check] });
}

/** A running check whose time has come: `failed`, or `done` with results derived from its ids. */
export function finishCheck(lookup: WorldLookup, check: RunningCheck, at: string): WorldChanges {
  const state = lookup.suggestedChange(check.suggestedChangeId);
  if (!state || state.check.status !== 'running') return { finishedChecks: [check.suggestedChangeId] };
  const next: StoredSuggestedChange = { ...state, updatedAt: at };
  if (check.fails) {
    next.check = { ...state.check, status: 'failed' };
  } else {
    const seed = sha256(`${state.id}|${state.check.startedAt ?? ''}`);
    const of = 20 + (seed[0]! % 41);
    const agent = lookup.agent(state.agentId)!;
    const failing = seed[3]! % 3 === 0 ? lookup.fixedCorrections(agent.projectId, 3).filter((c) => !state.fixes.includes(c.id)).slice(0, 1 + (seed[4]! % 2)) : [];
    const cost = (n: number) => ((40 + (seed[n]! % 200)) / 10_000).toFixed(4);
    next.check = {
      ...state.check,
      status: 'done',
      now: { ...state.check.now!, passing: of - 3 - (seed[1]! % 5), of, costPerConversation: cost(5) },
      with: { ...state.check.with!, passing: of - (seed[2]! % 3), of, costPerConversation: cost(6) },
      newlyFailing: failing.map((c) => c.id),
    };
  }
  return { suggestedChanges: [next], finishedChecks: [check.suggestedChangeId] };
}

/**
 * Pin its version for its project, through the project's release gate: at once (`pinned`, and
 * its corrections are fixed by the pin), after a second person (`waiting-for-second-person`), or
 * refused when the check newly fails corrections (`ready` with note `gate-refused`).
 */
export function pin(ctx: ActionContext, id: string): Outcome<SuggestedChange> {
  const found = actionable(ctx, id, 'pin');
  if (!found.ok) return found;
  const { state, agent } = found.value;
  const project = ctx.lookup.project(agent.projectId)!;
  const pinChangeId = ctx.newId('pch');
  const base: StoredSuggestedChange = { ...state, updatedAt: ctx.at };
  delete base.note;
  if (project.releaseGate === 'refuse-newly-failing' && (state.check.newlyFailing?.length ?? 0) > 0) {
    return done(ctx.lookup, { ...base, note: { kind: 'gate-refused', pinChangeId } }, {});
  }
  const by: Actor = { kind: ctx.caller.kind, id: ctx.caller.id };
  if (project.releaseGate === 'second-person') {
    const approvalId = ctx.newId('apr');
    const expiresAt = ctx.approvalMs === undefined ? {} : { expiresAt: Date.parse(ctx.at) + ctx.approvalMs };
    return done(ctx.lookup, { ...base, approvalId }, { approvals: [{ id: approvalId, suggestedChangeId: id, pinnedBy: by, pinChangeId, ...expiresAt }] });
  }
  return pinned(ctx.lookup, base, by, ctx.at, {});
}

function pinned(lookup: WorldLookup, state: StoredSuggestedChange, by: Actor, at: string, changes: WorldChanges): Outcome<SuggestedChange> {
  const next: StoredSuggestedChange = { ...state, pinned: { version: state.version!, by, at }, updatedAt: at };
  delete next.approvalId;
  const fixed = moveFixes(lookup, state, (c) => settled(fixCorrection(c, 'pin', at, state.version, by)));
  return done(lookup, next, { ...changes, corrections: fixed });
}

/** Add its version as its project's Latest; in a project that follows Latest its corrections are fixed. */
export function addAsLatest(ctx: ActionContext, id: string, reason: string | undefined): Outcome<SuggestedChange> {
  const found = actionable(ctx, id, 'add-as-latest');
  if (!found.ok) return found;
  const { state, agent } = found.value;
  const project = ctx.lookup.project(agent.projectId)!;
  const by: Actor = { kind: ctx.caller.kind, id: ctx.caller.id };
  const next: StoredSuggestedChange = { ...state, addedAsLatest: { version: state.version!, by, at: ctx.at, ...(reason !== undefined ? { reason } : {}) }, updatedAt: ctx.at };
  delete next.note;
  const fixed = project.followsLatest ? moveFixes(ctx.lookup, state, (c) => settled(fixCorrection(c, 'latest', ctx.at, state.version, by))) : [];
  return done(ctx.lookup, next, { corrections: fixed });
}

/** Withdraw, with a reason: an open approval is dropped, and its corrections go back to `open` unless a person changed them since. */
export function withdraw(ctx: ActionContext, id: string, reason: string): Outcome<SuggestedChange> {
  const found = actionable(ctx, id, 'withdraw');
  if (!found.ok) return found;
  const { state } = found.value;
  const next: StoredSuggestedChange = { ...state, withdrawn: { by: { kind: ctx.caller.kind, id: ctx.caller.id }, reason, at: ctx.at }, updatedAt: ctx.at };
  delete next.approvalId;
  delete next.note;
  const running = ctx.lookup.runningChecks().some((c) => c.suggestedChangeId === id);
  if (next.check.status === 'running') next.check = { ...next.check, status: 'failed' };
  const reopened = moveFixes(ctx.lookup, state, (c) => settled(unlinkCorrection(c, id, ctx.at)));
  return done(ctx.lookup, next, {
    corrections: reopened,
    ...(state.approvalId ? { closedApprovals: [state.approvalId] } : {}),
    ...(running ? { finishedChecks: [id] } : {}),
  });
}

export type ApprovalDecision = 'approve' | 'reject' | 'expire';

/**
 * A second person decides on a waiting pin (a mock route: no endpoint of the pages drives it).
 * - Every decision (approve, reject, expire) needs write access to the project: whoever decides
 *   through the mock's routes changes the suggested change (403 permission-denied otherwise).
 * - Approving one's own pin is refused (403 separate-approver-required).
 */
export function decideApproval(lookup: WorldLookup, caller: Principal, approvalId: string, decision: ApprovalDecision, at: string): Outcome<SuggestedChange> {
  const approval = lookup.approval(approvalId);
  const state = approval ? lookup.suggestedChange(approval.suggestedChangeId) : undefined;
  const agent = state ? lookup.agent(state.agentId) : undefined;
  const access = agent ? accessTo(caller, agent.tenantId, agent.projectId) : 'none';
  if (!approval || !state || !agent || access === 'none') return refuse('not-found', `no open approval ${approvalId}`, { approvalId });
  if (access === 'read') return refuse('permission-denied', `the caller may read project ${agent.projectId} but not decide on its pins`, { action: decision, resource: `approval/${approvalId}`, reason: 'no write access to the project' });
  if (decision === 'approve' && approval.pinnedBy.kind === caller.kind && approval.pinnedBy.id === caller.id) {
    return refuse('separate-approver-required', 'the person who pinned cannot approve their own pin: a second person must', { approvalId });
  }
  if (decision === 'approve') return pinned(lookup, { ...state }, approval.pinnedBy, at, { closedApprovals: [approvalId] });
  return done(lookup, ...unanswered(state, approval, decision === 'reject' ? 'rejected' : 'expired', at));
}

/** An approval whose time ran out on the world's clock: as `expire` decides it, by nobody. */
export function expireApproval(lookup: WorldLookup, approval: PendingApproval): WorldChanges {
  const state = lookup.suggestedChange(approval.suggestedChangeId);
  const at = new Date(approval.expiresAt!).toISOString();
  if (!state || state.approvalId !== approval.id) return { closedApprovals: [approval.id] };
  const [next, closed] = unanswered(state, approval, 'expired', at);
  return { ...closed, suggestedChanges: [next] };
}

/** The pin did not go through: `ready` again, with a note that says why. */
function unanswered(state: StoredSuggestedChange, approval: PendingApproval, kind: 'rejected' | 'expired', at: string): [StoredSuggestedChange, WorldChanges] {
  const next: StoredSuggestedChange = { ...state, note: { kind, pinChangeId: approval.pinChangeId }, updatedAt: at };
  delete next.approvalId;
  return [next, { closedApprovals: [approval.id] }];
}

function settled(result: ReturnType<typeof fixCorrection>): Correction | undefined {
  return result.ok ? result.correction : undefined;
}

function testSetVersionOf(ctx: ActionContext, testSetId: string | undefined): string {
  return testSetId ? (ctx.lookup.testSet(testSetId)?.version ?? '1') : '1';
}

/** The next content of a block: a prompt gains a sentence from `why`; settings are tightened. */
function revised(content: Block['versions'][number]['content'], why: string): Block['versions'][number]['content'] {
  if (content.template !== undefined) return { template: `${content.template} ${why.split('\n', 1)[0]}`.trim() };
  return { values: { ...(content.values ?? {}), revisedFor: why.split('\n', 1)[0] } };
}
