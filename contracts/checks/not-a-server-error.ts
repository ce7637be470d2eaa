// No answer is a 5xx, except the documented 503 database-busy.
import { page } from '../sources.ts';
import type { ExchangeCheck } from '../types.ts';

export const notAServerError: ExchangeCheck = {
  name: 'not-a-server-error',
  description: 'No request gets a 5xx (a documented 503 database-busy aside).',
  // The pages' Responses list no 5xx but 503: any other is an answer no page documents.
  source: page(['000', '001', '002'], 'The database was too busy to answer in time (`database-busy`); `Retry-After` (whole seconds) says when to try again.'),
  byOperation: true,
  appliesTo: () => true,
  run: ({ response }) => (response.status >= 500 && response.status !== 503
    ? { expected: 'a status below 500', actual: `${response.status} ${response.text.slice(0, 200)}` }
    : undefined),
};
