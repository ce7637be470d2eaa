// Suggested changes made before suggested changes were for a project (page 002: `projectId`):
// which ones they are, and the rules their stored records keep.
import { checkRules, expect, type Rule, type Violation } from './rule.ts';
import type { StoredSuggestedChange } from './world.ts';

/**
 * Whether a stored suggested change was made before suggested changes were for a project, so that
 * it can only be withdrawn (page 002: `409 suggested-change-not-for-a-project`).
 * - Its marker says so; so does a missing `projectId`, which only such a one may lack.
 */
export function madeBeforeProjects(state: Pick<StoredSuggestedChange, 'madeBeforeProjects' | 'projectId'>): boolean {
  return state.madeBeforeProjects === true || state.projectId === undefined;
}

/** The rules of a stored suggested change that only its stored form can show (the marker is never served). */
export const MADE_BEFORE_PROJECTS_RULES: ReadonlyArray<Rule<StoredSuggestedChange>> = [
  {
    name: 'no-project-only-made-before',
    // Every one made since is for a project, so one without a projectId is necessarily made before.
    source: "002: projectId: the project it's for; on one made before suggested changes were for a project, its agent version's project, when known.",
    check: (s) => expect(s.projectId !== undefined || s.madeBeforeProjects === true, 'madeBeforeProjects',
      'a suggested change with no projectId can only be one made before suggested changes were for a project: mark it madeBeforeProjects: true'),
  },
  {
    name: 'made-before-check-has-no-now',
    // It can only be withdrawn, so it is never checked again: its check is the one from before.
    source: '002: check: a check from before suggested changes were for a project compared its version with the recorded outputs only, so it has no `now`.',
    check: (s) => expect(!madeBeforeProjects(s) || s.check.now === undefined, 'check.now',
      'a suggested change made before suggested changes were for a project has a check with a now'),
  },
];

/** Every rule of MADE_BEFORE_PROJECTS_RULES a stored suggested change breaks. */
export function checkMadeBeforeProjects(state: StoredSuggestedChange): Violation[] {
  return checkRules(MADE_BEFORE_PROJECTS_RULES, state);
}
