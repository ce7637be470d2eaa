// No answer is a 5xx, except the documented 503 database-busy.
import type { ExchangeCheck } from '../types.ts';

export const notAServerError: ExchangeCheck = {
  name: 'not-a-server-error',
  description: 'No request gets a 5xx (a documented 503 database-busy aside).',
  appliesTo: () => true,
  run: ({ response }) => (response.status >= 500 && response.status !== 503
    ? { expected: 'a status below 500', actual: `${response.status} ${response.text.slice(0, 200)}` }
    : undefined),
};
