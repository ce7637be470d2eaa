// Faults on demand: `Prefer: code=N` for one request, `/__mock/faults` for every /v1 request
// (503 database-busy with Retry-After, latency), and seeded random faults that repeat.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type Answer, type TestMock } from './support.ts';

const A_CORRECTION = 'cor_nor000001';

let server: TestMock;
beforeAll(async () => { server = await startMock(); });
afterAll(async () => { await server.close(); });
afterEach(async () => { await server.request('DELETE', '/__mock/faults'); });

function expectEnvelope(answer: Answer<any>, status: number, code?: string): void {
  expect(answer.status).toBe(status);
  expect(Object.keys(answer.body)).toEqual(['error']);
  expect(typeof answer.body.error.code).toBe('string');
  if (code !== undefined) expect(answer.body.error.code).toBe(code);
  expect(typeof answer.body.error.message).toBe('string');
  expect(answer.body.error.requestId).toBe(answer.headers.get('x-request-id'));
}

describe('Prefer: code=N', () => {
  it('GET /v1/corrections with Prefer: code=503 → 503 database-busy, Retry-After in whole seconds', async () => {
    const answer = await server.get('/v1/corrections', 'admin', { Prefer: 'code=503' });
    expectEnvelope(answer, 503, 'database-busy');
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it(`GET /v1/corrections/${A_CORRECTION} with Prefer: code=503 → 503 database-busy with Retry-After`, async () => {
    const answer = await server.get(`/v1/corrections/${A_CORRECTION}`, 'admin', { Prefer: 'code=503' });
    expectEnvelope(answer, 503, 'database-busy');
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it(`GET /v1/corrections/${A_CORRECTION} (it exists) with Prefer: code=404 → 404 envelope`, async () => {
    expect((await server.get(`/v1/corrections/${A_CORRECTION}`, 'admin')).status).toBe(200);
    expectEnvelope(await server.get(`/v1/corrections/${A_CORRECTION}`, 'admin', { Prefer: 'code=404' }), 404, 'not-found');
  });

  it('GET /v1/corrections with Prefer: code=400 → 400 envelope', async () => {
    const answer = await server.get('/v1/corrections', 'admin', { Prefer: 'code=400' });
    expectEnvelope(answer, 400);
    expect(['bad-input', 'validation-failed', 'unknown-field']).toContain(answer.body.error.code);
  });

  it('GET /v1/corrections with Prefer: code=401 → 401 envelope, a valid token notwithstanding', async () => {
    const answer = await server.get('/v1/corrections', 'admin', { Prefer: 'code=401' });
    expectEnvelope(answer, 401);
    expect(answer.body.error.code).toMatch(/^auth-/);
  });

  it(`GET /v1/corrections/${A_CORRECTION} with Prefer: code=418 → 400 bad-input naming the documented codes`, async () => {
    const answer = await server.get(`/v1/corrections/${A_CORRECTION}`, 'admin', { Prefer: 'code=418' });
    expectEnvelope(answer, 400, 'bad-input');
    const said = `${answer.body.error.message} ${JSON.stringify(answer.body.error.details ?? {})}`;
    for (const code of ['200', '401', '404', '503']) expect(said).toContain(code);
    expect(said).toContain('418');
  });

  it('GET /v1/corrections with Prefer: code=200 → the ordinary 200', async () => {
    const answer = await server.get('/v1/corrections?limit=1', 'admin', { Prefer: 'code=200' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(1);
  });

  it('Prefer: code=503 is for that one request: the next one answers 200', async () => {
    expect((await server.get('/v1/corrections?limit=1', 'admin', { Prefer: 'code=503' })).status).toBe(503);
    expect((await server.get('/v1/corrections?limit=1', 'admin')).status).toBe(200);
  });
});

describe('/__mock/faults', () => {
  it('POST /__mock/faults { databaseBusy: { rate: 1, retryAfter: 3 } } → /v1 answers 503 with Retry-After: 3; /health still 200', async () => {
    const set = await server.request('POST', '/__mock/faults', { body: { databaseBusy: { rate: 1, retryAfter: 3 } } });
    expect(set.status).toBe(200);
    for (const path of ['/v1/corrections', `/v1/corrections/${A_CORRECTION}`]) {
      const answer = await server.get(path, 'admin');
      expectEnvelope(answer, 503, 'database-busy');
      expect(answer.headers.get('retry-after')).toBe('3');
    }
    const health = await server.get('/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ ok: true });
  });

  it('DELETE /__mock/faults → /v1 answers 200 again', async () => {
    await server.request('POST', '/__mock/faults', { body: { databaseBusy: { rate: 1, retryAfter: 3 } } });
    expect((await server.get('/v1/corrections?limit=1', 'admin')).status).toBe(503);
    const cleared = await server.request('DELETE', '/__mock/faults');
    expect(cleared.status).toBe(200);
    expect((await server.get('/v1/corrections?limit=1', 'admin')).status).toBe(200);
    expect((await server.get(`/v1/corrections/${A_CORRECTION}`, 'admin')).status).toBe(200);
  });

  it('GET /__mock/state shows the faults in force', async () => {
    await server.request('POST', '/__mock/faults', { body: { databaseBusy: { rate: 1, retryAfter: 3 } } });
    const state = await server.get('/__mock/state');
    expect(state.body.faults).toEqual({ databaseBusy: { rate: 1, retryAfter: 3 } });
  });

  it('POST /__mock/faults { latencyMs: { min: 150, max: 150 } } → a /v1 answer takes at least 150 ms', async () => {
    const set = await server.request('POST', '/__mock/faults', { body: { latencyMs: { min: 150, max: 150 } } });
    expect(set.status).toBe(200);
    const started = performance.now();
    const answer = await server.get('/v1/corrections?limit=1', 'admin');
    const elapsed = performance.now() - started;
    expect(answer.status).toBe(200);
    expect(elapsed).toBeGreaterThanOrEqual(140);
  });

  it.each([
    ['{ databaseBusy: { rate: 2 } }', { databaseBusy: { rate: 2 } }],
    ['{ databaseBusy: { rate: -0.1 } }', { databaseBusy: { rate: -0.1 } }],
    ['{ databaseBusy: { rate: "1" } }', { databaseBusy: { rate: '1' } }],
    ['{ databaseBusy: { rate: 1, retryAfter: 1.5 } }', { databaseBusy: { rate: 1, retryAfter: 1.5 } }],
    ['{ chaos: true } (unknown field)', { chaos: true }],
    ['{ latencyMs: { min: 200, max: 100 } } (min > max)', { latencyMs: { min: 200, max: 100 } }],
    ['{ latencyMs: { min: -1, max: 10 } }', { latencyMs: { min: -1, max: 10 } }],
    ['[] (not an object)', []],
  ])('POST /__mock/faults %s → 400 with the envelope, faults unchanged', async (_name, body) => {
    const answer = await server.request('POST', '/__mock/faults', { body });
    expectEnvelope(answer, 400);
    expect(['bad-input', 'unknown-field', 'validation-failed']).toContain(answer.body.error.code);
    expect((await server.get('/__mock/state')).body.faults).toEqual({});
    expect((await server.get('/v1/corrections?limit=1', 'admin')).status).toBe(200);
  });

  it('POST /__mock/faults { chaos: true } → 400 unknown-field', async () => {
    expectEnvelope(await server.request('POST', '/__mock/faults', { body: { chaos: true } }), 400, 'unknown-field');
  });

  it('POST /__mock/faults with a body that is not JSON → 400 envelope', async () => {
    const answer = await server.request('POST', '/__mock/faults', { body: '{ not json', headers: { 'Content-Type': 'application/json' } });
    expectEnvelope(answer, 400);
  });
});

describe('seeded random faults', () => {
  const sequence = async (): Promise<number[]> => {
    const mock = await startMock({ faults: { databaseBusy: { rate: 0.5, retryAfter: 1 } }, faultSeed: 7 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const answer = await mock.get('/v1/corrections?limit=1', 'admin');
        if (answer.status === 503) expect(answer.headers.get('retry-after')).toBe('1');
        statuses.push(answer.status);
      }
      return statuses;
    } finally {
      await mock.close();
    }
  };

  it('startMock({ faults: { databaseBusy: { rate: 0.5, retryAfter: 1 } }, faultSeed: 7 }) twice → the same 200/503 sequence over 20 requests', async () => {
    const one = await sequence();
    const two = await sequence();
    expect(two).toEqual(one);
    expect(new Set(one)).toEqual(new Set([200, 503]));
  });
});
