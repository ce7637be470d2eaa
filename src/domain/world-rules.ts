// Checks a whole world: every record against its own rules, and every reference between records.
import { checkCorrection } from './correction-rules.ts';
import { isLive } from './correction-transitions.ts';
import { resolvePointer } from './json-pointer.ts';
import { checkMadeBeforeProjects } from './made-before-projects.ts';
import type { Violation } from './rule.ts';
import { checkRunCopy } from './run-copy-rules.ts';
import { checkSuggestedChange } from './suggested-change-rules.ts';
import { viewSuggestedChange } from './suggested-change-view.ts';
import type { Correction, RunCopy } from './types.ts';
import { runCopyOf, type Principal, type World, WORLD_COLLECTIONS } from './world.ts';

export interface WorldViolation extends Violation {
  collection: (typeof WORLD_COLLECTIONS)[number];
  recordId: string;
}

type Collection = WorldViolation['collection'];

export interface CheckWorldOptions {
  /**
   * Corrections already held to their own rules (checkCorrection) as these very objects, whose
   * violations were reported then: their own rules are not run again (a state file's restore
   * checks each line's records as it replays them). Every other rule still covers them.
   */
  correctionsChecked?: ReadonlySet<Correction>;
}

/**
 * Every rule the world breaks, each naming the collection, record, field and rule.
 * - Records are checked one by one (the same rules the server and contract suite use), then
 *   the references between them: tenants, projects, runs, groups, supersession, links.
 */
export function checkWorld(world: World, options: CheckWorldOptions = {}): WorldViolation[] {
  const { correctionsChecked } = options;
  const found: WorldViolation[] = [];
  const report = (collection: Collection, recordId: string, rule: string, field: string, message: string) =>
    found.push({ collection, recordId, rule, field, message });

  const tenants = ids(world.tenants);
  const orgs = ids(world.orgs);
  const projects = ids(world.projects);
  const agents = ids(world.agents);
  const flows = ids(world.flows);
  const blocks = ids(world.blocks);
  const runs = ids(world.runs);
  const groups = ids(world.correctorGroups);
  const testSets = ids(world.testSets);
  const corrections = ids(world.corrections);
  const byId: Partial<Record<Collection, ReadonlyMap<unknown, unknown>>> = { tenants, orgs, projects, agents, flows, blocks, runs, correctorGroups: groups, testSets, corrections };

  for (const collection of WORLD_COLLECTIONS) {
    // A map by id as long as its list has no id twice: only a collection that has is walked again to name them.
    if (byId[collection]?.size === world[collection].length) continue;
    const seen = new Set<string>();
    for (const record of world[collection] as Array<{ id?: string; token?: string }>) {
      const key = collection === 'principals' ? record.token : record.id;
      if (key !== undefined && seen.has(key)) report(collection, key, 'unique-ids', 'id', `${collection} has "${key}" twice`);
      if (key !== undefined) seen.add(key);
    }
  }

  const fixesOf = new Map<string, Set<string>>();
  for (const change of world.suggestedChanges) fixesOf.set(change.id, new Set(change.fixes));
  // By tenant, then id: a key made per correction would be a string for each of them.
  const principalIds = new Map<string, Map<string, Principal>>();
  for (const principal of world.principals) {
    let ofTenant = principalIds.get(principal.tenantId);
    if (!ofTenant) principalIds.set(principal.tenantId, (ofTenant = new Map()));
    ofTenant.set(principal.id, principal);
  }
  const principalOf = (tenantId: string, id: string) => principalIds.get(tenantId)?.get(id);

  const inTenant = (collection: Collection, recordId: string, field: string, tenantId: string, projectId: string) => {
    const project = projects.get(projectId);
    if (!project) report(collection, recordId, 'known-project', field, `no project ${projectId}`);
    else if (project.tenantId !== tenantId) report(collection, recordId, 'same-tenant', field, `project ${projectId} is in tenant ${project.tenantId}, not ${tenantId}`);
  };

  for (const org of world.orgs) {
    if (!tenants.has(org.tenantId)) report('orgs', org.id, 'known-tenant', 'tenantId', `no tenant ${org.tenantId}`);
  }
  for (const project of world.projects) {
    const org = orgs.get(project.orgId);
    if (!org || org.tenantId !== project.tenantId) report('projects', project.id, 'org-in-tenant', 'orgId', `no org ${project.orgId} in tenant ${project.tenantId}`);
    if (project.testSetId && testSets.get(project.testSetId)?.projectId !== project.id) report('projects', project.id, 'own-test-set', 'testSetId', `test set ${project.testSetId} is not this project's`);
  }
  for (const principal of world.principals) {
    if (!tenants.has(principal.tenantId)) report('principals', principal.token, 'known-tenant', 'tenantId', `no tenant ${principal.tenantId}`);
    for (const projectId of principal.readProjectIds) inTenant('principals', principal.token, 'readProjectIds', principal.tenantId, projectId);
    for (const projectId of principal.writeProjectIds) {
      if (!principal.readProjectIds.includes(projectId)) report('principals', principal.token, 'write-implies-read', 'writeProjectIds', `may write ${projectId} but not read it`);
    }
  }
  for (const agent of world.agents) {
    inTenant('agents', agent.id, 'projectId', agent.tenantId, agent.projectId);
    const owner = principalOf(agent.tenantId, agent.ownerId);
    if (!owner || owner.kind !== 'user') report('agents', agent.id, 'owner-is-a-user', 'ownerId', `no user ${agent.ownerId} in tenant ${agent.tenantId}`);
  }
  for (const flow of world.flows) inTenant('flows', flow.id, 'projectId', flow.tenantId, flow.projectId);
  for (const block of world.blocks) {
    if (!agents.has(block.agentId)) report('blocks', block.id, 'known-agent', 'agentId', `no agent ${block.agentId}`);
  }
  for (const run of world.runs) {
    inTenant('runs', run.id, 'projectId', run.tenantId, run.projectId);
    const subject = run.subject.kind === 'agent' ? agents.get(run.subject.id) : flows.get(run.subject.id);
    if (!subject || subject.projectId !== run.projectId) report('runs', run.id, 'known-subject', 'subject.id', `no ${run.subject.kind} ${run.subject.id} in project ${run.projectId}`);
    else if (!subject.versions.includes(run.subject.version)) report('runs', run.id, 'known-version', 'subject.version', `${run.subject.id} has no version ${run.subject.version}`);
    if (run.replayOf !== undefined && !runs.has(run.replayOf)) report('runs', run.id, 'known-replayed-run', 'replayOf', `no run ${run.replayOf}`);
  }

  const liveByMaker = new Map<string, string>();
  const firstCorrectionAt = new Map<string, number>();
  // One copy per run, however many corrections it has (a long demo gives a run hundreds).
  const runCopies = new Map<string, RunCopy>();
  // No closure per correction (a scenario checks 10 000 at once): each rule reports by id.
  for (const correction of world.corrections) {
    const recordId = correction.id;
    if (!correctionsChecked?.has(correction)) for (const v of checkCorrection(correction)) report('corrections', recordId, v.rule, v.field, v.message);
    const run = runs.get(correction.runId);
    if (!run) {
      report('corrections', recordId, 'known-run', 'runId', `no run ${correction.runId}`);
      continue;
    }
    if (run.tenantId !== correction.tenantId || run.projectId !== correction.projectId) report('corrections', recordId, 'run-in-project', 'projectId', `run ${run.id} is in ${run.tenantId}/${run.projectId}`);
    if (!run.finished) report('corrections', recordId, 'run-finished', 'runId', `run ${run.id} has not finished`);
    if (run.capturedAt === undefined) report('corrections', recordId, 'run-copied', 'runId', `run ${run.id} has no copy (capturedAt)`);
    else {
      let copy = runCopies.get(run.id);
      if (!copy) runCopies.set(run.id, (copy = runCopyOf(run)));
      for (const v of checkRunCopy({ ...correction, run: copy })) report('corrections', recordId, v.rule, v.field, v.message);
    }
    const createdAt = Date.parse(correction.createdAt);
    const first = firstCorrectionAt.get(run.id);
    firstCorrectionAt.set(run.id, first === undefined ? createdAt : Math.min(first, createdAt));
    if (principalOf(correction.tenantId, correction.madeBy.id)?.kind !== correction.madeBy.kind) {
      report('corrections', recordId, 'known-maker', 'madeBy.id', `no ${correction.madeBy.kind} principal ${correction.madeBy.id} in tenant ${correction.tenantId}`);
    }
    if (correction.correctorGroupId !== undefined && groups.get(correction.correctorGroupId)?.tenantId !== correction.tenantId) {
      report('corrections', recordId, 'known-corrector-group', 'correctorGroupId', `no corrector group ${correction.correctorGroupId} in tenant ${correction.tenantId}`);
    }
    if (correction.items !== undefined) {
      for (let index = 0; index < correction.items.length; index += 1) {
        const { pointer } = correction.items[index]!;
        if (pointer !== undefined && resolvePointer(run.output, pointer) === undefined) {
          report('corrections', recordId, 'item-pointer-resolves', `items[${index}].pointer`, `${pointer} resolves to nothing in run ${run.id}'s output`);
        }
      }
    }
    if (correction.supersededBy !== undefined) checkSupersession(correction, corrections, report);
    if (isLive(correction)) {
      const key = liveKey(correction);
      const other = liveByMaker.get(key);
      if (other) report('corrections', recordId, 'one-live-per-run-maker-participant', 'supersededBy', `${other} is also live for the same run, maker and participant`);
      liveByMaker.set(key, correction.id);
    }
    if (correction.link?.kind === 'suggested-change' && !fixesOf.get(correction.link.id)?.has(correction.id)) {
      report('corrections', recordId, 'link-points-back', 'link.id', `suggested change ${correction.link.id} does not list this correction in fixes`);
    }
  }
  for (const run of world.runs) {
    const first = firstCorrectionAt.get(run.id);
    if (first === undefined && run.capturedAt !== undefined) report('runs', run.id, 'copied-when-corrected', 'capturedAt', 'a copy of a run nobody corrected');
    if (first !== undefined && run.capturedAt !== undefined && Date.parse(run.capturedAt) > first) report('runs', run.id, 'copied-when-corrected', 'capturedAt', 'copied after its first correction');
  }

  for (const state of world.suggestedChanges) {
    const report1 = (rule: string, field: string, message: string) => report('suggestedChanges', state.id, rule, field, message);
    for (const v of checkSuggestedChange(viewSuggestedChange(state, (id) => blocks.get(id)))) report1(v.rule, v.field, v.message);
    for (const v of checkMadeBeforeProjects(state)) report1(v.rule, v.field, v.message);
    const agent = agents.get(state.agentId);
    if (!agent) {
      report1('known-agent', 'agentId', `no agent ${state.agentId}`);
      continue;
    }
    if (state.projectId !== undefined && state.projectId !== agent.projectId) report1('agent-in-project', 'projectId', `agent ${agent.id} is in project ${agent.projectId}`);
    if (!agent.versions.includes(state.builtOn.version)) report1('known-version', 'builtOn.version', `agent ${agent.id} has no version ${state.builtOn.version}`);
    if (state.version !== undefined && !agent.versions.includes(state.version)) report1('known-version', 'version', `agent ${agent.id} has no version ${state.version}`);
    state.fixes.forEach((id, index) => {
      if (corrections.get(id)?.tenantId !== agent.tenantId) report1('fixes-known-corrections', `fixes[${index}]`, `no correction ${id} in tenant ${agent.tenantId}`);
    });
    state.changes.forEach((change, index) => {
      if (change.kind !== 'block') return;
      const block = blocks.get(change.blockId ?? '');
      if (!block || block.agentId !== agent.id) report1('known-block', `changes[${index}].blockId`, `no block ${change.blockId} of agent ${agent.id}`);
      for (const field of ['from', 'to'] as const) {
        const version = change[field];
        if (block && version !== undefined && !block.versions.some((v) => v.version === version)) report1('known-block-version', `changes[${index}].${field}`, `block ${block.id} has no version ${version}`);
      }
    });
    if (state.check.testSetId !== undefined && !testSets.has(state.check.testSetId)) report1('known-test-set', 'check.testSetId', `no test set ${state.check.testSetId}`);
  }
  return found;
}

/** One live correction per run, maker and participant (the platform's judgments rule). */
export function liveKey(correction: Pick<Correction, 'runId' | 'madeBy' | 'participantId'>): string {
  return `${correction.runId}|${correction.madeBy.kind}:${correction.madeBy.id}|${correction.participantId ?? ''}`;
}

/** liveKey(a) === liveKey(b), without making the keys when the fields are the same (the usual case). */
function sameLiveKey(a: Correction, b: Correction): boolean {
  if (a.runId === b.runId && a.madeBy.kind === b.madeBy.kind && a.madeBy.id === b.madeBy.id && a.participantId === b.participantId) return true;
  return liveKey(a) === liveKey(b);
}

/** `ids` over a list, by a loop: mapping to pairs first would make one array per record. */
function ids<T extends { id: string }>(records: readonly T[]): Map<string, T> {
  const found = new Map<string, T>();
  for (const record of records) found.set(record.id, record);
  return found;
}

type Report = (collection: Collection, recordId: string, rule: string, field: string, message: string) => void;

function checkSupersession(correction: Correction, corrections: Map<string, Correction>, report: Report): void {
  if (correction.supersededBy === undefined) return;
  const report1 = (rule: string, field: string, message: string) => report('corrections', correction.id, rule, field, message);
  const successor = corrections.get(correction.supersededBy);
  if (!successor) return report1('known-successor', 'supersededBy', `no correction ${correction.supersededBy}`);
  if (!sameLiveKey(successor, correction)) report1('superseded-by-same-maker', 'supersededBy', `${successor.id} is not of the same run, maker and participant`);
  if (Date.parse(successor.createdAt) < Date.parse(correction.createdAt)) report1('superseded-by-later', 'supersededBy', `${successor.id} was made before this one`);
}
