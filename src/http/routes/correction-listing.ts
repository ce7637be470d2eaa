// `GET /__mock/corrections`: what an operator needs to find corrections by state that the API's
// filters cannot name (reopened by a test run, with a status note), across every project of the world.
import { CORRECTION_STATUSES, type Correction, type CorrectionStatus } from '../../domain/types.ts';
import type { components } from '../../types/mock-admin-api.ts';
import type { WorldStore } from '../../store/world-store.ts';
import { ApiError } from '../api-error.ts';
import { queryParameter } from './body-fields.ts';

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
  const one = (name: string): string | undefined => {
    const value = queryParameter(query, name);
    if (value === '') throw new ApiError('bad-input', `give ${name} a value`, { parameter: name });
    return value;
  };
  const yesOrNo = (name: string): boolean | undefined => {
    const value = one(name);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') throw new ApiError('bad-input', `${name} is true or false, not ${value}`, { parameter: name });
    return value === 'true';
  };
  const statuses = one('status')?.split(',');
  const unknown = statuses?.filter((s) => !(CORRECTION_STATUSES as readonly string[]).includes(s)) ?? [];
  if (unknown.length > 0) throw new ApiError('bad-input', `status takes ${CORRECTION_STATUSES.join(', ')} (a comma list), not ${unknown.join(', ')}`, { parameter: 'status' });
  const limitText = one('limit');
  const limit = limitText === undefined ? DEFAULT_LIMIT : Number(limitText);
  if (!/^\d+$/.test(limitText ?? '0') || limit < 1 || limit > MAX_LIMIT) throw new ApiError('bad-input', `limit is a whole number from 1 to ${MAX_LIMIT}`, { parameter: 'limit' });
  const projectId = one('projectId');
  const reopened = yesOrNo('reopened');
  const note = yesOrNo('note');
  return {
    limit,
    ...(statuses ? { statuses: statuses as CorrectionStatus[] } : {}),
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
  const kept = store.worldView().corrections.filter((c) => matches(c, query)).sort(newestFirst);
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
