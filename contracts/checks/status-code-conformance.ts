// Every answer's status is one the operation documents.
import { page } from '../sources.ts';
import type { ExchangeCheck } from '../types.ts';

export const statusCodeConformance: ExchangeCheck = {
  name: 'status-code-conformance',
  description: 'The status is one the spec documents for the operation.',
  // Each page's Responses section lists its statuses; the document states them for every operation.
  source: page(['000', '001', '002'], '## Responses'),
  byOperation: true,
  appliesTo: (exchange) => exchange.operation !== undefined,
  run: ({ operation, response }) => {
    const documented = [...operation!.responses.keys()];
    return documented.includes(String(response.status)) ? undefined : { expected: `one of ${documented.join(', ')}`, actual: String(response.status) };
  },
};
