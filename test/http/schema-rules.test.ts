// The rules the request schemas state (`x-rule`) are the mock's: a body that breaks one is refused
// with the rule's own code from the store, as before the schema stated it, and the nearest body that
// keeps it is taken. And the schemas state every rule a body alone shows: bodies generated from a
// schema, kept when the document says they are valid, are all accepted (a tool that generates
// requests from the document, as Specmatic's generative tests do, is no longer refused).
import jsf from 'json-schema-faker';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/seeded-random.ts';
import { loadSpec } from '../../src/spec/load-spec.ts';
import { resolveComponent } from '../../src/spec/operations.ts';
import { withoutRules } from '../../src/spec/schema-rules.ts';
import { compileSpecValidators } from '../../src/spec/validators.ts';
import { ADAPTERS, startAdapter, type AdapterName, type AdapterTarget } from '../support/adapters.ts';
import { freshRuns, openCorrection } from '../support/fixture-picks.ts';
import { RULE_CASES, RUN, type RuleCase } from '../spec/schema-rule-cases.ts';

const document = loadSpec();
const validators = compileSpecValidators(document);
const run = freshRuns(1)[0]!;
const correction = openCorrection();

const withRun = (body: Record<string, unknown>) => (body.runId === RUN ? { ...body, runId: run.id } : body);

const write = (target: AdapterTarget, operationId: RuleCase['operationId'], body: unknown) => (operationId === 'createCorrection'
  ? target.request('POST', '/v1/corrections', { token: 'admin', body })
  : target.request('PATCH', `/v1/corrections/${correction.id}`, { token: 'admin', body }));

/** The schema with every component reference replaced by the component, for a generator that resolves none. */
function inlined(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(inlined);
  if (typeof node !== 'object' || node === null) return node;
  if (typeof (node as { $ref?: unknown }).$ref === 'string') return inlined(resolveComponent(document, node));
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlined(value)]));
}

/**
 * Bodies json-schema-faker makes from the schema without its rules (it knows neither `if`/`then`
 * nor `dependentRequired`), kept when the whole schema takes them: every valid body of some shape.
 */
function validBodies(operationId: RuleCase['operationId'], count: number, seed: number): Array<Record<string, unknown>> {
  jsf.option({ random: seededRandom(seed), alwaysFakeOptionals: false, optionalsProbability: 0.5, useDefaultValue: false, maxItems: 3 });
  const schema = inlined(withoutRules(document, validators.operation(operationId).requestBody!.schema));
  const validate = validators.requestBody(operationId)!;
  const bodies: Array<Record<string, unknown>> = [];
  for (let tries = 0; bodies.length < count && tries < count * 20; tries += 1) {
    const body = jsf.generate(schema as never) as Record<string, unknown>;
    if (validate(body)) bodies.push(body);
  }
  return bodies;
}

/**
 * What no body can show, made true: the run exists and is the caller's to correct, item keys are
 * unique and pointers point into its output, no corrector group or end user the world lacks.
 */
function referringToTheWorld(body: Record<string, unknown>): Record<string, unknown> {
  const { correctorGroupId: _group, participantId: _participant, ...rest } = body;
  const items = rest.items as Array<Record<string, unknown>> | undefined;
  return {
    ...rest,
    runId: run.id,
    ...(items ? { items: items.map(({ pointer: _pointer, ...item }, index) => ({ ...item, key: `item-${index}` })) } : {}),
  };
}

describe.each(ADAPTERS)('through %s', (adapter: AdapterName) => {
  let target: AdapterTarget;
  beforeAll(async () => { target = await startAdapter(adapter); });
  afterAll(async () => { await target.close(); });
  beforeEach(async () => { await target.reset(); });

  it.each(RULE_CASES.map((c) => [c.rule, c.title, c] as const))('%s: %s → 400 with the rule\'s own code; the body that keeps it → accepted', async (_rule, _title, rule) => {
    const refused = await write(target, rule.operationId, withRun(rule.breaks));
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error).toMatchObject({ code: rule.refusal.code, details: rule.refusal.details });
    const taken = await write(target, rule.operationId, withRun(rule.keeps));
    expect(taken.status, JSON.stringify(taken.body)).toBe(rule.operationId === 'createCorrection' ? 201 : 200);
  });

  it('every valid POST /v1/corrections body generated from its schema → 201', async () => {
    const bodies = validBodies('createCorrection', 40, 20261202).map(referringToTheWorld);
    expect(bodies.length).toBe(40);
    // The generated bodies reach every rule's field, so each rule is met by some body that keeps it.
    for (const field of ['shouldCall', 'mustNotCall', 'shouldSay', 'items']) expect(bodies.some((b) => b[field] !== undefined), field).toBe(true);
    for (const body of bodies) {
      expect(validators.requestBody('createCorrection')!(body)).toBe(true);
      await target.reset();
      const answer = await write(target, 'createCorrection', body);
      expect(answer.status, `${JSON.stringify(body)} → ${JSON.stringify(answer.body)}`).toBe(201);
    }
  });

  it('every valid PATCH /v1/corrections/{id} body generated from its schema, on a correction sorted to the owner → 200', async () => {
    const bodies = validBodies('changeCorrection', 40, 20261203);
    expect(bodies.length).toBe(40);
    for (const field of ['reason', 'note', 'status']) expect(bodies.some((b) => b[field] !== undefined), field).toBe(true);
    for (const body of bodies) {
      await target.reset();
      // Whether it is sorted to the owner already, which `status: with-owner` alone needs, no body shows.
      expect((await write(target, 'changeCorrection', { sortedTo: 'owner' })).status).toBe(200);
      const answer = await write(target, 'changeCorrection', body);
      expect(answer.status, `${JSON.stringify(body)} → ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });
});

describe('x-dependentRequired on GET /v1/corrections', () => {
  const dependencies = Object.entries((document.paths['/v1/corrections']!.get as unknown as { 'x-dependentRequired': Record<string, string[]> })['x-dependentRequired']);
  let target: AdapterTarget;
  beforeAll(async () => { target = await startAdapter('express'); });
  afterAll(async () => { await target.close(); });

  it.each(dependencies)('%s without %s → 400 bad-input naming it; with it → 200', async (dependent, required) => {
    const alone = await target.request('GET', `/v1/corrections?${dependent}=v1`, { token: 'admin' });
    expect(alone.status).toBe(400);
    expect(alone.body.error).toMatchObject({ code: 'bad-input', details: { parameter: dependent } });
    const withIt = await target.request('GET', `/v1/corrections?${dependent}=v1&${required.map((name) => `${name}=x`).join('&')}`, { token: 'admin' });
    expect(withIt.status).toBe(200);
  });
});
