// `correction`: `count` corrections in the state asked, each on a run of its own, by a principal
// allowed to make them, newest last.
import { CORRECTION_STATUSES, FIXED_HOW, REOPENED_HOW, SORTED_TO, type CorrectionStatus, type FixedHow, type ReopenedHow, type SortedTo } from '../../domain/types.ts';
import { defineScenario } from '../define.ts';
import { buildCorrections, INSTANTS_PER_CORRECTION, SAYS, type Says } from './correction-states.ts';

export const MAX_COUNT = 10_000;

export interface CorrectionScenarioParams {
  /** The project (default: the first one that can hold the state asked). */
  projectId?: string;
  /** How many (1–10 000; default 1). */
  count?: number;
  /** Default: `open`, or what `fixedHow` / `reopenedHow` / `sortedTo` imply. */
  status?: CorrectionStatus;
  sortedTo?: SortedTo;
  /** With status `fixed` (default `pin` there), or beside `reopenedHow`. */
  fixedHow?: FixedHow;
  /** Reopened by a test run: status `open`, or `with-owner` when sorted to the owner. */
  reopenedHow?: ReopenedHow;
  /** Made under a restricted corrector group (`expert: true`). */
  expert?: boolean;
  /** Made by an app's token on behalf of its end users (`participantId`). */
  endUser?: boolean;
  /** The text of a status note, set with a status by hand. */
  statusNote?: string;
  /** What it says is wrong (right, when recorded right): `decisions` (default), `answer` or `items`. */
  says?: Says;
}

/** The count, type and range rules of every scenario that makes many records. */
export const COUNT_SCHEMA = { type: 'integer', minimum: 1, maximum: MAX_COUNT, default: 1, description: 'How many (1–10 000).' } as const;
export const PROJECT_ID_SCHEMA = { type: 'string', minLength: 1, description: 'The project (default: the first one that fits).' } as const;

export const correctionScenario = defineScenario<'correction', CorrectionScenarioParams>({
  name: 'correction',
  description: 'count corrections in one state (status, sortedTo, fixedHow, reopenedHow, expert, endUser, statusNote, says), each on a run of its own, made by a principal allowed to, dated in the past of the clock, newest last.',
  params: {
    type: 'object',
    additionalProperties: false,
    properties: {
      projectId: PROJECT_ID_SCHEMA,
      count: COUNT_SCHEMA,
      status: { type: 'string', enum: [...CORRECTION_STATUSES] },
      sortedTo: { type: 'string', enum: [...SORTED_TO] },
      fixedHow: { type: 'string', enum: [...FIXED_HOW] },
      reopenedHow: { type: 'string', enum: [...REOPENED_HOW] },
      expert: { type: 'boolean' },
      endUser: { type: 'boolean' },
      statusNote: { type: 'string', minLength: 1, maxLength: 2000 },
      says: { type: 'string', enum: [...SAYS], default: 'decisions' },
    },
  },
  instants: (params) => (params.count ?? 1) * INSTANTS_PER_CORRECTION + 20 * Math.ceil((params.count ?? 1) / 100),
  build(b, params) {
    const { plan } = buildCorrections(b, { ...params, count: params.count ?? 1 });
    if (params.status === undefined) b.chose('status', plan.status);
    if (params.sortedTo === undefined && plan.sortedTo !== undefined) b.chose('sortedTo', plan.sortedTo);
    if (params.fixedHow === undefined && plan.fixedHow !== undefined) b.chose('fixedHow', plan.fixedHow);
  },
});
