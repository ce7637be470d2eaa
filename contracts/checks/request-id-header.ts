// Every answer carries X-Request-Id, and an error's requestId equals it.
import type { ExchangeCheck } from '../types.ts';

export const requestIdHeader: ExchangeCheck = {
  name: 'request-id-header',
  description: 'Every answer has an X-Request-Id header; an error envelope repeats it as requestId.',
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
