// `GET /__mock/suggested-changes`: what an operator needs to find one by its state, since the API
// lists none: each one's id, status, title, project and open approval, in the world's order.
import { SUGGESTED_CHANGE_STATUSES, type Actor, type SuggestedChangeStatus } from '../../domain/types.ts';
import { PINNER_NOT_RECORDED } from '../../store/world-base.ts';
import type { WorldStore } from '../../store/world-store.ts';
import { filledQueryParameter, queryValues } from './body-fields.ts';

export interface ListedSuggestedChange {
  id: string;
  status: SuggestedChangeStatus;
  title: string;
  projectId?: string;
  approvalId?: string;
  /** Who pinned, when the pin waits for a second person and the world knows (a loaded one does not): anyone else who may write the project can approve it. */
  pinnedBy?: Actor;
}

export interface SuggestedChangeQuery {
  statuses?: readonly SuggestedChangeStatus[];
  projectId?: string;
}

/** `status` (a comma list of statuses) and `projectId`, each once and optional; 400 bad-input for another value. */
export function parseSuggestedChangeQuery(query: Record<string, unknown>): SuggestedChangeQuery {
  const statuses = queryValues(query, 'status', SUGGESTED_CHANGE_STATUSES);
  const projectId = filledQueryParameter(query, 'projectId');
  return { ...(statuses ? { statuses } : {}), ...(projectId !== undefined ? { projectId } : {}) };
}

/** Every suggested change of the world the query keeps, as the API derives its status and title. */
export function listSuggestedChanges(store: WorldStore, query: SuggestedChangeQuery): ListedSuggestedChange[] {
  return store.suggestedChangeViews()
    .filter((s) => (query.statuses === undefined || query.statuses.includes(s.status)) && (query.projectId === undefined || s.projectId === query.projectId))
    .map((s) => {
      const recorded = s.approvalId === undefined ? undefined : store.lookup.approval(s.approvalId)?.pinnedBy;
      const pinnedBy = recorded?.id === PINNER_NOT_RECORDED.id ? undefined : recorded;
      return {
        id: s.id, status: s.status, title: s.title,
        ...(s.projectId !== undefined ? { projectId: s.projectId } : {}),
        ...(s.approvalId !== undefined ? { approvalId: s.approvalId } : {}),
        ...(pinnedBy !== undefined ? { pinnedBy } : {}),
      };
    });
}
