// Every /v1 answer is Cache-Control: no-store.
import { convention } from '../sources.ts';
import type { ExchangeCheck } from '../types.ts';

export const noStore: ExchangeCheck = {
  name: 'cache-control-no-store',
  description: 'Every /v1 answer carries Cache-Control: no-store.',
  source: convention('Responses', 'Every `/v1` response carries `Cache-Control: no-store`.'),
  appliesTo: (exchange) => exchange.request.path.startsWith('/v1/') && exchange.request.method !== 'OPTIONS',
  run: ({ response }) => (/\bno-store\b/.test(response.headers['cache-control'] ?? '')
    ? undefined
    : { expected: 'Cache-Control: no-store', actual: `Cache-Control: ${response.headers['cache-control'] ?? '(none)'}`, severity: 'warning' }),
};
