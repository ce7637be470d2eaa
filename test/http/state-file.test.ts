// `--state FILE` (issues 5 and 11): every acknowledged write is on disk before its answer, a
// restart restores it, a crash (kill -9) loses nothing acknowledged, a torn last line is dropped
// and reported (a last line that lost only its newline is kept), a foreign or corrupt file stops
// the start with a clear message and is left as it was, and kept Idempotency-Key answers expire.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMock, type MockOptions } from '../../src/index.ts';
import { mockCliEnv } from '../support/run-node.ts';
import { mocksClosedAfterEach, silentLogger, startMock, type TestMock } from './support.ts';

interface FixtureProject { id: string; name: string; tenantId: string; releaseGate: string }
interface FixtureRun { id: string; tenantId: string; projectId: string; finished: boolean; capturedAt?: string }
interface FixtureCorrection { id: string; runId: string; projectId: string; status: string; madeBy: { id: string }; supersededBy?: string; sortedTo?: string; reopenedIn?: unknown }
interface FixtureSuggestedChange { id: string; projectId?: string; fixes: string[]; check: { status: string; newlyFailing?: string[] }; withdrawn?: unknown; addedAsLatest?: unknown; pinned?: unknown; approvalId?: string }

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8')) as T;
const projects = fixture<FixtureProject[]>('projects.json');
const runs = fixture<FixtureRun[]>('runs.json');
const corrections = fixture<FixtureCorrection[]>('corrections.json');
const suggestedChanges = fixture<FixtureSuggestedChange[]>('suggested-changes.json');

function first<T>(list: T[], what: string, test: (value: T) => boolean): T {
  const found = list.find(test);
  if (!found) throw new Error(`the fixtures have no ${what}`);
  return found;
}
const SUPPORT = first(projects, 'Customer Support project', (p) => p.name === 'Customer Support');
const freshRuns = runs.filter((r) => r.projectId === SUPPORT.id && r.finished && r.capturedAt === undefined);
const [runA, runB, runC] = freshRuns;
if (!runA || !runB || !runC) throw new Error('the fixtures have fewer than three finished, never corrected Customer Support runs');
const openCorrection = first(corrections, 'open, unsorted Customer Support correction', (c) =>
  c.projectId === SUPPORT.id && c.supersededBy === undefined && c.status === 'open' && c.sortedTo === undefined && c.reopenedIn === undefined);
const readyChange = first(suggestedChanges, 'ready suggested change of a gate-none project', (s) =>
  s.projectId === SUPPORT.id && SUPPORT.releaseGate === 'none' && s.check.status === 'done' && (s.check.newlyFailing ?? []).length === 0
  && !s.withdrawn && !s.addedAsLatest && !s.pinned && !s.approvalId && s.fixes.length > 0);
const RETURNS = first(projects, 'Returns Desk project (second-person gate)', (p) => p.name === 'Returns Desk' && p.releaseGate === 'second-person');
const waitingChange = first(suggestedChanges, 'ready suggested change of a second-person project', (s) =>
  s.projectId === RETURNS.id && s.check.status === 'done' && (s.check.newlyFailing ?? []).length === 0
  && !s.withdrawn && !s.addedAsLatest && !s.pinned && !s.approvalId && s.fixes.length > 0);

const folder = mkdtempSync(join(tmpdir(), 'kindgi-mock-state-'));
let files = 0;
const newStateFile = () => join(folder, `state-${(files += 1)}.jsonl`);
afterAll(() => { rmSync(folder, { recursive: true, force: true }); });

const mocks = mocksClosedAfterEach();
const start = (stateFile: string, options: MockOptions = {}) => mocks.start({ stateFile, ...options });
const { stop } = mocks;

const correct = (server: TestMock, runId: string, who = 'admin') => server.request('POST', '/v1/corrections', { token: who, body: { runId, answer: 'wrong', why: `state ${runId}` } });
const listIds = async (server: TestMock, query: string): Promise<string[]> => {
  const answer = await server.get(`/v1/corrections?${query}&limit=100`, 'admin');
  expect(answer.status).toBe(200);
  return (answer.body.data as Array<{ id: string }>).map((c) => c.id);
};

/** What createMock throws for `stateFile`, or undefined when it starts (then it is closed again, releasing the file). */
function startError(options: MockOptions): Error | undefined {
  try {
    createMock({ logger: silentLogger().logger, ...options }).close();
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

describe('startMock({ stateFile })', () => {
  it('POST /v1/corrections, PATCH, POST …/pin; close; start again on the same file → every write is there', async () => {
    const file = newStateFile();
    const server = await start(file);
    const made = await correct(server, runA.id);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const patched = await server.request('PATCH', `/v1/corrections/${openCorrection.id}`, { token: 'admin', body: { status: 'wont-fix', note: 'kept on disk' } });
    expect(patched.status).toBe(200);
    const pinned = await server.request('POST', `/v1/suggested-changes/${readyChange.id}/pin`, { token: 'admin' });
    expect(pinned.status, JSON.stringify(pinned.body)).toBe(200);
    expect(pinned.body.status).toBe('pinned');
    const stateBefore = (await server.get('/__mock/state')).body;
    await stop(server);

    const again = await start(file);
    const read = await again.get(`/v1/corrections/${made.body.id}`, 'admin');
    expect(read.status).toBe(200);
    expect(read.body).toEqual(made.body);
    expect(await listIds(again, `runId=${runA.id}`)).toEqual([made.body.id]);
    expect(await listIds(again, 'madeBy=me')).toContain(made.body.id);
    const note = (await again.get(`/v1/corrections/${openCorrection.id}`, 'admin')).body;
    expect(note.status).toBe('wont-fix');
    expect(note.statusNote).toEqual(patched.body.statusNote);
    const change = (await again.get(`/v1/suggested-changes/${readyChange.id}`, 'admin')).body;
    expect(change.status).toBe('pinned');
    expect(change.pinned).toEqual(pinned.body.pinned);
    for (const id of readyChange.fixes) expect((await again.get(`/v1/corrections/${id}`, 'admin')).body.status).toBe('fixed');
    expect((await again.get('/__mock/state')).body).toEqual(stateBefore);
  });

  it('mock.state says which file it keeps and how many of its writes the start restored', async () => {
    const file = newStateFile();
    const one = await start(file);
    expect(one.mock.state).toMatchObject({ file, restoredWrites: 0, restored: { writes: 0, openApprovals: 0, keptAnswers: 0, lines: 1 } });
    expect((await correct(one, runA.id)).status).toBe(201);
    expect((await one.request('POST', '/v1/corrections', { token: 'admin', headers: { 'Idempotency-Key': 'state-banner' }, body: { runId: runB.id, answer: 'wrong', why: 'kept answer' } })).status).toBe(201);
    expect((await one.request('POST', `/v1/suggested-changes/${waitingChange.id}/pin`, { token: 'admin' })).body.status).toBe('waiting-for-second-person');
    await stop(one);
    const two = (await start(file)).mock.state!;
    expect(two).toMatchObject({ file, restoredWrites: 3, restored: { writes: 3, openApprovals: 1, keptAnswers: 1, lines: 4 } });
    expect(two.restored.fromSnapshot).toBeUndefined();
    expect(two.restored.ms).toBeGreaterThan(0);
  });

  it('a second write after a restart is appended: a third start has both', async () => {
    const file = newStateFile();
    const one = await start(file);
    const a = await correct(one, runA.id);
    await stop(one);
    const two = await start(file);
    const b = await correct(two, runB.id);
    expect([a.status, b.status]).toEqual([201, 201]);
    await stop(two);
    const three = await start(file);
    expect((await three.get(`/v1/corrections/${a.body.id}`, 'admin')).status).toBe(200);
    expect((await three.get(`/v1/corrections/${b.body.id}`, 'admin')).status).toBe(200);
  });

  it('a file whose first line is not the state header → createMock throws StateFileError "not a kindgi-mock state file"; the file is left as it was', () => {
    const file = newStateFile();
    const content = 'name,email\nada,ada@example.com\n';
    writeFileSync(file, content);
    const error = startError({ stateFile: file });
    expect(error).toBeInstanceOf(Error);
    expect(error?.name).toBe('StateFileError');
    expect(error?.message).toContain('not a kindgi-mock state file');
    expect(error?.message).toContain(file);
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it('a state file of another world (seed 5, 50 corrections), started with the embedded fixtures → throws "another world"; the file is left as it was', async () => {
    const file = newStateFile();
    const generated = await startMock({ seed: 5, corrections: 50, stateFile: file });
    await generated.close();
    const content = readFileSync(file, 'utf8');
    expect(content.length).toBeGreaterThan(0);
    const error = startError({ stateFile: file });
    expect(error?.name).toBe('StateFileError');
    expect(error?.message).toContain('another world');
    expect(readFileSync(file, 'utf8')).toBe(content);
    // The world it was written for still starts from it.
    expect(startError({ seed: 5, corrections: 50, stateFile: file })).toBeUndefined();
  });

  it('a state file with a corrupt line in the middle → throws "line N is corrupt"; the file is left as it was', async () => {
    const file = newStateFile();
    const server = await start(file);
    for (const run of [runA, runB, runC]) expect((await correct(server, run.id)).status).toBe(201);
    await stop(server);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(5); // header, three writes, and the empty string after the last newline
    lines[2] = '{"corrections": [ this is not json';
    const content = lines.join('\n');
    writeFileSync(file, content);
    const error = startError({ stateFile: file });
    expect(error?.name).toBe('StateFileError');
    expect(error?.message).toContain('line 3 is corrupt');
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it('a state file whose last line was torn (half a JSON line, no newline) → starts, drops it, says so with logger.warn (line, bytes), keeps the rest, and goes on writing', async () => {
    const file = newStateFile();
    const one = await start(file);
    const a = await correct(one, runA.id);
    expect(a.status).toBe(201);
    await stop(one);
    const whole = readFileSync(file, 'utf8');
    const torn = '{"corrections":[{"id":"cor_torn_write","tenantId":"ten_no';
    appendFileSync(file, torn);

    const log = silentLogger();
    const two = await start(file, { logger: log.logger });
    expect(log.lines).toEqual([expect.stringContaining(`dropped line 3 (${torn.length} bytes, no newline)`)]);
    expect(two.mock.stateNotices).toEqual([expect.objectContaining({ kind: 'dropped-torn-line', line: 3, bytes: torn.length })]);
    expect((await two.get(`/v1/corrections/${a.body.id}`, 'admin')).body).toEqual(a.body);
    expect(readFileSync(file, 'utf8')).toBe(whole);
    const b = await correct(two, runB.id);
    expect(b.status).toBe(201);
    await stop(two);

    const three = await start(file);
    expect((await three.get(`/v1/corrections/${a.body.id}`, 'admin')).status).toBe(200);
    expect((await three.get(`/v1/corrections/${b.body.id}`, 'admin')).status).toBe(200);
  });

  it('a state file whose last acknowledged write lost only its final newline → that write is kept, the newline added and logged', async () => {
    const file = newStateFile();
    const one = await start(file);
    const a = await correct(one, runA.id);
    const b = await correct(one, runB.id);
    expect([a.status, b.status]).toEqual([201, 201]);
    await stop(one);
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, -1));

    const log = silentLogger();
    const two = await start(file, { logger: log.logger });
    expect((await two.get(`/v1/corrections/${b.body.id}`, 'admin')).body).toEqual(b.body);
    expect(log.lines).toEqual([expect.stringContaining('line 3 had every byte but its newline')]);
    expect(readFileSync(file)).toEqual(whole);
  });

  it('a state file that is only a header with no newline → starts; a write after it is kept by the next start', async () => {
    const file = newStateFile();
    await stop(await start(file));
    writeFileSync(file, readFileSync(file).subarray(0, -1));
    const one = await start(file);
    const a = await correct(one, runA.id);
    expect(a.status).toBe(201);
    await stop(one);
    const two = await start(file);
    expect((await two.get(`/v1/corrections/${a.body.id}`, 'admin')).body).toEqual(a.body);
  });

  it('POST /__mock/reset with a state file → after a restart the world is the loaded one (and writes after the reset are kept)', async () => {
    const file = newStateFile();
    const fresh = await start(newStateFile());
    const loadedState = (await fresh.get('/__mock/state')).body;
    await stop(fresh);

    const one = await start(file);
    const before = await correct(one, runA.id);
    expect(before.status).toBe(201);
    expect((await one.request('POST', '/__mock/reset')).status).toBe(200);
    expect((await one.get(`/v1/corrections/${before.body.id}`, 'admin')).status).toBe(404);
    await stop(one);

    const two = await start(file);
    expect((await two.get(`/v1/corrections/${before.body.id}`, 'admin')).status).toBe(404);
    expect(await listIds(two, `runId=${runA.id}`)).toEqual([]);
    expect((await two.get('/__mock/state')).body).toEqual(loadedState);
    const after = await correct(two, runB.id);
    expect(after.status).toBe(201);
    await stop(two);

    const three = await start(file);
    expect((await three.get(`/v1/corrections/${after.body.id}`, 'admin')).status).toBe(200);
    expect((await three.get(`/v1/corrections/${before.body.id}`, 'admin')).status).toBe(404);
  });
});

describe('Idempotency-Key answers kept in the state file (MockOptions.clock)', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const keyed = (server: TestMock, runId: string) => server.request('POST', '/v1/corrections', { token: 'admin', headers: { 'Idempotency-Key': `retention-${runId}` }, body: { runId, answer: 'wrong', why: 'kept for a day' } });

  it('a retry 23 h later is replayed; 25 h later it is a new write', async () => {
    let now = Date.parse('2031-06-01T08:00:00Z');
    const server = await start(newStateFile(), { clock: () => now });
    const first = await keyed(server, runA.id);
    expect(first.status).toBe(201);
    now += 23 * 60 * 60 * 1000;
    const replayed = await keyed(server, runA.id);
    expect(replayed.headers.get('x-idempotent-replay')).toBe('true');
    expect(replayed.body).toEqual(first.body);
    now += 2 * 60 * 60 * 1000;
    const again = await keyed(server, runA.id);
    expect(again.status).toBe(201);
    expect(again.headers.get('x-idempotent-replay')).toBeNull();
    expect(again.body.id).not.toBe(first.body.id);
  });

  it('a restart within 24 h loads the kept answer (and replays it); a restart after 24 h does not load it at all', async () => {
    let now = Date.parse('2031-06-02T08:00:00Z');
    const file = newStateFile();
    const one = await start(file, { clock: () => now });
    const first = await keyed(one, runA.id);
    expect(first.status).toBe(201);
    expect(one.mock.store.keptReplyCount()).toBe(1);
    await stop(one);

    now += DAY - 60_000;
    const soon = await start(file, { clock: () => now });
    expect(soon.mock.store.keptReplyCount()).toBe(1);
    expect((await keyed(soon, runA.id)).headers.get('x-idempotent-replay')).toBe('true');
    await stop(soon);

    now += 120_000;
    const late = await start(file, { clock: () => now });
    expect(late.mock.store.keptReplyCount()).toBe(0);
    expect((await late.get(`/v1/corrections/${first.body.id}`, 'admin')).status).toBe(200);
  });
});

describe('kindgi-mock --state FILE, killed with SIGKILL mid-write', () => {
  const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+)/;
  const children: ChildProcess[] = [];

  function spawnMock(file: string): { child: ChildProcess; url: Promise<string>; exited: Promise<void> } {
    const env = mockCliEnv(join(folder, 'checked-worlds'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', '--port', '0', '--state', file], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let stdout = '';
    let stderr = '';
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const url = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line in 30 s:\n${stdout}\n${stderr}`)), 30_000);
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        const match = LISTENING.exec(stdout);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`exited before listening:\n${stdout}\n${stderr}`));
      });
    });
    return { child, url, exited };
  }

  afterEach(() => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
    }
  });

  it('30 POST /v1/corrections in flight, SIGKILL once 10 have answered, restart on the same file → every correction answered 201 is there', { timeout: 90_000 }, async () => {
    const file = newStateFile();
    const started = spawnMock(file);
    const url = await started.url;
    const principals = await (await fetch(`${url}/__mock/principals`)).json() as { data: Array<{ token: string; id: string; writableProjectIds: string[] }> };
    const admin = first(principals.data, 'admin principal', (p) => p.token.startsWith('kgm_admin_'));
    const writable = new Set(admin.writableProjectIds);
    // Distinct finished runs the admin may correct: never corrected first, then ones the admin has no live correction of.
    const adminsRuns = new Set(corrections.filter((c) => c.madeBy.id === admin.id && c.supersededBy === undefined && c.status !== 'removed').map((c) => c.runId));
    const candidates = [
      ...runs.filter((r) => r.finished && writable.has(r.projectId) && r.capturedAt === undefined),
      ...runs.filter((r) => r.finished && writable.has(r.projectId) && r.capturedAt !== undefined && !adminsRuns.has(r.id)),
    ].slice(0, 30);
    expect(candidates).toHaveLength(30);

    const acknowledged: Array<{ runId: string; id: string }> = [];
    let killedAfter = -1;
    const kill = () => {
      if (killedAfter >= 0) return;
      killedAfter = acknowledged.length;
      process.kill(started.child.pid!, 'SIGKILL');
    };
    const refused: string[] = [];
    const requests = candidates.map(async (run) => {
      let response: Response;
      let text: string;
      try {
        response = await fetch(`${url}/v1/corrections`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ runId: run.id, answer: 'wrong', why: `kill test ${run.id}` }),
        });
        text = await response.text();
      } catch (error) {
        // A request the kill cut off has no answer: it was never acknowledged.
        if (killedAfter < 0) throw error;
        return;
      }
      const body = JSON.parse(text) as { id?: string };
      if (response.status === 201 && body.id !== undefined) acknowledged.push({ runId: run.id, id: body.id });
      else refused.push(`${run.id}: ${response.status} ${text}`);
      // Killed the moment the 10th answer is in, while the rest have not been answered here yet.
      if (acknowledged.length >= 10) kill();
    });
    await Promise.all(requests);
    kill();
    await started.exited;
    expect(refused).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(10);
    expect(killedAfter).toBeGreaterThanOrEqual(10);

    const restarted = spawnMock(file);
    const url2 = await restarted.url;
    for (const { runId, id } of acknowledged) {
      const read = await fetch(`${url2}/v1/corrections/${id}`, { headers: { Authorization: `Bearer ${admin.token}` } });
      expect(read.status, `correction ${id} of ${runId}, answered 201 before the kill`).toBe(200);
      const body = await read.json() as { runId: string; madeBy: { id: string }; run: { capturedAt: string } };
      expect(body.runId).toBe(runId);
      expect(body.madeBy.id).toBe(admin.id);
      expect(body.run.capturedAt).toEqual(expect.any(String));
      const list = await fetch(`${url2}/v1/corrections?runId=${runId}`, { headers: { Authorization: `Bearer ${admin.token}` } });
      const listed = await list.json() as { data: Array<{ id: string }> };
      expect(listed.data.map((c) => c.id)).toContain(id);
    }
    process.kill(restarted.child.pid!, 'SIGKILL');
    await restarted.exited;
    expect(existsSync(file)).toBe(true);
  });
});
