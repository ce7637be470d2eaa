// The world's shape a scenario picks from (tenants, orgs, projects, agents, blocks, corrector
// groups, principals): small lists the store's look-ups cannot enumerate. Taken from the store's
// shape() (the same object until a write changes one of them), grouped once per such object: a
// scenario's cost must not grow with the world's corrections and runs, which the shape leaves out.
import type { Agent, Block, CorrectorGroup, Flow, Org, Principal, Project, Tenant, TestSet } from '../domain/world.ts';
import type { ShapeRecords, WorldStore } from '../store/world-store.ts';

export interface WorldShape {
  tenants: readonly Tenant[];
  orgs: readonly Org[];
  projects: readonly Project[];
  principals: readonly Principal[];
  correctorGroups: readonly CorrectorGroup[];
  flows: readonly Flow[];
  testSets: readonly TestSet[];
  /** Agent ids by project id, in the world's order (each read again through the look-up). */
  agentIds: ReadonlyMap<string, readonly string[]>;
  /** Block ids by agent id, in the world's order. */
  blockIds: ReadonlyMap<string, readonly string[]>;
}

// Keyed by the store's object: a new one (after a write of projects, principals, agents or
// blocks, or a reset) is grouped again, and the old one's grouping goes with it.
const shapes = new WeakMap<ShapeRecords, WorldShape>();

/** The shape of the store's world now. */
export function worldShapeOf(store: WorldStore): WorldShape {
  const records = store.shape();
  let shape = shapes.get(records);
  if (!shape) {
    shape = {
      tenants: records.tenants,
      orgs: records.orgs,
      projects: records.projects,
      principals: records.principals,
      correctorGroups: records.correctorGroups,
      flows: records.flows,
      testSets: records.testSets,
      agentIds: groupIds(records.agents, (a: Agent) => a.projectId),
      blockIds: groupIds(records.blocks, (b: Block) => b.agentId),
    };
    shapes.set(records, shape);
  }
  return shape;
}

function groupIds<T extends { id: string }>(records: readonly T[], keyOf: (record: T) => string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const record of records) {
    const key = keyOf(record);
    const list = groups.get(key);
    if (list) list.push(record.id);
    else groups.set(key, [record.id]);
  }
  return groups;
}

