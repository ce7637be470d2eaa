// openSession(url, options) (issue 32) against a listening mock: tokens by role that reach the
// session's world and no other, scenarios applied as it opens and after, end() making every
// token 401, and refusals thrown with the envelope's status, code and message.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MockAdminError, openSession } from '../../src/open-session.ts';
import { startMock, type TestMock } from './support.ts';

let server: TestMock;
beforeAll(async () => { server = await startMock(); });
afterAll(async () => { await server.close(); });
afterEach(() => { vi.restoreAllMocks(); });

describe('openSession(url, options)', () => {
  it('→ the session\'s id and a token by role: admin, member, service and app are the first usable principals of each kind, and reach only the session\'s world', async () => {
    const session = await openSession(server.url, { name: 'open-session › tokens' });
    try {
      expect(session.id).toMatch(/^ses_[0-9a-f]{16}$/);
      const ownToken = (id: string) => session.principals.find((p) => p.id === id)!.token;
      expect(session.tokens).toEqual({
        admin: ownToken('usr_ada_admin'),
        member: ownToken('usr_ben_member'),
        service: ownToken('svc_triage_bot'),
        app: ownToken('svc_helpdesk_widget'),
      });
      for (const token of Object.values(session.tokens)) {
        expect(token.startsWith(`${session.id}_`)).toBe(true);
        expect((await server.get('/v1/corrections?limit=1', token)).status).toBe(200);
      }
      // A write through the session's admin is the session's alone.
      const [open] = (await server.get('/v1/corrections?status=open&limit=1', session.tokens.admin)).body.data;
      const changed = await server.request('PATCH', `/v1/corrections/${open.id}`, { token: session.tokens.admin, body: { status: 'wont-fix' } });
      expect(changed.status).toBe(200);
      expect((await server.get(`/v1/corrections/${open.id}`, 'admin')).body.status).toBe('open');
      expect(session.scenarios).toEqual([]);
    } finally {
      await session.end();
    }
  });

  it('applies options.scenarios in order as it opens, and apply(name, params) applies one more to the session\'s world only', async () => {
    const session = await openSession(server.url, { scenarios: [{ name: 'correction', params: { count: 2, status: 'wont-fix' } }, { name: 'awaiting-approval' }] });
    try {
      expect(session.scenarios.map((s) => s.scenario)).toEqual(['correction', 'awaiting-approval']);
      expect(session.scenarios[0]!.created.corrections).toHaveLength(2);
      expect(session.scenarios[1]!.created.approvals).toHaveLength(1);
      for (const id of session.scenarios[0]!.created.corrections) {
        expect((await server.get(`/v1/corrections/${id}`, session.tokens.admin)).body.status).toBe('wont-fix');
      }

      const applied = await session.apply('correction', { status: 'fixed', fixedHow: 'pin' });
      expect(applied.scenario).toBe('correction');
      expect(applied.params.status).toBe('fixed');
      const [made] = applied.created.corrections;
      const read = await server.get(`/v1/corrections/${made}`, session.tokens.admin);
      expect(read.status).toBe(200);
      expect([read.body.status, read.body.fixedIn.how]).toEqual(['fixed', 'pin']);
      expect((await server.get(`/v1/corrections/${made}`, 'admin')).status).toBe(404);
    } finally {
      await session.end();
    }
  });

  it('corrections: 0 opens a world with projects and principals but no correction', async () => {
    const session = await openSession(server.url, { corrections: 0 });
    try {
      const page = await server.get('/v1/corrections?limit=5', session.tokens.admin);
      expect(page.status).toBe(200);
      expect(page.body.data).toEqual([]);
    } finally {
      await session.end();
    }
  });

  it('end() ends it: every token is 401 after, and a second end() is no error', async () => {
    const session = await openSession(server.url);
    await session.end();
    for (const token of Object.values(session.tokens)) {
      const answer = await server.get('/v1/corrections?limit=1', token);
      expect(answer.status).toBe(401);
    }
    await expect(session.end()).resolves.toBeUndefined();
  });

  it('a refused request throws MockAdminError with the status and the envelope\'s code and message', async () => {
    const refused = await openSession(server.url, { ttlSeconds: 0 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MockAdminError);
    expect(refused).toMatchObject({ status: 400, code: 'bad-input' });
    expect((refused as Error).message).toMatch(/^POST \/__mock\/sessions: 400 bad-input: .*ttlSeconds/);

    const session = await openSession(server.url);
    try {
      const unknown = await session.apply('no-such-scenario').catch((error: unknown) => error);
      expect(unknown).toMatchObject({ status: 404, code: 'not-found' });
      const badParam = await session.apply('correction', { colour: 'red' } as never).catch((error: unknown) => error);
      expect(badParam).toMatchObject({ status: 400, code: 'bad-input' });
      expect((badParam as Error).message).toContain('colour');
    } finally {
      await session.end();
    }
  });

  it('sends adminToken as X-Mock-Admin-Token, with a trailing slash on the URL or not', async () => {
    const fetched = vi.spyOn(globalThis, 'fetch');
    const session = await openSession(`${server.url}/`, { adminToken: 'a-secret-of-sixteen-or-more' });
    await session.end();
    const [url, init] = fetched.mock.calls[0]!;
    expect(url).toBe(`${server.url}/__mock/sessions`);
    expect(new Headers(init!.headers).get('x-mock-admin-token')).toBe('a-secret-of-sixteen-or-more');
    expect(JSON.parse(init!.body as string)).toEqual({});
  });

  it('is typed from the catalogue: a wrong parameter of a built-in scenario does not compile', () => {
    // Never called: the compiler is the test (npx tsc -p tsconfig.json).
    const typedOnly = async (session: Awaited<ReturnType<typeof openSession>>) => {
      // @ts-expect-error count is a number
      await session.apply('correction', { count: 'many' });
      // @ts-expect-error no such status
      await session.apply('correction', { status: 'lost' });
      await session.apply('my-own-scenario', { anything: true });
      // @ts-expect-error each step's parameters are its own scenario's
      await openSession('http://127.0.0.1:1', { scenarios: [{ name: 'superseded', params: { depth: 3 } }, { name: 'correction', params: { depth: 3 } }] });
      await openSession('http://127.0.0.1:1', { scenarios: [{ name: 'superseded', params: { depth: 3 } }, { name: 'mine', params: { depth: 3 } }] });
    };
    expect(typeof typedOnly).toBe('function');
  });
});
