// What every request gets, whatever it asks: a request id, the error envelope, no-store on /v1,
// bearer auth, the public routes, 404/405 fallbacks and CORS.
import { get as httpGet } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type Answer, type TestMock } from './support.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const GENERATED_ID = new RegExp(`^req-${UUID_V4.source.slice(1)}`);
const A_CORRECTION = 'cor_nor000001';

let server: TestMock;
beforeAll(async () => { server = await startMock(); });
afterAll(async () => { await server.close(); });

/** The envelope `{ error: { code, message, details?, requestId } }`, its requestId the header's. */
function expectEnvelope(answer: Answer, status: number, code?: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  const body = answer.body as { error?: Record<string, unknown> };
  expect(Object.keys(body)).toEqual(['error']);
  const error = body.error!;
  expect(typeof error.code).toBe('string');
  expect(error.code).toMatch(/^[a-z]+(-[a-z]+)*$/);
  if (code !== undefined) expect(error.code).toBe(code);
  expect(typeof error.message).toBe('string');
  if (error.details !== undefined) expect(typeof error.details).toBe('object');
  expect(Object.keys(error).every((key) => ['code', 'message', 'details', 'requestId'].includes(key))).toBe(true);
  expect(error.requestId).toBe(answer.headers.get('x-request-id'));
}

describe('X-Request-Id', () => {
  it('GET /v1/corrections with X-Request-Id: trace-42.abc echoes trace-42.abc', async () => {
    const answer = await server.get('/v1/corrections?limit=1', 'admin', { 'X-Request-Id': 'trace-42.abc' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe('trace-42.abc');
  });

  it('GET /v1/corrections without X-Request-Id answers req-<uuid v4>, a new one each time', async () => {
    const first = await server.get('/v1/corrections?limit=1', 'admin');
    const second = await server.get('/v1/corrections?limit=1', 'admin');
    expect(first.headers.get('x-request-id')).toMatch(GENERATED_ID);
    expect(second.headers.get('x-request-id')).toMatch(GENERATED_ID);
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
  });

  it('GET /v1/corrections with an empty X-Request-Id answers req-<uuid v4>', async () => {
    const answer = await server.get('/v1/corrections?limit=1', 'admin', { 'X-Request-Id': '' });
    expect(answer.headers.get('x-request-id')).toMatch(GENERATED_ID);
  });

  it('GET /health and GET /v1/openapi.json carry an X-Request-Id too', async () => {
    expect((await server.get('/health')).headers.get('x-request-id')).toMatch(GENERATED_ID);
    expect((await server.get('/v1/openapi.json', undefined, { 'X-Request-Id': 'doc-1' })).headers.get('x-request-id')).toBe('doc-1');
  });

  it("an error's error.requestId is the caller's X-Request-Id when it sent one", async () => {
    const answer = await server.get('/v1/corrections/cor_does_not_exist', 'admin', { 'X-Request-Id': 'mine-7' });
    expectEnvelope(answer, 404, 'not-found');
    expect(answer.body.error.requestId).toBe('mine-7');
  });

  it("an error's error.requestId is the generated req-<uuid v4> of the header otherwise", async () => {
    const answer = await server.get('/v1/corrections');
    expectEnvelope(answer, 401);
    expect(answer.body.error.requestId).toMatch(GENERATED_ID);
  });
});

describe('Cache-Control', () => {
  it('GET /v1/corrections answers 200 with Cache-Control: no-store', async () => {
    const answer = await server.get('/v1/corrections?limit=1', 'admin');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it(`GET /v1/corrections/${A_CORRECTION} answers 200 with Cache-Control: no-store`, async () => {
    const answer = await server.get(`/v1/corrections/${A_CORRECTION}`, 'admin');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('GET /v1/openapi.json answers 200 with Cache-Control: no-store', async () => {
    const answer = await server.get('/v1/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['GET /v1/corrections without a token (401)', () => server.get('/v1/corrections'), 401],
    ['GET /v1/corrections/cor_unknown (404)', () => server.get('/v1/corrections/cor_unknown', 'admin'), 404],
    ['GET /v1/no-such-thing (404 route-not-found)', () => server.get('/v1/no-such-thing', 'admin'), 404],
    ['DELETE /v1/corrections (405)', () => server.request('DELETE', '/v1/corrections', { token: 'admin' }), 405],
    ['GET /v1/corrections?limit=0 (400)', () => server.get('/v1/corrections?limit=0', 'admin'), 400],
  ] as const)('%s carries Cache-Control: no-store', async (_name, call, status) => {
    const answer = await call();
    expectEnvelope(answer, status);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('bearer auth on GET /v1/corrections', () => {
  it('no Authorization header → 401 auth-missing', async () => {
    expectEnvelope(await server.get('/v1/corrections'), 401, 'auth-missing');
  });

  it("Authorization: Basic abc → 401 auth-missing", async () => {
    expectEnvelope(await server.get('/v1/corrections', undefined, { Authorization: 'Basic abc' }), 401, 'auth-missing');
  });

  it('Authorization: Bearer (no token) → 401 auth-missing', async () => {
    expectEnvelope(await server.get('/v1/corrections', undefined, { Authorization: 'Bearer ' }), 401, 'auth-missing');
  });

  it('an unknown bearer token → 401 auth-invalid', async () => {
    expectEnvelope(await server.get('/v1/corrections', 'kgm_nobody_000000000000'), 401, 'auth-invalid');
  });

  it('the expired token → 401 auth-expired', async () => {
    expectEnvelope(await server.get('/v1/corrections', 'expired'), 401, 'auth-expired');
  });

  it('the revoked token → 401 auth-revoked', async () => {
    expectEnvelope(await server.get('/v1/corrections', 'revoked'), 401, 'auth-revoked');
  });

  it('a valid token, its scheme in lower case (bearer …) → 200', async () => {
    const answer = await server.get('/v1/corrections?limit=1', undefined, { Authorization: `bearer ${server.token('admin')}` });
    expect(answer.status).toBe(200);
  });

  it(`GET /v1/corrections/${A_CORRECTION} without a token → 401 auth-missing, not 404`, async () => {
    expectEnvelope(await server.get(`/v1/corrections/${A_CORRECTION}`), 401, 'auth-missing');
  });
});

describe('public routes', () => {
  it('GET /v1/openapi.json without a token → 200, the OpenAPI 3.1.0 document', async () => {
    const answer = await server.get('/v1/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body.openapi).toBe('3.1.0');
    expect(Object.keys(answer.body.paths)).toEqual(expect.arrayContaining([
      '/v1/corrections', '/v1/corrections/{correctionId}', '/v1/suggested-changes/{suggestedChangeId}',
    ]));
  });

  it('GET /health without a token → 200 { ok: true }', async () => {
    const answer = await server.get('/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
  });

  it('GET /health with a revoked token still → 200 { ok: true }', async () => {
    const answer = await server.get('/health', 'revoked');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
  });
});

describe('fallbacks', () => {
  it.each(['/v1/no-such-thing', '/nope', '/v1/corrections/cor_nor000001/nothing-here', '/v2/corrections'])(
    'GET %s → 404 route-not-found envelope',
    async (path) => {
      expectEnvelope(await server.get(path, 'admin'), 404, 'route-not-found');
    },
  );

  it('GET /v1/no-such-thing without a token → 404 route-not-found, not 401', async () => {
    expectEnvelope(await server.get('/v1/no-such-thing'), 404, 'route-not-found');
  });

  it.each([
    ['DELETE', '/v1/corrections'],
    ['PUT', '/v1/corrections'],
    ['DELETE', `/v1/corrections/${A_CORRECTION}`],
    ['PUT', `/v1/corrections/${A_CORRECTION}`],
  ])('%s %s → 405 method-not-allowed with Allow naming GET', async (method, path) => {
    const answer = await server.request(method, path, { token: 'admin', ...(method === 'PUT' ? { body: {} } : {}) });
    expectEnvelope(answer, 405, 'method-not-allowed');
    const allow = (answer.headers.get('allow') ?? '').split(',').map((m) => m.trim());
    expect(allow).toContain('GET');
    expect(allow).not.toContain(method);
  });

  it.each([
    ['GET /v1/corrections/%E0%A4%A', '/v1/corrections/%E0%A4%A', 'admin'],
    ['GET /v1/corrections/%E0%A4%A without a token', '/v1/corrections/%E0%A4%A', undefined],
    ['GET /v1/corrections/%ZZ', '/v1/corrections/%ZZ', 'admin'],
    ['GET /v1/suggested-changes/%E0%A4%A', '/v1/suggested-changes/%E0%A4%A', 'admin'],
  ] as const)('%s (malformed percent-encoding) → a 4xx envelope, never 500', async (_name, path, token) => {
    const answer = await server.get(path, token);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expectEnvelope(answer, answer.status);
  });
});

describe('CORS', () => {
  const ORIGIN = 'https://app.example.com';

  it('OPTIONS /v1/corrections preflight (Origin, Access-Control-Request-Method: GET, -Headers: Authorization) → 204 with the Allow-* headers', async () => {
    const response = await fetch(`${server.url}/v1/corrections`, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'Authorization' },
    });
    expect(response.status).toBe(204);
    expect(['*', ORIGIN]).toContain(response.headers.get('access-control-allow-origin'));
    const methods = (response.headers.get('access-control-allow-methods') ?? '').split(',').map((m) => m.trim().toUpperCase());
    expect(methods).toContain('GET');
    const headers = (response.headers.get('access-control-allow-headers') ?? '').split(',').map((h) => h.trim().toLowerCase());
    expect(headers).toContain('authorization');
  });

  it('OPTIONS /v1/corrections/{id} preflight for PATCH with Content-Type → 204 allowing PATCH', async () => {
    const response = await fetch(`${server.url}/v1/corrections/${A_CORRECTION}`, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'authorization, content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBeTruthy();
    expect((response.headers.get('access-control-allow-methods') ?? '').toUpperCase()).toContain('PATCH');
    expect((response.headers.get('access-control-allow-headers') ?? '').toLowerCase()).toContain('content-type');
  });

  it('GET /v1/corrections with an Origin exposes X-Request-Id and Retry-After', async () => {
    const answer = await server.get('/v1/corrections?limit=1', 'admin', { Origin: ORIGIN });
    expect(answer.status).toBe(200);
    expect(['*', ORIGIN]).toContain(answer.headers.get('access-control-allow-origin'));
    const exposed = (answer.headers.get('access-control-expose-headers') ?? '').split(',').map((h) => h.trim().toLowerCase());
    expect(exposed).toEqual(expect.arrayContaining(['x-request-id', 'retry-after']));
  });

  it('a 401 to a GET with an Origin carries the CORS headers too, so a browser can read it', async () => {
    const answer = await server.get('/v1/corrections', undefined, { Origin: ORIGIN });
    expectEnvelope(answer, 401, 'auth-missing');
    expect(answer.headers.get('access-control-allow-origin')).toBeTruthy();
    expect((answer.headers.get('access-control-expose-headers') ?? '').toLowerCase()).toContain('x-request-id');
  });
});

describe('request ids and options, as fixed after review', () => {
  let server: TestMock;
  beforeAll(async () => { server = await startMock(); });
  afterAll(async () => { await server.close(); });

  it('GET /v1/corrections?limit=1 with X-Request-Id "trace 42" echoes it, space and all', async () => {
    const answer = await server.get('/v1/corrections?limit=1', 'admin', { 'X-Request-Id': 'trace 42' });
    expect(answer.headers.get('x-request-id')).toBe('trace 42');
  });

  it('a preflight on /v1 also carries Cache-Control: no-store', async () => {
    const answer = await server.request('OPTIONS', '/v1/corrections', { headers: { Origin: 'http://app.example', 'Access-Control-Request-Method': 'GET' } });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('a plain OPTIONS answers 204 with Allow and no body', async () => {
    const answer = await server.request('OPTIONS', '/v1/corrections');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('allow')).toContain('GET');
    expect(answer.body).toBeUndefined();
  });
});

describe('conditional requests', () => {
  it('GET /v1/corrections/{id} with If-None-Match: * → 200 with the body: no 304, which the spec does not document', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      // node:http, not fetch: fetch adds Cache-Control: no-cache, which hides a 304.
      const request = httpGet(`${server.url}/v1/corrections/${A_CORRECTION}`, { headers: { Authorization: `Bearer ${server.token('admin')}`, 'If-None-Match': '*' } }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => { body += chunk; }).on('end', () => resolve({ status: response.statusCode!, body }));
      });
      request.on('error', reject);
    });
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as { id: string }).id).toBe(A_CORRECTION);
  });
});

describe('HEAD', () => {
  it('HEAD /v1/corrections/{id} answers GET\'s status and headers, Content-Length included, with no body', async () => {
    const get = await fetch(`${server.url}/v1/corrections/${A_CORRECTION}`, { headers: { Authorization: `Bearer ${server.token('admin')}` } });
    const getBody = await get.arrayBuffer();
    const head = await fetch(`${server.url}/v1/corrections/${A_CORRECTION}`, { method: 'HEAD', headers: { Authorization: `Bearer ${server.token('admin')}` } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(head.headers.get('content-length')).toBe(String(getBody.byteLength));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });
});
