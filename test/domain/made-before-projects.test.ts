// Suggested changes made before suggested changes were for a project (page 002: projectId): which
// stored records are such, the rules their stored form keeps, and that the marker is never served.
import { describe, expect, it } from 'vitest';
import { MADE_BEFORE_PROJECTS_RULES, checkMadeBeforeProjects, madeBeforeProjects } from '../../src/domain/made-before-projects.ts';
import { viewSuggestedChange } from '../../src/domain/suggested-change-view.ts';
import type { StoredSuggestedChange } from '../../src/domain/world.ts';
import { TEST_RUN_WITH, expectBreaks, validSuggestedChange } from './examples.ts';

const { status: _status, title: _title, correctionCount: _count, ...stored } = validSuggestedChange;
/** A stored suggested change made since projects: for its project, checked with a `now`. */
const current: StoredSuggestedChange = stored;
const { now: _now, newlyFailing: _newlyFailing, ...checkFromBefore } = current.check;
const { projectId: _projectId, ...withoutProject } = current;
/** Made before projects, knowing its agent version's project; its check compared with recorded outputs only. */
const olderWithProject: StoredSuggestedChange = { ...current, madeBeforeProjects: true, check: { ...checkFromBefore, with: { testRunId: TEST_RUN_WITH, passing: 3, of: 4 } } };
const { projectId: _olderProjectId, ...olderWithoutProject } = olderWithProject;

describe('madeBeforeProjects', () => {
  it('is false for one made since projects, with its projectId', () => {
    expect(madeBeforeProjects(current)).toBe(false);
  });

  it('is true for one marked so that keeps its projectId', () => {
    expect(madeBeforeProjects(olderWithProject)).toBe(true);
  });

  it('is true for one without a projectId, marked or not: only such a one may lack it', () => {
    expect(madeBeforeProjects(olderWithoutProject)).toBe(true);
    expect(madeBeforeProjects(withoutProject)).toBe(true);
  });
});

describe('MADE_BEFORE_PROJECTS_RULES', () => {
  it('cites page 002 for every rule', () => {
    for (const rule of MADE_BEFORE_PROJECTS_RULES) expect(rule.source, rule.name).toMatch(/^002: \S/);
  });

  it.each([
    ['one made since projects, with its project and a check with a now', current],
    ['one made before projects that knows its project, its check without a now', olderWithProject],
    ['one made before projects without a project, its check without a now', olderWithoutProject],
  ])('keep %s', (_name, state) => {
    expect(checkMadeBeforeProjects(state)).toEqual([]);
  });

  it('no-project-only-made-before: breaks on one without a projectId that is not marked made before projects', () => {
    expectBreaks(checkMadeBeforeProjects({ ...withoutProject, check: olderWithProject.check }), 'no-project-only-made-before', 'madeBeforeProjects');
  });

  it('made-before-check-has-no-now: breaks on one made before projects whose check has a now', () => {
    expectBreaks(checkMadeBeforeProjects({ ...current, madeBeforeProjects: true }), 'made-before-check-has-no-now', 'check.now');
  });

  it('made-before-check-has-no-now: breaks on one without a projectId whose check has a now (both rules)', () => {
    const violations = checkMadeBeforeProjects(withoutProject);
    expectBreaks(violations, 'made-before-check-has-no-now', 'check.now', ['no-project-only-made-before']);
  });
});

describe('viewSuggestedChange of one made before projects', () => {
  it('leaves the stored marker out and keeps its projectId', () => {
    const view = viewSuggestedChange(olderWithProject, () => undefined);
    expect(view).not.toHaveProperty('madeBeforeProjects');
    expect(view.projectId).toBe(olderWithProject.projectId);
    expect(view.status).toBe('ready');
  });
});
