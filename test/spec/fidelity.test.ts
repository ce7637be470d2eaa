// Holds spec/openapi.yaml to the reference pages: every property path, required flag, enum and
// bound transcribed in reference-pages.ts must be in the document, and nothing else.
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/spec/load-spec.ts';
import { listOperations } from '../../src/spec/operations.ts';
import type { JsonSchema, OpenApiDocument } from '../../src/spec/openapi-types.ts';
import { describeSchema, flattenSchema } from '../support/flatten-schema.ts';
import { byKind, ERROR_ENVELOPE, INFERRED_LIST_PARAMETERS, KIND_UNIONS, PAGES, SUGGESTED_CHANGE, type KindUnion } from './reference-pages.ts';

const document = loadSpec();

/**
 * Statuses the document gives every operation, whatever its page lists: an undocumented query
 * parameter's 400 (x-inferred-behaviours.unknown-query-parameter, the mock's reading).
 */
const EVERY_OPERATION_STATUSES = ['400'];

function documented(doc: OpenApiDocument, operationId: string) {
  const operation = listOperations(doc).find((o) => o.operationId === operationId);
  if (!operation) throw new Error(`${operationId} is missing`);
  const body = operation.responses.get('200')?.schema;
  if (!body) throw new Error(`${operationId} has no 200 body`);
  return {
    operation,
    body: flattenSchema(doc, body).sort(),
    parameters: operation.parameters
      .filter((p) => p.in !== 'header')
      .flatMap((p) => flattenParameter(doc, `${p.in} ${p.name}`, p.schema, p.required === true))
      .sort(),
  };
}

function flattenParameter(doc: OpenApiDocument, path: string, schema: JsonSchema, required: boolean): string[] {
  const line = describeSchema(doc, path, schema, required);
  const items = schema.items as JsonSchema | undefined;
  return items ? [line, describeSchema(doc, `${path}[]`, items, false)] : [line];
}

describe.each(PAGES)('page $page: $method $path', (page) => {
  const { operation, body, parameters } = documented(document, page.operationId);

  it('is stated from the page (not marked x-inferred)', () => {
    expect(operation.method).toBe(page.method);
    expect(operation.path).toBe(page.path);
    expect(operation.inferred).toBe(false);
    expect(operation.secured).toBe(true);
  });

  it('has every documented property of the 200 body, and no other', () => {
    expect(body).toEqual([...page.body].sort());
  });

  it('has every documented parameter with its bounds and defaults', () => {
    expect(parameters).toEqual([...page.parameters].sort());
  });

  it('documents exactly the statuses of the page, and the 400 every operation has', () => {
    expect([...operation.responses.keys()].sort()).toEqual([...new Set([...page.statuses, ...EVERY_OPERATION_STATUSES])].sort());
  });

  it('answers every error in the envelope, with Retry-After in whole seconds on 503', () => {
    for (const [status, response] of operation.responses) {
      expect(response.headers['X-Request-Id']?.required, `${status} X-Request-Id`).toBe(true);
      if (status === '200') continue;
      expect(flattenSchema(document, response.schema ?? {}).sort(), status).toEqual([...ERROR_ENVELOPE].sort());
    }
    expect(operation.responses.get('503')?.headers['Retry-After']?.schema).toMatchObject({ type: 'integer' });
  });
});

describe('the fidelity table', () => {
  // Each mutation is one fact of a page dropped or changed; the comparison must notice every one.
  const mutations: Array<[string, (doc: OpenApiDocument) => void, string]> = [
    ['a required flag dropped', (doc) => { schemas(doc).Correction!.required = ['id']; }, 'getCorrection'],
    ['an enum value dropped', (doc) => { (schemas(doc).CorrectionStatus as { enum: string[] }).enum = ['open']; }, 'listCorrections'],
    ['a length bound changed', (doc) => { prop(doc, 'ExpectedCall', 'tool').maxLength = 201; }, 'getCorrection'],
    ['a pattern changed', (doc) => { itemsProp(doc, 'RunCopy', 'segments', 'key').pattern = '^.*$'; }, 'getCorrection'],
    ['a property dropped', (doc) => { delete (schemas(doc).SuggestedChange!.properties as Record<string, unknown>).approvalId; }, 'getSuggestedChange'],
    ['a format dropped', (doc) => { delete prop(doc, 'SuggestedChange', 'id').format; }, 'getSuggestedChange'],
    ['a default changed', (doc) => { listParameter(doc, 'limit').schema.default = 50; }, 'listCorrections'],
    ['a maxProperties dropped', (doc) => { delete prop(doc, 'ExpectedCall', 'args').maxProperties; }, 'getCorrection'],
    ['an open object closed', (doc) => { delete prop(doc, 'ExpectedCall', 'args').additionalProperties; }, 'getCorrection'],
    ['a block content map closed', (doc) => { prop(doc, 'BlockContent', 'values').additionalProperties = false; }, 'getSuggestedChange'],
    ['a discriminator dropped', (doc) => { delete prop(doc, 'SuggestedChange', 'madeBy').discriminator; }, 'getSuggestedChange'],
    ['a branch kind changed', (doc) => { branchProps(prop(doc, 'SuggestedChange', 'madeBy'), 1).kind!.const = 'people'; }, 'getSuggestedChange'],
    ['a field moved to another branch', (doc) => {
      const [block, code] = [branchProps(schemas(doc).Change!, 0), branchProps(schemas(doc).Change!, 1)];
      block.deploymentId = code.deploymentId!;
      delete code.deploymentId;
    }, 'getSuggestedChange'],
    ['a union turned back into one object', (doc) => {
      const note = prop(doc, 'SuggestedChange', 'note');
      note.properties = Object.assign({}, ...(note.oneOf as JsonSchema[]).map((b) => b.properties)) as JsonSchema;
      note.required = ['kind'];
      delete note.oneOf;
      delete note.discriminator;
    }, 'getSuggestedChange'],
  ];

  it.each(mutations)('notices %s', (_title, mutate, operationId) => {
    const copy = structuredClone(document);
    mutate(copy);
    const before = documented(document, operationId);
    const after = documented(copy, operationId);
    expect([...after.body, ...after.parameters]).not.toEqual([...before.body, ...before.parameters]);
  });
});

describe("the transcription of page 002's kinds (KIND_UNIONS)", () => {
  const madeBy = KIND_UNIONS.find((u) => u.path === 'madeBy')!;
  const withBranches = (branches: KindUnion['branches']): KindUnion[] => [{ path: 'madeBy', branches }];
  const cases: Array<[string, KindUnion[], RegExp]> = [
    ['leaves a field out', withBranches(madeBy.branches.map((b) => ({ ...b, fields: b.fields.filter((f) => f !== 'scheduleId') }))), /left out \[scheduleId\]/],
    ['names a field twice', withBranches([...madeBy.branches, { kinds: [], fields: ['userId'] }]), /named twice \[userId\]/],
    ['names a kind the page does not render', withBranches([...madeBy.branches, { kinds: ['robot'], fields: [] }]), /not on the page \[robot\]/],
    ['leaves a kind out', withBranches(madeBy.branches.filter((b) => !b.kinds.includes('offer'))), /left out \[offer\]/],
  ];

  it.each(cases)('is refused when it %s', (_title, unions, message) => {
    expect(() => byKind(SUGGESTED_CHANGE, unions)).toThrow(message);
  });

  it('keeps every fact the page renders, each under one branch', () => {
    const restated = byKind(SUGGESTED_CHANGE, KIND_UNIONS);
    const unbranched = (line: string) => line.replace(/\|\d+/g, '').replace(/ (const\([^)]*\)|enum\([^)]*\)|discriminator\(kind\))/g, '');
    const facts = (lines: readonly string[]) => [...new Set(lines.map(unbranched))].sort();
    expect(facts(restated)).toEqual(facts(SUGGESTED_CHANGE).map((line) => line.replace(/^(madeBy|changes\[\]|note): object/, '$1: oneOf')));
  });
});

describe('parameters a page only names', () => {
  it('GET /v1/corrections marks inherit x-inferred, and none of the parameters page 001 describes', () => {
    const list = listOperations(document).find((o) => o.operationId === 'listCorrections')!;
    const inferred = list.parameters.filter((p) => p['x-inferred'] === true).map((p) => p.name);
    expect(inferred).toEqual(INFERRED_LIST_PARAMETERS);
  });
});

describe('operations the pages only name', () => {
  it('are marked x-inferred, every one of them', () => {
    const inferred = listOperations(document).filter((o) => o.inferred).map((o) => o.operationId).sort();
    expect(inferred).toEqual([
      'addSuggestedChangeAsLatest', 'changeCorrection', 'checkSuggestedChange', 'createCorrection',
      'pinSuggestedChange', 'removeCorrection', 'withdrawSuggestedChange',
    ]);
  });

  it('need a bearer token on every /v1 operation but the document itself', () => {
    const open = listOperations(document).filter((o) => !o.secured).map((o) => `${o.method} ${o.path}`);
    expect(open.sort()).toEqual(['get /health', 'get /v1/openapi.json']);
  });
});

function schemas(doc: OpenApiDocument): Record<string, JsonSchema> {
  return doc.components!.schemas!;
}
function prop(doc: OpenApiDocument, schema: string, name: string): JsonSchema {
  return (schemas(doc)[schema]!.properties as Record<string, JsonSchema>)[name]!;
}
function branchProps(union: JsonSchema, index: number): Record<string, JsonSchema> {
  return (union.oneOf as JsonSchema[])[index]!.properties as Record<string, JsonSchema>;
}
function itemsProp(doc: OpenApiDocument, schema: string, array: string, name: string): JsonSchema {
  const items = prop(doc, schema, array).items as JsonSchema;
  return (items.properties as Record<string, JsonSchema>)[name]!;
}
function listParameter(doc: OpenApiDocument, name: string) {
  const found = doc.paths['/v1/corrections']!.get!.parameters!.find((p) => 'name' in p && p.name === name);
  return found as { schema: JsonSchema };
}
