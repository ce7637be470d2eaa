// Issue 11, "hostile input": deep JSON, long queries, one Idempotency-Key under several spellings
// of a path, and HTTP too broken for Express each get a 4xx in the error envelope, never a 500,
// a crash or a silent effect.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsonDepth, MAX_JSON_DEPTH, MAX_QUERY_PARAMETERS, queryParameterCount } from '../../src/http/input-limits.ts';
import { freshRuns, openCorrection, openCorrections } from '../support/fixture-picks.ts';
import { rawExchange } from '../support/raw-http.ts';
import { startMock, type Answer, type TestMock } from './support.ts';

const [runA, runB] = freshRuns(2);
const open = openCorrection();

let server: TestMock;
beforeAll(async () => { server = await startMock(); });
afterAll(async () => { await server.close(); });
beforeEach(async () => { expect((await server.request('POST', '/__mock/reset')).status).toBe(200); });

function expectBadInput(answer: Answer<any>): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.error.code).toBe('bad-input');
  expect(answer.body.error.requestId).toBe(answer.headers.get('x-request-id'));
}

/** `{"k":{"k":…}}` `levels` deep, as text (building it as an object would recurse). */
const nestedObject = (levels: number, leaf = '1') => `${'{"k":'.repeat(levels)}${leaf}${'}'.repeat(levels)}`;

describe('jsonDepth', () => {
  it.each([
    ['1', 0], ['[]', 1], ['{"a":[{}]}', 3], ['"[[[["', 0], ['{"a":"\\"[[["}', 1], ['[[],[[]]]', 3], ['{"é":["ü"]}', 2],
  ])('%s → %i', (text, depth) => {
    expect(jsonDepth(Buffer.from(text))).toBe(depth);
  });

  it('stops counting once past the bound', () => {
    expect(jsonDepth(Buffer.from('['.repeat(1_000_000)), 10)).toBe(11);
  });
});

describe('deeply nested JSON bodies', () => {
  it(`POST /v1/corrections with shouldCall[].args nested 20 000 deep → 400 bad-input naming the limit (${MAX_JSON_DEPTH}), not a 500`, async () => {
    const body = `{"runId":"${runA!.id}","answer":"wrong","why":"deep","shouldCall":[{"tool":"lookup","args":${nestedObject(20_000)}}]}`;
    const answer = await server.request('POST', '/v1/corrections', { token: 'admin', body });
    expectBadInput(answer);
    expect(answer.body.error.details).toEqual({ maxDepth: MAX_JSON_DEPTH });
    expect(answer.body.error.message).toContain(String(MAX_JSON_DEPTH));
    // Nothing was made, and the server still answers.
    const listed = await server.get(`/v1/corrections?runId=${runA!.id}`, 'admin');
    expect(listed.body.data).toEqual([]);
  });

  it(`a body exactly ${MAX_JSON_DEPTH} deep is read (the answer is the body's own problem, not the depth)`, async () => {
    const body = `{"runId":"${runA!.id}","decisions":"wrong","why":"deep","shouldCall":[{"tool":"lookup","args":${nestedObject(MAX_JSON_DEPTH - 3)}}]}`;
    expect(jsonDepth(Buffer.from(body))).toBe(MAX_JSON_DEPTH);
    const answer = await server.request('POST', '/v1/corrections', { token: 'admin', body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  });

  it('a body in UTF-16 (whose bytes can hide brackets inside other characters) → 415, never parsed', async () => {
    const text = `{"runId":"${runA!.id}","answer":"wrong","why":"\u2241","shouldCall":[{"tool":"lookup","args":${nestedObject(50_000)}}]}`;
    const response = await fetch(`${server.url}/v1/corrections`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.token('admin')}`, 'Content-Type': 'application/json; charset=utf-16le' },
      body: Buffer.from(text, 'utf16le'),
    });
    const body = await response.json() as { error: { code: string } };
    expect(response.status).toBe(415);
    expect(body.error.code).toBe('unsupported-media-type');
    const utf8 = await server.request('POST', '/__mock/faults', { headers: { 'Content-Type': 'application/json; charset=UTF-8' }, body: '{}' });
    expect(utf8.status).toBe(200);
  });

  it('PATCH /v1/corrections/{id} with a body 100 000 deep of arrays → 400 bad-input from the depth bound, before the body is parsed', async () => {
    const answer = await server.request('PATCH', `/v1/corrections/${open.id}`, { token: 'admin', headers: { 'Idempotency-Key': 'deep' }, body: `${'['.repeat(100_000)}${']'.repeat(100_000)}` });
    expectBadInput(answer);
    expect(answer.body.error.details).toEqual({ maxDepth: MAX_JSON_DEPTH });
  });

  it('POST /__mock/faults with a body 20 000 deep → 400 bad-input, faults unchanged', async () => {
    // Arrays: 40 KB, under the 64 KB that /__mock reads.
    const answer = await server.request('POST', '/__mock/faults', { body: `${'['.repeat(20_000)}${']'.repeat(20_000)}` });
    expectBadInput(answer);
    expect(answer.body.error.details).toEqual({ maxDepth: MAX_JSON_DEPTH });
    expect((await server.get('/__mock/state')).body.faults).toEqual({});
  });
});

describe('query parameters past the bound', () => {
  it(`999 × status=open then agentId=… → 400 bad-input naming the bound (${MAX_QUERY_PARAMETERS}); nothing past the 1 000th is dropped silently`, async () => {
    const query = `${'status=open&'.repeat(999)}agentId=agt_nobody`;
    const answer = await server.get(`/v1/corrections?${query}`, 'admin');
    expectBadInput(answer);
    expect(answer.body.error.details).toEqual({ parameters: 1000, maxParameters: MAX_QUERY_PARAMETERS });
  });

  it(`${MAX_QUERY_PARAMETERS + 1} parameters → 400; ${MAX_QUERY_PARAMETERS} → read (an unknown one among them is named)`, async () => {
    expectBadInput(await server.get(`/v1/corrections?${'status=open&'.repeat(MAX_QUERY_PARAMETERS)}limit=1`, 'admin'));
    const atBound = await server.get(`/v1/corrections?${'status=open&'.repeat(MAX_QUERY_PARAMETERS - 1)}bogus=1`, 'admin');
    expectBadInput(atBound);
    expect(atBound.body.error.details.parameter).toBe('bogus');
    expect((await server.get(`/v1/corrections?${'status=open&'.repeat(MAX_QUERY_PARAMETERS - 1)}limit=1`, 'admin')).status).toBe(200);
  });

  it(`status with ${MAX_QUERY_PARAMETERS + 1} comma-separated values → 400: one parameter, but past the bound once split`, async () => {
    const answer = await server.get(`/v1/corrections?status=${Array.from({ length: MAX_QUERY_PARAMETERS + 1 }, () => 'open').join(',')}`, 'admin');
    expectBadInput(answer);
    expect(answer.body.error.details).toMatchObject({ parameter: 'status', maxValues: MAX_QUERY_PARAMETERS });
  });

  it('a refusal of the bound still carries CORS and no-store, so a browser app can read it', async () => {
    const answer = await server.get(`/v1/corrections?${'status=open&'.repeat(MAX_QUERY_PARAMETERS + 1)}`, 'admin', { Origin: 'https://app.example.com' });
    expectBadInput(answer);
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('the bound holds on every route: GET /v1/corrections/{id} and /__mock/state', async () => {
    expectBadInput(await server.get(`/v1/corrections/${open.id}?${'a=1&'.repeat(MAX_QUERY_PARAMETERS + 1)}`, 'admin'));
    expectBadInput(await server.get(`/__mock/state?${'a=1&'.repeat(MAX_QUERY_PARAMETERS + 1)}`));
  });

  it('queryParameterCount counts as the parser reads: empty segments are none', () => {
    expect(queryParameterCount('')).toBe(0);
    expect(queryParameterCount('a=1&&b=2&')).toBe(2);
    expect(queryParameterCount('a&a&a')).toBe(3);
  });
});

describe('one Idempotency-Key, one effect, however the path is spelled', () => {
  const keyed = (method: string, path: string, key: string, body: unknown) =>
    server.request(method, path, { token: 'admin', headers: { 'Idempotency-Key': key }, body });

  it('POST /v1/corrections, /V1/Corrections and /v1/corrections/ with one key → one correction; the others replay it', async () => {
    const body = { runId: runB!.id, answer: 'wrong', why: 'one key' };
    const first = await keyed('POST', '/v1/corrections', 'one-key-post', body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    for (const path of ['/V1/Corrections', '/v1/corrections/']) {
      const again = await keyed('POST', path, 'one-key-post', body);
      expect(again.status).toBe(201);
      expect(again.headers.get('x-idempotent-replay')).toBe('true');
      expect(again.body).toEqual(first.body);
    }
    const listed = await server.get(`/v1/corrections?runId=${runB!.id}`, 'admin');
    expect(listed.body.data.map((c: { id: string }) => c.id)).toEqual([first.body.id]);
  });

  it('PATCH /v1/corrections/{id} and …/{id}/ with one key → one change, replayed', async () => {
    const first = await keyed('PATCH', `/v1/corrections/${open.id}`, 'one-key-patch', { status: 'wont-fix', note: 'once' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await keyed('PATCH', `/v1/corrections/${open.id}/`, 'one-key-patch', { status: 'wont-fix', note: 'once' });
    expect(again.headers.get('x-idempotent-replay')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('the same key on two corrections of one operation is two routes: both act', async () => {
    const [first, second] = openCorrections(2);
    const one = await keyed('PATCH', `/v1/corrections/${first!.id}`, 'two-routes', { status: 'wont-fix' });
    const other = await keyed('PATCH', `/v1/corrections/${second!.id}`, 'two-routes', { status: 'wont-fix' });
    expect([one.status, other.status]).toEqual([200, 200]);
    expect(other.headers.get('x-idempotent-replay')).toBeNull();
    expect(other.body.id).toBe(second!.id);
  });

  it('a key and a path parameter that contain the separator cannot meet another route\'s slot', async () => {
    const first = await keyed('PATCH', `/v1/corrections/${open.id}`, 'x|k', { status: 'wont-fix' });
    expect(first.status).toBe(200);
    const other = await keyed('PATCH', `/v1/corrections/${open.id}%7Cx`, 'k', { status: 'wont-fix' });
    expect(other.status).toBe(404);
  });
});

describe('HTTP too broken for Express', () => {
  const envelopeOf = (raw: string) => {
    const [head, body] = raw.split('\r\n\r\n');
    return { head: head!, body: JSON.parse(body!) as { error: { code: string; message: string; requestId: string } } };
  };

  it('a request with 20 KB of headers → 431 headers-too-large in the envelope, with X-Request-Id', async () => {
    const raw = await rawExchange(server.url, `GET /v1/corrections HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const { head, body } = envelopeOf(raw);
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(body.error.code).toBe('headers-too-large');
    expect(head).toContain(`X-Request-Id: ${body.error.requestId}`);
  });

  it('HTTP/1.1 with no Host → 400 bad-input in the envelope (Node\'s own answer has no body)', async () => {
    const { head, body } = envelopeOf(await rawExchange(server.url, 'GET /health HTTP/1.1\r\nConnection: close\r\n\r\n'));
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(body.error.code).toBe('bad-input');
    expect(body.error.message).toContain('Host');
  });

  it('Expect: something-else → 417 in the envelope', async () => {
    const { head, body } = envelopeOf(await rawExchange(server.url, 'GET /health HTTP/1.1\r\nHost: localhost\r\nExpect: something-else\r\nConnection: close\r\n\r\n'));
    expect(head).toMatch(/^HTTP\/1\.1 417 /);
    expect(body.error.code).toBe('expectation-failed');
  });

  it('bytes that are not HTTP → 400 bad-input in the envelope', async () => {
    const { head, body } = envelopeOf(await rawExchange(server.url, 'NOT HTTP AT ALL\r\n\r\n'));
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(body.error.code).toBe('bad-input');
    expect(body.error.message).toContain('not valid HTTP');
  });

  it('the server goes on answering after both', async () => {
    expect((await server.get('/health')).status).toBe(200);
  });
});
