// Mocks of one process share the embedded world and the compiled spec, read only (issue 12): every
// kind of write through one mock, its reset and a state file's restore leave the other mocks, and
// the shared objects, as loaded. The shared world and document are frozen here, deeply, so any
// write path that changed a loaded record in place would throw and answer 500.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLive } from '../../src/domain/correction-transitions.ts';
import type { World } from '../../src/domain/world.ts';
import { loadSharedWorldFolder, loadWorld } from '../../src/fixtures/load-world.ts';
import { createMock } from '../../src/index.ts';
import { loadCompiledSpec } from '../../src/spec/load-compiled-spec.ts';
import { silentLogger, startMock, walkList, type Answer, type TestMock } from './support.ts';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const part of Object.values(value)) deepFreeze(part);
  }
  return value;
}

// Picked from a private copy, by what the records are, never by id.
const picks = loadWorld();
const admin = picks.principals.find((p) => p.token.startsWith('kgm_admin_'))!;
const writable = (projectId: string | undefined) => projectId !== undefined && admin.writeProjectIds.includes(projectId);
const projectOf = (agentId: string) => picks.agents.find((a) => a.id === agentId)?.projectId;
const gateOf = (agentId: string) => picks.projects.find((p) => p.id === projectOf(agentId))?.releaseGate;
type Change = World['suggestedChanges'][number];
const settled = (s: Change) => !s.withdrawn && !s.pinned && !s.addedAsLatest && !s.approvalId;
const ready = (s: Change) => settled(s) && s.check.status === 'done' && writable(projectOf(s.agentId)) && (s.check.newlyFailing ?? []).length === 0;
const freshRun = picks.runs.find((r) => r.finished && r.capturedAt === undefined && writable(r.projectId));
const [openOne, openTwo] = picks.corrections.filter((c) => isLive(c) && c.status === 'open' && c.sortedTo === undefined && c.reopenedIn === undefined && writable(c.projectId));
const fixedOne = picks.corrections.find((c) => isLive(c) && c.status === 'fixed' && c.reopenedIn === undefined && writable(c.projectId));
const toPin = picks.suggestedChanges.find((s) => ready(s) && s.projectId !== undefined && gateOf(s.agentId) === 'none');
const toWithdraw = picks.suggestedChanges.find((s) => ready(s) && s !== toPin && !s.fixes.some((id) => toPin?.fixes.includes(id)));
const waiting = picks.suggestedChanges.find((s) => s.approvalId && !s.withdrawn && !s.pinned && !s.addedAsLatest && writable(projectOf(s.agentId)));
const checking = picks.suggestedChanges.find((s) => s.check.status === 'running' && !s.withdrawn && writable(projectOf(s.agentId)));
// Checking one that has no version yet writes a new agent version and new block versions too.
const neverChecked = picks.suggestedChanges.find((s) => settled(s) && s.version === undefined && s.check.status !== 'running' && writable(projectOf(s.agentId)) && s.madeBeforeProjects !== true);
if (!freshRun || !openOne || !openTwo || !fixedOne || !toPin || !toWithdraw || !waiting || !checking || !neverChecked) {
  throw new Error('the fixtures lack a run, correction or suggested change this test needs');
}
const touchedCorrections = [openOne.id, openTwo.id, fixedOne.id, ...toPin.fixes, ...waiting.fixes];
const touchedChanges = [toPin.id, toWithdraw.id, waiting.id, checking.id, neverChecked.id];

const { document } = loadCompiledSpec();
// The very objects createMock() serves: the same folder and bytes give the same parsed world.
const shared = loadSharedWorldFolder(undefined, document).world;
const asLoaded = structuredClone(shared);
deepFreeze(shared);
deepFreeze(document);

// Long enough that no check ends by itself while a test runs: the reads stay comparable.
const options = { checkMs: 600_000 };
const expectDone = (answer: Answer, what: string) => expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);

/** What the admin reads: every correction (all statuses, every page), the touched records one by one, the counts. */
async function reads(server: TestMock): Promise<unknown> {
  return {
    list: await walkList(server, 'status=open,being-fixed,with-owner,fixed,wont-fix,removed', 'admin'),
    corrections: await Promise.all(touchedCorrections.map(async (id) => (await server.get(`/v1/corrections/${id}`, 'admin')).body)),
    changes: await Promise.all(touchedChanges.map(async (id) => (await server.get(`/v1/suggested-changes/${id}`, 'admin')).body)),
    counts: (await server.get('/__mock/state')).body,
  };
}

/** Every kind of write the mock takes, through `server`; the id of the correction it created. */
async function writeEverything(server: TestMock): Promise<string> {
  const made = await server.request('POST', '/v1/corrections', { token: 'admin', body: { runId: freshRun!.id, answer: 'wrong', shouldSay: 'Shared worlds stay put.', why: 'shared-world test' } });
  expectDone(made, 'POST /v1/corrections');
  expectDone(await server.request('PATCH', `/v1/corrections/${openOne!.id}`, { token: 'admin', body: { status: 'wont-fix', note: 'shared-world test' } }), 'PATCH');
  expectDone(await server.request('PATCH', `/v1/corrections/${made.body.id}`, { token: 'admin', body: { sortedTo: 'owner' } }), 'PATCH sortedTo');
  expectDone(await server.request('POST', `/v1/corrections/${openTwo!.id}/remove`, { token: 'admin' }), 'remove');
  expectDone(await server.request('POST', '/__mock/test-runs', { token: 'admin', body: { version: 'v-shared', how: 'pin', wrong: [fixedOne!.id] } }), 'test run');
  expectDone(await server.request('POST', `/v1/suggested-changes/${toPin!.id}/pin`, { token: 'admin' }), 'pin');
  expectDone(await server.request('POST', `/v1/suggested-changes/${toWithdraw!.id}/withdraw`, { token: 'admin', body: { reason: 'shared-world test' } }), 'withdraw');
  expectDone(await server.request('POST', `/__mock/approvals/${waiting!.approvalId}/approve`, { token: 'admin' }), 'approve');
  expectDone(await server.request('POST', `/__mock/checks/${checking!.id}/finish`), 'finish check');
  expectDone(await server.request('POST', `/v1/suggested-changes/${neverChecked!.id}/check`, { token: 'admin' }), 'check');
  return made.body.id as string;
}

let a: TestMock;
let b: TestMock;
let before: unknown;
beforeAll(async () => {
  a = await startMock(options);
  b = await startMock(options);
  before = await reads(b);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('two createMock() of one process', () => {
  it('share the parsed embedded world and the compiled validators, and each has its own store', () => {
    const id = shared.corrections[0]!.id;
    for (const server of [a, b]) {
      expect(server.mock.store.principals()).toBe(shared.principals);
      expect(server.mock.store.lookup.correction(id)).toBe(shared.corrections[0]);
      expect(server.mock.context.document).toBe(document);
    }
    expect(a.mock.context.validators).toBe(b.mock.context.validators);
    expect(a.mock.store).not.toBe(b.mock.store);
  });

  it('the freeze is real: changing a shared record in place throws', () => {
    const record = a.mock.store.lookup.correction(shared.corrections[0]!.id) as { status: string };
    expect(() => { record.status = 'changed'; }).toThrow(TypeError);
  });

  it('create, patch, remove, test run, pin, withdraw, approve, finish and start a check on one (the shared world frozen) → all succeed; the other reads as loaded', async () => {
    const made = await writeEverything(a);
    expect((await a.get(`/v1/corrections/${openOne.id}`, 'admin')).body.status).toBe('wont-fix');
    expect(await reads(a)).not.toEqual(before);
    expect(await reads(b)).toEqual(before);
    expect((await b.get(`/v1/corrections/${made}`, 'admin')).status).toBe(404);
    expect((await a.get('/v1/openapi.json', 'admin')).body).toEqual(structuredClone(document));
    expect(shared).toEqual(asLoaded);
  });

  it('POST /__mock/reset on the one that wrote → it reads as loaded again; so does the other, and a third mock started now', async () => {
    expectDone(await a.request('POST', '/__mock/reset'), 'reset');
    expect(await reads(a)).toEqual(before);
    expect(await reads(b)).toEqual(before);
    const third = await startMock(options);
    try {
      expect(await reads(third)).toEqual(before);
    } finally {
      await third.close();
    }
    expect(shared).toEqual(asLoaded);
  });

  it('a mock restored from a state file replays its writes over the shared world, which stays as loaded', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kindgi-shared-world-'));
    try {
      const stateFile = join(folder, 'state.jsonl');
      const writer = await startMock({ ...options, stateFile });
      const made = await writeEverything(writer);
      const written = await reads(writer);
      await writer.close();
      const restored = await startMock({ ...options, stateFile });
      try {
        expect((await restored.get(`/v1/corrections/${made}`, 'admin')).status).toBe(200);
        expect(await reads(restored)).toEqual(written);
      } finally {
        await restored.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    expect(await reads(b)).toEqual(before);
    expect(shared).toEqual(asLoaded);
  });
});

describe('createMock({ world })', () => {
  it('copies the caller\'s world: the store holds its own records, and a write leaves the caller\'s world as it was', async () => {
    const mine = loadWorld();
    const kept = structuredClone(mine);
    const server = await startMock({ ...options, world: mine });
    try {
      const first = mine.corrections[0]!;
      expect(server.mock.store.lookup.correction(first.id)).not.toBe(first);
      expect(server.mock.store.lookup.correction(first.id)).toEqual(first);
      expectDone(await server.request('PATCH', `/v1/corrections/${openOne.id}`, { token: 'admin', body: { status: 'wont-fix', note: 'mine' } }), 'PATCH');
      expect(mine).toEqual(kept);
    } finally {
      await server.close();
    }
  });

  it('a generated world (seed) is not the shared one', () => {
    const mock = createMock({ seed: 7, corrections: 50, logger: silentLogger().logger });
    expect(mock.store.principals()).not.toBe(shared.principals);
    mock.close();
  });
});
