// Every answer's status is one the operation documents.
import type { ExchangeCheck } from '../types.ts';

export const statusCodeConformance: ExchangeCheck = {
  name: 'status-code-conformance',
  description: 'The status is one the spec documents for the operation.',
  appliesTo: (exchange) => exchange.operation !== undefined,
  run: ({ operation, response }) => {
    const documented = [...operation!.responses.keys()];
    return documented.includes(String(response.status)) ? undefined : { expected: `one of ${documented.join(', ')}`, actual: String(response.status) };
  },
};
