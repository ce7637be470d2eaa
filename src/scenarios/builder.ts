// The builder a scenario's `build` gets: it finds projects, agents and principals, makes new runs,
// and takes every legal step through the store's own write functions over one draft of changes
// (draft.ts), which apply.ts commits at once. A step the write functions refuse refuses the scenario.
import { linkCorrection } from '../domain/correction-transitions.ts';
import { isRestricted, mayAssertFor } from '../domain/corrector-groups.ts';
import { checkSuggestedChange } from '../domain/suggested-change-rules.ts';
import { viewSuggestedChange } from '../domain/suggested-change-view.ts';
import type { Actor, Change, Correction, CorrectionWithCopies, MadeByKind, SuggestedChange, SuggestedChangeMadeBy } from '../domain/types.ts';
import type { Agent, CorrectorGroup, Principal, Project, ReleaseGate, Role, Run, StoredSuggestedChange } from '../domain/world.ts';
import type { MockWorld } from '../http/context.ts';
import {
  changeCorrection as changeCorrectionWrite, createCorrection, removeCorrectionById, type CorrectionChangeInput, type CorrectionInput,
} from '../store/correction-writes.ts';
import type { Outcome } from '../store/outcome.ts';
import {
  addAsLatest as addAsLatestWrite, decideApproval as decideApprovalWrite, finishCheck as finishCheckWrite, pin as pinWrite,
  startCheck as startCheckWrite, withdraw as withdrawWrite, type ActionContext, type ApprovalDecision,
} from '../store/suggested-change-writes.ts';
import { recordTestRun, type TestRunInput } from '../store/test-runs.ts';
import type { WorldLookup } from '../store/world-store.ts';
import { ScenarioRefusal, type ScenarioCreated, type ScenarioPrincipal } from './contract.ts';
import { createDraft, type Draft, type ScenarioChanges } from './draft.ts';
import { createTimeline, type Timeline } from './timeline.ts';
import { worldShapeOf, type WorldShape } from './world-shape.ts';

/** A running check the scenario started ends only when told (`/__mock/checks/{id}/finish`), as a loaded one does: at the last time a Date can hold. */
export const CHECK_NEVER_ENDS = 8_640_000_000_000_000;

/** Which principals fit a step: each field that is set must hold. */
export interface PrincipalWanted {
  kind?: Principal['kind'];
  role?: Role;
  /** An app's token that corrects on behalf of its end users (true), or not one (false: the default). */
  endUser?: boolean;
  /** One who may record corrections under this corrector group. */
  assertsFor?: CorrectorGroup;
  /** Anyone but these (a second person). */
  except?: readonly Principal[];
}

export interface NewSuggestedChange {
  agentId: string;
  /** The kind of maker, or the whole `madeBy`; `person`, `service` and `deploy` name `by` (default: a writer of the project). */
  madeBy: MadeByKind | SuggestedChangeMadeBy;
  by?: Principal;
  /** Live corrections it fixes: linked to it, `being-fixed` (page 002). */
  fixes?: readonly string[];
  why?: string;
  /**
   * Made before suggested changes were for a project (page 002): it already has a version and a
   * check done with no `now`, and can only be withdrawn.
   */
  madeBeforeProjects?: boolean;
}

export interface NewProject {
  name: string;
  tenantId?: string;
  orgId?: string;
  followsLatest?: boolean;
  releaseGate?: ReleaseGate;
}

export interface ScenarioBuilder {
  /** The world's clock when the scenario started, in epoch ms: every record is dated before it. */
  readonly now: number;
  /** The world as the scenario has left it so far (the draft first, then the store). */
  readonly lookup: WorldLookup;
  /** What the scenario made so far, each list in the order made. */
  readonly created: ScenarioCreated;

  /** The next instant of the scenario's timeline (strictly later than the one before). */
  at(): string;
  /** A new id of the world's (`cor`, `run`, …; `uuid` for a UUID): seeded when the mock is deterministic. */
  newId(prefix: string): string;

  /** Every project, the scenario's new ones last. */
  projects(): Project[];
  /** The project `id` (refused when there is none), else the first that `fits`. */
  project(id?: string, fits?: (project: Project) => boolean): Project;
  /** The project's agents, in the world's order. */
  agentsOf(projectId: string): Agent[];
  /** Principals allowed to write the project now (not expired, not revoked), users first and admins first, that fit `want`. */
  principals(projectId: string, want?: PrincipalWanted): Principal[];
  /** The first of `principals`, or a refusal naming what was wanted. */
  principal(projectId: string, want?: PrincipalWanted): Principal;
  /** The tenant's restricted (`expert`) or unrestricted corrector groups that `caller` may assert for. */
  correctorGroups(caller: Principal, restricted: boolean): CorrectorGroup[];

  /** A new finished run of an agent of the project (the first agent unless told), never corrected. */
  run(projectId: string, options?: { agentId?: string }): Run;
  /** `POST /v1/corrections`: on `runId`, or on a new run of the project given. */
  correct(caller: Principal, input: Omit<CorrectionInput, 'runId'> & { runId?: string; projectId?: string }): CorrectionWithCopies;
  /** `PATCH /v1/corrections/{id}`: re-sort and/or set a status by hand. */
  changeCorrection(caller: Principal, id: string, input: CorrectionChangeInput): Correction;
  /** `POST /v1/corrections/{id}/remove`. */
  removeCorrection(caller: Principal, id: string): Correction;
  /** A second correction of the same run by the same maker (and participant): it supersedes the live one. */
  supersede(id: string, input?: Omit<CorrectionInput, 'runId' | 'participantId' | 'correctorGroupId'>): CorrectionWithCopies;
  /** A suggested change made by `madeBy`, its check not started (`check-failed` until checked), linking its fixes. */
  suggestChange(options: NewSuggestedChange): StoredSuggestedChange;
  /** `POST /v1/suggested-changes/{id}/check`: `checking` until finishCheck (it never ends by itself). */
  startCheck(caller: Principal, id: string): SuggestedChange;
  /** The running check ends: `ready` (done), or `check-failed` when `fails`. */
  finishCheck(id: string, options?: { fails?: boolean }): StoredSuggestedChange;
  /** `POST /v1/suggested-changes/{id}/pin`, through the project's release gate. */
  pin(caller: Principal, id: string): SuggestedChange;
  /** `POST /v1/suggested-changes/{id}/add-as-latest`. */
  addAsLatest(caller: Principal, id: string, reason?: string): SuggestedChange;
  /** `POST /v1/suggested-changes/{id}/withdraw`. */
  withdraw(caller: Principal, id: string, reason: string): SuggestedChange;
  /** A second person decides on a waiting pin (`/__mock/approvals/{id}/…`). */
  decideApproval(caller: Principal, approvalId: string, decision: ApprovalDecision): SuggestedChange;
  /** A test run (`/__mock/test-runs`): fixed corrections it gets wrong reopen, reopened ones it gets right are fixed again. */
  testRun(caller: Principal, input: TestRunInput): Correction[];
  /** A new project in a tenant (the first with an admin, unless told), with no agent yet. */
  newProject(options: NewProject): Project;
  /** A new agent of the project, owned by a user of its tenant, with versions `v1`…`v<versions>`. */
  newAgent(projectId: string, options: { name: string; owner: Principal; versions?: number }): Agent;
  /** The principal may now read, or read and write, the project (the same token). */
  grant(principal: Principal, projectId: string, access: 'read' | 'write'): Principal;
  /** Names a principal in the result (`pinnedBy`, `mayApprove`, …). */
  name(role: string, principal: Principal): void;
  /** Says what a parameter the caller left out came to (a project chosen, a status derived): returned in `params`. */
  chose(param: string, value: unknown): void;
}

/** The builder and what apply.ts reads back from it once `build` returns. */
export interface BuilderSession {
  builder: ScenarioBuilder;
  changes(): ScenarioChanges;
  draft: Draft;
  named(): Record<string, ScenarioPrincipal>;
  chosen(): Record<string, unknown>;
}

const validationFailed = (message: string, rule: string, extra: Record<string, unknown> = {}) =>
  new ScenarioRefusal('validation-failed', message, { rule, ...extra });

/** The value of an outcome, or the refusal of the scenario naming the write's error code. */
function settled<T>(outcome: Outcome<T>, step: string): { value: T; changes: ScenarioChanges } {
  if (outcome.ok) return { value: outcome.value, changes: outcome.changes };
  const rule = typeof outcome.details?.rule === 'string' ? outcome.details.rule : outcome.code;
  throw validationFailed(`${step} was refused: ${outcome.message}`, rule, { code: outcome.code });
}

const ROLE_ORDER: Record<Role, number> = { admin: 0, member: 1 };

/**
 * A builder over `world` as it is now; nothing reaches the store until apply.ts commits.
 * - `expectedInstants`: about how many instants the scenario will stamp (timeline.ts spreads them).
 */
export function createBuilder(world: MockWorld, expectedInstants: number): BuilderSession {
  const { store } = world;
  const now = world.clock.now();
  const shape: WorldShape = worldShapeOf(store);
  const draft = createDraft(store.lookup, (token) => store.principalByToken(token));
  const timeline: Timeline = createTimeline(now, store.newestTime(), expectedInstants);
  const lookup = draft.lookup;
  const created: ScenarioCreated = { corrections: [], suggestedChanges: [], projects: [], approvals: [], runs: [] };
  const newProjects: Project[] = [];
  const newAgentIds = new Map<string, string[]>();
  const named: Record<string, ScenarioPrincipal> = {};
  const chosen: Record<string, unknown> = {};
  const newId = (prefix: string) => world.newId(prefix);
  const at = () => timeline.next();

  /** Takes a write's changes into the draft, noting what it made. */
  const take = (changes: ScenarioChanges) => {
    const made = draft.take(changes);
    for (const id of made.corrections) created.corrections.push(id);
    for (const id of made.suggestedChanges) created.suggestedChanges.push(id);
    for (const id of made.runs) created.runs.push(id);
    if (changes.approvals) for (const approval of changes.approvals) created.approvals.push(approval.id);
  };

  const actionContext = (caller: Principal): ActionContext => ({ lookup, caller, at: at(), newId });

  // The store's, each as the draft left it (a scenario changes principals, never makes new ones).
  const principalsNow = (): Principal[] => shape.principals.map((p) => draft.principal(p.token) ?? p);

  const usable = (p: Principal) =>
    (p.expiresAt === undefined || Date.parse(p.expiresAt) > now) && (p.revokedAt === undefined || Date.parse(p.revokedAt) > now);

  const projectOrRefuse = (id: string): Project => {
    const project = draft.project(id);
    if (!project) throw validationFailed(`no project ${id} in this world`, 'known-project', { projectId: id });
    return project;
  };

  const builder: ScenarioBuilder = {
    now,
    lookup,
    created,
    at,
    newId,

    projects: () => [...shape.projects.map((p) => draft.project(p.id) ?? p), ...newProjects.map((p) => draft.project(p.id) ?? p)],

    project(id, fits) {
      if (id !== undefined) return projectOrRefuse(id);
      const found = builder.projects().find((p) => !fits || fits(p));
      if (!found) throw validationFailed('no project of this world fits the scenario', 'project-fits');
      return found;
    },

    agentsOf(projectId) {
      const ids = [...(shape.agentIds.get(projectId) ?? []), ...(newAgentIds.get(projectId) ?? [])];
      return ids.map((id) => lookup.agent(id)).filter((a): a is Agent => a !== undefined);
    },

    principals(projectId, want = {}) {
      const project = draft.project(projectId);
      if (!project) return [];
      return principalsNow()
        .filter((p) => p.tenantId === project.tenantId && p.writeProjectIds.includes(projectId) && p.readProjectIds.includes(projectId) && usable(p))
        .filter((p) => (want.endUser === true ? p.kind === 'service' && p.actsForEndUsers === true : p.actsForEndUsers !== true))
        .filter((p) => want.kind === undefined || p.kind === want.kind)
        .filter((p) => want.role === undefined || p.role === want.role)
        .filter((p) => !want.assertsFor || mayAssertFor(p, want.assertsFor).allowed)
        .filter((p) => !(want.except ?? []).some((other) => other.kind === p.kind && other.id === p.id))
        .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'user' ? -1 : 1) || ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
    },

    principal(projectId, want = {}) {
      const found = builder.principals(projectId, want)[0];
      if (!found) {
        const wanted = Object.entries(want).filter(([, v]) => v !== undefined).map(([k, v]) => (k === 'except' ? 'a second person' : k === 'assertsFor' ? `one who may assert for ${(v as CorrectorGroup).id}` : `${k} ${String(v)}`));
        throw validationFailed(`no principal may write project ${projectId}${wanted.length > 0 ? ` as ${wanted.join(', ')}` : ''}`, 'principal-fits', { projectId });
      }
      return found;
    },

    correctorGroups(caller, restricted) {
      return shape.correctorGroups.filter((g) => g.tenantId === caller.tenantId && isRestricted(g) === restricted && mayAssertFor(caller, g).allowed);
    },

    run(projectId, options = {}) {
      const project = projectOrRefuse(projectId);
      const agent = options.agentId !== undefined ? lookup.agent(options.agentId) : builder.agentsOf(projectId)[0];
      if (!agent || agent.projectId !== project.id) throw validationFailed(`no agent ${options.agentId ?? ''} in project ${projectId}`.replace('  ', ' '), 'known-subject', { projectId });
      const id = newId('run');
      const run: Run = {
        id,
        tenantId: project.tenantId,
        projectId: project.id,
        subject: { kind: 'agent', id: agent.id, version: agent.versions[agent.versions.length - 1]! },
        finished: true,
        startedAt: at(),
        input: { message: `Question ${id.slice(-6)} for ${agent.name}` },
        output: { answer: `Answer of ${agent.name} to question ${id.slice(-6)}.` },
      };
      take({ runs: [run] });
      return run;
    },

    correct(caller, input) {
      // On a run it names, with no project to leave out, the input is the write's as it is
      // (createCorrection copies only its set fields): no copy per correction of a scenario.
      let asWritten: CorrectionInput;
      if (input.projectId === undefined && input.runId !== undefined) asWritten = input as CorrectionInput;
      else {
        const { projectId, runId, ...rest } = input;
        const run = runId ?? builder.run(projectId ?? builder.project(undefined, (p) => caller.writeProjectIds.includes(p.id)).id).id;
        asWritten = { ...rest, runId: run };
      }
      const { value, changes } = settled(createCorrection(lookup, caller, asWritten, at(), newId('cor')), 'correcting the run');
      take(changes);
      return value;
    },

    changeCorrection(caller, id, input) {
      const { value, changes } = settled(changeCorrectionWrite(lookup, caller, id, input, at()), `changing correction ${id}`);
      take(changes);
      return value;
    },

    removeCorrection(caller, id) {
      const { value, changes } = settled(removeCorrectionById(lookup, caller, id, at()), `removing correction ${id}`);
      take(changes);
      return value;
    },

    supersede(id, input) {
      const before = lookup.correction(id);
      if (!before) throw validationFailed(`no correction ${id}`, 'known-correction', { correctionId: id });
      const maker = principalsNow().find((p) => p.tenantId === before.tenantId && p.kind === before.madeBy.kind && p.id === before.madeBy.id);
      if (!maker) throw validationFailed(`no principal ${before.madeBy.id} to correct run ${before.runId} again`, 'known-maker', { correctionId: id });
      const says = input ?? { ...pick(before, ['decisions', 'shouldCall', 'mustNotCall', 'answer', 'shouldSay', 'why', 'items']) };
      return builder.correct(maker, {
        ...says,
        runId: before.runId,
        ...(before.participantId !== undefined ? { participantId: before.participantId } : {}),
        ...(before.correctorGroupId !== undefined ? { correctorGroupId: before.correctorGroupId } : {}),
      });
    },

    suggestChange(options) {
      const agent = lookup.agent(options.agentId);
      if (!agent) throw validationFailed(`no agent ${options.agentId}`, 'known-agent', { agentId: options.agentId });
      const project = projectOrRefuse(agent.projectId);
      const id = newId('uuid');
      const createdAt = at();
      const kind = typeof options.madeBy === 'string' ? options.madeBy : options.madeBy.kind;
      const by = options.by ?? (kind === 'service' ? builder.principals(project.id, { kind: 'service' })[0] : undefined) ?? builder.principal(project.id, kind === 'person' ? { kind: 'user' } : {});
      const madeBy = typeof options.madeBy === 'string' ? madeByOf(options.madeBy, by, project, builder, newId) : options.madeBy;
      const builtOn = agent.versions[agent.versions.length - 1]!;
      const changes: ScenarioChanges = {};
      let change: Change;
      let version: string | undefined;
      if (madeBy.kind === 'deploy') {
        change = { kind: 'code', deploymentId: madeBy.deploymentId! };
      } else {
        const blockId = (shape.blockIds.get(agent.id) ?? [])[0];
        const block = blockId !== undefined ? lookup.block(blockId) : undefined;
        if (!block) throw validationFailed(`agent ${agent.id} has no block a suggested change could change`, 'known-block', { agentId: agent.id });
        change = { kind: 'block', blockId: block.id, from: block.versions[block.versions.length - 1]!.version };
      }
      const why = options.why ?? `${agent.name} should be corrected as its corrections say.\n\nMade by a scenario.`;
      let check: StoredSuggestedChange['check'] = { status: 'not-started', ...(project.testSetId ? { testSetId: project.testSetId } : {}) };
      if (options.madeBeforeProjects) {
        // Its version and check come from before: published, checked against the recorded outputs only.
        version = `v${agent.versions.length + 1}`;
        changes.agents = [{ ...agent, versions: [...agent.versions, version] }];
        if (change.kind === 'block') {
          const block = lookup.block(change.blockId!)!;
          const to = `v${block.versions.length + 1}`;
          changes.blocks = [{ ...block, versions: [...block.versions, { version: to, content: block.versions[block.versions.length - 1]!.content }] }];
          change = { ...change, to };
        }
        const startedAt = createdAt;
        check = { ...check, status: 'done', testSetVersion: '1', startedAt, with: { testRunId: newId('uuid'), passing: 18, of: 20 } };
      }
      const state: StoredSuggestedChange = {
        id,
        agentId: agent.id,
        projectId: project.id,
        ...(options.madeBeforeProjects ? { madeBeforeProjects: true as const } : {}),
        madeBy,
        builtOn: { version: builtOn },
        ...(version !== undefined ? { version } : {}),
        changes: [change],
        why,
        fixes: [...(options.fixes ?? [])],
        check,
        createdAt,
        updatedAt: createdAt,
      };
      const linked = state.fixes.map((fixId) => {
        const correction = lookup.correction(fixId);
        if (!correction) throw validationFailed(`no correction ${fixId} to fix`, 'fixes-known-corrections', { correctionId: fixId });
        const result = linkCorrection(correction, { kind: 'suggested-change', id }, createdAt);
        if (!result.ok) throw validationFailed(result.message, result.code, { correctionId: fixId });
        return result.correction;
      });
      const blocks = (blockId: string) => changes.blocks?.find((b) => b.id === blockId) ?? lookup.block(blockId);
      const broken = checkSuggestedChange(viewSuggestedChange(state, blocks));
      if (broken.length > 0) throw validationFailed(`the suggested change would break ${broken.map((v) => v.rule).join(', ')}`, broken[0]!.rule);
      take({ ...changes, suggestedChanges: [state], corrections: linked });
      return state;
    },

    startCheck(caller, id) {
      const { value, changes } = settled(startCheckWrite(actionContext(caller), id, CHECK_NEVER_ENDS, false), `checking suggested change ${id}`);
      take(changes);
      return value;
    },

    finishCheck(id, options = {}) {
      const running = lookup.runningChecks().find((c) => c.suggestedChangeId === id);
      if (!running) throw validationFailed(`suggested change ${id} has no running check`, 'check-running', { suggestedChangeId: id });
      take(finishCheckWrite(lookup, { ...running, fails: options.fails === true }, at()));
      return lookup.suggestedChange(id)!;
    },

    pin(caller, id) {
      const { value, changes } = settled(pinWrite(actionContext(caller), id), `pinning suggested change ${id}`);
      take(changes);
      return value;
    },

    addAsLatest(caller, id, reason) {
      const { value, changes } = settled(addAsLatestWrite(actionContext(caller), id, reason), `adding suggested change ${id} as Latest`);
      take(changes);
      return value;
    },

    withdraw(caller, id, reason) {
      const { value, changes } = settled(withdrawWrite(actionContext(caller), id, reason), `withdrawing suggested change ${id}`);
      take(changes);
      return value;
    },

    decideApproval(caller, approvalId, decision) {
      const { value, changes } = settled(decideApprovalWrite(lookup, caller, approvalId, decision, at()), `deciding approval ${approvalId}`);
      take(changes);
      return value;
    },

    testRun(caller, input) {
      const { value, changes } = settled(recordTestRun(lookup, caller, input, at()), 'recording a test run');
      take(changes);
      return value.corrections;
    },

    newProject(options) {
      const tenantId = options.tenantId ?? shape.tenants.find((t) => principalsNow().some((p) => p.tenantId === t.id && p.role === 'admin' && p.kind === 'user' && usable(p)))?.id;
      if (tenantId === undefined || !shape.tenants.some((t) => t.id === tenantId)) throw validationFailed(`no tenant ${tenantId ?? 'with an admin'} to make a project in`, 'known-tenant');
      const orgId = options.orgId ?? shape.orgs.find((o) => o.tenantId === tenantId)?.id;
      if (orgId === undefined || !shape.orgs.some((o) => o.id === orgId && o.tenantId === tenantId)) throw validationFailed(`no org ${orgId ?? ''} in tenant ${tenantId}`, 'org-in-tenant');
      const project: Project = {
        id: newId('uuid'),
        tenantId,
        orgId,
        name: options.name,
        followsLatest: options.followsLatest ?? true,
        releaseGate: options.releaseGate ?? 'none',
      };
      newProjects.push(project);
      draft.take({ projects: [project] });
      created.projects.push(project.id);
      return project;
    },

    newAgent(projectId, options) {
      const project = projectOrRefuse(projectId);
      if (options.owner.kind !== 'user' || options.owner.tenantId !== project.tenantId) throw validationFailed(`agent owner ${options.owner.id} is no user of tenant ${project.tenantId}`, 'owner-is-a-user');
      const versions = Array.from({ length: Math.max(1, options.versions ?? 3) }, (_, i) => `v${i + 1}`);
      const agent: Agent = { id: newId('agt'), tenantId: project.tenantId, projectId, name: options.name, ownerId: options.owner.id, versions };
      newAgentIds.set(projectId, [...(newAgentIds.get(projectId) ?? []), agent.id]);
      draft.take({ agents: [agent] });
      return agent;
    },

    grant(principal, projectId, access) {
      const project = projectOrRefuse(projectId);
      if (principal.tenantId !== project.tenantId) throw validationFailed(`principal ${principal.id} is not of tenant ${project.tenantId}`, 'same-tenant');
      const current = draft.principal(principal.token) ?? principal;
      const add = (ids: string[]) => (ids.includes(projectId) ? ids : [...ids, projectId]);
      const changed: Principal = {
        ...current,
        readProjectIds: add(current.readProjectIds),
        writeProjectIds: access === 'write' ? add(current.writeProjectIds) : current.writeProjectIds,
      };
      draft.take({ principals: [changed] });
      return changed;
    },

    name(role, principal) {
      named[role] = { token: principal.token, kind: principal.kind, id: principal.id, role: principal.role };
    },

    chose(param, value) {
      chosen[param] = value;
    },
  };

  return { builder, changes: () => draft.changes(), draft, named: () => named, chosen: () => chosen };
}

function madeByOf(kind: MadeByKind, by: Principal, project: Project, builder: ScenarioBuilder, newId: (prefix: string) => string): SuggestedChangeMadeBy {
  const actor: Actor = { kind: by.kind, id: by.id };
  switch (kind) {
    case 'improve-run': return { kind, improveRunId: newId('imp') };
    case 'person': return { kind, userId: by.kind === 'user' ? by.id : builder.principal(project.id, { kind: 'user' }).id };
    case 'service': return { kind, id: by.kind === 'service' ? by.id : newId('svc') };
    case 'deploy': return { kind, deploymentId: newId('dep'), by: actor };
    case 'offer': {
      // Offered from another project of the tenant when there is one (page 002: fromProjectId).
      const from = builder.projects().find((p) => p.tenantId === project.tenantId && p.id !== project.id) ?? project;
      return { kind, fromProjectId: from.id, pinChangeId: newId('pch') };
    }
  }
}

function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) if (value[key] !== undefined) out[key] = value[key];
  return out;
}
