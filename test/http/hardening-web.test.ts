// Issue 11, "the mock's own routes against web pages": a foreign page, a form post or a
// DNS-rebound name cannot drive `/__mock`; `/v1` keeps its CORS for browser apps, with credentials
// and Private Network Access.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMock } from '../../src/index.ts';
import { rawRequest } from '../support/raw-http.ts';
import { freshRuns } from '../support/fixture-picks.ts';
import { startMock, type Answer, type TestMock } from './support.ts';

const EVIL = 'https://evil.example';
const [run] = freshRuns(1);

let server: TestMock;
beforeAll(async () => { server = await startMock(); });
afterAll(async () => { await server.close(); });
beforeEach(async () => {
  expect((await server.request('POST', '/__mock/reset')).status).toBe(200);
  expect((await server.request('DELETE', '/__mock/faults')).status).toBe(200);
});

function expectRefusal(answer: Answer<any>, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.body.error.code).toBe(code);
  expect(answer.body.error.requestId).toBe(answer.headers.get('x-request-id'));
  expect(answer.headers.get('access-control-allow-origin')).toBeNull();
}

/** A correction written now, to show whether a reset went through. */
async function aWrite(): Promise<string> {
  const made = await server.request('POST', '/v1/corrections', { token: 'admin', body: { runId: run!.id, answer: 'wrong', why: 'hardening' } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id as string;
}
const stillThere = async (id: string) => (await server.get(`/v1/corrections/${id}`, 'admin')).status === 200;

describe('state-changing /__mock requests from a web page', () => {
  it('the attack: POST /__mock/reset with Origin https://evil.example and a text/plain body → 403 foreign-origin, nothing reset', async () => {
    const id = await aWrite();
    const answer = await server.request('POST', '/__mock/reset', { headers: { Origin: EVIL, 'Content-Type': 'text/plain' }, body: 'x' });
    expectRefusal(answer, 403, 'foreign-origin');
    expect(answer.body.error.message).toContain(EVIL);
    expect(await stillThere(id)).toBe(true);
  });

  it('the same with the path in other case (/__MOCK/Reset, which Express routes alike) → 403 foreign-origin', async () => {
    const id = await aWrite();
    expectRefusal(await server.request('POST', '/__MOCK/Reset', { headers: { Origin: EVIL } }), 403, 'foreign-origin');
    expect(await stillThere(id)).toBe(true);
  });

  it('Origin: null (a sandboxed frame, a file:// page) on POST /__mock/faults → 403 foreign-origin, faults unchanged', async () => {
    const answer = await server.request('POST', '/__mock/faults', { headers: { Origin: 'null' }, body: { databaseBusy: { rate: 1 } } });
    expectRefusal(answer, 403, 'foreign-origin');
    expect((await server.get('/__mock/state')).body.faults).toEqual({});
  });

  it('a preflight from a foreign origin for POST /__mock/faults → 403 foreign-origin with no CORS grant', async () => {
    const answer = await server.request('OPTIONS', '/__mock/faults', { headers: { Origin: EVIL, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
    expectRefusal(answer, 403, 'foreign-origin');
  });

  it('POST /__mock/reset with a text/plain body and no Origin (a tool, or a form post) → 415, nothing reset', async () => {
    const id = await aWrite();
    expectRefusal(await server.request('POST', '/__mock/reset', { headers: { 'Content-Type': 'text/plain' }, body: 'x' }), 415, 'unsupported-media-type');
    expect(await stillThere(id)).toBe(true);
  });

  it('an application/x-www-form-urlencoded POST /__mock/faults → 415, faults unchanged', async () => {
    const answer = await server.request('POST', '/__mock/faults', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'databaseBusy=1' });
    expectRefusal(answer, 415, 'unsupported-media-type');
    expect((await server.get('/__mock/state')).body.faults).toEqual({});
  });

  it('POST /__mock/reset with no body and no Origin (curl, a test) still resets', async () => {
    const id = await aWrite();
    expect((await server.request('POST', '/__mock/reset')).status).toBe(200);
    expect(await stillThere(id)).toBe(false);
  });
});

describe('reads of /__mock from a web page', () => {
  it('GET /__mock/principals with Origin https://evil.example → no Access-Control-Allow-Origin, so no page can read the tokens', async () => {
    const answer = await server.get('/__mock/principals', undefined, { Origin: EVIL });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('GET /__mock/principals from a page on http://localhost:5173 (this machine) → CORS granted to that origin', async () => {
    const answer = await server.get('/__mock/principals', undefined, { Origin: 'http://localhost:5173' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it('a preflight from http://127.0.0.1:3000 for POST /__mock/faults → 204 granting that origin', async () => {
    const answer = await server.request('OPTIONS', '/__mock/faults', { headers: { Origin: 'http://127.0.0.1:3000', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    expect((answer.headers.get('access-control-allow-methods') ?? '')).toContain('POST');
  });
});

describe('the Host rule on /__mock (DNS rebinding)', () => {
  it('GET /__mock/principals addressed to Host: rebound.evil.example:PORT → 403 host-not-allowed, and no token in the body', async () => {
    const answer = await rawRequest(server.url, 'GET', '/__mock/principals', { Host: `rebound.evil.example:${new URL(server.url).port}` });
    expect(answer.status).toBe(403);
    const body = JSON.parse(answer.text) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('host-not-allowed');
    expect(body.error.message).toContain('--public-url');
    expect(answer.text).not.toContain('kgm_');
  });

  it('POST /__mock/reset addressed to Host: rebound.evil.example → 403, nothing reset', async () => {
    const id = await aWrite();
    const answer = await rawRequest(server.url, 'POST', '/__mock/reset', { Host: 'rebound.evil.example' });
    expect(answer.status).toBe(403);
    expect(await stillThere(id)).toBe(true);
  });

  it.each(['[::1].evil.example', '[::1]evil.example:80', 'localhost.evil.example', '127.0.0.1.nip.io', '0.0.0.0'])('Host: %s → 403 host-not-allowed', async (host) => {
    const answer = await rawRequest(server.url, 'GET', '/__mock/state', { Host: host });
    expect(answer.status).toBe(403);
    expect((JSON.parse(answer.text) as { error: { code: string } }).error.code).toBe('host-not-allowed');
  });

  it.each(['localhost', 'localhost:4010', '127.0.0.1', '127.1.2.3:99', '[::1]:4010', 'app.localhost'])('Host: %s → 200', async (host) => {
    expect((await rawRequest(server.url, 'GET', '/__mock/state', { Host: host })).status).toBe(200);
  });

  it('/v1 takes any Host: it needs a token, which no page can read from /__mock', async () => {
    const answer = await rawRequest(server.url, 'GET', '/v1/corrections?limit=1', { Host: 'api.example', Authorization: `Bearer ${server.token('admin')}` });
    expect(answer.status).toBe(200);
  });
});

describe('--public-url names the host the mock is served as', () => {
  let served: TestMock;
  beforeAll(async () => { served = await startMock({ publicUrl: 'https://demo.example.com:8443/' }); });
  afterAll(async () => { await served.close(); });

  it('Host: demo.example.com:8443 reaches /__mock, and its page origin may post to it', async () => {
    expect((await rawRequest(served.url, 'GET', '/__mock/state', { Host: 'demo.example.com:8443' })).status).toBe(200);
    const answer = await rawRequest(served.url, 'POST', '/__mock/faults', { Host: 'demo.example.com:8443', Origin: 'https://demo.example.com:8443', 'Content-Type': 'application/json' }, '{}');
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('https://demo.example.com:8443');
  });

  it('another name is still refused', async () => {
    expect((await rawRequest(served.url, 'GET', '/__mock/state', { Host: 'other.example.com' })).status).toBe(403);
  });

  it('a publicUrl that is no http(s) URL stops the start with a TypeError naming it', () => {
    expect(() => createMock({ publicUrl: 'demo.example.com' })).toThrow(/public URL "demo.example.com" \(publicUrl, --public-url\) is not a URL/);
    expect(() => createMock({ publicUrl: 'ftp://demo.example.com' })).toThrow(/not an http or https URL/);
  });
});

describe('/v1 CORS for browser apps', () => {
  const APP = 'https://app.example.com';

  it('GET /v1/corrections with an Origin → that origin, with Access-Control-Allow-Credentials: true (axios withCredentials)', async () => {
    const answer = await server.get('/v1/corrections?limit=1', 'admin', { Origin: APP });
    expect(answer.headers.get('access-control-allow-origin')).toBe(APP);
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
    expect(answer.headers.get('vary')).toContain('Origin');
  });

  it('a preflight with Access-Control-Request-Private-Network: true → 204 with Allow-Private-Network and Allow-Credentials', async () => {
    const answer = await server.request('OPTIONS', '/v1/corrections', {
      headers: { Origin: APP, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization', 'Access-Control-Request-Private-Network': 'true' },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-private-network')).toBe('true');
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
    expect(answer.headers.get('access-control-allow-origin')).toBe(APP);
  });

  it('a request without an Origin gets no CORS headers', async () => {
    const answer = await server.get('/v1/corrections?limit=1', 'admin');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
