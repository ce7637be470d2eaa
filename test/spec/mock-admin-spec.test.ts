// spec/mock-admin.yaml, the document of the mock's own routes: it loads with the API components it
// references, lists exactly the routes the router answers, and documents what every route can answer.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { MockContext } from '../../src/http/context.ts';
import { mockAdminRoutes, type MockAdminRoutes } from '../../src/http/routes/mock-admin.ts';
import { routeTable } from '../../src/http/routes/route-table.ts';
import { bundleExternalRefs } from '../../src/spec/bundle-refs.ts';
import { loadSpec } from '../../src/spec/load-spec.ts';
import { loadMockAdminSpec, MOCK_ADMIN_PREFIX, MOCK_ADMIN_SPEC_PATH, mockAdminValidators } from '../../src/spec/mock-admin-spec.ts';
import type { OpenApiDocument } from '../../src/spec/openapi-types.ts';
import type { SpecValidators } from '../../src/spec/validators.ts';

const validators = mockAdminValidators();
const api = loadSpec();
const bundled = loadMockAdminSpec();
const written = parse(readFileSync(MOCK_ADMIN_SPEC_PATH, 'utf8')) as OpenApiDocument;

const PAGES = ['getMockInspector', 'getMockInspectorFile'];

/** The routes build without a live mock: the context is only read when a request comes. */
const routesOf = (of: SpecValidators): MockAdminRoutes => mockAdminRoutes({ publicHosts: [] } as unknown as MockContext, of);


describe('spec/mock-admin.yaml', () => {
  it('loads as OpenAPI 3.1 with every path under /__mock, and compiles once per process', () => {
    expect(bundled.openapi).toMatch(/^3\.1\./);
    for (const path of Object.keys(bundled.paths)) expect(path === MOCK_ADMIN_PREFIX || path.startsWith(`${MOCK_ADMIN_PREFIX}/`), path).toBe(true);
    expect(mockAdminValidators()).toBe(validators);
  });

  it('references the API document for what it shares (SuggestedChange, Correction, ErrorEnvelope, X-Request-Id, Retry-After) and copies none of it', () => {
    const text = readFileSync(MOCK_ADMIN_SPEC_PATH, 'utf8');
    for (const shared of ['schemas/SuggestedChange', 'schemas/Correction', 'schemas/ErrorEnvelope', 'headers/XRequestId', 'headers/RetryAfter']) {
      expect(text, shared).toContain(`./openapi.yaml#/components/${shared}'`);
    }
    const own = Object.keys(written.components?.schemas ?? {});
    for (const name of Object.keys(api.components?.schemas ?? {})) expect(own, `${name} is the API's`).not.toContain(name);
    expect(written.components?.headers).toBeUndefined();
  });

  it('brings the referenced components in unchanged, with everything they reference, under their own names', () => {
    for (const [kind, names] of [['schemas', ['SuggestedChange', 'Correction', 'ErrorEnvelope', 'Change', 'Check', 'Actor']], ['headers', ['XRequestId', 'RetryAfter']]] as const) {
      for (const name of names) {
        const theirs = (api.components as Record<string, Record<string, unknown>>)[kind]![name];
        expect((bundled.components as Record<string, Record<string, unknown>>)[kind]![name], `${kind}/${name}`).toEqual(theirs);
      }
    }
    expect(JSON.stringify(bundled)).not.toContain('openapi.yaml#');
  });

  it('every route the document lists is reached by its own method and path, in any case and with a trailing slash, its parameters decoded', () => {
    const match = routeTable(validators.operations);
    for (const operation of validators.operations) {
      const path = operation.path.replace(/\{(\w+)\}/g, (_all, name: string) => (name === 'decision' ? 'approve' : `a%20${name}`));
      for (const sent of [path, `${path}/`.replace(/\/\/$/, '/'), path.toUpperCase().replace(/%20/g, '%20')]) {
        const found = match(operation.method.toUpperCase(), sent);
        expect(found?.operation.operationId, `${operation.method} ${sent}`).toBe(operation.operationId);
        for (const parameter of operation.parameters.filter((p) => p.in === 'path' && p.name !== 'decision')) {
          expect(found!.params[parameter.name]!.toLowerCase(), sent).toBe(`a ${parameter.name}`.toLowerCase());
        }
      }
      expect(match(operation.method === 'get' ? 'PATCH' : 'GET', path)?.operation.operationId, `${operation.operationId} under another method`).not.toBe(operation.operationId);
    }
    const documented = validators.operations.map((o) => `${o.method.toUpperCase()} ${o.path.slice(MOCK_ADMIN_PREFIX.length).replace(/\{(\w+)\}/g, ':$1') || '/'}`);
    expect(documented.sort()).toEqual([
      'DELETE /faults', 'GET /principals', 'GET /state', 'POST /approvals/:approvalId/:decision', 'POST /checks/:suggestedChangeId/finish',
      'POST /faults', 'POST /reset', 'POST /test-runs',
      'GET /clock', 'PUT /clock', 'POST /clock/advance',
      'POST /sessions', 'GET /sessions', 'GET /sessions/:sessionId', 'DELETE /sessions/:sessionId', 'POST /sessions/:sessionId/reset',
      'GET /sessions/:sessionId/state', 'POST /sessions/:sessionId/faults', 'DELETE /sessions/:sessionId/faults',
      'POST /sessions/:sessionId/checks/:suggestedChangeId/finish',
      'GET /sessions/:sessionId/clock', 'PUT /sessions/:sessionId/clock', 'POST /sessions/:sessionId/clock/advance',
      'GET /requests', 'GET /requests/stream', 'GET /suggested-changes', 'GET /sessions/:sessionId/suggested-changes',
      'GET /corrections', 'GET /sessions/:sessionId/corrections', 'GET /', 'GET /inspector/:file',
      'GET /scenarios', 'POST /scenarios/:scenarioName', 'POST /sessions/:sessionId/scenarios/:scenarioName',
      'GET /projects', 'GET /sessions/:sessionId/projects',
    ].sort());
  });

  it('a document that lacks an operation the router handles, or has one it does not, is refused when the routes are built, naming it', () => {
    const without = { ...validators, operations: validators.operations.filter((o) => o.operationId !== 'getMockState') };
    expect(() => routesOf(without)).toThrow(/handled but not documented \[getMockState\]/);
    const extra = { ...validators, operations: [...validators.operations, { ...validators.operation('getMockState'), operationId: 'getMockWeather' }] };
    expect(() => routesOf(extra)).toThrow(/documented without a handler \[getMockWeather\]/);
  });

  it('every operation documents what the guard, the body parser and a bug can answer anywhere (400, 403, 413, 415, 500), 503 exactly when it acts in the base world (the one the state file keeps), and 401 exactly when it takes a token', () => {
    // What makes something answers 201; the scenarios' list touches no world.
    const CREATING = ['createMockSession', 'applyMockScenario', 'applyMockSessionScenario'];
    const WORLDLESS = ['listMockScenarios'];
    // The inspector's page and files are served ahead of those rules: they hold no data.
    expect([...validators.operation('getMockInspector').responses.keys()].sort()).toEqual(['200', '500']);
    expect([...validators.operation('getMockInspectorFile').responses.keys()].sort()).toEqual(['200', '404', '500']);
    for (const operation of validators.operations.filter((o) => !PAGES.includes(o.operationId))) {
      const statuses = [...operation.responses.keys()];
      expect(statuses, operation.operationId).toEqual(expect.arrayContaining([CREATING.includes(operation.operationId) ? '201' : '200', '400', '403', '413', '415', '500']));
      // The sessions' routes and the journal's touch no state file: they answer no 503.
      const touchesNoStateFile = operation.path.startsWith('/__mock/sessions') || operation.path.startsWith('/__mock/requests') || WORLDLESS.includes(operation.operationId);
      expect(statuses.includes('503'), operation.operationId).toBe(!touchesNoStateFile);
      expect(statuses.includes('401'), operation.operationId).toBe(operation.secured);
    }
    expect(validators.operations.filter((o) => o.secured).map((o) => o.operationId).sort()).toEqual(['decideMockApproval', 'recordMockTestRun']);
  });

  it('every answer documents X-Request-Id, and a 503 Retry-After too', () => {
    for (const operation of validators.operations) {
      for (const [status, response] of operation.responses) {
        expect(response.headers['X-Request-Id']?.required, `${operation.operationId} ${status}`).toBe(true);
        // The answers that are no JSON: the journal's stream of Server-Sent Events, and the inspector's page and files.
        const notJson = status === '200' && (operation.operationId === 'streamMockRequests' || PAGES.includes(operation.operationId));
        if (!notJson) expect(response.schema, `${operation.operationId} ${status}`).toBeDefined();
        if (notJson && PAGES.includes(operation.operationId)) expect(response.headers['Content-Security-Policy']?.required, operation.operationId).toBe(true);
        if (status === '503') expect(response.headers['Retry-After']?.required, operation.operationId).toBe(true);
      }
    }
  });

  it('describes the loopback-only, Host, Origin and JSON rules', () => {
    const description = bundled.info as { description?: string };
    for (const rule of ['loopback', 'X-Mock-Admin-Token', 'mock-admin-only', '`Host`', '`Origin`', 'host-not-allowed', 'foreign-origin', 'unsupported-media-type']) {
      expect(description.description, rule).toContain(rule);
    }
  });
});

describe('bundleExternalRefs', () => {
  const ROOT = '/docs/admin.yaml';
  const doc = (components: Record<string, unknown>, paths: Record<string, unknown> = {}) => ({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths, components }) as OpenApiDocument;
  const other = {
    components: {
      schemas: {
        Outer: { type: 'object', properties: { inner: { $ref: '#/components/schemas/Inner' } } },
        Inner: { type: 'string' },
        Unused: { type: 'number' },
      },
    },
  };
  const files = (file: string) => {
    if (file === '/docs/api.yaml') return other;
    throw new Error(`no file ${file}`);
  };

  it('./api.yaml#/components/schemas/Outer → #/components/schemas/Outer, with Inner, which Outer references, and nothing else', () => {
    const input = doc({ schemas: { Own: { $ref: './api.yaml#/components/schemas/Outer' } } });
    const result = bundleExternalRefs(input, ROOT, files);
    expect(result.components?.schemas).toEqual({
      Own: { $ref: '#/components/schemas/Outer' },
      Outer: { type: 'object', properties: { inner: { $ref: '#/components/schemas/Inner' } } },
      Inner: { type: 'string' },
    });
    expect(input.components?.schemas?.Own).toEqual({ $ref: './api.yaml#/components/schemas/Outer' });
  });

  it('a component brought in whose name its own document already uses for another → throws naming both', () => {
    const input = doc({ schemas: { Inner: { type: 'integer' }, Own: { $ref: './api.yaml#/components/schemas/Outer' } } });
    expect(() => bundleExternalRefs(input, ROOT, files)).toThrow(/api\.yaml#\/components\/schemas\/Inner would replace a different #\/components\/schemas\/Inner \(the document's own\)/);
  });

  it('a reference into another file that is not one whole component → throws', () => {
    expect(() => bundleExternalRefs(doc({ schemas: { Own: { $ref: './api.yaml#/components/schemas/Outer/properties/inner' } } }), ROOT, files)).toThrow(/not a reference to one component/);
    expect(() => bundleExternalRefs(doc({ schemas: { Own: { $ref: './api.yaml' } } }), ROOT, files)).toThrow(/not a reference to one component/);
  });

  it('a reference to a component the other file lacks → throws naming it', () => {
    expect(() => bundleExternalRefs(doc({ schemas: { Own: { $ref: './api.yaml#/components/schemas/Gone' } } }), ROOT, files)).toThrow(/dangling reference \/docs\/api\.yaml#\/components\/schemas\/Gone/);
  });
});
