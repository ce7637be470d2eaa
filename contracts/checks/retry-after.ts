// A 503 says when to try again: Retry-After in whole seconds.
import { page } from '../sources.ts';
import type { ExchangeCheck } from '../types.ts';

export const retryAfterOn503: ExchangeCheck = {
  name: 'retry-after-on-503',
  description: 'A 503 carries Retry-After in whole seconds.',
  source: page(['000', '001', '002'], 'The database was too busy to answer in time (`database-busy`); `Retry-After` (whole seconds) says when to try again.'),
  appliesTo: (exchange) => exchange.response.status === 503,
  run: ({ response }) => {
    const value = response.headers['retry-after'];
    return value !== undefined && /^\d+$/.test(value) ? undefined : { expected: 'Retry-After: <whole seconds>', actual: value === undefined ? 'no Retry-After' : `Retry-After: ${value}` };
  },
};
