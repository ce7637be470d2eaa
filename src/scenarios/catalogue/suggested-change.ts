// `suggested-change`: `count` suggested changes in the status asked, made by the kind of maker asked.
import { MADE_BY_KINDS, SUGGESTED_CHANGE_STATUSES, type MadeByKind, type SuggestedChangeStatus } from '../../domain/types.ts';
import { defineScenario } from '../define.ts';
import { COUNT_SCHEMA, PROJECT_ID_SCHEMA } from './correction.ts';
import { buildSuggestedChanges, INSTANTS_PER_SUGGESTED_CHANGE } from './suggested-changes.ts';

export interface SuggestedChangeScenarioParams {
  projectId?: string;
  /** How many (1–10 000; default 1). */
  count?: number;
  /** Default `ready`. */
  status?: SuggestedChangeStatus;
  /** Default `improve-run`. */
  madeBy?: MadeByKind;
  /** Made before suggested changes were for a project: it can only be withdrawn (status `ready` or `withdrawn`). */
  madeBeforeProjects?: boolean;
}

export const suggestedChangeScenario = defineScenario<'suggested-change', SuggestedChangeScenarioParams>({
  name: 'suggested-change',
  description: 'count suggested changes in one status, made by one kind of maker (improve-run, person, service, deploy, offer), each fixing a correction of its own.',
  params: {
    type: 'object',
    additionalProperties: false,
    properties: {
      projectId: PROJECT_ID_SCHEMA,
      count: COUNT_SCHEMA,
      status: { type: 'string', enum: [...SUGGESTED_CHANGE_STATUSES], default: 'ready' },
      madeBy: { type: 'string', enum: [...MADE_BY_KINDS], default: 'improve-run' },
      madeBeforeProjects: { type: 'boolean', default: false },
    },
  },
  instants: (params) => (params.count ?? 1) * INSTANTS_PER_SUGGESTED_CHANGE,
  build(b, params) {
    buildSuggestedChanges(b, {
      ...(params.projectId !== undefined ? { projectId: params.projectId } : {}),
      count: params.count ?? 1,
      status: params.status ?? 'ready',
      madeBy: params.madeBy ?? 'improve-run',
      madeBeforeProjects: params.madeBeforeProjects ?? false,
    });
  },
});
