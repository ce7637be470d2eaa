// The mock behind either adapter, for tests that must hold for both: the Express server on a
// loopback port, and the MSW handlers (msw/node) answering fetch with no port at all.
import { setupServer } from 'msw/node';
import { createHandlers, type HandlersOptions } from '../../src/msw/index.ts';
import { requester, startMock, silentLogger, type Answer, type TokenName } from '../http/support.ts';

export type AdapterName = 'express' | 'msw';
export const ADAPTERS: readonly AdapterName[] = ['express', 'msw'];

/** Where MSW's handlers answer: a name no resolver knows, so a request that escaped them fails loudly. */
export const MSW_BASE_URL = 'https://api.kindgi-mock.test';

export interface AdapterTarget {
  adapter: AdapterName;
  baseUrl: string;
  token(name: TokenName): string;
  request<T = any>(method: string, path: string, options?: { token?: TokenName | string; headers?: Record<string, string>; body?: unknown }): Promise<Answer<T>>;
  /** Back to the world as it started. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

type SharedOptions = Pick<HandlersOptions, 'clock' | 'checkMs' | 'faults' | 'seed'>;

export async function startAdapter(adapter: AdapterName, options: SharedOptions = {}): Promise<AdapterTarget> {
  if (adapter === 'express') {
    const server = await startMock(options);
    return {
      adapter,
      baseUrl: server.url,
      token: server.token,
      request: server.request,
      reset: async () => { server.mock.context.base.reset(); },
      close: server.close,
    };
  }
  const mock = await createHandlers({ baseUrl: MSW_BASE_URL, logger: silentLogger().logger, ...options });
  const msw = setupServer(...mock.handlers);
  // Bypass: the same process also talks to real loopback servers (the other adapter, Prism).
  msw.listen({ onUnhandledRequest: 'bypass' });
  const token = (name: TokenName) => {
    const principal = mock.principals.find((p) => p.token.startsWith(`kgm_${name}_`));
    if (!principal) throw new Error(`no principal named ${name}`);
    return principal.token;
  };
  return {
    adapter,
    baseUrl: MSW_BASE_URL,
    token,
    request: requester(MSW_BASE_URL, token),
    reset: async () => { mock.reset(); },
    close: async () => { msw.close(); },
  };
}
