// `GET /__mock/projects` and `GET /__mock/sessions/{id}/projects` (issue 32): every project of the
// world with its name, org, gates and counts, where the counts are what `/v1` and the operator's
// listings show, and a session's writes move its own counts only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal, Project } from '../../src/domain/world.ts';
import { freshRuns } from '../support/fixture-picks.ts';
import { startMock, type TestMock } from './support.ts';

interface ListedProject {
  id: string;
  name: string;
  orgId: string;
  gates: { releaseGate: string; followsLatest: boolean };
  counts: { corrections: Record<string, number>; suggestedChanges: Record<string, number> };
}
interface Listed { id: string; status: string; projectId?: string }

let server: TestMock;
beforeAll(async () => { server = await startMock(); });
afterAll(async () => { await server.close(); });

const EVERY_STATUS = 'open,being-fixed,with-owner,fixed,wont-fix,removed';

/** Every correction `/v1/corrections` lists to `token`, page after page, every status. */
async function listedTo(token: string, prefix = ''): Promise<Listed[]> {
  const items: Listed[] = [];
  let cursor: string | undefined;
  do {
    const answer = await server.get(`${prefix}/v1/corrections?status=${EVERY_STATUS}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    items.push(...(answer.body.data as Listed[]));
    cursor = answer.body.hasMore ? answer.body.nextCursor : undefined;
  } while (cursor);
  return items;
}

/** Counts of `items` by project and status. */
function tally(items: Iterable<{ projectId?: string; status: string }>): Map<string, Record<string, number>> {
  const counts = new Map<string, Record<string, number>>();
  for (const { projectId, status } of items) {
    if (projectId === undefined) continue;
    const project = counts.get(projectId) ?? {};
    project[status] = (project[status] ?? 0) + 1;
    counts.set(projectId, project);
  }
  return counts;
}

/** The corrections `/v1` lists to the world's working principals together, counted by project (superseded ones it never lists). */
async function v1Counts(principals: readonly Principal[], tokenOf: (p: Principal) => string): Promise<Map<string, Record<string, number>>> {
  const seen = new Map<string, Listed>();
  for (const principal of principals.filter((p) => !p.expiresAt && !p.revokedAt)) {
    for (const item of await listedTo(tokenOf(principal))) seen.set(item.id, item);
  }
  return tally(seen.values());
}

const withoutSuperseded = ({ superseded: _superseded, ...rest }: Record<string, number>) => rest;

describe('GET /__mock/projects', () => {
  it('lists every project of the world in its order, with its name, org and gates', async () => {
    const answer = await server.get('/__mock/projects');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const projects = server.mock.store.worldView().projects as Project[];
    expect((answer.body.data as ListedProject[]).map(({ counts: _counts, ...rest }) => rest)).toEqual(projects.map((p) => ({
      id: p.id, name: p.name, orgId: p.orgId, gates: { releaseGate: p.releaseGate, followsLatest: p.followsLatest },
    })));
    // The world has a project of each gate the inspector must show.
    const gates = new Set((answer.body.data as ListedProject[]).map((p) => p.gates.releaseGate));
    expect(gates.has('second-person')).toBe(true);
  });

  it('counts agree with what /v1 lists to the world\'s principals, and with /__mock/suggested-changes and /__mock/state', async () => {
    const listed = (await server.get('/__mock/projects')).body.data as ListedProject[];
    const fromV1 = await v1Counts(server.mock.store.principals(), (p) => p.token);
    for (const project of listed) expect(withoutSuperseded(project.counts.corrections), project.name).toEqual(fromV1.get(project.id) ?? {});
    const changes = tally((await server.get('/__mock/suggested-changes')).body.data as Listed[]);
    for (const project of listed) expect(project.counts.suggestedChanges, project.name).toEqual(changes.get(project.id) ?? {});
    // Summed over the projects, the world's own counts (superseded ones included).
    const state = (await server.get('/__mock/state')).body as { corrections: Record<string, number> };
    const summed: Record<string, number> = {};
    for (const project of listed) for (const [status, n] of Object.entries(project.counts.corrections)) summed[status] = (summed[status] ?? 0) + n;
    expect(summed).toEqual(state.corrections);
  });

  it('a session\'s new correction moves its own listing, and not the base world\'s', async () => {
    const [run] = freshRuns(1);
    const before = (await server.get('/__mock/projects')).body.data as ListedProject[];
    const session = (await server.request('POST', '/__mock/sessions', { body: {} })).body as { id: string; principals: Array<{ id: string; token: string }> };
    const adminId = server.mock.store.principals().find((p) => p.token === server.token('admin'))!.id;
    const token = session.principals.find((p) => p.id === adminId)!.token;
    const made = await server.request('POST', '/v1/corrections', { token, body: { runId: run!.id, answer: 'wrong' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const inSession = (await server.get(`/__mock/sessions/${session.id}/projects`)).body.data as ListedProject[];
    const project = inSession.find((p) => p.id === run!.projectId)!;
    const was = before.find((p) => p.id === run!.projectId)!;
    expect(project.counts.corrections.open).toBe((was.counts.corrections.open ?? 0) + 1);
    expect((await server.get('/__mock/projects')).body.data).toEqual(before);
  });

  it('an unknown session → 404 not-found', async () => {
    const answer = await server.get('/__mock/sessions/ses_0000000000000000/projects');
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('not-found');
  });
});
