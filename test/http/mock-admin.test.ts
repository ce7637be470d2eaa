// The mock's own routes under /__mock: who can call, the state, a reset; loopback callers only.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Correction } from '../../src/domain/types.ts';
import { refuseRemoteWithoutAdminToken } from '../../src/http/stages/admin-caller.ts';
import { Exchange } from '../../src/http/exchange.ts';
import { startMock, type TestMock } from './support.ts';

interface FixturePrincipal {
  token: string;
  kind: string;
  id: string;
  name: string;
  tenantId: string;
  role: string;
  readProjectIds: string[];
  writeProjectIds: string[];
  purpose: string;
  expiresAt?: string;
  revokedAt?: string;
}
interface FixtureCorrection { id: string; tenantId: string; status: string; supersededBy?: string }
interface FixtureSuggestedChange {
  id: string;
  agentId: string;
  check: { status: string };
  withdrawn?: unknown;
  addedAsLatest?: unknown;
  pinned?: unknown;
  approvalId?: string;
}

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8')) as T;
const principals = fixture<FixturePrincipal[]>('principals.json');
const corrections = fixture<FixtureCorrection[]>('corrections.json');
const suggestedChanges = fixture<FixtureSuggestedChange[]>('suggested-changes.json');
const runCount = fixture<unknown[]>('runs.json').length;

const tally = (values: string[]) => {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
};
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const statusOf = (s: FixtureSuggestedChange) => {
  if (s.withdrawn) return 'withdrawn';
  if (s.addedAsLatest) return 'added-as-latest';
  if (s.pinned) return 'pinned';
  if (s.approvalId) return 'waiting-for-second-person';
  return ({ running: 'checking', done: 'ready' } as Record<string, string>)[s.check.status] ?? 'check-failed';
};

let server: TestMock;
beforeAll(async () => { server = await startMock(); });
afterAll(async () => { await server.close(); });

describe('GET /__mock/principals', () => {
  it('GET /__mock/principals → every principal of the fixtures with token, kind, id, name, tenantId, readableProjectIds, purpose', async () => {
    const answer = await server.get('/__mock/principals');
    expect(answer.status).toBe(200);
    const listed = answer.body.data as Array<Record<string, unknown>>;
    expect(listed).toHaveLength(principals.length);
    for (const principal of principals) {
      const entry = listed.find((p) => p.token === principal.token);
      expect(entry, principal.token).toBeDefined();
      expect(entry).toMatchObject({
        token: principal.token,
        kind: principal.kind,
        id: principal.id,
        name: principal.name,
        tenantId: principal.tenantId,
        readableProjectIds: principal.readProjectIds,
        purpose: principal.purpose,
      });
    }
  });

  it('every token GET /__mock/principals lists that is neither expired nor revoked reads GET /v1/corrections', async () => {
    const listed = (await server.get('/__mock/principals')).body.data as Array<{ token: string; expiresAt?: string; revokedAt?: string }>;
    const usable = listed.filter((p) => !p.expiresAt && !p.revokedAt);
    // The fixtures' own count, so that an empty (or shrunk) list fails rather than checking nothing.
    const expected = principals.filter((p) => !p.expiresAt && !p.revokedAt).map((p) => p.token);
    expect(expected.length).toBeGreaterThan(0);
    expect(usable.map((p) => p.token).sort()).toEqual(expected.sort());
    for (const principal of usable) {
      expect((await server.get('/v1/corrections?limit=1', principal.token)).status, principal.token).toBe(200);
    }
  });

  it('GET /__mock/principals needs no token', async () => {
    const answer = await server.get('/__mock/principals');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('GET /__mock/state', () => {
  it('GET /__mock/state → corrections and suggested changes counted by status, and the runs', async () => {
    await server.request('POST', '/__mock/reset');
    const answer = await server.get('/__mock/state');
    expect(answer.status).toBe(200);
    const state = answer.body as { corrections: Record<string, number>; suggestedChanges: Record<string, number>; runs: number };
    expect(sum(state.corrections)).toBe(corrections.length);
    expect(state.corrections).toEqual(tally(corrections.map((c) => (c.supersededBy ? 'superseded' : c.status))));
    expect(sum(state.suggestedChanges)).toBe(suggestedChanges.length);
    expect(state.suggestedChanges).toEqual(tally(suggestedChanges.map(statusOf)));
    expect(state.runs).toBe(runCount);
  });

  it('a suggested change that changes status moves its count: a loaded check finished, then reset', async () => {
    await server.request('POST', '/__mock/reset');
    const before = (await server.get('/__mock/state')).body.suggestedChanges as Record<string, number>;
    const checking = suggestedChanges.find((s) => statusOf(s) === 'checking')!;
    const finished = await server.request('POST', `/__mock/checks/${checking.id}/finish`, { body: { fails: true } });
    expect(finished.status).toBe(200);
    const after = (await server.get('/__mock/state')).body.suggestedChanges as Record<string, number>;
    const expected = { ...before, checking: before.checking! - 1, 'check-failed': (before['check-failed'] ?? 0) + 1 };
    if (expected.checking === 0) delete (expected as Record<string, number>).checking;
    expect(after).toEqual(expected);
    await server.request('POST', '/__mock/reset');
    expect((await server.get('/__mock/state')).body.suggestedChanges).toEqual(before);
  });
});

describe('POST /__mock/reset', () => {
  it('POST /__mock/reset restores a correction changed with store.saveCorrection', async () => {
    const admin = server.mock.store.principals().find((p) => p.token === server.token('admin'))!;
    const target = corrections.find((c) => c.status === 'open' && !c.supersededBy && c.tenantId === admin.tenantId)!;
    const before = await server.get(`/v1/corrections/${target.id}`, 'admin');
    expect(before.status).toBe(200);
    expect(before.body.status).toBe('open');

    const { run: _run, ...stored } = server.mock.store.readCorrection(admin, target.id)!;
    const changed: Correction = { ...stored, status: 'wont-fix', updatedAt: '2026-12-01T00:00:00.000Z' };
    server.mock.store.saveCorrection(changed);
    const during = await server.get(`/v1/corrections/${target.id}`, 'admin');
    expect(during.body.status).toBe('wont-fix');
    expect(during.body.updatedAt).toBe('2026-12-01T00:00:00.000Z');
    expect((await server.get('/__mock/state')).body.corrections['wont-fix']).toBe(tally(corrections.map((c) => (c.supersededBy ? 'superseded' : c.status)))['wont-fix']! + 1);

    const reset = await server.request('POST', '/__mock/reset');
    expect(reset.status).toBe(200);
    const after = await server.get(`/v1/corrections/${target.id}`, 'admin');
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
  });

  it('POST /__mock/reset forgets a correction added with store.saveCorrection', async () => {
    const admin = server.mock.store.principals().find((p) => p.token === server.token('admin'))!;
    const template = corrections.find((c) => c.status === 'open' && !c.supersededBy && c.tenantId === admin.tenantId)!;
    const { run: _run, ...stored } = server.mock.store.readCorrection(admin, template.id)!;
    server.mock.store.saveCorrection({ ...stored, id: 'cor_added_by_a_test' });
    expect((await server.get('/v1/corrections/cor_added_by_a_test', 'admin')).status).toBe(200);
    await server.request('POST', '/__mock/reset');
    expect((await server.get('/v1/corrections/cor_added_by_a_test', 'admin')).status).toBe(404);
  });
});

describe('refuseRemoteWithoutAdminToken()', () => {
  const SECRET = 'a-demo-secret-of-some-length';
  /** [] when the caller passes, [the error] when it is refused. */
  const call = (remoteAddress: string | undefined, secret?: string, sent?: string): unknown[] => {
    const exchange = new Exchange({ method: 'GET', path: '/__mock/principals', query: '', headers: sent === undefined ? {} : { 'x-mock-admin-token': sent }, ...(remoteAddress !== undefined ? { remoteAddress } : {}) });
    try {
      refuseRemoteWithoutAdminToken(exchange, secret);
      return [];
    } catch (error) {
      return [error];
    }
  };

  it('a request that came over no network (MSW in a test, no address at all) is this machine\'s, and passes', () => {
    expect(call(undefined)).toEqual([]);
  });

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.0.0.2'])('a caller at %s passes, with no secret', (address) => {
    expect(call(address)).toEqual([]);
  });

  // '': the address of a socket already gone, as the Express adapter passes it.
  it.each(['10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::1', '128.0.0.1', '1127.0.0.1', ''])(
    'a caller at %s is refused with 403 mock-admin-only: without a secret set, naming --admin-token; with one, unless it sends it',
    (address) => {
      expect(call(address)[0]).toMatchObject({ code: 'mock-admin-only', status: 403, message: expect.stringContaining('start it with --admin-token') });
      expect(call(address, SECRET)[0]).toMatchObject({ code: 'mock-admin-only', message: expect.stringContaining('send the admin secret') });
      expect(call(address, SECRET, `${SECRET}x`)[0]).toMatchObject({ code: 'mock-admin-only', message: expect.stringContaining('is not the admin secret') });
      expect(call(address, SECRET, SECRET.slice(0, -1))[0]).toMatchObject({ code: 'mock-admin-only' });
      expect(call(address, SECRET, SECRET)).toEqual([]);
    },
  );

  it('GET /__mock/state from this machine (127.0.0.1) → 200', async () => {
    expect((await server.get('/__mock/state')).status).toBe(200);
  });
});
