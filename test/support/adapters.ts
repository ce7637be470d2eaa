// The mock behind either adapter, for tests that must hold for both: the Express server on a
// loopback port, and the MSW handlers (msw/node) answering fetch with no port at all.
import { setupServer } from 'msw/node';
import { createHandlers, type HandlersOptions, type Session } from '../../src/msw/index.ts';
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
  /** An isolated world with its own tokens; the admin's token in it. */
  openSession(name: string): string;
  close(): Promise<void>;
}

const adminTokenOf = (session: Session) => session.principals.find((p) => p.id === 'usr_ada_admin')!.token;

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
      openSession: (name) => adminTokenOf(server.mock.createSession({ name })),
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
    openSession: (name) => adminTokenOf(mock.createSession({ name })),
    close: async () => { msw.close(); },
  };
}
