// Issue 32: every built-in scenario, with its defaults and with each value of each of its enum
// parameters (and its other parameters set once), applied in a session over HTTP and read back
// through /v1 as the API's caller would, with a token of the session allowed to read it: each
// record is in the state asked for, the session's world keeps every domain rule, and the base
// world is what it was before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioListing } from '../../src/scenarios/contract.ts';
import { startMock, type TestMock } from '../http/support.ts';
import {
  applyInSession, endSession, expectSessionKeepsRules, openSession, principalsOf, projectOf, readerOf,
  type Applied, type ListedPrincipal,
} from '../support/scenario-sessions.ts';

const BUILT_IN = ['correction', 'suggested-change', 'empty-project', 'pin-then-reopened', 'awaiting-approval', 'superseded'];

let server: TestMock;
let listing: ScenarioListing[];
let baseBefore: unknown;

beforeAll(async () => {
  server = await startMock();
  baseBefore = (await server.request('GET', '/__mock/state')).body;
  const answer = await server.request('GET', '/__mock/scenarios');
  expect(answer.status).toBe(200);
  listing = answer.body.data;
});
afterAll(async () => {
  await server?.close();
});

type Params = Record<string, unknown>;

/**
 * The parameter sets a scenario is tried with, from its listed JSON Schema: the defaults, each
 * value of each enum, both booleans, each whole number of a short range, a text for a text.
 * Project ids are left to the scenario (the read-back is of what it chose).
 */
function paramSets(schema: { properties?: Record<string, any> }): Params[] {
  const sets: Params[] = [{}];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (name === 'projectId') continue;
    if (Array.isArray(property.enum)) sets.push(...property.enum.map((value: unknown) => ({ [name]: value })));
    else if (property.type === 'boolean') sets.push({ [name]: true }, { [name]: false });
    else if (property.type === 'integer' && property.maximum - property.minimum <= 5) {
      for (let n = property.minimum as number; n <= property.maximum; n += 1) sets.push({ [name]: n });
    } else if (property.type === 'integer') sets.push({ [name]: Math.max(property.minimum ?? 1, 3) });
    else if (property.type === 'string') sets.push({ [name]: `Read back: ${name}` });
  }
  return sets;
}

interface Case {
  session: string;
  applied: Applied;
  principals: ListedPrincipal[];
  /** GET through /v1 with a token allowed to read it; 200 or the test fails. */
  read(kind: 'correction' | 'suggested-change', id: string): Promise<any>;
}

async function openCase(name: string, params: Params): Promise<Case> {
  const session = await openSession(server, { name: `read back ${name} ${JSON.stringify(params)}` });
  const applied = await applyInSession(server, session.id, name, params);
  const principals = await principalsOf(server, session.id);
  return {
    session: session.id,
    applied,
    principals,
    async read(kind, id) {
      const path = kind === 'correction' ? `/v1/corrections/${id}` : `/v1/suggested-changes/${id}`;
      const answer = await server.get(path, readerOf(principals, projectOf(server, session.id, kind, id)));
      expect(answer.status, `GET ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body;
    },
  };
}

const principalNamed = (c: Case, id: string) => c.principals.find((p) => p.id === id);

/** What `correction` promises of each correction it made, for `params`. */
async function checkCorrections(c: Case, params: Params): Promise<void> {
  const asked = c.applied.params;
  const ids = c.applied.created.corrections;
  expect(ids).toHaveLength(Number(asked.count ?? 1));
  const clock = (await server.request('GET', `/__mock/sessions/${c.session}/clock`)).body as { now: string };
  const read = [];
  for (const id of ids) read.push(await c.read('correction', id));
  // Each on a run of its own, dated in the world's past, newest last.
  expect(new Set(read.map((r) => r.runId)).size).toBe(ids.length);
  for (let i = 0; i < read.length; i += 1) {
    const r = read[i];
    expect(Date.parse(r.createdAt)).toBeLessThanOrEqual(Date.parse(clock.now));
    if (i > 0) expect(Date.parse(r.createdAt)).toBeGreaterThanOrEqual(Date.parse(read[i - 1].createdAt));
    if (params.projectId !== undefined) expect(r.projectId).toBe(params.projectId);
    // Made by a principal allowed to make it.
    const maker = principalNamed(c, r.madeBy.id);
    expect(maker, `maker ${r.madeBy.id}`).toBeDefined();
    expect(maker!.writableProjectIds).toContain(r.projectId);
    expect(r.supersededBy).toBeUndefined();
    if (params.status !== undefined) expect(r.status).toBe(params.status);
    if (params.sortedTo !== undefined) expect(r.sortedTo).toBe(params.sortedTo);
    if (params.fixedHow !== undefined) {
      expect(r.fixedIn?.how).toBe(params.fixedHow);
      expect(r.status).toBe('fixed');
    }
    if (params.reopenedHow !== undefined) {
      expect(r.reopenedIn?.how).toBe(params.reopenedHow);
      expect(r.fixedIn).toBeDefined();
      expect(r.status).toBe(r.sortedTo === 'owner' ? 'with-owner' : 'open');
    }
    if (params.expert === true) expect(r.expert).toBe(true);
    if (params.expert === false) expect(r.expert).toBeUndefined();
    if (params.endUser !== undefined && params.endUser !== false) {
      expect(r.participantId).toEqual(typeof params.endUser === 'string' ? params.endUser : expect.any(String));
      expect(maker!.actsForEndUsers).toBe(true);
    }
    if (params.endUser === false) expect(r.participantId).toBeUndefined();
    if (typeof params.statusNote === 'string') expect(r.statusNote?.text).toBe(params.statusNote);
    if (params.says === 'decisions') expect(r.decisions).toBeDefined();
    if (params.says === 'answer') expect(r.answer).toBeDefined();
    if (params.says === 'items') expect(r.items?.length).toBeGreaterThan(0);
    // And in the caller's list of its run, with its status (removed ones only when named).
    const listed = await server.get(`/v1/corrections?runId=${encodeURIComponent(r.runId)}&status=${r.status}`, readerOf(c.principals, r.projectId));
    expect(listed.body.data.map((l: { id: string }) => l.id)).toContain(r.id);
  }
}

async function checkSuggestedChanges(c: Case, params: Params): Promise<void> {
  const asked = c.applied.params;
  const ids = c.applied.created.suggestedChanges;
  expect(ids).toHaveLength(Number(asked.count ?? 1));
  for (const id of ids) {
    const s = await c.read('suggested-change', id);
    if (params.status !== undefined) expect(s.status).toBe(params.status);
    if (params.madeBy !== undefined) expect(s.madeBy.kind).toBe(params.madeBy);
    if (params.projectId !== undefined) expect(s.projectId).toBe(params.projectId);
    const listed = await server.get(`/__mock/sessions/${c.session}/suggested-changes?status=${s.status}`);
    expect(listed.body.data.map((l: { id: string }) => l.id)).toContain(id);
    if (params.madeBeforeProjects === true) {
      // Made before suggested changes were for a project: the API lets it only be withdrawn.
      const writer = c.principals.find((p) => p.writableProjectIds.includes(projectOf(server, c.session, 'suggested-change', id)) && p.expiresAt === undefined && p.revokedAt === undefined);
      const pinned = await server.request('POST', `/v1/suggested-changes/${id}/pin`, { token: writer!.token });
      expect(pinned.body.error?.code, JSON.stringify(pinned.body)).toBe(s.status === 'withdrawn' ? expect.any(String) : 'suggested-change-not-for-a-project');
    }
  }
}

async function checkEmptyProject(c: Case, params: Params): Promise<void> {
  const [projectId] = c.applied.created.projects;
  expect(c.applied.created.projects).toHaveLength(1);
  expect(c.applied.created.corrections).toEqual([]);
  expect(c.applied.created.suggestedChanges).toEqual([]);
  expect(c.applied.created.runs.length).toBeGreaterThan(0);
  const projects = (await server.request('GET', `/__mock/sessions/${c.session}/projects`)).body.data as Array<{ id: string; name: string }>;
  const project = projects.find((p) => p.id === projectId!);
  expect(project).toBeDefined();
  if (typeof params.name === 'string') expect(project!.name).toBe(params.name);
  const usable = c.principals.filter((p) => p.expiresAt === undefined && p.revokedAt === undefined);
  const admin = usable.find((p) => p.role === 'admin' && p.readableProjectIds.includes(projectId!));
  const member = usable.find((p) => p.role === 'member' && p.writableProjectIds.includes(projectId!));
  expect(admin, 'an admin of the new project').toBeDefined();
  expect(member, 'a member who may write the new project').toBeDefined();
  const listed = await server.get(`/v1/corrections?scopeKind=project&scopeId=${projectId}`, admin!.token);
  expect(listed.status).toBe(200);
  expect(listed.body.data).toEqual([]);
  const changes = await server.get(`/__mock/sessions/${c.session}/suggested-changes?projectId=${projectId}`);
  expect(changes.body.data).toEqual([]);
  // The member can use it: a correction of one of its finished runs.
  const made = await server.request('POST', '/v1/corrections', { token: member!.token, body: { runId: c.applied.created.runs[0], answer: 'wrong', shouldSay: 'Made in the empty project.' } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expect(made.body.projectId).toBe(projectId);
}

async function checkPinThenReopened(c: Case, params: Params): Promise<void> {
  const how = c.applied.params.how;
  const read = [];
  for (const id of c.applied.created.corrections) read.push(await c.read('correction', id));
  const reopened = read.filter((r) => r.reopenedIn !== undefined);
  expect(reopened.length, JSON.stringify(read)).toBeGreaterThan(0);
  for (const r of reopened) {
    expect(r.reopenedIn.how).toBe(how);
    expect(r.fixedIn?.how).toBe('pin');
    expect(r.status).toBe(r.sortedTo === 'owner' ? 'with-owner' : 'open');
    if (params.projectId !== undefined) expect(r.projectId).toBe(params.projectId);
  }
  // The suggested change whose pin fixed it is there to read.
  expect(c.applied.created.suggestedChanges.length).toBeGreaterThan(0);
  for (const id of c.applied.created.suggestedChanges) await c.read('suggested-change', id);
}

async function checkAwaitingApproval(c: Case): Promise<void> {
  const [id] = c.applied.created.suggestedChanges;
  const [approvalId] = c.applied.created.approvals;
  expect(approvalId).toEqual(expect.any(String));
  const s = await c.read('suggested-change', id!);
  expect(s.status).toBe('waiting-for-second-person');
  expect(s.approvalId).toBe(approvalId);
  const waiting = await server.get(`/__mock/sessions/${c.session}/suggested-changes?status=waiting-for-second-person`);
  expect(waiting.body.data.find((l: { id: string }) => l.id === id)?.approvalId).toBe(approvalId);
  // A principal of the session may approve it (the one who pinned may not): the pin then stands.
  const projectId = projectOf(server, c.session, 'suggested-change', id!);
  const writers = c.principals.filter((p) => p.writableProjectIds.includes(projectId) && p.expiresAt === undefined && p.revokedAt === undefined);
  const answers = [];
  for (const writer of writers) {
    const answer = await server.request('POST', `/__mock/approvals/${approvalId}/approve`, { token: writer.token });
    answers.push(answer.status);
    if (answer.status === 200) break;
  }
  expect(answers, 'approval answers of the writers in turn').toContain(200);
  expect((await c.read('suggested-change', id!)).status).toBe('pinned');
}

async function checkSuperseded(c: Case): Promise<void> {
  const ids = c.applied.created.corrections;
  expect(ids).toHaveLength(Number(c.applied.params.depth));
  const read = [];
  for (const id of ids) read.push(await c.read('correction', id));
  expect(new Set(read.map((r) => r.runId)).size).toBe(1);
  expect(new Set(read.map((r) => r.madeBy.id)).size).toBe(1);
  read.forEach((r, i) => {
    if (i < read.length - 1) expect(r.supersededBy, `correction ${i + 1} of ${read.length}`).toBe(ids[i + 1]);
    else expect(r.supersededBy).toBeUndefined();
  });
  // Only the last is live: the run's list shows it alone of them.
  const last = read[read.length - 1];
  const listed = await server.get(`/v1/corrections?runId=${encodeURIComponent(last.runId)}&status=open,being-fixed,with-owner,fixed,wont-fix,removed&limit=100`, readerOf(c.principals, last.projectId));
  const listedIds = listed.body.data.map((l: { id: string }) => l.id);
  expect(listedIds).toContain(last.id);
  for (const id of ids.slice(0, -1)) expect(listedIds).not.toContain(id);
}

const CHECKS: Record<string, (c: Case, params: Params) => Promise<void>> = {
  correction: checkCorrections,
  'suggested-change': checkSuggestedChanges,
  'empty-project': checkEmptyProject,
  'pin-then-reopened': checkPinThenReopened,
  'awaiting-approval': checkAwaitingApproval,
  superseded: checkSuperseded,
};

describe('every built-in scenario, applied in a session over HTTP, read back through /v1', () => {
  it('GET /__mock/scenarios lists the six built-in scenarios with the JSON Schema of their parameters', () => {
    expect(listing.map((s) => s.name)).toEqual(expect.arrayContaining(BUILT_IN));
    for (const s of listing) expect(s.params).toMatchObject({ type: 'object', additionalProperties: false });
  });

  for (const name of BUILT_IN) {
    it(`${name}: its defaults and every value of its parameters`, { timeout: 120_000 }, async () => {
      const scenario = listing.find((s) => s.name === name);
      expect(scenario, `${name} is listed`).toBeDefined();
      for (const params of paramSets(scenario!.params as { properties?: Record<string, unknown> })) {
        const c = await openCase(name, params);
        try {
          expect(c.applied.scenario).toBe(name);
          expect(c.applied.params).toMatchObject(params);
          expectSessionKeepsRules(server, c.session, `${name} ${JSON.stringify(params)} as applied`);
          await CHECKS[name]!(c, params);
          expectSessionKeepsRules(server, c.session, `${name} ${JSON.stringify(params)} after the reads and writes`);
        } finally {
          await endSession(server, c.session);
        }
      }
    });
  }

  it('correction { count: 300, projectId }: walking every page of the project\'s list gives exactly 300 more', { timeout: 60_000 }, async () => {
    const session = await openSession(server, { name: 'three hundred' });
    try {
      const principals = await principalsOf(server, session.id);
      const admin = principals.find((p) => p.role === 'admin' && p.writableProjectIds.length > 0 && p.expiresAt === undefined)!;
      const projectId = admin.writableProjectIds[0]!;
      const walk = async () => {
        const ids: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await server.get(`/v1/corrections?scopeKind=project&scopeId=${projectId}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, admin.token);
          expect(page.status).toBe(200);
          ids.push(...page.body.data.map((c: { id: string }) => c.id));
          cursor = page.body.hasMore ? page.body.nextCursor : undefined;
        } while (cursor !== undefined);
        return ids;
      };
      const before = await walk();
      const applied = await applyInSession(server, session.id, 'correction', { count: 300, projectId });
      expect(applied.created.corrections).toHaveLength(300);
      const after = await walk();
      expect(after.length - before.length).toBe(300);
      expect(new Set(after).size).toBe(after.length);
      expect(after).toEqual(expect.arrayContaining(applied.created.corrections));
      expectSessionKeepsRules(server, session.id);
    } finally {
      await endSession(server, session.id);
    }
  });

  it('a session with corrections: 0 and empty-project gives an app a project with no correction', async () => {
    const opened = await openSession(server, { name: 'empty', corrections: 0, scenarios: [{ name: 'empty-project', params: { name: 'Nothing Yet' } }] });
    try {
      const made = (opened.scenarios as Applied[] | undefined) ?? [];
      expect(made.map((s) => s.scenario)).toEqual(['empty-project']);
      const [projectId] = made[0]!.created.projects;
      const principals = await principalsOf(server, opened.id);
      const projects = (await server.request('GET', `/__mock/sessions/${opened.id}/projects`)).body.data as Array<{ id: string; name: string }>;
      expect(projects.find((p) => p.id === projectId)?.name).toBe('Nothing Yet');
      const reader = readerOf(principals, projectId!);
      const page = await server.get(`/v1/corrections?scopeKind=project&scopeId=${projectId}`, reader);
      expect(page.status).toBe(200);
      expect(page.body.data).toEqual([]);
      // corrections: 0 leaves none anywhere in the session, and no suggested change.
      const state = (await server.request('GET', `/__mock/sessions/${opened.id}/state`)).body as { corrections: Record<string, number>; suggestedChanges: Record<string, number>; runs: number };
      expect(Object.values(state.corrections).reduce((a, b) => a + b, 0)).toBe(0);
      expect(Object.values(state.suggestedChanges).reduce((a, b) => a + b, 0)).toBe(0);
      expect(state.runs).toBeGreaterThan(0);
      expectSessionKeepsRules(server, opened.id);
    } finally {
      await endSession(server, opened.id);
    }
  });

  it('leaves the base world as it was', async () => {
    expect((await server.request('GET', '/__mock/state')).body).toEqual(baseBefore);
  });
});
