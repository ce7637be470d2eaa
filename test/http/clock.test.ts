// The mock clock (issue 13): GET, PUT and advance, for the base world and each session; what it
// moves (write stamps, cursors' expiry, checks' ends, approvals' and tokens' expiry); `--clock` and `--dates now`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { World } from '../../src/domain/world.ts';
import { createMock } from '../../src/index.ts';
import { freshRuns } from '../support/fixture-picks.ts';
import { mocksClosedAfterEach, type Answer, type TestMock } from './support.ts';

const mocks = mocksClosedAfterEach();

function expectError(answer: Answer<any>, status: number, code: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error.code).toBe(code);
}
const createdAtOfNewCorrection = async (server: TestMock, token: string, runId: string) => {
  const made = await server.request('POST', '/v1/corrections', { token, body: { runId, answer: 'wrong' } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.createdAt as string;
};

describe('GET, PUT /__mock/clock and POST /__mock/clock/advance', () => {
  it('reads real time by default; PUT { now, frozen: true } stamps writes at now and stays; advance moves it; PUT { now } runs on with the source', async () => {
    let real = Date.parse('2026-12-05T10:00:00.000Z');
    const server = await mocks.start({ clock: () => real });
    expect((await server.get('/__mock/clock')).body).toEqual({ now: '2026-12-05T10:00:00.000Z', frozen: false });
    const [first, second, third] = freshRuns(3);
    const set = await server.request('PUT', '/__mock/clock', { body: { now: '2026-12-24T18:00:00+01:00', frozen: true } });
    expect(set.body).toEqual({ now: '2026-12-24T17:00:00.000Z', frozen: true });
    real += 3_600_000;
    expect(await createdAtOfNewCorrection(server, server.token('admin'), first!.id)).toBe('2026-12-24T17:00:00.000Z');
    expect((await server.request('POST', '/__mock/clock/advance', { body: { ms: 90_000 } })).body).toEqual({ now: '2026-12-24T17:01:30.000Z', frozen: true });
    expect(await createdAtOfNewCorrection(server, server.token('admin'), second!.id)).toBe('2026-12-24T17:01:30.000Z');
    expect((await server.request('PUT', '/__mock/clock', { body: { now: '2027-01-01T00:00:00Z' } })).body).toEqual({ now: '2027-01-01T00:00:00.000Z', frozen: false });
    real += 5000;
    expect((await server.get('/__mock/clock')).body).toEqual({ now: '2027-01-01T00:00:05.000Z', frozen: false });
    expect(await createdAtOfNewCorrection(server, server.token('admin'), third!.id)).toBe('2027-01-01T00:00:05.000Z');
  });

  it('a time before the newest record → 409 clock-before-world naming it, and the clock is unchanged', async () => {
    const server = await mocks.start({ clock: { now: '2026-12-01T00:00:00Z', frozen: true } });
    const refused = await server.request('PUT', '/__mock/clock', { body: { now: '2026-06-01T00:00:00Z', frozen: true } });
    expectError(refused, 409, 'clock-before-world');
    expect(refused.body.error.details).toEqual({ newest: new Date(server.mock.store.newestTime()).toISOString() });
    expect((await server.get('/__mock/clock')).body).toEqual({ now: '2026-12-01T00:00:00.000Z', frozen: true });
  });

  it('after a write, its own time is the newest: the clock may not go back before it', async () => {
    const server = await mocks.start({ clock: { now: '2027-03-01T00:00:00Z', frozen: true } });
    await createdAtOfNewCorrection(server, server.token('admin'), freshRuns(1)[0]!.id);
    expectError(await server.request('PUT', '/__mock/clock', { body: { now: '2027-02-01T00:00:00Z' } }), 409, 'clock-before-world');
    expect((await server.request('PUT', '/__mock/clock', { body: { now: '2027-03-01T00:00:00Z' } })).status).toBe(200);
  });

  it.each([
    ['PUT', '/__mock/clock', { now: 'tomorrow' }, 'bad-input'], ['PUT', '/__mock/clock', { now: '2026-12-01' }, 'bad-input'],
    ['PUT', '/__mock/clock', { now: '2026-12-01T00:00:00Z', frozen: 'yes' }, 'bad-input'], ['PUT', '/__mock/clock', { when: 1 }, 'unknown-field'],
    ['PUT', '/__mock/clock', {}, 'bad-input'], ['POST', '/__mock/clock/advance', { ms: -1 }, 'bad-input'],
    ['POST', '/__mock/clock/advance', { ms: 1.5 }, 'bad-input'], ['POST', '/__mock/clock/advance', { ms: 400_000_000_000 }, 'bad-input'],
    ['POST', '/__mock/clock/advance', { seconds: 1 }, 'unknown-field'],
    // Dates that do not exist, and times past the last one a clock may read.
    ['PUT', '/__mock/clock', { now: '2027-02-30T00:00:00Z' }, 'bad-input'], ['PUT', '/__mock/clock', { now: '2027-01-01T24:00:00Z' }, 'bad-input'],
    ['PUT', '/__mock/clock', { now: '2027-12-31T23:59:60Z' }, 'bad-input'], ['PUT', '/__mock/clock', { now: '9999-12-31T00:00:00Z' }, 'bad-input'],
  ] as const)('%s %s %j → 400 %s; the clock is unchanged', async (method, path, body, code) => {
    const server = await mocks.start({ clock: { now: '2026-12-01T00:00:00Z', frozen: true } });
    const refused = await server.request(method, path, { body });
    expectError(refused, 400, code);
    const now = (body as { now?: unknown }).now;
    if (typeof now === 'string' && refused.body.error.details?.field === 'now' && !now.startsWith('9999')) expect(refused.body.error.message).toContain(`not "${now}"`);
    expect((await server.get('/__mock/clock')).body).toEqual({ now: '2026-12-01T00:00:00.000Z', frozen: true });
  });
});

describe('the last time a clock may read', () => {
  it('an advance past 9998-12-31 → 400 and the clock unchanged; a write then still works; mock.clock refuses the same, naming it', async () => {
    const server = await mocks.start({ clock: { now: '9998-12-30T00:00:00Z', frozen: true } });
    const refused = await server.request('POST', '/__mock/clock/advance', { body: { ms: 2 * 86_400_000 } });
    expectError(refused, 400, 'bad-input');
    expect(refused.body.error.message).toContain('9998-12-31T00:00:00.000Z');
    expect((await server.get('/__mock/clock')).body).toEqual({ now: '9998-12-30T00:00:00.000Z', frozen: true });
    expect(await createdAtOfNewCorrection(server, server.token('admin'), freshRuns(1)[0]!.id)).toBe('9998-12-30T00:00:00.000Z');
    expect(() => server.mock.clock.set({ now: 1e20, frozen: true })).toThrow(/1970 to 9998-12-31T00:00:00.000Z, not 100000000000000000000 ms/);
    expect(() => server.mock.clock.set({ now: Number.NaN, frozen: true })).toThrow(/needs a time, not NaN/);
    expect(() => server.mock.clock.advance(86_400_000 * 2)).toThrow(RangeError);
    expect(() => createMock({ clock: { now: 1e20 } })).toThrow(/createMock option clock must be/);
  });
});

describe('what the clock moves', () => {
  it("a cursor expires a day after it was sealed, on the world's clock", async () => {
    const server = await mocks.start({ clock: { now: '2026-12-01T00:00:00Z', frozen: true } });
    const cursor = (await server.get('/v1/corrections?limit=2', 'admin')).body.nextCursor as string;
    const page = () => server.get(`/v1/corrections?limit=2&cursor=${encodeURIComponent(cursor)}`, 'admin');
    await server.request('POST', '/__mock/clock/advance', { body: { ms: 86_399_999 } });
    expect((await page()).status).toBe(200);
    await server.request('POST', '/__mock/clock/advance', { body: { ms: 1 } });
    const expired = await page();
    expectError(expired, 400, 'bad-input');
    expect(expired.body.error.message).toContain('expired');
  });

  it("a check ends checkMs after it started, on the clock; a token's expiry passes with it", async () => {
    const loaded = createMock().store.exportWorld();
    const expiring = loaded.principals.find((p) => p.token.startsWith('kgm_admin_'))!;
    const world: World = { ...loaded, principals: loaded.principals.map((p) => (p === expiring ? { ...p, expiresAt: '2026-12-01T01:00:00.000Z' } : p)) };
    const server = await mocks.start({ world, clock: { now: '2026-12-01T00:00:00Z', frozen: true }, checkMs: 60_000 });
    const ready = world.suggestedChanges.find((s) => s.check.status === 'done' && s.approvalId === undefined && !s.pinned && !s.addedAsLatest && !s.withdrawn && s.madeBeforeProjects !== true && s.projectId !== undefined
      && expiring.writeProjectIds.includes(world.agents.find((a) => a.id === s.agentId)!.projectId))!;
    expect((await server.request('POST', `/v1/suggested-changes/${ready.id}/check`, { token: expiring.token })).body.status).toBe('checking');
    await server.request('POST', '/__mock/clock/advance', { body: { ms: 59_999 } });
    expect((await server.get(`/v1/suggested-changes/${ready.id}`, expiring.token)).body.status).toBe('checking');
    await server.request('POST', '/__mock/clock/advance', { body: { ms: 1 } });
    const done = (await server.get(`/v1/suggested-changes/${ready.id}`, expiring.token)).body;
    expect(done.status).toBe('ready');
    expect(done.updatedAt).toBe('2026-12-01T00:01:00.000Z');
    await server.request('POST', '/__mock/clock/advance', { body: { ms: 3_540_000 } });
    expectError(await server.get('/v1/corrections?limit=1', expiring.token), 401, 'auth-expired');
  });
});

describe('approvals expire on the clock, with approvalMs (--approval-ms)', () => {
  const secondPersonChange = (world: World) => world.suggestedChanges.find((s) => s.check.status === 'done' && s.approvalId === undefined && !s.pinned && !s.addedAsLatest && !s.withdrawn
    && s.madeBeforeProjects !== true && s.projectId !== undefined && world.projects.find((p) => p.id === world.agents.find((a) => a.id === s.agentId)!.projectId)!.releaseGate === 'second-person')!;

  it('a pin waits approvalMs for a second person, then is ready with note expired, stamped at its expiry; deciding it then → 404; it survives a restart on the state file', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kindgi-mock-approvals-'));
    try {
      const stateFile = join(folder, 'state.jsonl');
      const options = { clock: { now: '2026-12-01T00:00:00Z', frozen: true }, approvalMs: 3_600_000, stateFile };
      const first = await mocks.start(options);
      const change = secondPersonChange(first.mock.store.worldView());
      const pinned = await first.request('POST', `/v1/suggested-changes/${change.id}/pin`, { token: 'admin' });
      expect(pinned.body.status, JSON.stringify(pinned.body)).toBe('waiting-for-second-person');
      await mocks.stop(first);
      const server = await mocks.start(options);
      await server.request('POST', '/__mock/clock/advance', { body: { ms: 3_599_999 } });
      expect((await server.get(`/v1/suggested-changes/${change.id}`, 'admin')).body.status).toBe('waiting-for-second-person');
      await server.request('POST', '/__mock/clock/advance', { body: { ms: 1 } });
      const expired = (await server.get(`/v1/suggested-changes/${change.id}`, 'admin')).body;
      expect(expired).toMatchObject({ status: 'ready', note: { kind: 'expired', pinChangeId: expect.stringMatching(/^pch_/) }, updatedAt: '2026-12-01T01:00:00.000Z' });
      expect(expired.approvalId).toBeUndefined();
      expectError(await server.request('POST', `/__mock/approvals/${pinned.body.approvalId}/approve`, { token: 'expert' }), 404, 'not-found');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('without approvalMs an approval waits, however far the clock moves, until it is decided', async () => {
    const server = await mocks.start({ clock: { now: '2026-12-01T00:00:00Z', frozen: true } });
    const change = secondPersonChange(server.mock.store.worldView());
    const pinned = await server.request('POST', `/v1/suggested-changes/${change.id}/pin`, { token: 'admin' });
    await server.request('POST', '/__mock/clock/advance', { body: { ms: 365 * 86_400_000 } });
    expect((await server.get(`/v1/suggested-changes/${change.id}`, 'admin')).body.status).toBe('waiting-for-second-person');
    expect((await server.request('POST', `/__mock/approvals/${pinned.body.approvalId}/approve`, { token: 'expert' })).body.status).toBe('pinned');
  });
});

describe("a session's clock", () => {
  it('starts as the mock was started, is set and advanced under /__mock/sessions/{id}/clock, and leaves the base clock and other sessions alone', async () => {
    const server = await mocks.start({ clock: { now: '2026-12-01T00:00:00Z', frozen: true } });
    await server.request('POST', '/__mock/clock/advance', { body: { ms: 5000 } });
    const open = async () => (await server.request('POST', '/__mock/sessions')).body as { id: string; principals: Array<{ token: string; id: string }> };
    const a = await open();
    const b = await open();
    const clockOf = async (id: string) => (await server.get(`/__mock/sessions/${id}/clock`)).body;
    expect(await clockOf(a.id)).toEqual({ now: '2026-12-01T00:00:00.000Z', frozen: true });
    expect((await server.request('PUT', `/__mock/sessions/${a.id}/clock`, { body: { now: '2027-05-01T00:00:00Z', frozen: true } })).status).toBe(200);
    expect((await server.request('POST', `/__mock/sessions/${a.id}/clock/advance`, { body: { ms: 1000 } })).body).toEqual({ now: '2027-05-01T00:00:01.000Z', frozen: true });
    const adminOf = (s: typeof a) => s.principals.find((p) => p.id === 'usr_ada_admin')!.token;
    expect(await createdAtOfNewCorrection(server, adminOf(a), freshRuns(1)[0]!.id)).toBe('2027-05-01T00:00:01.000Z');
    expect(await createdAtOfNewCorrection(server, adminOf(b), freshRuns(1)[0]!.id)).toBe('2026-12-01T00:00:00.000Z');
    expect((await server.get('/__mock/clock')).body).toEqual({ now: '2026-12-01T00:00:05.000Z', frozen: true });
    expect(await clockOf(b.id)).toEqual({ now: '2026-12-01T00:00:00.000Z', frozen: true });
    expectError(await server.request('PUT', `/__mock/sessions/${a.id}/clock`, { body: { now: '2027-04-01T00:00:00Z' } }), 409, 'clock-before-world');
  });
});

describe('--clock and --dates now, in process', () => {
  it('clock { now } before the world\'s newest record → RangeError naming both times; a bad value → TypeError', () => {
    expect(() => createMock({ clock: { now: '2026-01-01T00:00:00Z' } })).toThrow(/before the world's newest record \(2026-11-30T12:00:00.000Z\)/);
    expect(() => createMock({ clock: { now: 'soon' } })).toThrow(TypeError);
    expect(() => createMock({ clock: { now: '2026-12-01T00:00:00Z', frozen: 'yes' } as never })).toThrow(TypeError);
  });

  it('dates "now" moves every date by one offset: the newest record is as old at start as at 2026-11-30T12:00:00Z, and the world keeps every rule', async () => {
    const start = Date.parse('2027-06-15T08:00:00.000Z');
    const moved = createMock({ dates: 'now', clock: { now: start, frozen: true } });
    const plain = createMock();
    const offset = start - Date.parse('2026-11-30T12:00:00.000Z');
    expect(moved.store.newestTime()).toBe(plain.store.newestTime() + offset);
    const before = plain.store.worldView();
    const after = moved.store.worldView();
    expect(after.corrections.map((c) => Date.parse(c.createdAt) - offset)).toEqual(before.corrections.map((c) => Date.parse(c.createdAt)));
    expect(after.principals.map((p) => p.expiresAt && Date.parse(p.expiresAt) - offset)).toEqual(before.principals.map((p) => p.expiresAt && Date.parse(p.expiresAt)));
    const { checkWorld } = await import('../../src/domain/world-rules.ts');
    expect(checkWorld(after)).toEqual([]);
    // The tokens that were expired and revoked still are.
    const server = await mocks.start({ dates: 'now', clock: { now: start, frozen: true } });
    expectError(await server.get('/v1/corrections?limit=1', 'expired'), 401, 'auth-expired');
    expectError(await server.get('/v1/corrections?limit=1', 'revoked'), 401, 'auth-revoked');
  });

  it('dates "now" moves a seed\'s world by its own age: a seeded session of a mock serving an older world is not dated in the future, and takes writes', async () => {
    const loaded = createMock().store.exportWorld();
    const { shiftWorldDates } = await import('../../src/fixtures/world-dates.ts');
    const yearOld = shiftWorldDates(loaded, -365 * 86_400_000);
    const server = await mocks.start({ world: yearOld, dates: 'now' });
    const session = server.mock.createSession({ seed: 7 });
    const world = server.mock.sessions.world(session.id)!;
    expect(world.store.newestTime()).toBeLessThanOrEqual(world.clock.now());
    const admin = session.principals.find((p) => p.id === 'usr_ada_admin')!.token;
    const open = world.store.worldView().corrections.find((c) => c.status === 'open' && c.supersededBy === undefined && c.sortedTo === undefined && c.tenantId === 'ten_northwind')!;
    const changed = await server.request('PATCH', `/v1/corrections/${open.id}`, { token: admin, body: { status: 'wont-fix' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  });

  it('a start whose real clock reads before the world (a state file written while a test\'s own clock ran ahead) → RangeError naming the fix; with --clock after it, it starts', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kindgi-mock-clock-state-'));
    try {
      const stateFile = join(folder, 'state.jsonl');
      // A clock set by /__mock/clock is kept with the file (issue 36, test/http/state-clock.test.ts); a test's own clock is not.
      const ahead = await mocks.start({ stateFile, clock: () => Date.parse('2031-06-01T00:00:00Z') });
      await createdAtOfNewCorrection(ahead, ahead.token('admin'), freshRuns(1)[0]!.id);
      await mocks.stop(ahead);
      expect(() => createMock({ stateFile })).toThrow(/before the world's newest record \(2031-06-01.*start with clock \/ --clock/);
      const later = await mocks.start({ stateFile, clock: { now: '2031-06-02T00:00:00Z' } });
      expect(later.mock.state?.restoredWrites).toBe(1);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('dates "now" with a state file → TypeError: the two do not go together', () => {
    expect(() => createMock({ dates: 'now', stateFile: '/tmp/never-opened.jsonl' })).toThrow(/use one or the other/);
  });
});
