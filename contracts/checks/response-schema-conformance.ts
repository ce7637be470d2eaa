// The body matches the spec's schema for the operation and status (Ajv 2020, from spec/).
import { page } from '../sources.ts';
import type { ExchangeCheck } from '../types.ts';

export const responseSchemaConformance: ExchangeCheck = {
  name: 'response-schema-conformance',
  description: "The body matches the spec's schema for its operation and status.",
  // The document transcribes the pages field by field (test/spec/fidelity.test.ts holds it to them).
  source: page(['000', '001', '002'], '## Responses'),
  byOperation: true,
  appliesTo: (exchange) => exchange.operation !== undefined && exchange.operation.responses.get(String(exchange.response.status))?.schema !== undefined,
  run: ({ operation, response }, ctx) => {
    const validate = ctx.validators.response(operation!.operationId, response.status)!;
    if (validate(response.body)) return undefined;
    const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim());
    return { expected: `a body matching ${operation!.operationId} ${response.status}`, actual: errors.join('; ') };
  },
};
