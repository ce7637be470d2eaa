// A loopback proxy in front of a target, for the contract kit's tests: it can answer some requests
// itself (a 503 storm, another document, a staging server's 404 for /__mock) and hold an answer
// back while the test acts (kills the kit's process).
import { createServer, type IncomingMessage } from 'node:http';

export interface ProxiedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
}

export interface ProxyAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface ProxyOptions {
  /** An answer of the proxy's own, or undefined to pass the request on. */
  answer?: (request: ProxiedRequest) => ProxyAnswer | undefined;
  /** The path and query the upstream is asked for instead (e.g. with a parameter dropped). */
  rewriteUrl?: (url: string) => string;
  /** Runs before the upstream's answer goes back; the answer waits for it. */
  beforeReply?: (request: ProxiedRequest, upstream: { status: number; body: string }) => Promise<void> | void;
}

export interface TargetProxy {
  url: string;
  /** Every request that reached the proxy, in order. */
  requests: ProxiedRequest[];
  close(): Promise<void>;
}

/** What a staging server answers for the mock's own routes: no such route, in the platform's envelope. */
export function hideMockRoutes(request: ProxiedRequest): ProxyAnswer | undefined {
  if (!/^\/__mock(\/|\?|$)/i.test(request.url)) return undefined;
  return { status: 404, headers: { 'X-Request-Id': 'req-staging' }, body: { error: { code: 'route-not-found', message: `no route ${request.method} ${request.url}`, requestId: 'req-staging' } } };
}

const bodyOf = (req: IncomingMessage) => new Promise<Buffer>((resolve) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => resolve(Buffer.concat(chunks)));
});

export async function startTargetProxy(upstream: string, options: ProxyOptions = {}): Promise<TargetProxy> {
  const requests: ProxiedRequest[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const request = { method: req.method ?? 'GET', url: req.url ?? '/' };
      requests.push(request);
      const body = await bodyOf(req);
      const own = options.answer?.(request);
      if (own) {
        const text = own.body === undefined ? '' : JSON.stringify(own.body);
        res.writeHead(own.status, { ...(text ? { 'Content-Type': 'application/json' } : {}), ...own.headers }).end(text);
        return;
      }
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<string, string>;
      const answer = await fetch(`${upstream}${options.rewriteUrl?.(request.url) ?? request.url}`, { method: request.method, headers, ...(body.length > 0 ? { body } : {}) });
      const text = await answer.text();
      await options.beforeReply?.(request, { status: answer.status, body: text });
      if (res.destroyed) return;
      const { 'content-length': _length, 'content-encoding': _encoding, 'transfer-encoding': _transfer, ...passed } = Object.fromEntries(answer.headers);
      res.writeHead(answer.status, passed).end(text);
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
