// The request journal (issue 15): GET /__mock/requests and its stream, mock.journal: what each
// entry holds, the token masked, bodies capped, the ring's bound, the filters, violations.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOURNAL_BODY_BYTES } from '../../src/http/request-journal.ts';
import { freshRuns } from '../support/fixture-picks.ts';
import { mocksClosedAfterEach, type TestMock } from './support.ts';

const mocks = mocksClosedAfterEach();
afterEach(() => { vi.restoreAllMocks(); });
const entries = async (server: TestMock, query = '') => (await server.get(`/__mock/requests${query}`)).body.data as Array<Record<string, any>>;

describe('GET /__mock/requests', () => {
  it('newest first: method, path with its query, status, ms, who, the error code, the bodies; the token masked everywhere; its own requests left out', async () => {
    const server = await mocks.start({});
    const [run] = freshRuns(1);
    await server.get('/v1/corrections?limit=1', 'admin');
    await server.get('/v1/corrections/cor_nobody_has_this', 'member');
    await server.request('POST', '/v1/corrections', { token: 'admin', body: { runId: run!.id, answer: 'wrong' } });
    await server.get('/__mock/requests');
    const [made, missing, listed, ...rest] = await entries(server);
    expect(rest).toEqual([]);
    expect(made).toMatchObject({ method: 'POST', path: '/v1/corrections', status: 201, principalId: 'usr_ada_admin', requestBody: JSON.stringify({ runId: run!.id, answer: 'wrong' }) });
    expect(JSON.parse(made!.responseBody).runId).toBe(run!.id);
    expect(missing).toMatchObject({ method: 'GET', path: '/v1/corrections/cor_nobody_has_this', status: 404, errorCode: 'not-found' });
    expect(listed).toMatchObject({ path: '/v1/corrections?limit=1', status: 200 });
    for (const entry of [made, missing, listed]) {
      expect(entry!.requestId).toMatch(/^req-/);
      expect(typeof entry!.ms).toBe('number');
      expect(Date.parse(entry!.at)).not.toBeNaN();
      expect(entry!.authorization).toMatch(/^Bearer kgm_\w+…$/);
    }
    const text = JSON.stringify(await entries(server));
    for (const name of ['admin', 'member'] as const) expect(text).not.toContain(server.token(name));
  });

  it("the inspector page's own files are left out, as the journal's own routes are; what the page fetches is kept", async () => {
    const server = await mocks.start({});
    for (const path of ['/__mock', '/__mock/', '/__mock/?x=1', '/__mock/inspector/inspector.js', '/__mock/inspector/nope.js']) await fetch(`${server.url}${path}`);
    await server.get('/__mock/principals');
    expect((await entries(server)).map((e) => e.path)).toEqual(['/__mock/principals']);
  });

  it(`bodies past ${JOURNAL_BODY_BYTES} bytes are cut, and say so`, async () => {
    const server = await mocks.start({});
    await server.request('POST', '/v1/corrections', { token: 'admin', body: { runId: 'run_x', answer: 'wrong', why: 'w'.repeat(20_000) } });
    await server.get('/v1/corrections?limit=100', 'admin');
    const [listed, posted] = await entries(server);
    expect(posted).toMatchObject({ requestBodyTruncated: true, status: 404, errorCode: 'run-not-found' });
    expect(Buffer.byteLength(posted!.requestBody)).toBe(JOURNAL_BODY_BYTES);
    expect(listed!.responseBodyTruncated).toBe(true);
    expect(Buffer.byteLength(listed!.responseBody)).toBeLessThanOrEqual(JOURNAL_BODY_BYTES);
  });

  it('keeps journalSize entries, the newest; 0 keeps none; mock.journal lists the same', async () => {
    const server = await mocks.start({ journalSize: 3 });
    for (let i = 1; i <= 5; i += 1) await server.get(`/v1/corrections?limit=${i}`, 'admin');
    expect((await entries(server)).map((e) => e.path)).toEqual(['/v1/corrections?limit=5', '/v1/corrections?limit=4', '/v1/corrections?limit=3']);
    expect(server.mock.journal.list().map((e) => e.path)).toEqual((await entries(server)).map((e) => e.path));
    const none = await mocks.start({ journalSize: 0 });
    await none.get('/v1/corrections?limit=1', 'admin');
    expect(await entries(none)).toEqual([]);
  });

  it("an entry that takes an older one's place in the ring shows its own bodies, larger or smaller than the one it replaced", async () => {
    const server = await mocks.start({ journalSize: 2 });
    const paths = ['/v1/corrections?limit=100', '/v1/corrections?limit=1', '/v1/corrections/cor_nobody', '/v1/corrections?limit=100&status=fixed', '/v1/corrections?limit=3', '/v1/corrections?limit=2'];
    for (const path of paths) {
      const sent = Buffer.from(await (await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${server.token('admin')}` } })).arrayBuffer());
      const [newest] = await entries(server);
      expect(newest).toMatchObject({ path });
      expect(newest!.responseBody).toBe(new TextDecoder().decode(sent.subarray(0, JOURNAL_BODY_BYTES)));
      expect(newest!.responseBodyTruncated === true).toBe(sent.length > JOURNAL_BODY_BYTES);
    }
    expect((await entries(server)).map((e) => e.path)).toEqual(paths.slice(-2).reverse());
  });

  it('status=404, status=4xx, path= and limit= narrow it; bad values → 400 bad-input naming the parameter', async () => {
    const server = await mocks.start({});
    await server.get('/v1/corrections?limit=1', 'admin');
    await server.get('/v1/corrections/cor_nobody', 'admin');
    await server.get('/v1/corrections?limit=1');
    expect((await entries(server, '?status=404')).map((e) => e.status)).toEqual([404]);
    expect((await entries(server, '?status=4xx')).map((e) => e.status)).toEqual([401, 404]);
    expect((await entries(server, '?path=cor_nobody')).map((e) => e.path)).toEqual(['/v1/corrections/cor_nobody']);
    expect(await entries(server, '?limit=1')).toHaveLength(1);
    for (const query of ['?limit=0', '?limit=1001', '?status=abc', '?status=600', '?limit=1&limit=2']) {
      const refused = await server.get(`/__mock/requests${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.error.code).toBe('bad-input');
    }
  });

  it("an answer that broke its document shows its violations; a session's request shows its session", async () => {
    const server = await mocks.start({});
    const [first] = server.mock.store.principals();
    vi.spyOn(server.mock.store, 'principals').mockReturnValue([{ ...first!, purpose: undefined as unknown as string }]);
    expect((await server.get('/__mock/principals')).status).toBe(500);
    vi.restoreAllMocks();
    const session = server.mock.createSession();
    await server.get('/v1/corrections?limit=1', session.principals.find((p) => p.id === 'usr_ada_admin')!.token);
    const [inSession, broken] = await entries(server);
    expect(broken).toMatchObject({ path: '/__mock/principals', status: 500, errorCode: 'response-invalid' });
    expect(broken!.violations).toContainEqual(expect.objectContaining({ params: { missingProperty: 'purpose' } }));
    expect(inSession).toMatchObject({ sessionId: session.id, principalId: 'usr_ada_admin', status: 200 });
  });
});

describe('GET /__mock/requests/stream', () => {
  it('Server-Sent Events: a request event per answer from then on, narrowed by its query, until the caller goes', async () => {
    const server = await mocks.start({});
    const abort = new AbortController();
    const stream = await fetch(`${server.url}/__mock/requests/stream?status=4xx`, { signal: abort.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('x-request-id')).toMatch(/^req-/);
    await server.get('/v1/corrections?limit=1', 'admin');
    await server.get('/v1/corrections/cor_nobody', 'admin');
    const reader = stream.body!.getReader();
    let text = '';
    while (!text.includes('\n\ndata') && !/data: .*\n\n/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    const events = text.split('\n\n').filter((block) => block.startsWith('event: request'));
    expect(events).toHaveLength(1);
    const data = JSON.parse(/data: (.*)/.exec(events[0]!)![1]!);
    expect(data).toMatchObject({ path: '/v1/corrections/cor_nobody', status: 404, errorCode: 'not-found' });
    expect(events[0]).toContain(`id: ${data.requestId}`);
  });
});
