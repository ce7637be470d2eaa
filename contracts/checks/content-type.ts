// Every answer with a body is JSON.
import { convention } from '../sources.ts';
import type { ExchangeCheck } from '../types.ts';

export const contentTypeConformance: ExchangeCheck = {
  name: 'content-type-conformance',
  description: 'Every answer with a body is application/json.',
  source: convention('Requests', 'Bodies are JSON (`Content-Type: application/json`); field names camelCase.'),
  appliesTo: (exchange) => exchange.response.text.length > 0,
  run: ({ response }) => {
    const type = response.headers['content-type'] ?? '(none)';
    return /^application\/json\b/i.test(type) ? undefined : { expected: 'Content-Type: application/json', actual: `Content-Type: ${type}` };
  },
};
