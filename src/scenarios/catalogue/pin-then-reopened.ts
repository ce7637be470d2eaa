// `pin-then-reopened`: a correction a pin of a suggested change fixed, then a test run reopened
// with `how`: `open` (or `with-owner` when sorted to the owner), with its `fixedIn` and `reopenedIn`.
import { REOPENED_HOW, type ReopenedHow } from '../../domain/types.ts';
import { defineScenario } from '../define.ts';
import { PROJECT_ID_SCHEMA } from './correction.ts';
import { buildCorrections } from './correction-states.ts';

export interface PinThenReopenedParams {
  projectId?: string;
  /** How the test run that reopened it came (default `pin`). */
  how?: ReopenedHow;
}

export const pinThenReopenedScenario = defineScenario<'pin-then-reopened', PinThenReopenedParams>({
  name: 'pin-then-reopened',
  description: 'A correction fixed by a pin of a suggested change, then reopened by a test run with that how: open, with its fixedIn and reopenedIn.',
  params: {
    type: 'object',
    additionalProperties: false,
    properties: {
      projectId: PROJECT_ID_SCHEMA,
      how: { type: 'string', enum: [...REOPENED_HOW], default: 'pin' },
    },
  },
  instants: () => 40,
  build(b, params) {
    buildCorrections(b, { ...(params.projectId !== undefined ? { projectId: params.projectId } : {}), count: 1, fixedHow: 'pin', reopenedHow: params.how ?? 'pin' });
  },
});
