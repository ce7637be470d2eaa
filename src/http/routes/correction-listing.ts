// `GET /__mock/corrections`: what an operator needs to find corrections by state that the API's
// filters cannot name (reopened by a test run, with a status note), across every project of the world.
import { CORRECTION_STATUSES, type Correction, type CorrectionStatus } from '../../domain/types.ts';
import type { components } from '../../types/mock-admin-api.ts';
import type { WorldStore } from '../../store/world-store.ts';
import { ApiError } from '../api-error.ts';
import { filledQueryParameter, queryLimit, queryValues } from './body-fields.ts';

export type ListedCorrection = components['schemas']['ListedCorrection'];

export interface CorrectionQuery {
  statuses?: readonly CorrectionStatus[];
  projectId?: string;
  reopened?: boolean;
  note?: boolean;
  limit: number;
}

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

/** `status` (a comma list), `projectId`, `reopened` and `note` (`true` or `false`), `limit` (1–1000, 100); each once; 400 bad-input for another value. */
export function parseCorrectionQuery(query: Record<string, unknown>): CorrectionQuery {
  const yesOrNo = (name: string): boolean | undefined => {
    const value = filledQueryParameter(query, name);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') throw new ApiError('bad-input', `${name} is true or false, not ${value}`, { parameter: name });
    return value === 'true';
  };
  const statuses = queryValues(query, 'status', CORRECTION_STATUSES);
  const projectId = filledQueryParameter(query, 'projectId');
  const reopened = yesOrNo('reopened');
  const note = yesOrNo('note');
  return {
    limit: queryLimit(query, MAX_LIMIT) ?? DEFAULT_LIMIT,
    ...(statuses ? { statuses } : {}),
    ...(projectId !== undefined ? { projectId } : {}),
    ...(reopened !== undefined ? { reopened } : {}),
    ...(note !== undefined ? { note } : {}),
  };
}

function matches(correction: Correction, query: CorrectionQuery): boolean {
  return correction.supersededBy === undefined
    && (query.statuses === undefined || query.statuses.includes(correction.status))
    && (query.projectId === undefined || correction.projectId === query.projectId)
    && (query.reopened === undefined || (correction.reopenedIn !== undefined) === query.reopened)
    && (query.note === undefined || (correction.statusNote !== undefined) === query.note);
}

const newestFirst = (a: Correction, b: Correction) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1);

/**
 * The world's corrections the query keeps, newest first (as `/v1` orders them), at most `limit`;
 * superseded ones never (they are history, as in `/v1`), removed ones in any status filter's absence.
 */
export function listCorrectionsByState(store: WorldStore, query: CorrectionQuery): { data: ListedCorrection[]; hasMore: boolean } {
  const kept = [...store.allCorrections()].filter((c) => matches(c, query)).sort(newestFirst);
  return { data: kept.slice(0, query.limit).map(listed), hasMore: kept.length > query.limit };
}

function listed(c: Correction): ListedCorrection {
  return {
    id: c.id,
    status: c.status,
    projectId: c.projectId,
    subject: c.subject,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    ...(c.sortedTo !== undefined ? { sortedTo: c.sortedTo } : {}),
    ...(c.reopenedIn !== undefined ? { reopenedIn: c.reopenedIn } : {}),
    ...(c.statusNote !== undefined ? { statusNote: c.statusNote } : {}),
  };
}
