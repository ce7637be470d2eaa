// What the loaded world leaves in motion: open approvals can be decided, running checks run
// until finished, and idempotent answers survive a restart with --state and end with a reset.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/fixtures/load-world.ts';
import { startMock, type TestMock } from './support.ts';

const world = loadWorld();
const waiting = world.suggestedChanges.find((s) => s.approvalId && !s.withdrawn)!;
const checking = world.suggestedChanges.find((s) => s.check.status === 'running' && !s.withdrawn)!;
const freeRun = world.runs.find((r) => r.finished && r.capturedAt === undefined && r.tenantId === 'ten_northwind'
  && world.principals.find((p) => p.token.startsWith('kgm_admin_'))!.writeProjectIds.includes(r.projectId))!;

describe('the loaded world', () => {
  let now = Date.parse('2026-12-02T10:00:00Z');
  let server: TestMock;
  beforeAll(async () => { server = await startMock({ clock: () => now }); });
  afterAll(async () => { await server.close(); });
  afterEach(async () => { await server.request('POST', '/__mock/reset'); });

  it(`POST /__mock/approvals/${waiting.approvalId}/approve by another writer pins a loaded waiting suggested change`, async () => {
    const answer = await server.request('POST', `/__mock/approvals/${waiting.approvalId}/approve`, { token: 'expert' });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('pinned');
    expect((await server.get(`/v1/suggested-changes/${waiting.id}`, 'admin')).body.status).toBe('pinned');
  });

  it('a loaded checking suggested change keeps checking as time passes, so the world stays as written', async () => {
    now += 10 * 86_400_000;
    expect((await server.get(`/v1/suggested-changes/${checking.id}`, 'admin')).body.status).toBe('checking');
  });

  it(`POST /__mock/checks/${checking.id}/finish ends it as ready, with results`, async () => {
    expect((await server.request('POST', `/__mock/checks/${checking.id}/finish`)).status).toBe(200);
    const change = (await server.get(`/v1/suggested-changes/${checking.id}`, 'admin')).body;
    expect(change.status).toBe('ready');
    expect(change.check.with.of).toBeGreaterThan(0);
  });

  it('POST /__mock/checks/{id}/finish with { fails: true } ends it as check-failed', async () => {
    await server.request('POST', `/__mock/checks/${checking.id}/finish`, { body: { fails: true } });
    expect((await server.get(`/v1/suggested-changes/${checking.id}`, 'admin')).body.status).toBe('check-failed');
  });

  it('POST /__mock/checks/{id}/finish on one that is not checking → 404 not-found', async () => {
    const answer = await server.request('POST', `/__mock/checks/${waiting.id}/finish`);
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('not-found');
  });

  it('POST /__mock/reset forgets kept Idempotency-Key answers with the writes they answered', async () => {
    const body = { runId: freeRun.id, answer: 'wrong', shouldSay: 'Thirty days.' };
    const first = await server.request('POST', '/v1/corrections', { token: 'admin', body, headers: { 'Idempotency-Key': 'reset-key' } });
    await server.request('POST', '/__mock/reset');
    const again = await server.request('POST', '/v1/corrections', { token: 'admin', body, headers: { 'Idempotency-Key': 'reset-key' } });
    expect(again.status).toBe(201);
    expect(again.headers.get('x-idempotent-replay')).toBeNull();
    expect(again.body.id).not.toBe(first.body.id);
  });
});

describe('--state and Idempotency-Key', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kindgi-state-keys-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a retry after a restart replays the answer kept with the write', async () => {
    const stateFile = join(dir, 'state.jsonl');
    const body = { runId: freeRun.id, answer: 'wrong', shouldSay: 'Thirty days.' };
    const before = await startMock({ stateFile });
    const first = await before.request('POST', '/v1/corrections', { token: 'admin', body, headers: { 'Idempotency-Key': 'crash-key' } });
    await before.close();
    const after = await startMock({ stateFile });
    try {
      const retry = await after.request('POST', '/v1/corrections', { token: 'admin', body, headers: { 'Idempotency-Key': 'crash-key' } });
      expect(retry.status).toBe(201);
      expect(retry.headers.get('x-idempotent-replay')).toBe('true');
      expect(retry.body).toEqual(first.body);
      const listed = await after.get(`/v1/corrections?runId=${freeRun.id}`, 'admin');
      expect(listed.body.data.map((c: { id: string }) => c.id)).toEqual([first.body.id]);
    } finally {
      await after.close();
    }
  });
});
