// The document compiles into strict Ajv 2020 validators, and those validators hold responses to it.
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/spec/load-spec.ts';
import { compileSpecValidators } from '../../src/spec/validators.ts';

const document = loadSpec();
const validators = compileSpecValidators(document);

const correction = {
  id: 'cor_1', tenantId: 'ten_1', projectId: 'prj_1', runId: 'run_1',
  subject: { kind: 'agent', id: 'agt_1', version: '3' },
  answer: 'wrong', shouldSay: 'The refund window is 30 days.',
  madeBy: { kind: 'user', id: 'usr_1' },
  status: 'open',
  createdAt: '2026-03-01T10:00:00Z', updatedAt: '2026-03-01T10:00:00Z',
};

describe('compileSpecValidators', () => {
  it('compiles a validator for every documented response body, request body and parameter', () => {
    for (const operation of validators.operations) {
      for (const [status, response] of operation.responses) {
        if (response.schema) expect(validators.response(operation.operationId, status), `${operation.operationId} ${status}`).toBeTypeOf('function');
      }
      for (const parameter of operation.parameters) {
        expect(validators.parameter(operation.operationId, parameter.in, parameter.name)).toBeTypeOf('function');
      }
      expect(validators.requestBody(operation.operationId) !== undefined).toBe(operation.requestBody !== undefined);
    }
  });

  it('refuses a document with an unknown keyword (strict mode)', () => {
    const copy = structuredClone(document);
    (copy.components!.schemas!.Subject as Record<string, unknown>).maxLenght = 3;
    expect(() => compileSpecValidators(copy)).toThrow(/components\.schemas\.Subject.*maxLenght/s);
  });

  it('has no validator for an undocumented status', () => {
    expect(validators.response('getCorrection', 409)).toBeUndefined();
  });
});

describe('GET /v1/corrections/{correctionId} 200 validator', () => {
  const validate = validators.response('getCorrection', 200)!;
  const run = {
    runId: 'run_1', subject: correction.subject, input: { message: 'hi' }, output: 'hello',
    capturedAt: '2026-03-01T10:00:00Z',
  };

  it('accepts a correction with its run copy', () => {
    expect(validate({ ...correction, run }), JSON.stringify(validate.errors)).toBe(true);
  });

  it('refuses one without its run copy', () => {
    expect(validate(correction)).toBe(false);
  });

  it('refuses a segment key that is not lowercase', () => {
    expect(validate({ ...correction, run: { ...run, segments: [{ key: 'Company', value: 'Acme' }] } })).toBe(false);
  });

  it('refuses a pull-request link without a url', () => {
    expect(validate({ ...correction, run, link: { kind: 'pull-request', id: '12' } })).toBe(false);
  });

  it('accepts a sorted.by of either kind and refuses a mix', () => {
    const at = '2026-03-02T10:00:00Z';
    expect(validate({ ...correction, run, sortedTo: 'improve', sorted: { by: { kind: 'rule' }, at } })).toBe(true);
    expect(validate({ ...correction, run, sortedTo: 'improve', sorted: { by: { kind: 'user', id: 'usr_2' }, at } })).toBe(true);
    expect(validate({ ...correction, run, sortedTo: 'improve', sorted: { by: { kind: 'user' }, at } })).toBe(false);
  });
});

describe('component validators', () => {
  it('refuses a suggested change whose id is not a uuid', () => {
    const validate = validators.component('SuggestedChange');
    const change = {
      id: '2489e9ad-2ee2-4e00-8ec9-32d5f69181c0', agentId: 'agt_1', title: 'Refunds: tone v2 → v3',
      madeBy: { kind: 'person', userId: 'usr_1' }, builtOn: { version: '3' }, changes: [{ kind: 'block' }],
      why: 'Refunds', fixes: [], check: { status: 'not-started' }, status: 'check-failed',
      createdAt: '2026-03-01T10:00:00Z', updatedAt: '2026-03-01T10:00:00Z',
    };
    expect(validate(change), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...change, id: 'sc_1' })).toBe(false);
  });

  it('takes any argument field in an expected call, strings and numbers alike', () => {
    const validate = validators.requestBody('createCorrection')!;
    const shouldCall = [{ tool: 'lookup_order', args: { orderId: 'ord_1', quantity: 2, gift: false } }];
    expect(validate({ runId: 'run_1', decisions: 'wrong', shouldCall }), JSON.stringify(validate.errors)).toBe(true);
  });

  it('refuses a request body with an unknown field', () => {
    const validate = validators.requestBody('createCorrection')!;
    expect(validate({ runId: 'run_1', answer: 'right' })).toBe(true);
    expect(validate({ runId: 'run_1', answer: 'right', madeBy: { kind: 'user', id: 'x' } })).toBe(false);
    expect(validate.errors?.[0]?.keyword).toBe('additionalProperties');
  });
});

describe('unions a kind decides (page 002: madeBy, changes[], note)', () => {
  const validate = validators.component('SuggestedChange');
  const change = {
    id: '2489e9ad-2ee2-4e00-8ec9-32d5f69181c0', agentId: 'agt_1', title: 'Refunds: tone v2 → v3',
    madeBy: { kind: 'person', userId: 'usr_1' }, builtOn: { version: '3' }, changes: [{ kind: 'block', blockId: 'blk_1' }],
    why: 'Refunds', fixes: [], check: { status: 'done' }, status: 'ready',
    createdAt: '2026-03-01T10:00:00Z', updatedAt: '2026-03-01T10:00:00Z',
  };

  it.each([
    ['an Improve run', { kind: 'improve-run', improveRunId: 'imp_1', scheduleId: 'sch_1' }],
    ['a deploy and who deployed', { kind: 'deploy', deploymentId: 'dep_1', by: { kind: 'service', id: 'svc_1' } }],
    ['an offer', { kind: 'offer', fromProjectId: '9b2f7c1a-0000-4000-8000-000000000001', pinChangeId: 'pch_1' }],
  ])('accepts a madeBy of %s', (_title, madeBy) => {
    expect(validate({ ...change, madeBy }), JSON.stringify(validate.errors)).toBe(true);
  });

  it('refuses a madeBy of a kind no branch has, naming the discriminator', () => {
    expect(validate({ ...change, madeBy: { kind: 'robot' } })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/madeBy', keyword: 'discriminator' });
  });

  it("holds a branch's own fields to it: an offer's fromProjectId is a uuid, a deploy's by an actor", () => {
    expect(validate({ ...change, madeBy: { kind: 'offer', fromProjectId: 'prj_1' } })).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe('/madeBy/fromProjectId');
    expect(validate({ ...change, madeBy: { kind: 'deploy', deploymentId: 'dep_1', by: { kind: 'user' } } })).toBe(false);
  });

  it('accepts a code change and either kind of note, and refuses a note of no kind', () => {
    const code = { kind: 'code', deploymentId: 'dep_1', imageDigest: 'sha256:0f' };
    expect(validate({ ...change, changes: [code], note: { kind: 'not-running', version: '4' } }), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...change, note: { kind: 'gate-refused', pinChangeId: 'pch_1' } }), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...change, note: { pinChangeId: 'pch_1' } })).toBe(false);
    expect(validate({ ...change, changes: [{ kind: 'patch' }] })).toBe(false);
  });

  it('refuses at compile time a union whose branches share a kind', () => {
    const copy = structuredClone(document);
    const madeBy = (copy.components!.schemas!.SuggestedChange!.properties as Record<string, { oneOf: Array<{ properties: { kind: { const: string } } }> }>).madeBy!;
    madeBy.oneOf[1]!.properties.kind.const = 'improve-run';
    expect(() => compileSpecValidators(copy)).toThrow(/components\.schemas\.SuggestedChange.*discriminator/s);
  });
});
