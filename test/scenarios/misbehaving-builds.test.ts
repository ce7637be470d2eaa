// What a scenario of the user's can do wrong, and what a request can ask too much of: each is a
// refusal in the envelope that stores nothing, never a crash, a 500 or a server held for minutes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMock } from '../../src/index.ts';
import { defineScenario } from '../../src/scenarios/define.ts';
import { ScenarioRefusal } from '../../src/scenarios/contract.ts';
import { startMock, type TestMock } from '../http/support.ts';

const noParams = { type: 'object', properties: {}, additionalProperties: false } as const;
const laterRejection = defineScenario({
  name: 'async-build',
  description: 'A build that returns a promise, which later rejects.',
  params: noParams,
  // Typed void, so TypeScript lets an async function through: the engine must refuse it.
  async build() {
    await null;
    throw new Error('rejected after the commit');
  },
});
const throwsNull = defineScenario({
  name: 'throws-null',
  description: 'A build that throws null.',
  params: noParams,
  build() {
    // eslint-disable-next-line no-throw-literal
    throw null;
  },
});
const throwsText = defineScenario({
  name: 'throws-text',
  description: 'A build that throws a string.',
  params: noParams,
  build() {
    // eslint-disable-next-line no-throw-literal
    throw 'no room for it';
  },
});

describe('a build of the user\'s that misbehaves', () => {
  it('returns a promise → refused (validation-failed, scenario-build-synchronous), nothing stored, and its rejection ends nothing', async () => {
    const mock = createMock({ scenarios: [laterRejection] });
    const writes = mock.store.writeCount();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      expect(() => mock.scenarios.apply('async-build', {})).toThrow(ScenarioRefusal);
      try {
        mock.scenarios.apply('async-build', {});
      } catch (error) {
        expect((error as ScenarioRefusal).code).toBe('validation-failed');
        expect((error as ScenarioRefusal).details).toEqual({ rule: 'scenario-build-synchronous' });
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      expect(mock.store.writeCount()).toBe(writes);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      mock.close();
    }
  });

  it('throws null or a string → 400 validation-failed saying what it threw, never a 500', () => {
    const mock = createMock({ scenarios: [throwsNull, throwsText] });
    try {
      expect(() => mock.scenarios.apply('throws-null', {})).toThrow(/scenario throws-null failed: null/);
      expect(() => mock.scenarios.apply('throws-text', {})).toThrow(/scenario throws-text failed: no room for it/);
    } finally {
      mock.close();
    }
  });
});

describe('what one request may ask for', () => {
  let server: TestMock;
  beforeAll(async () => { server = await startMock({ scenarios: [throwsNull] }); });
  afterAll(async () => { await server.close(); });

  it('POST /__mock/sessions whose scenarios add up to more than 10 000 records → 400 bad-input before anything is built, no session opened', async () => {
    const before = (await server.request('GET', '/__mock/sessions')).body as { data: unknown[] };
    const started = performance.now();
    const refused = await server.request('POST', '/__mock/sessions', {
      body: { scenarios: [{ name: 'correction', params: { count: 10_000 } }, { name: 'correction', params: { count: 1 } }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'bad-input', details: { field: 'scenarios' } } });
    expect((refused.body as { error: { message: string } }).error.message).toContain('10001 records');
    // Refused from the request alone: nothing was built first.
    expect(performance.now() - started).toBeLessThan(2_000);
    const after = (await server.request('GET', '/__mock/sessions')).body as { data: unknown[] };
    expect(after.data.length).toBe(before.data.length);

    const allowed = await server.request('POST', '/__mock/sessions', { body: { scenarios: [{ name: 'correction', params: { count: 2 } }, { name: 'superseded' }] } });
    expect(allowed.status).toBe(201);
  });

  it('POST /__mock/scenarios/correction?count=3 → 400 bad-input naming the query parameter; nothing built', async () => {
    const before = (await server.request('GET', '/__mock/state')).body;
    const refused = await server.request('POST', '/__mock/scenarios/correction?count=3', { body: {} });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'bad-input', details: { parameter: 'count' } } });
    expect((await server.request('GET', '/__mock/state')).body).toEqual(before);
  });

  it('a user scenario that throws null over HTTP → 400 validation-failed, and the server answers on', async () => {
    const refused = await server.request('POST', '/__mock/scenarios/throws-null', { body: {} });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'validation-failed', details: { rule: 'scenario-build' } } });
    expect((await server.request('GET', '/health')).status).toBe(200);
  });
});

describe('a session reset that applies its scenarios again', () => {
  it('one that fails the second time → the reset throws and leaves the world as loaded, never half of its scenarios', () => {
    let calls = 0;
    const secondTimeFails = defineScenario({
      name: 'second-time-fails',
      description: 'Makes a correction the first time it is applied, and throws the second.',
      params: noParams,
      build(b) {
        calls += 1;
        if (calls > 1) throw new Error('not again');
        const project = b.project(undefined, (p) => b.agentsOf(p.id).length > 0);
        b.correct(b.principal(project.id, { role: 'admin' }), { projectId: project.id, answer: 'wrong' });
      },
    });
    const mock = createMock({ scenarios: [secondTimeFails] });
    try {
      const session = mock.createSession({ scenarios: [{ name: 'correction', params: { count: 2 } }, { name: 'second-time-fails' }] });
      const world = mock.sessions.world(session.id)!;
      expect(world.store.writeCount()).toBe(2);
      expect(() => world.reset()).toThrow(/not again/);
      expect(world.store.writeCount()).toBe(0);
    } finally {
      mock.close();
    }
  });
});
