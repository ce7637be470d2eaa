// GET /v1/corrections/{correctionId} (page 000): the correction, live or not, with the stored copy
// of its run; 404 for what the caller cannot read, in another tenant or in a project it can't read.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNotFound, startMock, type TestMock } from './support.ts';

interface FixtureCorrection {
  id: string;
  tenantId: string;
  projectId: string;
  runId: string;
  subject: { kind: 'agent' | 'flow'; id: string; version: string };
  status: string;
  supersededBy?: string;
  unregisteredAt?: string;
  [field: string]: unknown;
}
interface FixtureRun {
  id: string;
  subject: { kind: string; id: string; version: string };
  input: unknown;
  output?: unknown;
  context?: { flow?: unknown; [field: string]: unknown };
  replayOf?: string;
  segments?: unknown;
  capturedAt?: string;
}
interface FixtureProject { id: string; name: string; tenantId: string }

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8')) as T;
const corrections = fixture<FixtureCorrection[]>('corrections.json');
const runs = new Map(fixture<FixtureRun[]>('runs.json').map((run) => [run.id, run]));
const projects = fixture<FixtureProject[]>('projects.json');

const projectNamed = (name: string) => {
  const project = projects.find((p) => p.name === name);
  if (!project) throw new Error(`no project ${name} in the fixtures`);
  return project;
};
const first = (what: string, test: (c: FixtureCorrection) => boolean): FixtureCorrection => {
  const found = corrections.find(test);
  if (!found) throw new Error(`the fixtures have no ${what}`);
  return found;
};

const NORTHWIND = 'ten_northwind';
const salesAssist = projectNamed('Sales Assist');
const customerSupport = projectNamed('Customer Support');
const removed = first('removed correction', (c) => c.status === 'removed');
const superseded = first('superseded correction', (c) => c.supersededBy !== undefined);
const flowCorrection = first('correction of a flow run', (c) => c.subject.kind === 'flow' && c.tenantId === NORTHWIND);
const agentCorrection = first('correction of an agent run', (c) => c.subject.kind === 'agent' && c.tenantId === NORTHWIND);
const globexCorrection = first('correction of Globex', (c) => c.tenantId !== NORTHWIND);
const salesCorrection = first('correction in Sales Assist', (c) => c.projectId === salesAssist.id);
const supportCorrection = first('correction in Customer Support', (c) => c.projectId === customerSupport.id);
const sharedRun = (() => {
  const byRun = new Map<string, FixtureCorrection[]>();
  for (const c of corrections) if (c.tenantId === NORTHWIND) byRun.set(c.runId, [...(byRun.get(c.runId) ?? []), c]);
  const group = [...byRun.values()].find((list) => list.length >= 3) ?? [...byRun.values()].find((list) => list.length >= 2);
  if (!group) throw new Error('the fixtures have no run with two corrections');
  return group;
})();

let server: TestMock;
beforeAll(async () => { server = await startMock(); });
afterAll(async () => { await server.close(); });


/** What the copy of a run must hold, from runs.json. */
function expectCopyOf(copy: Record<string, unknown>, correction: FixtureCorrection): void {
  const run = runs.get(correction.runId);
  if (!run) throw new Error(`no run ${correction.runId} in the fixtures`);
  expect(copy.runId).toBe(correction.runId);
  expect(copy.subject).toEqual(correction.subject);
  expect(copy.input).toEqual(run.input);
  expect(copy.output).toEqual(run.output ?? null);
  expect(copy.capturedAt).toBe(run.capturedAt);
  expect(Number.isNaN(Date.parse(String(copy.capturedAt)))).toBe(false);
  if (run.context !== undefined) expect(copy.context).toEqual(run.context);
  if (run.replayOf !== undefined) expect(copy.replayOf).toBe(run.replayOf);
  if (run.segments !== undefined) expect(copy.segments).toEqual(run.segments);
}

describe('GET /v1/corrections/{correctionId}', () => {
  it(`GET /v1/corrections/${agentCorrection.id} → 200, the correction as stored with its run copy`, async () => {
    const answer = await server.get(`/v1/corrections/${agentCorrection.id}`, 'admin');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const { run, ...rest } = answer.body;
    expect(rest).toEqual(agentCorrection);
    expectCopyOf(run, agentCorrection);
  });

  it('run.runId equals runId, run.subject equals subject, run.capturedAt is a date-time', async () => {
    const answer = await server.get(`/v1/corrections/${supportCorrection.id}`, 'member');
    expect(answer.status).toBe(200);
    expect(answer.body.run.runId).toBe(answer.body.runId);
    expect(answer.body.run.subject).toEqual(answer.body.subject);
    expect(answer.body.run.capturedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
    expect(answer.body.run).toHaveProperty('input');
    expect(answer.body.run).toHaveProperty('output');
  });

  it(`GET /v1/corrections/${removed.id} (removed) → 200, still returned with status removed`, async () => {
    const answer = await server.get(`/v1/corrections/${removed.id}`, 'admin');
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(removed.id);
    expect(answer.body.status).toBe('removed');
    expect(answer.body.unregisteredAt).toBe(removed.unregisteredAt);
    expectCopyOf(answer.body.run, removed);
  });

  it(`GET /v1/corrections/${superseded.id} (superseded by ${superseded.supersededBy}) → 200, with supersededBy and unregisteredAt`, async () => {
    const answer = await server.get(`/v1/corrections/${superseded.id}`, 'admin');
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(superseded.id);
    expect(answer.body.supersededBy).toBe(superseded.supersededBy);
    expect(answer.body.unregisteredAt).toBe(superseded.unregisteredAt);
    expect(typeof answer.body.unregisteredAt).toBe('string');
    expectCopyOf(answer.body.run, superseded);
  });

  it(`the corrections of run ${sharedRun[0]!.runId} (${sharedRun.map((c) => c.id).join(', ')}) share one run copy`, async () => {
    const copies: any[] = [];
    for (const correction of sharedRun) {
      const answer = await server.get(`/v1/corrections/${correction.id}`, 'admin');
      expect(answer.status).toBe(200);
      copies.push(answer.body.run);
    }
    expect(copies.length).toBeGreaterThanOrEqual(2);
    for (const copy of copies.slice(1)) expect(copy).toEqual(copies[0]);
    expect(copies[0].runId).toBe(sharedRun[0]!.runId);
  });

  it(`GET /v1/corrections/${flowCorrection.id} (a flow run's) → run.context.flow with its calls and steps`, async () => {
    const answer = await server.get(`/v1/corrections/${flowCorrection.id}`, 'admin');
    expect(answer.status).toBe(200);
    expect(answer.body.subject.kind).toBe('flow');
    expect(answer.body.run.subject.kind).toBe('flow');
    const flow = answer.body.run.context?.flow;
    expect(flow).toBeDefined();
    expect(Array.isArray(flow.calls)).toBe(true);
    expect(Array.isArray(flow.steps)).toBe(true);
    expect(flow.calls.length).toBeLessThanOrEqual(500);
    expect(flow).toEqual(runs.get(flowCorrection.runId)?.context?.flow);
  });

  it(`an agent run's correction (${agentCorrection.id}) has no run.context.flow`, async () => {
    const answer = await server.get(`/v1/corrections/${agentCorrection.id}`, 'admin');
    expect(answer.status).toBe(200);
    expect(answer.body.run.context?.flow).toBeUndefined();
  });

  it('two reads of the same correction answer the same body', async () => {
    const one = await server.get(`/v1/corrections/${flowCorrection.id}`, 'admin');
    const two = await server.get(`/v1/corrections/${flowCorrection.id}`, 'admin');
    expect(two.body).toEqual(one.body);
  });
});

describe('GET /v1/corrections/{correctionId}: not found', () => {
  it('GET /v1/corrections/cor_does_not_exist → 404 not-found', async () => {
    expectNotFound(await server.get('/v1/corrections/cor_does_not_exist', 'admin'));
  });

  it(`GET /v1/corrections/${agentCorrection.id.toUpperCase()} (another id, by case) → 404 not-found`, async () => {
    expectNotFound(await server.get(`/v1/corrections/${agentCorrection.id.toUpperCase()}`, 'admin'));
  });

  it(`other_tenant: GET /v1/corrections/${agentCorrection.id} (Northwind's) → 404 not-found, never 403`, async () => {
    const answer = await server.get(`/v1/corrections/${agentCorrection.id}`, 'other_tenant');
    expect(answer.status).not.toBe(403);
    expectNotFound(answer);
  });

  it('other_tenant: a Northwind correction answers exactly like an unknown id', async () => {
    const foreign = await server.get(`/v1/corrections/${removed.id}`, 'other_tenant');
    const unknown = await server.get('/v1/corrections/cor_nor999999', 'other_tenant');
    expect(foreign.status).toBe(unknown.status);
    expect(foreign.body.error.code).toBe(unknown.body.error.code);
    expect(Object.keys(foreign.body.error).sort()).toEqual(Object.keys(unknown.body.error).sort());
  });

  it(`other_tenant: GET /v1/corrections/${globexCorrection.id} (its own) → 200`, async () => {
    const answer = await server.get(`/v1/corrections/${globexCorrection.id}`, 'other_tenant');
    expect(answer.status).toBe(200);
    expect(answer.body.tenantId).toBe(globexCorrection.tenantId);
  });

  it(`admin of Northwind: GET /v1/corrections/${globexCorrection.id} (Globex's) → 404 not-found`, async () => {
    expectNotFound(await server.get(`/v1/corrections/${globexCorrection.id}`, 'admin'));
  });

  it(`member: GET /v1/corrections/${salesCorrection.id} (Sales Assist, not readable) → 404 not-found`, async () => {
    const answer = await server.get(`/v1/corrections/${salesCorrection.id}`, 'member');
    expect(answer.status).not.toBe(403);
    expectNotFound(answer);
  });

  it(`viewer: GET /v1/corrections/${salesCorrection.id} (Sales Assist, readable) → 200`, async () => {
    const answer = await server.get(`/v1/corrections/${salesCorrection.id}`, 'viewer');
    expect(answer.status).toBe(200);
    expect(answer.body.projectId).toBe(salesAssist.id);
  });

  it(`viewer: GET /v1/corrections/${supportCorrection.id} (Customer Support, not readable) → 404 not-found`, async () => {
    expectNotFound(await server.get(`/v1/corrections/${supportCorrection.id}`, 'viewer'));
  });
});
