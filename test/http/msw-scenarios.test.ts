// Scenarios through MSW (issue 32): createHandlers({ scenarios }) and its `apply`, a session's
// `apply` and `scenarios`, each read back by the app's own fetch through /v1. There is no
// `/__mock` in MSW: `apply` in process is the way, through the catalogue the server's routes call.
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createHandlers, ScenarioRefusal, type HandlersOptions } from '../../src/msw/index.ts';
import { defineScenario } from '../../src/scenarios/index.ts';
import { silentLogger } from './support.ts';

const BASE_URL = 'https://api.kindgi-mock.test';
const servers: Array<ReturnType<typeof setupServer>> = [];
afterEach(() => { for (const server of servers.splice(0)) server.close(); });

/** One of yours: two corrections of the first project, closed as won't fix with a note. */
const closedPair = defineScenario<'closed-pair', { note: string }>({
  name: 'closed-pair',
  description: 'Two corrections closed as won\'t fix, with a note.',
  params: { type: 'object', properties: { note: { type: 'string', minLength: 1, default: 'not now' } } },
  build(b, params) {
    const project = b.project();
    const caller = b.principal(project.id);
    for (let i = 0; i < 2; i += 1) {
      const made = b.correct(caller, { projectId: project.id, answer: 'wrong', shouldSay: 'the refund policy', why: 'made one up' });
      b.changeCorrection(caller, made.id, { status: 'wont-fix', note: params.note });
    }
  },
});

async function serve<const Own extends HandlersOptions['scenarios'] & object = []>(scenarios?: Own) {
  const mock = await createHandlers({ baseUrl: BASE_URL, logger: silentLogger().logger, ...(scenarios ? { scenarios } : {}) });
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  servers.push(server);
  const admin = mock.principals.find((p) => p.id === 'usr_ada_admin')!.token;
  const read = async (path: string, token = admin) => {
    const response = await fetch(`${BASE_URL}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    return { status: response.status, body: await response.json() as any };
  };
  return { mock, read };
}

describe('createHandlers(…).apply(name, params)', () => {
  it('pin-then-reopened: the app\'s next fetch reads the correction reopened after a pin fixed it; reset() takes it away', async () => {
    const { mock, read } = await serve();
    const result = mock.apply('pin-then-reopened', { how: 'went-back' });
    expect(result.scenario).toBe('pin-then-reopened');
    const [id] = result.created.corrections;
    const correction = await read(`/v1/corrections/${id}`);
    expect(correction.status).toBe(200);
    expect(['open', 'with-owner']).toContain(correction.body.status);
    expect([correction.body.fixedIn.how, correction.body.reopenedIn.how]).toEqual(['pin', 'went-back']);
    mock.reset();
    expect((await read(`/v1/corrections/${id}`)).status).toBe(404);
  });

  it('one of yours (createHandlers({ scenarios })) applies like a built-in one, its defaults filled in', async () => {
    const { mock, read } = await serve([closedPair]);
    const result = mock.apply('closed-pair');
    expect(result.params).toEqual({ note: 'not now' });
    expect(result.created.corrections).toHaveLength(2);
    for (const id of result.created.corrections) {
      const correction = await read(`/v1/corrections/${id}`);
      expect([correction.body.status, correction.body.statusNote.text]).toEqual(['wont-fix', 'not now']);
    }
  });

  it('refuses as the server does, storing nothing: an unknown name (not-found), a wrong parameter (bad-input naming it)', async () => {
    const { mock } = await serve();
    const before = mock.store.counts();
    expect(() => mock.apply('no-such-scenario')).toThrow(expect.objectContaining({ code: 'not-found' }));
    const refusal = (() => {
      try {
        mock.apply('correction', { count: 0 });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ScenarioRefusal);
    expect(refusal).toMatchObject({ code: 'bad-input', details: { field: 'count' } });
    expect(mock.store.counts()).toEqual(before);
  });

  it('a scenario of yours named as a built-in one, or twice → TypeError at setup', async () => {
    const clash = defineScenario({ ...closedPair, name: 'correction' });
    await expect(createHandlers({ baseUrl: BASE_URL, scenarios: [clash] })).rejects.toThrow(/correction is defined twice \(it is a built-in one\)/);
    await expect(createHandlers({ baseUrl: BASE_URL, scenarios: [closedPair, closedPair] })).rejects.toThrow(/closed-pair is defined twice/);
  });
});

describe('a session of the handlers', () => {
  it('createSession({ corrections: 0, scenarios }) opens a world with only what they made, and its apply reaches it and nothing else', async () => {
    const { mock, read } = await serve([closedPair]);
    const session = mock.createSession({ corrections: 0, scenarios: [{ name: 'closed-pair', params: { note: 'in a session' } }] });
    const token = session.principals.find((p) => p.id === 'usr_ada_admin')!.token;
    const listed = await read('/v1/corrections?limit=10', token);
    expect(listed.body.data.map((c: { statusNote: { text: string } }) => c.statusNote.text)).toEqual(['in a session', 'in a session']);

    const applied = session.apply('superseded', { depth: 3 });
    expect(applied.created.corrections).toHaveLength(3);
    const last = applied.created.corrections.at(-1)!;
    expect((await read(`/v1/corrections/${last}`, token)).status).toBe(200);
    expect((await read(`/v1/corrections/${last}`)).status).toBe(404);
  });
});

describe('typed from the catalogue', () => {
  it('a wrong parameter of a built-in scenario, or of one of yours, does not compile', async () => {
    const { mock } = await serve([closedPair]);
    // Never called: the compiler is the test (npx tsc -p tsconfig.json).
    const typedOnly = () => {
      // @ts-expect-error depth is a number
      mock.apply('superseded', { depth: 'deep' });
      // @ts-expect-error note is a string
      mock.apply('closed-pair', { note: 1 });
      mock.apply('closed-pair', { note: 'fine' });
    };
    expect(typeof typedOnly).toBe('function');
  });
});
