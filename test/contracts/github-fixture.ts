// A suite result with one of everything a reporter shows: a page failure, an inferred failure
// made a warning, a convention warning, an unavailable scenario, a skip, writes with a leftover
// removed and one not removed, and a served document that differs from spec/openapi.yaml.
import type { SuiteResult } from '../../contracts/run-suite.ts';
import { convention, inferred, page } from '../../contracts/sources.ts';

const NEWEST = page('001', 'Corrections (not superseded, and not removed unless `status` asks for `removed`), newest first, cursor-paginated.');
const METHOD = inferred('/x-inferred-behaviours/unsupported-method', 'a method a documented path does not have answers 405');
const NO_STORE = convention('Responses', 'Every `/v1` response carries `Cache-Control: no-store`.');

export const RESULT: SuiteResult = {
  failures: [
    { check: 'list-newest-first', request: 'GET /v1/corrections?limit=100', expected: 'corrections newest first', actual: 'cor_2 (2026-01-02) comes after the older cor_1, 100% sure', severity: 'error', source: NEWEST, curl: "curl -i -X GET 'https://staging.example/v1/corrections?limit=100'" },
    { check: 'list-newest-first', request: 'GET /v1/corrections?status=fixed&limit=100', expected: '?status=fixed newest first', actual: 'line one\nline two', severity: 'error', source: NEWEST, curl: '' },
    { check: 'unsupported-method', request: 'DELETE /v1/corrections', expected: '405 with an Allow header', actual: '404, Allow: (none)', severity: 'warning', source: METHOD, demoted: true, curl: '' },
    { check: 'cache-control-no-store', request: 'GET /v1/corrections/cor_1', expected: 'Cache-Control: no-store', actual: 'Cache-Control: (none)', severity: 'warning', source: NO_STORE, curl: '' },
  ],
  checksRun: ['cache-control-no-store', 'list-newest-first', 'unsupported-method', 'auth-required'],
  sources: {
    'cache-control-no-store': NO_STORE,
    'list-newest-first': NEWEST,
    'unsupported-method': METHOD,
    'auth-required': page(['000', '001'], 'Missing / malformed / expired / revoked bearer token.'),
  },
  scenariosRun: ['list properties', 'negative and positive data', 'security'],
  skipped: [{ scenario: 'provoked 503', reason: 'the target does not honour Prefer: code=503' }],
  unavailable: [{ scenario: 'filters', request: 'GET /v1/corrections?status=open', attempts: 4, retryAfter: '1', message: 'GET /v1/corrections?status=open answered 503 (Retry-After: 1) 4 times; given up after 3 retries' }],
  requests: 120,
  retried: 3,
  durationMs: 4200,
  target: {
    baseUrl: 'https://staging.example',
    kind: 'other',
    kindHow: 'GET /__mock/principals answered 404: no kindgi-mock there',
    document: { status: 200, openapi: '3.1.0', info: { title: 'Kindgi', version: '0.6.0' }, diff: { operations: ['+ DELETE /v1/corrections/{correctionId}'], schemas: ['~ Correction'] } },
    pace: { rps: 20, why: 'not this machine: the default 20, --rps sets it' },
    strict: false,
    cursorsSealed: { sealed: true, how: 'an edited cursor answered 400' },
    prefer: { honoured: false, how: 'GET /v1/corrections?limit=1 with Prefer: code=503 answered 200' },
  },
  writes: {
    tag: '[kindgi-contracts-run:abc123]',
    created: ['cor_a', 'cor_b'],
    removedByChecks: ['cor_b'],
    removedAtEnd: [],
    superseded: ['cor_a'],
    leftBehind: [{ id: 'cor_old', run: 'def456' }],
    notRemoved: [{ id: 'cor_stuck', why: 'POST …/remove answered 500' }],
  },
  proxy: { answered: [], violations: [] },
};
