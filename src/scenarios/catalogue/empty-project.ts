// `empty-project`: a new project with agents and finished runs but no correction and no suggested
// change, which its tenant's admin and a member who may write it can use (their tokens unchanged).
import type { Principal } from '../../domain/world.ts';
import { ScenarioRefusal } from '../contract.ts';
import { defineScenario } from '../define.ts';

export interface EmptyProjectParams {
  /** Its name (default "Empty project"). */
  name?: string;
}

const AGENTS = ['Intake Assistant', 'Follow-up Assistant'];
const RUNS_PER_AGENT = 3;

export const emptyProjectScenario = defineScenario<'empty-project', EmptyProjectParams>({
  name: 'empty-project',
  description: 'A new project with agents and finished runs but no correction and no suggested change; its admin and a member who may write it can use it.',
  params: {
    type: 'object',
    additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 200, default: 'Empty project' },
    },
  },
  instants: () => AGENTS.length * RUNS_PER_AGENT + 4,
  build(b, params) {
    const project = b.newProject({ name: params.name ?? 'Empty project' });
    const people = (role: Principal['role']) => b.projects()
      .filter((p) => p.tenantId === project.tenantId && p.id !== project.id)
      .flatMap((p) => b.principals(p.id, { kind: 'user', role }))
      .filter((p, index, all) => all.findIndex((q) => q.token === p.token) === index);
    const admin = people('admin')[0];
    const member = people('member')[0];
    if (!admin || !member) {
      throw new ScenarioRefusal('validation-failed', `tenant ${project.tenantId} has no ${admin ? 'member' : 'admin'} who writes a project, to give the new one to`, { rule: 'principal-fits' });
    }
    b.name('admin', b.grant(admin, project.id, 'write'));
    b.name('member', b.grant(member, project.id, 'write'));
    for (const name of AGENTS) {
      const agent = b.newAgent(project.id, { name, owner: admin });
      for (let i = 0; i < RUNS_PER_AGENT; i += 1) b.run(project.id, { agentId: agent.id });
    }
  },
});
