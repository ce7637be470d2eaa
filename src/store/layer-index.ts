// The list index of one layer's own corrections (those its writes made or changed). A session
// writes a few: one sorted list per project is all a walk needs, and costs a fraction of the full
// index by filter dimension, which is built once the layer holds SMALL of them (a long demo's
// base world) so that its lists stay short.
import type { Correction } from '../domain/types.ts';
import { createCorrectionIndex, sortKeyOf, type CorrectionIndex } from './correction-index.ts';
import { compareKeys, insertKey, removeKey, type SortKey } from './keyset.ts';

export const SMALL = 256;

/**
 * `held`: the layer's own corrections, as stored (the full index is built from them).
 * - `filed`: corrections to index at once (every one of `held`, as a replay left them): sorted
 *   first, so that each key is appended rather than spliced into a long list.
 */
export function createLayerIndex(held: () => Iterable<Correction>, filed: readonly Correction[] = []): CorrectionIndex {
  let byProject = new Map<string, SortKey[]>();
  let full: CorrectionIndex | undefined;
  let count = filed.length;
  const keyed = filed.map((correction) => ({ correction, key: sortKeyOf(correction) })).sort((a, b) => compareKeys(a.key, b.key));
  if (count >= SMALL) full = createCorrectionIndex();
  for (const { correction, key } of keyed) {
    if (full) full.add(correction, key);
    else {
      let keys = byProject.get(correction.projectId);
      if (!keys) byProject.set(correction.projectId, (keys = []));
      keys.push(key);
    }
  }
  return {
    add(correction) {
      count += 1;
      if (full) return full.add(correction);
      if (count >= SMALL) {
        full = createCorrectionIndex();
        for (const own of held()) full.add(own);
        byProject = new Map();
        return;
      }
      let keys = byProject.get(correction.projectId);
      if (!keys) byProject.set(correction.projectId, (keys = []));
      insertKey(keys, sortKeyOf(correction));
    },
    remove(correction) {
      count -= 1;
      if (full) return full.remove(correction);
      const keys = byProject.get(correction.projectId);
      if (keys) removeKey(keys, sortKeyOf(correction));
    },
    // Every own key of the projects: the walk reads each one's current version and checks the filter.
    listsFor(filter, projectIds) {
      if (full) return full.listsFor(filter, projectIds);
      return projectIds.flatMap((id) => {
        const keys = byProject.get(id);
        return keys && keys.length > 0 ? [keys] : [];
      });
    },
  };
}
