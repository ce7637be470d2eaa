// A suggested change's status and title, derived from its state (page 002: "never stored").
import type { Change, SuggestedChangeState, SuggestedChangeStatus } from './types.ts';

/**
 * The status page 002 defines, from the check, the pin and the change's own steps.
 * - Its own steps win: withdrawn, then added as Latest, then pinned, then an open approval.
 * - Otherwise the check: running → checking; done → ready; failed or never run → check-failed.
 */
export function deriveSuggestedChangeStatus(state: Pick<SuggestedChangeState, 'withdrawn' | 'addedAsLatest' | 'pinned' | 'approvalId' | 'check'>): SuggestedChangeStatus {
  if (state.withdrawn) return 'withdrawn';
  if (state.addedAsLatest) return 'added-as-latest';
  if (state.pinned) return 'pinned';
  if (state.approvalId) return 'waiting-for-second-person';
  switch (state.check.status) {
    case 'running': return 'checking';
    case 'done': return 'ready';
    case 'failed':
    case 'not-started': return 'check-failed';
  }
}

export const TITLE_WHY_LENGTH = 60;

/** The first line of `why`, cut at 60 characters (page 002: `title`). */
export function titleLead(why: string): string {
  // Cut by characters (code points), so an emoji at the cut is kept whole or left out whole.
  return [...(why.split(/\r?\n/, 1)[0] ?? '')].slice(0, TITLE_WHY_LENGTH).join('');
}

/**
 * The title page 002 describes: the first line of `why` cut at 60 characters, then the change,
 * e.g. `Refunds are quoted as 14 days · tone v2 → v3`.
 * - `blockName` names a block change's block; a code change reads `code <from> → <to>`.
 */
export function deriveTitle(why: string, changes: Change[], blockName: (blockId: string) => string, builtOn: string, version?: string): string {
  const summary = changes.map((change) => change.kind === 'block'
    ? `${blockName(change.blockId ?? '')} ${change.from ?? '?'} → ${change.to ?? 'new'}`
    : `code ${builtOn} → ${version ?? 'new'}`).join(', ');
  return `${titleLead(why)} · ${summary}`;
}
