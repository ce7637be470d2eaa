// The embedded world (fixtures/, seed 42) as one importable module (`kindgi-mock/world`): what
// `npm start` serves, for the MSW handlers and a browser, where no folder can be read.
import agents from '../../fixtures/agents.json' with { type: 'json' };
import blocks from '../../fixtures/blocks.json' with { type: 'json' };
import correctorGroups from '../../fixtures/corrector-groups.json' with { type: 'json' };
import corrections from '../../fixtures/corrections.json' with { type: 'json' };
import flows from '../../fixtures/flows.json' with { type: 'json' };
import orgs from '../../fixtures/orgs.json' with { type: 'json' };
import principals from '../../fixtures/principals.json' with { type: 'json' };
import projects from '../../fixtures/projects.json' with { type: 'json' };
import runs from '../../fixtures/runs.json' with { type: 'json' };
import suggestedChanges from '../../fixtures/suggested-changes.json' with { type: 'json' };
import tenants from '../../fixtures/tenants.json' with { type: 'json' };
import testSets from '../../fixtures/test-sets.json' with { type: 'json' };
import type { World } from '../domain/world.ts';

/**
 * Shared, read only, as a loaded world is: the store never changes a record in place. A test
 * that wants to change the world itself passes a copy (`structuredClone(world)`).
 */
const world = {
  tenants, orgs, projects, principals, correctorGroups, agents, flows, blocks, testSets, runs, corrections, suggestedChanges,
} as unknown as World;

export default world;
