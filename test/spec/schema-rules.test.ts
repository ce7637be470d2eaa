// The pages' rules a request body alone shows are in the request schemas (`x-rule` subschemas of
// spec/openapi.yaml), so that a tool generating requests from the document knows them: each one
// refuses a body that breaks it and takes the nearest body that keeps it, as the project's Ajv
// compiles the document; without its rules, the schema takes both.
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/spec/load-spec.ts';
import { listOperations } from '../../src/spec/operations.ts';
import { schemaRules, withoutRules } from '../../src/spec/schema-rules.ts';
import { compileSpecValidators } from '../../src/spec/validators.ts';
import { RULE_CASES, RUN } from './schema-rule-cases.ts';

const document = loadSpec();
const validators = compileSpecValidators(document);
const rules = schemaRules(document);

describe('the request schemas\' rules', () => {
  it('are the ones the cases name, each subschema with a case of its own', () => {
    expect([...new Set(rules.map((r) => r.name))].sort()).toEqual([...new Set(RULE_CASES.map((c) => c.rule))].sort());
    for (const name of new Set(rules.map((r) => r.name))) {
      expect(RULE_CASES.filter((c) => c.rule === name).length, name).toBeGreaterThanOrEqual(rules.filter((r) => r.name === name).length);
    }
  });

  it('sit in a request body\'s own component, where the mock\'s copy without them leaves them out', () => {
    const bodyComponents = listOperations(document).flatMap((o) => (o.requestBody ? [String(o.requestBody.schema.$ref)] : []));
    for (const { name, at } of rules) {
      const component = /^\/components\/schemas\/[^/]+/.exec(at)?.[0];
      expect(bodyComponents, `${name} at ${at}`).toContain(`#${component}`);
    }
    for (const operation of listOperations(document).filter((o) => o.requestBody)) {
      expect(schemaRules(withoutRules(document, operation.requestBody!.schema)), operation.operationId).toEqual([]);
    }
  });

  it.each(RULE_CASES.map((c) => [c.rule, c.title, c] as const))('%s: a body with %s breaks the schema, and that rule alone', (_rule, _title, { operationId, breaks, keeps }) => {
    const validate = validators.requestBody(operationId)!;
    const withoutItsRules = validators.requestBodyWithoutRules(operationId)!;
    expect(validate(breaks)).toBe(false);
    expect(withoutItsRules(breaks), JSON.stringify(withoutItsRules.errors)).toBe(true);
    expect(validate(keeps), JSON.stringify(validate.errors)).toBe(true);
  });

  it('take the bodies they always took: a correction saying only its answer, a re-sort alone, a status alone', () => {
    expect(validators.requestBody('createCorrection')!({ runId: RUN, answer: 'right' })).toBe(true);
    expect(validators.requestBody('changeCorrection')!({ sortedTo: 'improve' })).toBe(true);
    // Whether the correction is already sorted to the owner, no body shows: the store answers that one.
    expect(validators.requestBody('changeCorrection')!({ status: 'with-owner' })).toBe(true);
  });
});

describe('x-dependentRequired on GET /v1/corrections', () => {
  it('relates only parameters the operation documents', () => {
    const list = listOperations(document).find((o) => o.operationId === 'listCorrections')!;
    const raw = document.paths['/v1/corrections']!.get as unknown as { 'x-dependentRequired': Record<string, string[]> };
    const names = list.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    expect(Object.keys(raw['x-dependentRequired'])).toEqual(['agentVersion']);
    for (const [dependent, required] of Object.entries(raw['x-dependentRequired'])) expect(names).toEqual(expect.arrayContaining([dependent, ...required]));
  });
});
