// Turns a stored suggested change into what the API answers: derived status and title, the
// first 100 fixes with their count, and each block change's content before and after.
import { MAX_LISTED_FIXES } from './suggested-change-rules.ts';
import { deriveSuggestedChangeStatus, deriveTitle } from './suggested-change-status.ts';
import type { Change, SuggestedChange } from './types.ts';
import type { Block, StoredSuggestedChange } from './world.ts';

/**
 * What the API answers for a stored suggested change.
 * - What is stored but is not the API's (`madeBeforeProjects`) is left out.
 */
export function viewSuggestedChange(state: StoredSuggestedChange, blockById: (id: string) => Block | undefined): SuggestedChange {
  const blockName = (id: string) => blockById(id)?.name ?? id;
  const { fixes, changes, madeBeforeProjects: _stored, ...rest } = state;
  return {
    ...rest,
    title: deriveTitle(state.why, changes, blockName, state.builtOn.version, state.version),
    changes: changes.map((change) => withContent(change, change.blockId ? blockById(change.blockId) : undefined)),
    fixes: fixes.slice(0, MAX_LISTED_FIXES),
    correctionCount: fixes.length,
    status: deriveSuggestedChangeStatus(state),
  };
}

function withContent(change: Change, block: Block | undefined): Change {
  if (change.kind !== 'block' || !block) return change;
  const contentOf = (version: string | undefined) => block.versions.find((v) => v.version === version)?.content;
  const before = contentOf(change.from);
  const after = contentOf(change.to);
  return { ...change, ...(before ? { before } : {}), ...(after ? { after } : {}) };
}
