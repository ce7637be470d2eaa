// The records of the fake world: what the API returns (corrections, suggested changes) and what
// the pages imply behind it (tenants, projects, principals, agents, runs, …).
import type { ActorKind, BlockContent, Correction, RunCopy, Subject, SuggestedChangeState } from './types.ts';

export const ROLES = ['admin', 'member'] as const;
export type Role = (typeof ROLES)[number];
export const RELEASE_GATES = ['none', 'second-person', 'refuse-newly-failing'] as const;
export type ReleaseGate = (typeof RELEASE_GATES)[number];

export interface Tenant { id: string; name: string }
export interface Org { id: string; tenantId: string; name: string }

export interface Project {
  id: string;
  tenantId: string;
  orgId: string;
  name: string;
  /** Whether the project runs its agents' Latest, so adding as Latest fixes corrections (page 000: `latest`). */
  followsLatest: boolean;
  /** What a pin must pass: nothing, a second person's approval, or no newly failing corrections. */
  releaseGate: ReleaseGate;
  testSetId?: string;
}

export interface Principal {
  token: string;
  kind: ActorKind;
  /** A user's id, or a service token's id (page 000: madeBy.id). */
  id: string;
  name: string;
  tenantId: string;
  role: Role;
  readProjectIds: string[];
  writeProjectIds: string[];
  /** An app's token that corrects on behalf of its end users (page 000: participantId). */
  actsForEndUsers?: boolean;
  expiresAt?: string;
  revokedAt?: string;
  /** What the principal is in the world for, shown by `/__mock/principals`. */
  purpose: string;
}

export interface AssertableBy {
  minRole?: Role;
  principalKinds?: ActorKind[];
  principalIds?: string[];
}

export interface CorrectorGroup {
  id: string;
  tenantId: string;
  name: string;
  /** Present when the group is restricted: who may record corrections under it. */
  assertableBy?: AssertableBy;
}

export interface Agent {
  id: string;
  tenantId: string;
  projectId: string;
  name: string;
  /** The user who owns the agent (page 000: `with-owner`). */
  ownerId: string;
  /** Oldest first. */
  versions: string[];
}

export interface Flow { id: string; tenantId: string; projectId: string; name: string; versions: string[] }

export interface Block {
  id: string;
  agentId: string;
  kind: 'prompt' | 'settings';
  name: string;
  versions: Array<{ version: string; content: BlockContent }>;
}

export interface TestSet { id: string; projectId: string; version: string; name: string }

/** A run of an agent or a flow. Its copy (page 000: `run`) is taken at its first correction. */
export interface Run {
  id: string;
  tenantId: string;
  projectId: string;
  subject: Subject;
  finished: boolean;
  startedAt: string;
  input: unknown;
  output?: unknown;
  context?: RunCopy['context'];
  replayOf?: string;
  segments?: RunCopy['segments'];
  /** When its copy was taken: set at its first correction. */
  capturedAt?: string;
}

/** A suggested change as the world stores it: the API's shape less what is derived, and a marker never served. */
export interface StoredSuggestedChange extends SuggestedChangeState {
  /**
   * Made before suggested changes were for a project (page 002: `projectId`): it keeps its agent
   * version's project as `projectId` when known, and can only be withdrawn. Stored, not served:
   * the pages' shape has no such field (made-before-projects.ts).
   */
  madeBeforeProjects?: true;
}

export interface World {
  tenants: Tenant[];
  orgs: Org[];
  projects: Project[];
  principals: Principal[];
  correctorGroups: CorrectorGroup[];
  agents: Agent[];
  flows: Flow[];
  blocks: Block[];
  testSets: TestSet[];
  runs: Run[];
  corrections: Correction[];
  suggestedChanges: StoredSuggestedChange[];
}

export const WORLD_COLLECTIONS = [
  'tenants', 'orgs', 'projects', 'principals', 'correctorGroups', 'agents', 'flows', 'blocks',
  'testSets', 'runs', 'corrections', 'suggestedChanges',
] as const satisfies ReadonlyArray<keyof World>;

/** The copy of a run that its corrections carry (page 000: `run`). */
export function runCopyOf(run: Run): RunCopy {
  if (run.capturedAt === undefined) throw new Error(`run ${run.id} has no copy: it was never corrected`);
  // Field by field, in this order: a spread per optional field made an object for each (a scenario copies 10 000 runs).
  const copy = { runId: run.id, subject: run.subject, input: run.input } as RunCopy;
  if (run.context) copy.context = run.context;
  if (run.replayOf) copy.replayOf = run.replayOf;
  copy.output = run.output ?? null;
  if (run.segments) copy.segments = run.segments;
  copy.capturedAt = run.capturedAt;
  return copy;
}
