// `awaiting-approval`: a suggested change whose pin waits for a second person, with its
// `approvalId` (created.approvals), who pinned it (`pinnedBy`) and who may approve it (`mayApprove`).
import { defineScenario } from '../define.ts';
import { PROJECT_ID_SCHEMA } from './correction.ts';
import { buildSuggestedChanges, INSTANTS_PER_SUGGESTED_CHANGE } from './suggested-changes.ts';

export interface AwaitingApprovalParams {
  /** A project whose release gate is a second person (default: the first such). */
  projectId?: string;
}

export const awaitingApprovalScenario = defineScenario<'awaiting-approval', AwaitingApprovalParams>({
  name: 'awaiting-approval',
  description: 'A suggested change waiting for a second person: its approvalId, who pinned it (principals.pinnedBy) and a principal who may approve it (principals.mayApprove).',
  params: {
    type: 'object',
    additionalProperties: false,
    properties: { projectId: PROJECT_ID_SCHEMA },
  },
  instants: () => INSTANTS_PER_SUGGESTED_CHANGE,
  build(b, params) {
    const { people } = buildSuggestedChanges(b, {
      ...(params.projectId !== undefined ? { projectId: params.projectId } : {}),
      count: 1,
      status: 'waiting-for-second-person',
      madeBy: 'person',
    });
    b.name('pinnedBy', people.releaser);
    b.name('mayApprove', people.approver!);
  },
});
