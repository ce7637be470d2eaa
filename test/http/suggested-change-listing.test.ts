// GET /__mock/suggested-changes (issue 15): an operator finds suggested changes by status and
// project, in the base world or a session's, as the API derives them.
import { describe, expect, it } from 'vitest';
import { mocksClosedAfterEach } from './support.ts';

const mocks = mocksClosedAfterEach();

describe('GET /__mock/suggested-changes', () => {
  it('lists every suggested change with the status and title GET /v1 derives; ?status= and ?projectId= narrow it', async () => {
    const server = await mocks.start({});
    const all = (await server.get('/__mock/suggested-changes')).body.data as Array<{ id: string; status: string; title: string; projectId?: string; approvalId?: string; pinnedBy?: { kind: string; id: string } }>;
    expect(all).toHaveLength(server.mock.store.worldView().suggestedChanges.length);
    for (const listed of all.slice(0, 10)) {
      const served = (await server.get(`/v1/suggested-changes/${listed.id}`, 'admin')).body;
      if (served.id === undefined) continue; // one the admin may not read (the other tenant's)
      const { pinnedBy, ...asServed } = listed;
      expect(asServed).toEqual({ id: served.id, status: served.status, title: served.title, ...(served.projectId ? { projectId: served.projectId } : {}), ...(served.approvalId ? { approvalId: served.approvalId } : {}) });
      expect(pinnedBy !== undefined).toBe(served.approvalId !== undefined);
    }
    const waiting = (await server.get('/__mock/suggested-changes?status=waiting-for-second-person')).body.data as typeof all;
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((s) => s.status === 'waiting-for-second-person' && s.approvalId !== undefined)).toBe(true);
    // The loaded world's files do not say who pinned: any writer may approve those, and none is named.
    expect(waiting.every((s) => s.pinnedBy === undefined)).toBe(true);
    const project = all.find((s) => s.projectId)!.projectId!;
    expect(((await server.get(`/__mock/suggested-changes?projectId=${project}&status=ready,pinned`)).body.data as typeof all).every((s) => s.projectId === project && ['ready', 'pinned'].includes(s.status))).toBe(true);
  });

  it("a session's listing shows its own writes, and the base world's does not", async () => {
    const server = await mocks.start({});
    const session = server.mock.createSession();
    const admin = session.principals.find((p) => p.id === 'usr_ada_admin')!.token;
    const [ready] = (await server.get('/__mock/suggested-changes?status=ready')).body.data as Array<{ id: string }>;
    const withdrawn = await server.request('POST', `/v1/suggested-changes/${ready!.id}/withdraw`, { token: admin, body: { reason: 'listing test' } });
    expect(withdrawn.body.status, JSON.stringify(withdrawn.body)).toBe('withdrawn');
    const statusIn = async (path: string) => ((await server.get(path)).body.data as Array<{ id: string; status: string }>).find((s) => s.id === ready!.id)!.status;
    expect(await statusIn(`/__mock/sessions/${session.id}/suggested-changes`)).toBe('withdrawn');
    expect(await statusIn('/__mock/suggested-changes')).toBe('ready');
  });

  it('a pin made here names who pinned, who may not approve it; another writer may', async () => {
    const server = await mocks.start({});
    const world = server.mock.store.worldView();
    const change = world.suggestedChanges.find((s) => s.check.status === 'done' && s.approvalId === undefined && !s.pinned && !s.addedAsLatest && !s.withdrawn
      && s.madeBeforeProjects !== true && s.projectId !== undefined && world.projects.find((p) => p.id === world.agents.find((a) => a.id === s.agentId)!.projectId)!.releaseGate === 'second-person')!;
    const pinned = await server.request('POST', `/v1/suggested-changes/${change.id}/pin`, { token: 'admin' });
    expect(pinned.body.status, JSON.stringify(pinned.body)).toBe('waiting-for-second-person');
    const listed = ((await server.get('/__mock/suggested-changes?status=waiting-for-second-person')).body.data as Array<{ id: string; pinnedBy?: unknown; approvalId?: string }>).find((s) => s.id === change.id)!;
    const admin = (await server.get('/__mock/principals')).body.data.find((p: { role: string; tenantId: string }) => p.role === 'admin' && p.tenantId === 'ten_northwind');
    expect(listed).toMatchObject({ approvalId: pinned.body.approvalId, pinnedBy: { kind: admin.kind, id: admin.id } });
    expect((await server.request('POST', `/__mock/approvals/${listed.approvalId}/approve`, { token: 'admin' })).body.error?.code).toBe('separate-approver-required');
    expect((await server.request('POST', `/__mock/approvals/${listed.approvalId}/approve`, { token: 'expert' })).body.status).toBe('pinned');
  });
});
