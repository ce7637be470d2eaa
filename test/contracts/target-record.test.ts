// The summary opens with what the kit saw of the target: the mock or not, the served document and
// how it differs from spec/openapi.yaml, whether cursors look sealed, and Prefer and
// Idempotency-Key replay honoured or not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverTokens } from '../../contracts/discover.ts';
import { summarize } from '../../contracts/report/summary.ts';
import { runSuite } from '../../contracts/run-suite.ts';
import { cursors, editedCursor } from '../../contracts/scenarios/cursors.ts';
import { provoked503 } from '../../contracts/scenarios/provoked-503.ts';
import { writes } from '../../contracts/scenarios/writes.ts';
import { diffDocuments } from '../../contracts/target/document-diff.ts';
import type { Tokens } from '../../contracts/types.ts';
import { loadSpec } from '../../src/spec/load-spec.ts';
import { startMock, type TestMock } from '../http/support.ts';
import { hideMockRoutes, startTargetProxy, type ProxiedRequest, type TargetProxy } from '../support/target-proxy.ts';

let mock: TestMock;
let tokens: Tokens;
beforeAll(async () => {
  mock = await startMock();
  tokens = (await discoverTokens(mock.url))!;
});
afterAll(async () => { await mock.close(); });

describe('the target record against the mock, with writes', () => {
  it('the mock, its document the committed one, sealed cursors, Prefer and Idempotency-Key replay honoured', async () => {
    const result = await runSuite({ baseUrl: mock.url, tokens, allowWrites: true, scenarios: [cursors, provoked503, writes] });
    expect(result.target).toEqual({
      baseUrl: mock.url,
      kind: 'mock',
      kindHow: 'GET /__mock/principals answered 200 with 9 principals',
      document: { status: 200, openapi: '3.1.0', info: expect.objectContaining({ title: 'Kindgi corrections and suggested changes API', version: '0.5.0' }), diff: { operations: [], schemas: [] } },
      pace: { rps: undefined, why: 'this machine: no ceiling unless --rps' },
      strict: false,
      cursorsSealed: { sealed: true, how: 'an edited cursor answered 400' },
      prefer: { honoured: true, how: 'GET /v1/corrections?limit=1 with Prefer: code=503 answered 503' },
      idempotencyReplay: { honoured: true, how: 'POST …/remove again with the same Idempotency-Key answered 200 with X-Idempotent-Replay: true' },
    });
    expect(summarize(result).split('\n').slice(0, 6)).toEqual([
      `Target ${mock.url}: the mock (GET /__mock/principals answered 200 with 9 principals): every check fails as written`,
      '  document: GET /v1/openapi.json: openapi 3.1.0, info.title "Kindgi corrections and suggested changes API", info.version "0.5.0" (and contact, summary, description); the same operations and schemas as spec/openapi.yaml',
      '  cursors: look sealed (an edited cursor answered 400)',
      '  Prefer: honoured (GET /v1/corrections?limit=1 with Prefer: code=503 answered 503)',
      '  Idempotency-Key replay: honoured (POST …/remove again with the same Idempotency-Key answered 200 with X-Idempotent-Replay: true)',
      '  pace: no ceiling (this machine: no ceiling unless --rps)',
    ]);
  });

  it('without writes → Idempotency-Key replay not probed', async () => {
    const result = await runSuite({ baseUrl: mock.url, tokens, scenarios: [provoked503] });
    expect(result.target.idempotencyReplay).toBeUndefined();
    expect(summarize(result)).toContain('  Idempotency-Key replay: not probed (needs --allow-writes)');
    expect(summarize(result)).toContain('  cursors: not seen (no list had a second page, or the cursors scenario did not run)');
  });
});

describe('a target that serves another document', () => {
  let proxy: TargetProxy;
  beforeAll(async () => {
    const served = structuredClone(loadSpec()) as unknown as { info: { version: string }; paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
    served.info.version = '0.6.0';
    delete served.paths['/v1/suggested-changes/{suggestedChangeId}/withdraw'];
    served.paths['/v1/corrections/{correctionId}']!.delete = { operationId: 'deleteCorrection', responses: { 204: { description: 'gone' } } };
    (served.paths['/v1/corrections']!.get as { responses: Record<string, unknown> }).responses['429'] = { description: 'slow down' };
    delete served.components.schemas.WithdrawRequest;
    served.components.schemas.Correction = { ...(served.components.schemas.Correction as object), description: 'changed' };
    served.components.schemas.Tombstone = { type: 'object' };
    proxy = await startTargetProxy(mock.url, {
      answer: (request: ProxiedRequest) => (request.url === '/v1/openapi.json' ? { status: 200, headers: { 'X-Request-Id': 'req-doc' }, body: served } : hideMockRoutes(request)),
    });
  });
  afterAll(async () => { await proxy.close(); });

  it('the record says not the mock, and prints a short diff of operations and schemas', async () => {
    const result = await runSuite({ baseUrl: proxy.url, tokens, scenarios: [provoked503] });
    expect(result.target.kind).toBe('other');
    expect(result.target.document.diff).toEqual({
      operations: ['~ GET /v1/corrections: responses +429', '+ DELETE /v1/corrections/{correctionId}', '- POST /v1/suggested-changes/{suggestedChangeId}/withdraw'],
      schemas: ['~ Correction', '+ Tombstone', '- WithdrawRequest'],
    });
    expect(summarize(result).split('\n').slice(1, 4)).toEqual([
      '  document: GET /v1/openapi.json: openapi 3.1.0, info.title "Kindgi corrections and suggested changes API", info.version "0.6.0" (and contact, summary, description); differs from spec/openapi.yaml:',
      '    operations: ~ GET /v1/corrections: responses +429; + DELETE /v1/corrections/{correctionId}; - POST /v1/suggested-changes/{suggestedChangeId}/withdraw',
      '    schemas: ~ Correction; + Tombstone; - WithdrawRequest',
    ]);
  });
});

describe('a target that is not the mock and takes any cursor (a proxy that drops every cursor before the mock sees it)', () => {
  let proxy: TargetProxy;
  beforeAll(async () => {
    proxy = await startTargetProxy(mock.url, { answer: hideMockRoutes, rewriteUrl: (url) => url.replace(/([?&])cursor=[^&]*&?/, '$1').replace(/[?&]$/, '') });
  });
  afterAll(async () => { await proxy.close(); });

  it('cursors do not look sealed; a cursor taken with other filters is reported as a warning, since the page binds only a sealing runtime\'s', async () => {
    const result = await runSuite({ baseUrl: proxy.url, tokens, scenarios: [cursors] });
    expect(result.target.cursorsSealed).toEqual({ sealed: false, how: 'an edited cursor answered 200' });
    expect(result.failures.map((f) => [f.check, f.severity, f.source.kind, f.actual])).toEqual([
      ['cursor-bound-to-filters', 'warning', 'page', '200 (its cursors do not look sealed: an edited one was taken)'],
      ['cursor-bound-to-caller', 'warning', 'page', '200 (its cursors do not look sealed: an edited one was taken)'],
      ['cursor-bound-to-caller', 'warning', 'page', '200 (its cursors do not look sealed: an edited one was taken)'],
    ]);
    expect(summarize(result)).toContain('  cursors: do not look sealed (an edited cursor answered 200)');
  });
});

describe('diffDocuments', () => {
  it('the same document → nothing', () => {
    expect(diffDocuments(loadSpec(), loadSpec())).toEqual({ operations: [], schemas: [] });
  });

  it('a changed parameter list or request body is named', () => {
    const committed = { paths: { '/x': { post: { parameters: [{ in: 'query', name: 'a' }], requestBody: { content: {} }, responses: {} } } } };
    const served = { paths: { '/x': { post: { parameters: [{ in: 'query', name: 'b' }], responses: {} } } } };
    expect(diffDocuments(served, committed).operations).toEqual(['~ POST /x: parameters +query:b -query:a; request body']);
  });

  it('not a document at all → every committed operation missing', () => {
    expect(diffDocuments({}, { paths: { '/x': { get: {} } } }).operations).toEqual(['- GET /x']);
  });
});

describe('editedCursor', () => {
  it.each([['abc', 'acc'], ['a9c', 'a0c'], ['aZc', 'aAc'], ['a-c', 'a_c'], ['12345', '12445']])('%s → %s: one character changed, within its alphabet', (cursor, edited) => {
    expect(editedCursor(cursor)).toBe(edited);
  });
});
