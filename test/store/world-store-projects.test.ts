// A set of changes may bring new or changed projects and principals (issue 32: a scenario's own
// project, and the principals granted it): the store layers them like every other record, so a
// session's project is its own and a reset forgets it; reads, listings and the world's view see
// them; the commit refuses a grant of a project that exists nowhere; and the state file keeps
// them, through the journal and through a compaction's snapshot.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { CorrectionFilter } from '../../src/domain/correction-filter.ts';
import { checkWorld } from '../../src/domain/world-rules.ts';
import type { Agent, Principal, Project, Run } from '../../src/domain/world.ts';
import { loadWorld } from '../../src/fixtures/load-world.ts';
import { loadSpec } from '../../src/spec/load-spec.ts';
import { createCorrection } from '../../src/store/correction-writes.ts';
import type { StateJournal } from '../../src/store/state-file.ts';
import { openRestoredState, type RestoredState } from '../../src/store/state-restore.ts';
import type { WorldChanges } from '../../src/store/world-changes.ts';
import { createWorldStore, type WorldStore } from '../../src/store/world-store.ts';

const document = loadSpec();
const world = loadWorld(undefined, document);
const admin = world.principals.find((p) => p.token.startsWith('kgm_admin_') && p.kind === 'user');
const org = world.orgs.find((o) => o.tenantId === admin?.tenantId);
if (!admin || !org) throw new Error('the fixtures lack a user admin and an org of its tenant');

const project: Project = { id: randomUUID(), tenantId: admin.tenantId, orgId: org.id, name: 'Scenario project', followsLatest: false, releaseGate: 'none' };
const granted: Principal = { ...admin, readProjectIds: [...admin.readProjectIds, project.id], writeProjectIds: [...admin.writeProjectIds, project.id] };
const agent: Agent = { id: 'agt_scenario_projects', tenantId: admin.tenantId, projectId: project.id, name: 'Scenario agent', ownerId: admin.id, versions: ['v1'] };
const run: Run = {
  id: 'run_scenario_projects', tenantId: admin.tenantId, projectId: project.id, subject: { kind: 'agent', id: agent.id, version: 'v1' },
  finished: true, startedAt: '2026-01-02T10:00:00.000Z', input: { q: 'hello' }, output: { a: 'hi' },
};
const correctionId = 'cor_scenario_projects1';
const inProject: CorrectionFilter = { from: 'all', projectId: project.id };

/** The new project, the admin granted it, its agent and run (one write), then a correction on the run (a second). */
function build(store: WorldStore): void {
  store.commit({ projects: [project], principals: [granted], agents: [agent], runs: [run] });
  // The route's caller: looked up by the unchanged token, so the grant applies.
  const caller = store.principalByToken(admin!.token)!;
  const outcome = createCorrection(store.lookup, caller, { runId: run.id, answer: 'wrong', why: 'a scenario' }, '2026-01-02T11:00:00.000Z', correctionId);
  if (!outcome.ok) throw new Error(`the correction was refused: ${outcome.message}`);
  store.commit(outcome.changes);
}

/** What a world holding the build shows: the admin lists and reads the correction by the project's filter. */
function expectBuilt(store: WorldStore): void {
  expect(store.lookup.project(project.id)).toEqual(project);
  const caller = store.principalByToken(admin!.token)!;
  expect(caller.writeProjectIds).toContain(project.id);
  expect(store.listCorrections(caller, inProject, undefined, 25).corrections.map((c) => c.id)).toEqual([correctionId]);
  expect(store.readCorrection(caller, correctionId)?.run.runId).toBe(run.id);
  const view = store.worldView();
  expect(view.projects.filter((p) => p.id === project.id)).toEqual([project]);
  expect(view.principals.filter((p) => p.token === admin!.token)).toEqual([granted]);
  expect(view.principals).toHaveLength(world.principals.length);
  expect(checkWorld(view)).toEqual([]);
}

function expectNotBuilt(store: WorldStore): void {
  expect(store.lookup.project(project.id)).toBeUndefined();
  expect(store.principalByToken(admin!.token)).toBe(admin);
  expect(store.principals()).toBe(world.principals);
  expect(store.worldView().projects).toBe(world.projects);
  expect(store.listCorrections(admin!, inProject, undefined, 25).corrections).toEqual([]);
  expect(store.readCorrection(admin!, correctionId)).toBeUndefined();
}

describe('new and changed projects and principals in the store', () => {
  it('a new project, its grant, agent, run and correction: listed by the principal (unchanged token) with the project filter, and counted', () => {
    const store = createWorldStore(world);
    const before = store.counts().corrections.open ?? 0;
    build(store);
    expectBuilt(store);
    expect(store.principals().find((p) => p.token === admin.token)).toBe(store.principalByToken(admin.token));
    expect(store.counts().corrections.open).toBe(before + 1);
    // The snapshot a compaction writes carries them.
    const own = store.ownChanges();
    expect(own.projects).toEqual([project]);
    expect(own.principals).toEqual([granted]);
  });

  it('another store over the same base does not see them, and a reset forgets them', () => {
    const store = createWorldStore(world);
    const session = createWorldStore(world);
    build(store);
    expectNotBuilt(session);
    store.reset();
    expectNotBuilt(store);
  });

  it('a principal granted a project that exists neither in the store nor in the changes is refused, changing nothing', () => {
    const store = createWorldStore(world);
    const stray = randomUUID();
    const changes: WorldChanges = { principals: [{ ...admin, readProjectIds: [...admin.readProjectIds, stray] }] };
    expect(() => store.commit(changes)).toThrow(`known-project at readProjectIds: no project ${stray}`);
    expect(() => store.commit({ principals: [{ ...admin, writeProjectIds: [...admin.writeProjectIds, stray] }] })).toThrow(`known-project at writeProjectIds: no project ${stray}`);
    expect(store.principalByToken(admin.token)).toBe(admin);
    expect(store.writeCount()).toBe(0);
  });

  it('a principal under another principal\'s token is refused', () => {
    const store = createWorldStore(world);
    expect(() => store.commit({ principals: [{ ...admin, id: 'usr_someone_else' }] })).toThrow('own-token at token');
    expect(store.principalByToken(admin.token)).toBe(admin);
  });
});

describe('the state file keeps them', () => {
  const folder = mkdtempSync(join(tmpdir(), 'kindgi-projects-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  let files = 0;
  const newFile = () => join(folder, `state-${(files += 1)}.jsonl`);
  const opened: StateJournal[] = [];
  afterEach(() => {
    for (const journal of opened.splice(0)) journal.close();
  });
  const open = (file: string): RestoredState => {
    const restored = openRestoredState(file, world, { document, compaction: { minBytes: Number.POSITIVE_INFINITY } });
    opened.push(restored.journal);
    return restored;
  };

  it('journalled, then restarted: the same world', () => {
    const file = newFile();
    const first = open(file);
    build(first.store);
    first.journal.close();
    const again = open(file);
    expect(again.restoredWrites).toBe(2);
    expectBuilt(again.store);
  });

  it('compacted into a snapshot, then restarted: the same world', () => {
    const file = newFile();
    const first = open(file);
    build(first.store);
    first.journal.compact();
    first.journal.close();
    const again = open(file);
    expect(again.summary.fromSnapshot).toEqual({ writes: 2 });
    expectBuilt(again.store);
  });
});
