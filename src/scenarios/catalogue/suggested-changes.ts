// Suggested changes in any status page 002 names, by any kind of maker, each fixing a correction
// of its own, reached by the steps the API takes (check, pin, approval, add as Latest, withdraw).
// Shared by `suggested-change` and `awaiting-approval`.
import type { MadeByKind, SuggestedChangeStatus } from '../../domain/types.ts';
import type { Principal, Project } from '../../domain/world.ts';
import type { ScenarioBuilder } from '../builder.ts';
import { ScenarioRefusal } from '../contract.ts';
import { checkUntilReady, release } from './correction-states.ts';

export interface SuggestedChangePlan {
  projectId?: string;
  count: number;
  status: SuggestedChangeStatus;
  madeBy: MadeByKind;
  madeBeforeProjects?: boolean;
}

/** One made before suggested changes were for a project can only be withdrawn (page 002): as it was, or withdrawn. */
const MADE_BEFORE_STATUSES: readonly SuggestedChangeStatus[] = ['ready', 'withdrawn'];
export const INSTANTS_PER_SUGGESTED_CHANGE = 40;

const refuse = (rule: string, message: string, field?: string) =>
  new ScenarioRefusal('validation-failed', message, { rule, ...(field ? { field } : {}) });

interface People { maker: Principal; releaser: Principal; approver?: Principal }

/** Who corrects, releases and (under a second-person gate) approves in the project; throws when nobody fits. */
function peopleOf(b: ScenarioBuilder, project: Project, plan: SuggestedChangePlan): People {
  const maker = b.principal(project.id);
  const releaser = maker;
  const needsApprover = project.releaseGate === 'second-person' && (plan.status === 'pinned' || plan.status === 'waiting-for-second-person');
  return { maker, releaser, ...(needsApprover ? { approver: b.principal(project.id, { except: [releaser] }) } : {}) };
}

function projectFits(b: ScenarioBuilder, plan: SuggestedChangePlan, project: Project): boolean {
  if (plan.status === 'waiting-for-second-person' && project.releaseGate !== 'second-person') return false;
  const agent = b.agentsOf(project.id)[0];
  if (!agent) return false;
  try {
    peopleOf(b, project, plan);
    return true;
  } catch (error) {
    if (error instanceof ScenarioRefusal) return false;
    throw error;
  }
}

/** Makes `plan.count` suggested changes in the plan's status; returns their ids and who released them. */
export function buildSuggestedChanges(b: ScenarioBuilder, plan: SuggestedChangePlan): { ids: string[]; people: People } {
  if (plan.madeBeforeProjects && !MADE_BEFORE_STATUSES.includes(plan.status)) {
    throw refuse('suggested-change-not-for-a-project', `a suggested change made before suggested changes were for a project can only be withdrawn: it is ${MADE_BEFORE_STATUSES.join(' or ')}, never ${plan.status} (page 002)`, 'status');
  }
  const project = plan.projectId !== undefined ? b.project(plan.projectId) : b.project(undefined, (p) => projectFits(b, plan, p));
  if (plan.projectId === undefined) b.chose('projectId', project.id);
  if (plan.status === 'waiting-for-second-person' && project.releaseGate !== 'second-person') {
    throw refuse('second-person-gate', `project ${project.id} pins without a second person (release gate ${project.releaseGate}), so no pin of it waits for one`, 'projectId');
  }
  const agent = b.agentsOf(project.id)[0];
  if (!agent) throw refuse('known-agent', `project ${project.id} has no agent`, 'projectId');
  const people = peopleOf(b, project, plan);
  const ids: string[] = [];
  for (let index = 0; index < plan.count; index += 1) {
    // The correction it fixes, sorted to Improve, where suggested changes come from.
    const correction = b.correct(people.maker, { projectId: project.id, answer: 'wrong', shouldSay: 'It should quote the 30-day refund window.', why: 'Quoted the old refund window.' });
    b.changeCorrection(people.maker, correction.id, { sortedTo: 'improve' });
    const made = b.suggestChange({ agentId: agent.id, madeBy: plan.madeBy, fixes: [correction.id], ...(plan.madeBeforeProjects ? { madeBeforeProjects: true } : {}) });
    reach(b, made.id, plan.status, people, project);
    ids.push(made.id);
  }
  return { ids, people };
}

/** From `check-failed` (a check not started), the steps to `status`. */
function reach(b: ScenarioBuilder, id: string, status: SuggestedChangeStatus, people: People, project: Project): void {
  const gateRefusesFailing = project.releaseGate === 'refuse-newly-failing';
  switch (status) {
    case 'check-failed':
      return;
    case 'checking':
      b.startCheck(people.releaser, id);
      return;
    case 'ready':
      if (b.lookup.suggestedChange(id)!.check.status !== 'done') checkUntilReady(b, people.releaser, id, false);
      return;
    case 'waiting-for-second-person':
      checkUntilReady(b, people.releaser, id, false);
      b.pin(people.releaser, id);
      return;
    case 'pinned':
      release(b, id, 'pin', people);
      return;
    case 'added-as-latest':
      checkUntilReady(b, people.releaser, id, gateRefusesFailing);
      b.addAsLatest(people.releaser, id);
      return;
    case 'withdrawn':
      b.withdraw(people.releaser, id, 'Superseded by a better fix.');
  }
}
