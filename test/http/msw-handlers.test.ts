// createHandlers (kindgi-mock/msw) itself: what it refuses at setup, a base URL with a path,
// sessions and reset, a seeded world, and what it does not serve (`/__mock`).
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import type { World } from '../../src/domain/world.ts';
import { WorldLoadError } from '../../src/fixtures/validate-world.ts';
import { createHandlers, SessionRefusal, type HandlersOptions } from '../../src/msw/index.ts';
import embeddedWorld from '../../src/world/embedded-world.ts';
import { openCorrection } from '../support/fixture-picks.ts';
import { silentLogger } from './support.ts';

const servers: Array<ReturnType<typeof setupServer>> = [];
afterEach(() => { for (const server of servers.splice(0)) server.close(); });

/** The handlers, listening through msw/node; any request they do not answer is an error. */
async function serve(options: HandlersOptions) {
  const mock = await createHandlers({ logger: silentLogger().logger, ...options });
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  servers.push(server);
  const admin = mock.principals.find((p) => p.token.startsWith('kgm_admin_'))!.token;
  const call = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
    const response = await fetch(`${options.baseUrl.replace(/\/$/, "")}${path}`, {
      method: init.method ?? 'GET',
      headers: { Authorization: `Bearer ${init.token ?? admin}`, ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    return { status: response.status, body: await response.json() as any };
  };
  return { mock, call, admin };
}

describe('createHandlers refuses at setup, naming what is wrong', () => {
  it('an unknown option, or one of the wrong kind → TypeError naming it', async () => {
    await expect(createHandlers({ baseUrl: 'https://api.test', port: 4010 } as unknown as HandlersOptions)).rejects.toThrow(/createHandlers has no option "port"; it takes .*baseUrl/);
    await expect(createHandlers({ baseUrl: 'https://api.test', checkMs: -1 })).rejects.toThrow(/createHandlers option checkMs must be a whole number/);
  });

  it('no baseUrl, one that is no http(s) URL, or one with a query → TypeError', async () => {
    await expect(createHandlers({} as HandlersOptions)).rejects.toThrow(/needs a baseUrl/);
    await expect(createHandlers({ baseUrl: 'api.kindgi.test' })).rejects.toThrow(/option baseUrl must be an http\(s\) URL/);
    await expect(createHandlers({ baseUrl: 'https://api.test/?v=1' })).rejects.toThrow(/leave out its query and fragment/);
  });

  it('a broken world → WorldLoadError naming the record and rule; the world passed in is left as it was', async () => {
    const broken = structuredClone(embeddedWorld) as World;
    const correction = broken.corrections[0]!;
    (correction as { status: string }).status = 'lost';
    const failure = await createHandlers({ baseUrl: 'https://api.test', world: broken }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WorldLoadError);
    expect((failure as WorldLoadError).message).toContain(correction.id);
    expect(broken.corrections[0]!.status).toBe('lost');
  });

  it('a clock before the world\'s newest record → RangeError saying what to set', async () => {
    await expect(createHandlers({ baseUrl: 'https://api.test', clock: { now: '2020-01-01T00:00:00Z' } })).rejects.toThrow(RangeError);
  });
});

describe('what the handlers serve', () => {
  it('a base URL with a path: its API paths follow it, and a path outside it is not theirs', async () => {
    const { call } = await serve({ baseUrl: 'http://localhost:6006/api/' });
    expect((await call('/v1/corrections?limit=1')).status).toBe(200);
    const outside = await fetch('http://localhost:6006/v1/corrections').catch((error: Error) => error);
    expect(outside).toBeInstanceOf(Error);
  });

  it('no /__mock: its routes are 404 route-not-found, as any path the document does not have', async () => {
    const { call } = await serve({ baseUrl: 'https://api.kindgi-mock.test' });
    const answer = await call('/__mock/principals');
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('route-not-found');
  });

  it('a session sees its own writes and the base world none; reset() undoes the base world\'s and ends the sessions', async () => {
    const { mock, call } = await serve({ baseUrl: 'https://api.kindgi-mock.test' });
    const { id } = openCorrection();
    const session = mock.createSession({ name: 'a test' });
    const sessionAdmin = session.principals.find((p) => p.id === 'usr_ada_admin')!.token;
    expect((await call(`/v1/corrections/${id}`, { method: 'PATCH', token: sessionAdmin, body: { status: 'wont-fix' } })).status).toBe(200);
    expect((await call(`/v1/corrections/${id}`, { token: sessionAdmin })).body.status).toBe('wont-fix');
    expect((await call(`/v1/corrections/${id}`)).body.status).toBe('open');
    expect((await call(`/v1/corrections/${id}`, { method: 'PATCH', body: { status: 'wont-fix' } })).status).toBe(200);
    mock.reset();
    expect((await call(`/v1/corrections/${id}`)).body.status).toBe('open');
    const ended = await call(`/v1/corrections/${id}`, { token: sessionAdmin });
    expect(ended.status).toBe(401);
    expect(ended.body.error.message).toContain('has ended or expired');
    expect(() => mock.createSession({ ttlSeconds: 0 })).toThrow(SessionRefusal);
  });

  it('a seed gives a generated world with the seed\'s ids: two handlers of one seed make the same correction', async () => {
    const made: string[] = [];
    for (const baseUrl of ['https://one.kindgi-mock.test', 'https://two.kindgi-mock.test']) {
      const { call, mock } = await serve({ baseUrl, seed: 7, corrections: 60, clock: { now: '2026-12-01T00:00:00Z', frozen: true } });
      expect(mock.store.counts().runs).toBeGreaterThan(0);
      const run = mock.store.exportWorld().runs.find((r) => r.finished && r.capturedAt === undefined && mock.store.lookup.correction(r.id) === undefined)!;
      const created = await call('/v1/corrections', { method: 'POST', body: { runId: run.id, answer: 'wrong', shouldSay: 'x', why: 'y' } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      made.push(JSON.stringify(created.body));
      // One MSW server at a time in a process, as MSW asks.
      servers.pop()!.close();
    }
    expect(made[1]).toBe(made[0]);
  });
});

describe('the handlers answer as the server does', () => {
  /** A correction stored off the document (`why` a number): the domain rules take it, the response schema does not. */
  async function serveOffDocument(options: Partial<HandlersOptions> = {}) {
    const { lines, logger } = silentLogger();
    const served = await serve({ baseUrl: 'https://api.kindgi-mock.test', logger, ...options });
    const { id } = openCorrection();
    served.mock.store.saveCorrection({ ...served.mock.store.lookup.correction(id)!, why: 42 as unknown as string });
    return { ...served, id, lines };
  }

  it('by default, an answer off the document is 500 response-invalid in the envelope, and logged (not sent with a warning)', async () => {
    const { call, id, lines } = await serveOffDocument();
    const answer = await call(`/v1/corrections/${id}`);
    expect(answer.status).toBe(500);
    expect(answer.body.error).toMatchObject({ code: 'response-invalid', details: { operationId: 'getCorrection', status: 200 } });
    expect(answer.body.error.requestId).toMatch(/^req-/);
    expect(answer.body.error.details.violations.map((v: { path: string }) => v.path)).toContain('/why');
    expect(lines.join('\n')).toContain(answer.body.error.requestId);
  });

  it("with onInvalidResponse 'warn', the same answer is sent as it is, and logged", async () => {
    const { call, id, lines } = await serveOffDocument({ onInvalidResponse: 'warn' });
    const answer = await call(`/v1/corrections/${id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.why).toBe(42);
    expect(lines.join('\n')).toContain('does not match the spec');
  });

  it('a percent-encoded slash stays in the id: /v1/corrections/a%2Fb is 404 not-found for the id a/b, not route-not-found', async () => {
    const { call } = await serve({ baseUrl: 'https://api.kindgi-mock.test' });
    const answer = await call('/v1/corrections/a%2Fb');
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('not-found');
    expect(answer.body.error.details).toEqual({ correctionId: 'a/b' });
  });
});
