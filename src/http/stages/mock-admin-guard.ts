// Keeps web pages from driving the mock's own routes (`/__mock`): a DNS-rebound name, a page on a
// foreign origin, or a form post cannot read the tokens, reset the world or set faults.
import { ApiError } from '../api-error.ts';
import type { CoreResponse, Exchange } from '../exchange.ts';
import { isJsonMediaType } from './json-body.ts';
import { carriesAdminToken } from './admin-caller.ts';

const ADMIN_PATH = /^\/__mock(?:\/|$)/i;
const LOOPBACK_IPV4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
const LOOPBACK_IPV6 = new Set(['::1', '0:0:0:0:0:0:0:1']);
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ADMIN_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';
const ADMIN_HEADERS = 'Authorization, Content-Type, X-Request-Id, X-Mock-Admin-Token';

/** Routes match case-insensitively, so `/__MOCK/reset` reaches the same routes and the same guard. */
export const isMockAdminPath = (path: string) => ADMIN_PATH.test(path);

/**
 * `localhost:4010` → `localhost`, `[::1]:4010` → `::1`; lower case, port dropped. Anything after
 * an IPv6 literal but a port (`[::1].evil.example`) is kept, so that it names no local host.
 */
export function hostnameOf(hostHeader: string): string {
  const host = hostHeader.trim().toLowerCase();
  const literal = /^\[([^\]]*)\](?::\d*)?$/.exec(host);
  if (literal) return literal[1]!;
  const colon = host.lastIndexOf(':');
  return colon >= 0 && /^\d*$/.test(host.slice(colon + 1)) ? host.slice(0, colon) : host;
}

/**
 * A name that can only mean this machine: a loopback address, `localhost` or a `*.localhost`
 * name (which resolve to loopback without DNS), or one of `publicHosts` (`--public-url`).
 */
export function isLocalHostname(hostname: string, publicHosts: readonly string[]): boolean {
  return LOOPBACK_IPV4.test(hostname) || LOOPBACK_IPV6.has(hostname) || hostname === 'localhost' || hostname.endsWith('.localhost')
    || publicHosts.includes(hostname);
}

/**
 * An `Origin` header's hostname (`[::1]` → `::1`) and authority as a `Host` header names it
 * (`demo-host:4010`, default port left out), lower case; undefined for `null` and anything that is no URL.
 */
function parseOrigin(origin: string): { hostname: string; authority: string } | undefined {
  try {
    const url = new URL(origin);
    return { hostname: url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase(), authority: url.host.toLowerCase() };
  } catch {
    return undefined;
  }
}

/**
 * In order, for every `/__mock` request:
 * - `Host` must name this machine (a loopback address, `localhost`) or a `publicHosts` name: else
 *   403 `host-not-allowed` (a DNS-rebound page sends its own name). A request with no `Host` is
 *   no browser's and passes, and so does one with the admin secret.
 * - An `Origin` of this machine gets CORS, and so does the mock's own origin on a request with the
 *   admin secret (the inspector opened at a demo's address); any other gets none, and a
 *   state-changing request with it (or its preflight) is 403 `foreign-origin`.
 * - A state-changing request's body must be `application/json` (415): a form post or a
 *   `text/plain` fetch, which a page may send without a preflight, is refused.
 */
export function mockAdminGuard(exchange: Exchange, publicHosts: readonly string[], adminToken: string | undefined): CoreResponse | undefined {
  const host = exchange.header('Host');
  const withSecret = carriesAdminToken(exchange, adminToken);
  const { method } = exchange;
  // The admin secret is what a rebound page cannot have: with it, any name the mock is reached by will do.
  if (host !== undefined && !isLocalHostname(hostnameOf(host), publicHosts) && !withSecret) {
    throw new ApiError('host-not-allowed', `/__mock answers only requests addressed to localhost, a loopback address or the --public-url host; this one was addressed to "${host}". If that is how the mock is reached, start it with --public-url http://${host}`, { host });
  }
  const origin = exchange.header('Origin');
  const preflight = method === 'OPTIONS' && exchange.header('Access-Control-Request-Method') !== undefined;
  if (origin !== undefined) {
    const parsed = parseOrigin(origin);
    // With the secret, a page of the mock's own origin (the inspector, opened at any address
    // of a demo) may drive it too; a foreign page cannot send the secret, whose header needs a preflight.
    const ownPage = withSecret && host !== undefined && parsed?.authority === host.trim().toLowerCase();
    if (!ownPage && (parsed === undefined || !isLocalHostname(parsed.hostname, publicHosts))) {
      if (preflight || !READS.has(method)) {
        throw new ApiError('foreign-origin', `/__mock takes no request from a page on ${origin}: only pages served from this machine (localhost, a loopback address or the --public-url host) may drive the mock`, { origin });
      }
      return undefined;
    }
    const { headers } = exchange;
    headers['Access-Control-Allow-Origin'] = origin;
    headers.Vary = 'Origin';
    headers['Access-Control-Expose-Headers'] = 'X-Request-Id';
    if (preflight) {
      headers['Access-Control-Allow-Methods'] = ADMIN_METHODS;
      headers['Access-Control-Allow-Headers'] = ADMIN_HEADERS;
      headers['Access-Control-Max-Age'] = '600';
      return { status: 204, headers };
    }
  }
  if (!READS.has(method) && exchange.hasBody && !isJsonMediaType(exchange.header('Content-Type'), false)) {
    const contentType = exchange.header('Content-Type');
    throw new ApiError('unsupported-media-type', `send the body of ${method} ${exchange.request.path} as application/json (got ${contentType ?? 'no Content-Type'})`, { contentType: contentType ?? null });
  }
  return undefined;
}
