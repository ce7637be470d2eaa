// Every 4xx and 5xx is `{ error: { code, message, details?, requestId } }` with a kebab-case code.
import { convention } from '../sources.ts';
import type { ExchangeCheck } from '../types.ts';

export const errorEnvelope: ExchangeCheck = {
  name: 'error-envelope',
  description: 'Every error is { error: { code, message, details?, requestId } } with a kebab-case code.',
  source: convention('Responses', 'Errors (4xx/5xx): `{ "error": { "code", "message", "details"?, "requestId" } }`.'),
  appliesTo: (exchange) => exchange.response.status >= 400,
  run: ({ response }) => {
    const error = (response.body as { error?: Record<string, unknown> } | undefined)?.error;
    const ok = typeof error === 'object' && error !== null
      && typeof error.code === 'string' && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(error.code)
      && typeof error.message === 'string' && typeof error.requestId === 'string'
      && (error.details === undefined || (typeof error.details === 'object' && error.details !== null));
    return ok ? undefined : { expected: '{ "error": { "code": "kebab-case", "message", "requestId" } }', actual: response.text.slice(0, 300) || '(empty body)' };
  },
};
