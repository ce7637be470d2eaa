// Every answer's status is one the operation documents.
import { page } from '../sources.ts';
import type { ExchangeCheck } from '../types.ts';

export const statusCodeConformance: ExchangeCheck = {
  name: 'status-code-conformance',
  description: 'The status is one the spec documents for the operation (a 5xx but 503 is not-a-server-error\'s).',
  // Each page's Responses section lists its statuses; the document states them for every operation.
  source: page(['000', '001', '002'], '## Responses'),
  byOperation: true,
  // A 5xx other than 503 is not-a-server-error's finding: one bug, one check, so each check has
  // a bug only it catches (test/contracts/defects.test.ts).
  appliesTo: (exchange) => exchange.operation !== undefined && !(exchange.response.status >= 500 && exchange.response.status !== 503),
  run: ({ operation, response }) => {
    const documented = [...operation!.responses.keys()];
    return documented.includes(String(response.status)) ? undefined : { expected: `one of ${documented.join(', ')}`, actual: String(response.status) };
  },
};
