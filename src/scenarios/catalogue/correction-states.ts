// Corrections in any state page 000 names, each on a run of its own, reached only by the steps
// the API takes: correct, sort, set a status by hand, remove, fix by a pin or by Latest through a
// suggested change, reopen by a test run. Shared by `correction` and `pin-then-reopened`.
import type { Correction, CorrectionStatus, ExpectedCall, FixedHow, ReopenedHow, SortedTo } from '../../domain/types.ts';
import type { Principal, Project } from '../../domain/world.ts';
import type { CorrectionInput } from '../../store/correction-writes.ts';
import type { ScenarioBuilder } from '../builder.ts';
import type { CorrectionScenarioParams } from './correction.ts';
import { ScenarioRefusal } from '../contract.ts';

export const SAYS = ['decisions', 'answer', 'items'] as const;
export type Says = (typeof SAYS)[number];

/** The `correction` scenario's parameters, its count filled in. */
export type CorrectionPlan = CorrectionScenarioParams & { count: number };

/** Statuses a person sets by hand (PATCH), so `statusNote` can go with them directly. */
const BY_HAND = new Set<CorrectionStatus>(['open', 'being-fixed', 'with-owner', 'wont-fix']);
/** A suggested change fixes at most this many of the scenario's corrections (its listed `fixes`). */
const FIXES_PER_CHANGE = 100;
/** Each correction stamps at most this many instants, and each batch of fixes some more. */
export const INSTANTS_PER_CORRECTION = 6;

const refuse = (rule: string, message: string, field?: string) =>
  new ScenarioRefusal('validation-failed', message, { rule, ...(field ? { field } : {}) });

/** The plan with what follows from it filled in (status, sortedTo, fixedHow), or the rule it breaks. */
export function settlePlan(plan: CorrectionPlan): Required<Pick<CorrectionPlan, 'status'>> & CorrectionPlan {
  const settled = { ...plan };
  if (settled.status === 'with-owner' && settled.sortedTo === undefined) settled.sortedTo = 'owner';
  if (settled.reopenedHow !== undefined) {
    const reopenedAs = settled.sortedTo === 'owner' ? 'with-owner' : 'open';
    settled.status ??= reopenedAs;
    if (settled.status !== reopenedAs) {
      throw refuse('reopened-is-open-or-with-owner', `a reopened correction is ${reopenedAs}${settled.sortedTo === 'owner' ? ' (sorted to the owner)' : ''}, not ${settled.status} (page 000: reopenedIn)`, 'status');
    }
    settled.fixedHow ??= 'pin';
  } else if (settled.fixedHow !== undefined) {
    settled.status ??= 'fixed';
    if (settled.status !== 'fixed') {
      throw refuse('fixed-in-while-fixed', `fixedHow goes with status fixed, or with reopenedHow (page 000: fixedIn is present while it is fixed, and beside reopenedIn); status is ${settled.status}`, 'fixedHow');
    }
  }
  settled.status ??= 'open';
  if (settled.status === 'fixed') settled.fixedHow ??= 'pin';
  if (settled.status === 'with-owner' && settled.sortedTo !== 'owner') {
    throw refuse('with-owner-means-sorted-to-owner', `status with-owner needs sortedTo owner, not ${settled.sortedTo}`, 'sortedTo');
  }
  if (settled.fixedHow === 'recorded-right' && settled.statusNote !== undefined) {
    // A note is set with a status by hand, which clears fixedIn; only a new correction is recorded right.
    throw refuse('recorded-right-only-when-nothing-wrong', 'a correction is recorded right only as it is made; a status note, set by hand, would clear its fixedIn', 'statusNote');
  }
  return settled as Required<Pick<CorrectionPlan, 'status'>> & CorrectionPlan;
}

/** Whether the project can hold the plan: a principal to make the corrections, and a way to fix them. */
export function projectFits(b: ScenarioBuilder, plan: CorrectionPlan, project: Project): boolean {
  if (b.agentsOf(project.id).length === 0) return false;
  if (plan.fixedHow === 'latest' && !project.followsLatest) return false;
  try {
    const maker = makerFor(b, plan, project);
    if (needsSuggestedChange(plan)) releasersFor(b, project, maker);
    return true;
  } catch (error) {
    if (error instanceof ScenarioRefusal) return false;
    throw error;
  }
}

/** The first project that can hold the plan; when none can, the reason the first one with agents cannot. */
function fittingProject(b: ScenarioBuilder, plan: CorrectionPlan): Project {
  const fits = b.projects().find((p) => projectFits(b, plan, p));
  if (fits) return fits;
  const first = b.projects().find((p) => b.agentsOf(p.id).length > 0);
  if (first) {
    makerFor(b, plan, first);
    if (needsSuggestedChange(plan)) releasersFor(b, first, makerFor(b, plan, first));
  }
  throw refuse('project-fits', 'no project of this world can hold these corrections', 'projectId');
}

const needsSuggestedChange = (plan: CorrectionPlan) => plan.fixedHow === 'pin' || plan.fixedHow === 'latest';

/** Who makes the corrections: an app acting for end users, an expert of a restricted group, or a writer. */
function makerFor(b: ScenarioBuilder, plan: CorrectionPlan, project: Project): { maker: Principal; groupId?: string } {
  const candidates = b.principals(project.id, { endUser: plan.endUser === true });
  if (plan.expert) {
    for (const maker of candidates) {
      const group = b.correctorGroups(maker, true)[0];
      if (group) return { maker, groupId: group.id };
    }
    throw refuse('corrector-group-not-allowed', `no principal who may write project ${project.id}${plan.endUser ? ' for end users' : ''} may assert for a restricted corrector group (expert)`, 'expert');
  }
  const maker = candidates[0];
  if (!maker) throw refuse('principal-fits', `no principal may write project ${project.id}${plan.endUser ? ' as an app for its end users' : ''}`, plan.endUser ? 'endUser' : 'projectId');
  return { maker };
}

/** Who pins (the maker when it may) and, under a second-person gate, who approves. */
function releasersFor(b: ScenarioBuilder, project: Project, maker: { maker: Principal }): { releaser: Principal; approver?: Principal } {
  const releaser = maker.maker.actsForEndUsers ? b.principal(project.id) : maker.maker;
  if (project.releaseGate !== 'second-person') return { releaser };
  return { releaser, approver: b.principal(project.id, { except: [releaser] }) };
}

/** What the correction says: wrong in the field asked, or right when nothing had to be fixed. */
function saying(says: Says, right: boolean, index: number): Omit<CorrectionInput, 'runId'> {
  const verdict = right ? 'right' : 'wrong';
  switch (says) {
    case 'decisions': {
      const shouldCall: ExpectedCall[] = [{ tool: 'lookup_order', args: { orderId: `NW-${100000 + (index % 900000)}` } }];
      return { decisions: verdict, ...(right ? {} : { shouldCall, why: 'Answered without looking the order up first.' }) };
    }
    case 'answer':
      return { answer: verdict, ...(right ? {} : { shouldSay: 'Refunds reach the card within 30 days, not 14.', why: 'Quoted the old refund window.' }) };
    case 'items':
      return { items: [{ key: 'answer', pointer: '/answer', verdict }], ...(right ? {} : { why: 'The answer it gave was wrong.' }) };
  }
}

/**
 * Makes `plan.count` corrections in the plan's state in one project, newest last, and returns
 * them as they end up, with the suggested changes that fixed them.
 */
export function buildCorrections(b: ScenarioBuilder, input: CorrectionPlan): { corrections: Correction[]; plan: ReturnType<typeof settlePlan> } {
  const plan = settlePlan(input);
  const project = plan.projectId !== undefined ? b.project(plan.projectId) : fittingProject(b, plan);
  if (plan.projectId === undefined) b.chose('projectId', project.id);
  if (plan.fixedHow === 'latest' && !project.followsLatest) {
    throw refuse('fixed-by-latest-needs-follows-latest', `project ${project.id} does not follow Latest, so adding a version as Latest fixes nothing there (page 000: latest)`, 'fixedHow');
  }
  const agent = b.agentsOf(project.id)[0];
  if (!agent) throw refuse('known-subject', `project ${project.id} has no agent whose runs could be corrected`, 'projectId');
  const { maker, groupId } = makerFor(b, plan, project);
  const releasers = needsSuggestedChange(plan) ? releasersFor(b, project, { maker }) : undefined;
  b.name('madeBy', maker);
  const says = plan.says ?? 'decisions';
  const right = plan.fixedHow === 'recorded-right';
  const sortedTo = plan.sortedTo;
  const final = plan.status;

  const ids: string[] = [];
  for (let index = 0; index < plan.count; index += 1) {
    const made = b.correct(maker, {
      runId: b.run(project.id, { agentId: agent.id }).id,
      ...saying(says, right, index),
      ...(groupId !== undefined ? { correctorGroupId: groupId } : {}),
      ...(plan.endUser ? { participantId: `end-user-${b.newId('eu').slice(3)}` } : {}),
    });
    const id = made.id;
    ids.push(id);
    // A note is set with a status by hand: the final one when it is set so, else one on the way.
    const byHandFinal = BY_HAND.has(final) && plan.reopenedHow === undefined;
    const noteStatus = plan.statusNote === undefined ? undefined : byHandFinal ? final : final === 'removed' ? 'open' : 'being-fixed';
    const setStatus = byHandFinal && (final !== 'open' || plan.statusNote !== undefined) ? final : noteStatus;
    if (sortedTo !== undefined || setStatus !== undefined) {
      b.changeCorrection(maker, id, {
        ...(sortedTo !== undefined ? { sortedTo } : {}),
        ...(setStatus !== undefined ? { status: setStatus } : {}),
        ...(plan.statusNote !== undefined ? { note: plan.statusNote } : {}),
      });
    }
    if (final === 'removed') b.removeCorrection(maker, id);
  }

  if (releasers) {
    for (let start = 0; start < ids.length; start += FIXES_PER_CHANGE) {
      const fixes = ids.slice(start, start + FIXES_PER_CHANGE);
      const change = b.suggestChange({ agentId: agent.id, madeBy: 'improve-run', fixes });
      release(b, change.id, plan.fixedHow as 'pin' | 'latest', releasers);
      if (plan.reopenedHow !== undefined) {
        const fixedIn = b.lookup.suggestedChange(change.id)!;
        const version = plan.reopenedHow === 'went-back' || plan.reopenedHow === 'unpin' ? fixedIn.builtOn.version : fixedIn.version!;
        b.testRun(releasers.releaser, { version, how: plan.reopenedHow, wrong: fixes });
      }
    }
  } else if (plan.reopenedHow !== undefined) {
    // Recorded right, then a test run of the agent's version gets it wrong after all.
    const version = agent.versions[agent.versions.length - 1]!;
    b.testRun(maker.actsForEndUsers ? b.principal(project.id) : maker, { version, how: plan.reopenedHow, wrong: ids });
  }
  return { corrections: ids.map((id) => b.lookup.correction(id)!), plan };
}

/**
 * Checks the suggested change, then pins it (with a second person's approval under that gate) or
 * adds it as Latest. A check that newly fails corrections is run again under a gate that refuses
 * them, as a person would, until one passes.
 */
export function release(b: ScenarioBuilder, id: string, how: 'pin' | 'latest', people: { releaser: Principal; approver?: Principal }): void {
  const gateRefusesFailing = b.lookup.project(b.lookup.suggestedChange(id)!.projectId!)?.releaseGate === 'refuse-newly-failing';
  checkUntilReady(b, people.releaser, id, how === 'pin' && gateRefusesFailing);
  if (how === 'latest') {
    b.addAsLatest(people.releaser, id);
    return;
  }
  const pinned = b.pin(people.releaser, id);
  if (pinned.status === 'waiting-for-second-person') {
    if (!people.approver) throw refuse('separate-approver-required', `project of suggested change ${id} needs a second person to approve its pin, and no other principal may write it`);
    b.decideApproval(people.approver, pinned.approvalId!, 'approve');
  }
}

/** Start and finish its check until it is `ready` (and, when `clean`, newly fails nothing). */
export function checkUntilReady(b: ScenarioBuilder, caller: Principal, id: string, clean: boolean): void {
  for (let attempt = 0; attempt < 12; attempt += 1) {
    b.startCheck(caller, id);
    const done = b.finishCheck(id);
    if (!clean || (done.check.newlyFailing?.length ?? 0) === 0) return;
  }
  throw refuse('gate-refused', `every check of suggested change ${id} newly failed corrections, so the project's gate would refuse its pin`);
}
