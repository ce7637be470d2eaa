// `--state FILE` when the disk fails (issue 11, item 1), through createMock({ stateFileSystem }):
// every write the journal could not keep is 503 state-write-failed with Retry-After and changes
// nothing (not visible, the file still whole), the next write after the fault works, and a restart
// restores exactly the acknowledged writes. The same for the /__mock routes and settled checks.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isLive } from '../../src/domain/correction-transitions.ts';
import { loadWorld } from '../../src/fixtures/load-world.ts';
import { faultyFileSystem, type Faults } from '../support/faulty-file-system.ts';
import { mocksClosedAfterEach, type Answer, type TestMock } from './support.ts';

const world = loadWorld();
const admin = world.principals.find((p) => p.token.startsWith('kgm_admin_'))!;
const writable = (projectId: string) => admin.writeProjectIds.includes(projectId);
const agentProject = (agentId: string) => world.agents.find((a) => a.id === agentId)?.projectId ?? '';
const [runA, runB] = world.runs.filter((r) => r.finished && r.capturedAt === undefined && writable(r.projectId));
const fixedOne = world.corrections.find((c) => isLive(c) && c.status === 'fixed' && c.reopenedIn === undefined && writable(c.projectId));
const waiting = world.suggestedChanges.find((s) => s.approvalId && !s.withdrawn && !s.pinned && !s.addedAsLatest && writable(agentProject(s.agentId)));
const checking = world.suggestedChanges.find((s) => s.check.status === 'running' && !s.withdrawn && writable(agentProject(s.agentId)));
const project = (id: string) => world.projects.find((p) => p.id === id);
const readyChange = world.suggestedChanges.find((s) => s.projectId !== undefined && s.check.status === 'done' && !s.withdrawn && !s.addedAsLatest && !s.pinned
  && !s.approvalId && writable(agentProject(s.agentId)) && project(agentProject(s.agentId))?.releaseGate === 'none');
if (!runA || !runB || !fixedOne || !waiting || !checking || !readyChange) throw new Error('the fixtures lack a run, fixed correction or suggested change this test needs');

const folder = mkdtempSync(join(tmpdir(), 'kindgi-state-faults-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;
const newStateFile = () => join(folder, `state-${(files += 1)}.jsonl`);

const { start, stop } = mocksClosedAfterEach();

function expectStateWriteFailed(answer: Answer): void {
  const body = answer.body as { error: { code: string; message: string; requestId: string } };
  expect(answer.status, JSON.stringify(body)).toBe(503);
  expect(body.error.code).toBe('state-write-failed');
  expect(body.error.message).toEqual(expect.any(String));
  expect(body.error.requestId).toBe(answer.headers.get('x-request-id'));
  expect(answer.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
}
const endsOnAWholeLine = (file: string) => readFileSync(file).at(-1) === 0x0a;
const correct = (server: TestMock, runId: string) => server.request('POST', '/v1/corrections', { token: 'admin', body: { runId, answer: 'wrong', why: `faults ${runId}` } });
const idsForRun = async (server: TestMock, runId: string) => ((await server.get(`/v1/corrections?runId=${runId}&limit=100`, 'admin')).body.data as Array<{ id: string }>).map((c) => c.id);

const FAULTS: Array<{ name: string; set: (f: Faults) => void }> = [
  { name: 'a short write, then ENOSPC', set: (f) => { f.write = 'short'; } },
  { name: 'ENOSPC on write', set: (f) => { f.write = 'ENOSPC'; } },
  { name: 'EIO on write', set: (f) => { f.write = 'EIO'; } },
  { name: 'EIO on fsync', set: (f) => { f.fsync = 'EIO'; } },
];

describe('POST /v1/corrections when the state file cannot keep it', () => {
  for (const fault of FAULTS) {
    it(`${fault.name} → 503 state-write-failed with Retry-After; not listed; the file unchanged; the retry → 201; a restart has exactly the 201s`, async () => {
      const file = newStateFile();
      const { fs, faults, clear } = faultyFileSystem();
      const logged = { lines: [] as string[] };
      const server = await start({ stateFile: file, stateFileSystem: fs, logger: { warn: (m) => logged.lines.push(m), error: (m) => logged.lines.push(m) } });
      const first = await correct(server, runA.id);
      expect(first.status).toBe(201);
      const before = readFileSync(file);

      fault.set(faults);
      expectStateWriteFailed(await correct(server, runB.id));
      expect(await idsForRun(server, runB.id)).toEqual([]);
      expect((await server.get(`/v1/corrections?runId=${runA.id}&limit=100`, 'admin')).body.data).toHaveLength(1);
      expect(readFileSync(file)).toEqual(before);
      expect(logged.lines.some((line) => line.includes('state-write') || line.includes(file))).toBe(true);

      clear();
      const retried = await correct(server, runB.id);
      expect(retried.status).toBe(201);
      expect(endsOnAWholeLine(file)).toBe(true);
      await stop(server);

      const again = await start({ stateFile: file });
      expect(await idsForRun(again, runA.id)).toEqual([first.body.id]);
      expect(await idsForRun(again, runB.id)).toEqual([retried.body.id]);
      expect((await again.get(`/v1/corrections/${retried.body.id}`, 'admin')).body).toEqual(retried.body);
    });
  }

  it('PATCH with an Idempotency-Key refused 503 → the key is not kept: the same request after the fault applies it (200, not a replay)', async () => {
    const { fs, faults, clear } = faultyFileSystem();
    const server = await start({ stateFile: newStateFile(), stateFileSystem: fs });
    const made = await correct(server, runA.id);
    const patch = () => server.request('PATCH', `/v1/corrections/${made.body.id}`, { token: 'admin', headers: { 'Idempotency-Key': 'full-disk' }, body: { status: 'wont-fix', note: 'disk' } });
    faults.write = 'ENOSPC';
    expectStateWriteFailed(await patch());
    expect((await server.get(`/v1/corrections/${made.body.id}`, 'admin')).body.status).toBe('open');
    clear();
    const applied = await patch();
    expect(applied.status).toBe(200);
    expect(applied.headers.get('x-idempotent-replay')).toBeNull();
    expect(applied.body.status).toBe('wont-fix');
  });
});

describe('the /__mock routes and settled checks when the state file cannot keep it', () => {
  it('POST /__mock/test-runs, /__mock/checks/{id}/finish, /__mock/approvals/{id}/approve → 503 each, nothing changed; after the fault they work and survive a restart', async () => {
    const file = newStateFile();
    const { fs, faults, clear } = faultyFileSystem();
    const server = await start({ stateFile: file, stateFileSystem: fs });
    const testRun = () => server.request('POST', '/__mock/test-runs', { token: 'admin', body: { version: 'v-faults', how: 'pin', wrong: [fixedOne.id] } });
    const finish = () => server.request('POST', `/__mock/checks/${checking.id}/finish`);
    const approve = () => server.request('POST', `/__mock/approvals/${waiting.approvalId}/approve`, { token: 'admin' });
    const statuses = async () => [
      (await server.get(`/v1/corrections/${fixedOne.id}`, 'admin')).body.status,
      (await server.get(`/v1/suggested-changes/${checking.id}`, 'admin')).body.status,
      (await server.get(`/v1/suggested-changes/${waiting.id}`, 'admin')).body.status,
    ];
    const before = await statuses();
    expect(before).toEqual(['fixed', 'checking', 'waiting-for-second-person']);
    const bytes = readFileSync(file);

    faults.write = 'ENOSPC';
    for (const request of [testRun, finish, approve]) expectStateWriteFailed(await request());
    expect(await statuses()).toEqual(before);
    expect(readFileSync(file)).toEqual(bytes);

    clear();
    for (const request of [testRun, finish, approve]) expect((await request()).status).toBe(200);
    const after = await statuses();
    expect(after).toEqual(['open', 'ready', 'pinned']);
    await stop(server);
    const again = await start({ stateFile: file });
    expect([
      (await again.get(`/v1/corrections/${fixedOne.id}`, 'admin')).body.status,
      (await again.get(`/v1/suggested-changes/${checking.id}`, 'admin')).body.status,
      (await again.get(`/v1/suggested-changes/${waiting.id}`, 'admin')).body.status,
    ]).toEqual(after);
  });

  it('POST /__mock/reset whose new file cannot be put in place → 503; the written state stays, in memory and on disk', async () => {
    const file = newStateFile();
    const { fs, faults, clear } = faultyFileSystem();
    const server = await start({ stateFile: file, stateFileSystem: fs });
    const made = await correct(server, runA.id);
    faults.rename = 'EIO';
    expectStateWriteFailed(await server.request('POST', '/__mock/reset'));
    expect((await server.get(`/v1/corrections/${made.body.id}`, 'admin')).status).toBe(200);
    clear();
    await stop(server);
    const again = await start({ stateFile: file, stateFileSystem: fs });
    expect((await again.get(`/v1/corrections/${made.body.id}`, 'admin')).status).toBe(200);
    expect((await again.request('POST', '/__mock/reset')).status).toBe(200);
    expect((await again.get(`/v1/corrections/${made.body.id}`, 'admin')).status).toBe(404);
  });

  it('a check that comes due while the disk is full → the request that would settle it is 503 and it stays checking; after the fault it settles and survives a restart', async () => {
    const file = newStateFile();
    const { fs, faults, clear } = faultyFileSystem();
    let now = Date.parse('2031-05-01T08:00:00Z');
    const server = await start({ stateFile: file, stateFileSystem: fs, clock: () => now, checkMs: 1000 });
    const started = await server.request('POST', `/v1/suggested-changes/${readyChange.id}/check`, { token: 'admin' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.status).toBe('checking');
    now += 5000;
    faults.fsync = 'EIO';
    expectStateWriteFailed(await server.get(`/v1/suggested-changes/${readyChange.id}`, 'admin'));
    expect(server.mock.store.lookup.runningChecks().map((c) => c.suggestedChangeId)).toContain(readyChange.id);
    expect(server.mock.store.lookup.suggestedChange(readyChange.id)?.check.status).toBe('running');
    clear();
    const settled = await server.get(`/v1/suggested-changes/${readyChange.id}`, 'admin');
    expect(settled.status).toBe(200);
    expect(['ready', 'check-failed']).toContain(settled.body.status);
    await stop(server);
    const again = await start({ stateFile: file, clock: () => now, checkMs: 1000 });
    expect((await again.get(`/v1/suggested-changes/${readyChange.id}`, 'admin')).body).toEqual(settled.body);
  });
});

describe('every answered write was synced before its answer (issue 36: a no-op fsync or a skipped folder sync is caught here)', () => {
  it('POST, PATCH, PUT /__mock/clock, a compaction, POST /__mock/reset: at each 2xx answer nothing written is unsynced and every rename has its folder sync', async () => {
    const { fs, unsynced, calls } = faultyFileSystem();
    const server = await start({ stateFile: newStateFile(), stateFileSystem: fs, stateCompaction: { minBytes: 1, ratio: 1 } });
    const answered = async (request: Promise<Answer>, what: string) => {
      const answer = await request;
      expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
      expect(unsynced(), `at the answer to ${what}`).toEqual([]);
      return answer;
    };
    const renames = () => calls().filter((c) => c.startsWith('rename ')).length;
    const before = renames();
    const made = await answered(correct(server, runA.id), 'POST /v1/corrections');
    // Every write compacts (minBytes 1): a rename, then the folder's sync, before the answer.
    expect(renames()).toBe(before + 1);
    await answered(server.request('PATCH', `/v1/corrections/${(made.body as { id: string }).id}`, { token: 'admin', body: { status: 'wont-fix', note: 'synced' } }), 'PATCH');
    await answered(server.request('PUT', '/__mock/clock', { body: { now: '2031-01-01T00:00:00Z', frozen: true } }), 'PUT /__mock/clock');
    await answered(server.request('POST', '/__mock/reset'), 'POST /__mock/reset');
    await answered(correct(server, runB.id), 'POST /v1/corrections after the reset');
    const log = calls();
    const lastRename = log.findLastIndex((c) => c.startsWith('rename '));
    expect(log.slice(lastRename + 1).some((c) => c.startsWith('syncDirectory '))).toBe(true);
    expect(log.filter((c) => c.startsWith('fsync ')).length).toBeGreaterThanOrEqual(5);
  });
});
