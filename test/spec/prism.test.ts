// Prism, an independent OpenAPI tool, reads the document and mocks the three documented reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/spec/load-spec.ts';
import { compileSpecValidators } from '../../src/spec/validators.ts';
import { startPrismMock, type RunningPrism } from '../support/prism.ts';

const validators = compileSpecValidators(loadSpec());
let prism: RunningPrism;

beforeAll(async () => {
  prism = await startPrismMock();
});

afterAll(async () => {
  await prism?.stop();
});

describe('prism mock spec/openapi.yaml', () => {
  it.each([
    ['getCorrection', '/v1/corrections/cor_1'],
    ['listCorrections', '/v1/corrections?limit=5&status=open&status=fixed'],
    ['getSuggestedChange', '/v1/suggested-changes/2489e9ad-2ee2-4e00-8ec9-32d5f69181c0'],
  ])('answers %s (GET %s) with a 200 that matches the document', async (operationId, path) => {
    const response = await fetch(`${prism.baseUrl}${path}`, { headers: { Authorization: 'Bearer any-token' } });
    expect(response.status).toBe(200);
    const validate = validators.response(operationId, 200)!;
    const body: unknown = await response.json();
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });

  it('answers 401 without a bearer token, as the security scheme says', async () => {
    const response = await fetch(`${prism.baseUrl}/v1/corrections`);
    expect(response.status).toBe(401);
  });
});
