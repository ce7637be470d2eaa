// CORS for browser apps on other origins, on every route but the mock's own (mock-admin-guard.ts
// answers those): bearer tokens, not cookies, so any origin may call /v1.
import type { CoreResponse, Exchange } from '../exchange.ts';
import { isMockAdminPath } from './mock-admin-guard.ts';

const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Request-Id, Prefer';
const EXPOSED_HEADERS = 'X-Request-Id, Retry-After, X-Idempotent-Replay, Allow';
const ALLOWED_METHODS = 'GET, POST, PATCH, DELETE, OPTIONS';

/** Sets the CORS headers; answers a plain OPTIONS and a preflight itself (204), anything else goes on (undefined). */
export function cors(exchange: Exchange): CoreResponse | undefined {
  const { headers } = exchange;
  if (exchange.method === 'OPTIONS' && !exchange.header('Access-Control-Request-Method')) {
    // A plain OPTIONS (no preflight) says which methods there are, without a body.
    headers.Allow = ALLOWED_METHODS;
    return { status: 204, headers };
  }
  const origin = exchange.header('Origin');
  if (!origin || isMockAdminPath(exchange.request.path)) return undefined;
  headers['Access-Control-Allow-Origin'] = origin;
  // Echoing the origin (never `*`) lets a credentialed request (axios `withCredentials`) read the answer.
  headers['Access-Control-Allow-Credentials'] = 'true';
  headers.Vary = 'Origin';
  headers['Access-Control-Expose-Headers'] = EXPOSED_HEADERS;
  if (exchange.method !== 'OPTIONS') return undefined;
  headers['Access-Control-Allow-Methods'] = ALLOWED_METHODS;
  headers['Access-Control-Allow-Headers'] = exchange.header('Access-Control-Request-Headers') ?? ALLOWED_HEADERS;
  headers['Access-Control-Max-Age'] = '600';
  // Chrome's Private Network Access: a public page may call the mock on localhost.
  headers['Access-Control-Allow-Private-Network'] = 'true';
  return { status: 204, headers };
}
