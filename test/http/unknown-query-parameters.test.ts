// One rule for every operation of spec/openapi.yaml (x-inferred-behaviours.unknown-query-parameter):
// a query parameter the operation does not document is `400 bad-input` naming it, in the envelope,
// through the Express server and the MSW handlers alike; documented ones are never refused for it.
// The operations come from the document itself, so a new one is held to the rule with no edit here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/spec/load-spec.ts';
import { listOperations, type SpecOperation } from '../../src/spec/operations.ts';
import type { JsonSchema } from '../../src/spec/openapi-types.ts';
import { ADAPTERS, startAdapter, type AdapterName, type AdapterTarget } from '../support/adapters.ts';
import { startMock, type Answer, type TestMock } from './support.ts';

const document = loadSpec();
const operations = listOperations(document);
const UNKNOWN = 'colour';

/** The operation's path with each path parameter filled in: an id nothing has, a valid one where the schema asks for a UUID. */
function concretePath(operation: SpecOperation): string {
  return operation.path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name)!;
    return parameter.schema.format === 'uuid' ? '00000000-0000-4000-8000-000000000000' : 'id_nobody_has';
  });
}

const documentedQuery = (operation: SpecOperation) => operation.parameters.filter((p) => p.in === 'query');

/** One value the parameter's schema takes, as a query writes it. */
function sampleValue(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  if (schema.type === 'array') return sampleValue(schema.items as JsonSchema);
  if (schema.type === 'integer') return String(schema.minimum ?? 1);
  if (schema.type === 'boolean') return 'true';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
  return 'x';
}

/** The refusal this rule answers: 400 bad-input, with the documented names in `details.known`. */
const refusedAsUnknown = (answer: Answer<any>) => answer.status === 400 && answer.body?.error?.details?.known !== undefined;

const send = (target: AdapterTarget, operation: SpecOperation, query: string) =>
  target.request(operation.method.toUpperCase(), `${concretePath(operation)}${query === '' ? '' : `?${query}`}`, { token: 'admin' });

describe.each(ADAPTERS)('through %s', (adapter: AdapterName) => {
  let target: AdapterTarget;
  beforeAll(async () => { target = await startAdapter(adapter); });
  afterAll(async () => { await target.close(); });

  it('the document has operations of every kind to hold to the rule', () => {
    expect(operations.map((o) => o.method)).toEqual(expect.arrayContaining(['get', 'post', 'patch']));
    expect(operations.some((o) => documentedQuery(o).length === 0)).toBe(true);
  });

  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))('%s?colour=red → 400 bad-input naming colour, in the envelope', async (_name, operation) => {
    const answer = await send(target, operation, `${UNKNOWN}=red`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'bad-input', details: { parameter: UNKNOWN, known: documentedQuery(operation).map((p) => p.name) } });
    expect(answer.body.error.message).toContain(`"${UNKNOWN}"`);
    expect(answer.body.error.requestId).toBe(answer.headers.get('x-request-id'));
  });

  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))('%s with a documented parameter beside the unknown one still names the unknown one', async (_name, operation) => {
    const documented = documentedQuery(operation).map((p) => `${p.name}=${encodeURIComponent(sampleValue(p.schema))}`);
    const answer = await send(target, operation, [...documented.slice(0, 1), `${UNKNOWN}=red`].join('&'));
    expect(answer.status).toBe(400);
    expect(answer.body.error.details.parameter).toBe(UNKNOWN);
  });

  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))('%s with no query, or each documented parameter alone, is not refused as unknown', async (_name, operation) => {
    const queries = ['', ...documentedQuery(operation).map((p) => `${p.name}=${encodeURIComponent(sampleValue(p.schema))}`)];
    for (const query of queries) {
      const answer = await send(target, operation, query);
      expect(refusedAsUnknown(answer), `${query}: ${answer.status} ${JSON.stringify(answer.body)}`).toBe(false);
    }
  });

  it('every documented parameter of GET /v1/corrections at once → 200 (none of them is unknown)', async () => {
    const list = operations.find((o) => o.operationId === 'listCorrections')!;
    // Those whose valid values depend on the others (the scope triplet, a version without its agent, an opaque cursor) left out.
    const alone = documentedQuery(list).filter((p) => !['cursor', 'agentVersion', 'scopeKind', 'scopeId'].includes(p.name));
    const answer = await send(target, list, alone.map((p) => `${p.name}=${encodeURIComponent(sampleValue(p.schema))}`).join('&'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  it('without a token, an unknown parameter on a secured operation is 401 first', async () => {
    const answer = await target.request('GET', `/v1/corrections/id_nobody_has?${UNKNOWN}=red`);
    expect(answer.status).toBe(401);
  });
});

describe('the same unknown parameters through both adapters', () => {
  const targets = new Map<AdapterName, AdapterTarget>();
  beforeAll(async () => { for (const adapter of ADAPTERS) targets.set(adapter, await startAdapter(adapter)); });
  afterAll(async () => { for (const target of targets.values()) await target.close(); });

  it('answer the same status and error (but the request id) for every operation', async () => {
    const script = async (target: AdapterTarget) => Promise.all(operations.map(async (operation) => {
      const answer = await send(target, operation, `${UNKNOWN}=red&limit=2`);
      const { requestId: _requestId, ...error } = answer.body.error;
      return { operation: operation.operationId, status: answer.status, error };
    }));
    expect(await script(targets.get('msw')!)).toEqual(await script(targets.get('express')!));
  });
});

describe('/__mock routes (spec/mock-admin.yaml: "Query parameters are ignored but where a route names them")', () => {
  let server: TestMock;
  beforeAll(async () => { server = await startMock(); });
  afterAll(async () => { await server.close(); });

  it('GET /__mock/state?colour=red → 200: the mock\'s own routes keep to their own document', async () => {
    expect((await server.get(`/__mock/state?${UNKNOWN}=red`)).status).toBe(200);
  });
});
