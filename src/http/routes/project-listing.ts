// `GET /__mock/projects`: the world's projects, which the API never lists, with what an app or the
// inspector needs to name and pick one: its org, its gates, and its records counted by status.
import type { WorldStore } from '../../store/world-store.ts';
import { countedAs } from '../../store/indexed-corrections.ts';
import type { components } from '../../types/mock-admin-api.ts';

/** As spec/mock-admin.yaml's `ListedProject` says it. */
export type ListedProject = components['schemas']['ListedProject'];

/**
 * Every project of the world, in the world's order, with its gates and its counts.
 * - Corrections are counted as `/__mock/state` counts them (a superseded one as `superseded`),
 *   suggested changes by their derived status; a status with none is left out, as there.
 * - A suggested change with no project (made before projects, its project unknown) counts nowhere.
 * - The projects are read from the world as it is now, so a project a scenario made is listed.
 */
export function listProjects(store: WorldStore): ListedProject[] {
  const corrections = new Map<string, Record<string, number>>();
  const suggestedChanges = new Map<string, Record<string, number>>();
  for (const correction of store.allCorrections()) tally(corrections, correction.projectId, countedAs(correction));
  for (const change of store.suggestedChangeViews()) {
    if (change.projectId !== undefined) tally(suggestedChanges, change.projectId, change.status);
  }
  return store.shape().projects.map((project) => ({
    id: project.id,
    name: project.name,
    orgId: project.orgId,
    gates: { releaseGate: project.releaseGate, followsLatest: project.followsLatest },
    counts: {
      corrections: corrections.get(project.id) ?? {},
      suggestedChanges: suggestedChanges.get(project.id) ?? {},
    },
  }));
}

function tally(counts: Map<string, Record<string, number>>, projectId: string, status: string): void {
  let project = counts.get(projectId);
  if (!project) counts.set(projectId, (project = {}));
  project[status] = (project[status] ?? 0) + 1;
}
