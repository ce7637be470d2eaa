// The model's world, made of nothing but what the walk read on the target: its runs (each with the
// copy the target stores, so the model's copies are the target's), their projects, and the caller
// with write access to them. Each run has one correction by someone else, as on the target (the
// copy was taken at a first correction): the walk's lists (`madeBy=me`) never show it.
import type { Correction } from '../../src/domain/types.ts';
import type { Agent, Flow, Principal, Project, Run, World } from '../../src/domain/world.ts';
import type { WalkGround } from './ground.ts';

/** The model's token for the walk's caller (a session's own token stands for it). */
export const MODEL_CALLER_TOKEN = 'kgm_walk_caller_model0000000000';
const MODEL_ORG = 'org_walk_model';
/** Someone else: the owner of the model's agents, and the maker of each run's first correction. */
const MODEL_OTHER_ID = 'usr_walk_model_other';

export function modelWorldOf(ground: WalkGround): World {
  const tenantId = ground.runs[0]!.tenantId;
  const projectIds = [...new Set(ground.runs.map((run) => run.projectId))];
  const ownerId = MODEL_OTHER_ID;
  const caller: Principal = {
    token: MODEL_CALLER_TOKEN,
    kind: ground.caller.kind,
    id: ground.caller.id,
    name: 'The walk\'s caller',
    tenantId,
    role: 'member',
    readProjectIds: projectIds,
    writeProjectIds: projectIds,
    purpose: 'The contract kit\'s caller, as the target knows it.',
  };
  const other: Principal = {
    token: 'kgm_walk_other_model0000000000', kind: 'user', id: MODEL_OTHER_ID, name: 'Someone else', tenantId, role: 'member',
    readProjectIds: projectIds, writeProjectIds: projectIds, purpose: 'Owns the model\'s agents and made each run\'s first correction.',
  };
  const runs: Run[] = [];
  const agents = new Map<string, Agent>();
  const flows = new Map<string, Flow>();
  for (const { copy, projectId } of ground.runs) {
    const { subject } = copy;
    const holder = subject.kind === 'agent' ? agents : flows;
    const known = holder.get(subject.id);
    if (known) {
      if (!known.versions.includes(subject.version)) known.versions.push(subject.version);
    } else if (subject.kind === 'agent') {
      agents.set(subject.id, { id: subject.id, tenantId, projectId, name: subject.id, ownerId, versions: [subject.version] });
    } else {
      flows.set(subject.id, { id: subject.id, tenantId, projectId, name: subject.id, versions: [subject.version] });
    }
    runs.push({
      id: copy.runId, tenantId, projectId, subject, finished: true, startedAt: copy.capturedAt, input: copy.input,
      ...(copy.output !== null ? { output: copy.output } : {}),
      ...(copy.context ? { context: copy.context } : {}),
      ...(copy.replayOf ? { replayOf: copy.replayOf } : {}),
      ...(copy.segments ? { segments: copy.segments } : {}),
      capturedAt: copy.capturedAt,
    });
  }
  // A replayed run the walk never corrects: known, so that the copy that names it is whole.
  for (const run of [...runs]) {
    if (run.replayOf && !runs.some((r) => r.id === run.replayOf)) {
      runs.push({ id: run.replayOf, tenantId, projectId: run.projectId, subject: run.subject, finished: true, startedAt: run.startedAt, input: null });
    }
  }
  const projects: Project[] = projectIds.map((id) => ({ id, tenantId, orgId: MODEL_ORG, name: id, followsLatest: false, releaseGate: 'none' }));
  return {
    tenants: [{ id: tenantId, name: 'The walk\'s tenant' }],
    orgs: [{ id: MODEL_ORG, tenantId, name: 'The walk\'s org' }],
    projects,
    principals: [caller, other],
    correctorGroups: [],
    agents: [...agents.values()],
    flows: [...flows.values()],
    blocks: [],
    testSets: [],
    runs,
    corrections: runs.filter((run) => run.capturedAt !== undefined).map((run, index) => firstCorrectionOf(run, index)),
    suggestedChanges: [],
  };
}

/** The correction that took the run's copy, by someone else, open and unsorted. */
function firstCorrectionOf(run: Run, index: number): Correction {
  return {
    id: `cor_walk_model_other_${index}`, tenantId: run.tenantId, projectId: run.projectId, runId: run.id, subject: run.subject,
    answer: 'wrong', madeBy: { kind: 'user', id: MODEL_OTHER_ID }, status: 'open', createdAt: run.capturedAt!, updatedAt: run.capturedAt!,
  };
}
