// Starts the mock in-process on a free loopback port for one test file, and talks to it.
import { afterEach, expect } from 'vitest';
import { createMock, type Mock, type MockOptions } from '../../src/index.ts';

export const TOKEN_NAMES = ['admin', 'member', 'viewer', 'app', 'expert', 'triage_bot', 'other_tenant', 'expired', 'revoked'] as const;
export type TokenName = (typeof TOKEN_NAMES)[number];

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestMock {
  url: string;
  mock: Mock;
  /** The fixtures' token of a principal, by its name (`kgm_<name>_…`). */
  token(name: TokenName): string;
  request<T = any>(method: string, path: string, options?: { token?: TokenName | string; headers?: Record<string, string>; body?: unknown }): Promise<Answer<T>>;
  get<T = any>(path: string, token?: TokenName | string, headers?: Record<string, string>): Promise<Answer<T>>;
  close(): Promise<void>;
}

/** Logs go to an array instead of the console, so tests can assert on them. */
export const silentLogger = () => {
  const lines: string[] = [];
  return { lines, logger: { warn: (m: string) => lines.push(m), error: (m: string) => lines.push(m) } };
};

export async function startMock(options: MockOptions = {}): Promise<TestMock> {
  const mock = createMock({ logger: silentLogger().logger, ...options });
  const running = await mock.listen(0, '127.0.0.1');
  const token = (name: TokenName) => {
    const principal = mock.store.principals().find((p) => p.token.startsWith(`kgm_${name}_`));
    if (!principal) throw new Error(`no principal named ${name}`);
    return principal.token;
  };
  const request = requester(running.url, token);
  return {
    url: running.url,
    mock,
    token,
    request,
    get: (path, who, headers) => request('GET', path, { ...(who !== undefined ? { token: who } : {}), ...(headers ? { headers } : {}) }),
    close: () => running.close(),
  };
}

/**
 * Requests to `baseUrl` as a client sends them: a principal's name (or a token) becomes its
 * bearer token, an object body JSON; the answer's body parsed.
 */
export function requester(baseUrl: string, token: (name: TokenName) => string): TestMock['request'] {
  const resolveToken = (value: string) => ((TOKEN_NAMES as readonly string[]).includes(value) ? token(value as TokenName) : value);
  return async (method, path, { token: who, headers = {}, body } = {}) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(who !== undefined ? { Authorization: `Bearer ${resolveToken(who)}` } : {}),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
  };
}

/** Every correction of a list, page after page, following nextCursor. */
export async function walkList(server: TestMock, query: string, who: TokenName | string, limit = 100): Promise<Array<{ id: string; createdAt: string }>> {
  const items: Array<{ id: string; createdAt: string }> = [];
  let cursor: string | undefined;
  for (let page = 0; page < 1000; page += 1) {
    const separator = query ? '&' : '';
    const answer = await server.get(`/v1/corrections?${query}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, who);
    if (answer.status !== 200) throw new Error(`page ${page} of ?${query}: ${answer.status} ${JSON.stringify(answer.body)}`);
    items.push(...answer.body.data);
    if (!answer.body.hasMore) return items;
    cursor = answer.body.nextCursor;
  }
  throw new Error('more than 1000 pages');
}

/** A 404 not-found in the error envelope, its requestId the X-Request-Id header. */
export function expectNotFound(answer: Answer): void {
  const body = answer.body as { error: { code: string; message: unknown; requestId: string } };
  expect(answer.status).toBe(404);
  expect(body.error.code).toBe('not-found');
  expect(typeof body.error.message).toBe('string');
  expect(body.error.requestId).toBe(answer.headers.get('x-request-id'));
}

/**
 * Mocks a test starts and may stop itself; whatever is still running when the test ends is closed
 * (its state file unlocked), so a failed assertion never leaves a server behind.
 */
export function mocksClosedAfterEach(): { start(options: MockOptions): Promise<TestMock>; stop(server: TestMock): Promise<void> } {
  const servers: TestMock[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });
  return {
    async start(options) {
      const server = await startMock(options);
      servers.push(server);
      return server;
    },
    async stop(server) {
      servers.splice(servers.indexOf(server), 1);
      await server.close();
    },
  };
}
