// Translates a Fetch API request, as MSW hands it over, to the core's request, and the core's
// answer back to a Fetch API response.
import type { CoreRequest, CoreResponse } from '../http/exchange.ts';

/** `prefix`: the base URL's path, which the API's paths follow (`/api` of `http://localhost:6006/api`). */
export async function mockRequestOf(request: Request, prefix: string): Promise<CoreRequest> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const bytes = request.method === 'GET' || request.method === 'HEAD' ? undefined : new Uint8Array(await request.arrayBuffer());
  return {
    method: request.method,
    // The path as sent, still percent-encoded, as a server reads it off the request line.
    path: url.pathname.slice(prefix.length) || '/',
    query: url.search.slice(1),
    headers,
    // No body is one of no bytes and no framing that announces one.
    ...(bytes !== undefined && (bytes.length > 0 || headers['transfer-encoding'] !== undefined) ? { body: bytes } : {}),
  };
}

/** An answer without a body (204, a HEAD) has none in the Response either: a Response with a body for a 204 is refused. */
export function fetchResponseOf(request: Request, response: CoreResponse): Response {
  const body = request.method === 'HEAD' || response.status === 204 || response.status === 304 ? null : response.body ?? null;
  return new Response(body, { status: response.status, headers: response.headers });
}
