// Every answer carries X-Request-Id, and an error's requestId equals it.
import { convention } from '../sources.ts';
import type { ExchangeCheck } from '../types.ts';

export const requestIdHeader: ExchangeCheck = {
  name: 'request-id-header',
  description: 'Every answer has an X-Request-Id header; an error envelope repeats it as requestId.',
  source: convention('Responses', "Request id: the caller's own `X-Request-Id` when it sent a non-empty one, else `req-<uuid v4>`; echoed in the `X-Request-Id` response header on every response."),
  appliesTo: () => true,
  run: ({ response }) => {
    const header = response.headers['x-request-id'];
    if (!header) return { expected: 'an X-Request-Id header', actual: 'none' };
    const requestId = (response.body as { error?: { requestId?: unknown } } | undefined)?.error?.requestId;
    if (response.status >= 400 && requestId !== undefined && requestId !== header) {
      return { expected: `error.requestId equal to X-Request-Id (${header})`, actual: String(requestId) };
    }
    return undefined;
  },
};
