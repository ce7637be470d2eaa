// CORS for browser apps on other origins, on every route but the mock's own (mock-admin-guard.ts
// answers those): bearer tokens, not cookies, so any origin may call /v1.
import type { RequestHandler } from 'express';
import { isMockAdminPath } from './mock-admin-guard.ts';

const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Request-Id, Prefer';
const EXPOSED_HEADERS = 'X-Request-Id, Retry-After, X-Idempotent-Replay, Allow';
const ALLOWED_METHODS = 'GET, POST, PATCH, DELETE, OPTIONS';

export function cors(): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'OPTIONS' && !req.get('Access-Control-Request-Method')) {
      // A plain OPTIONS (no preflight) says which methods there are, without a body.
      res.setHeader('Allow', ALLOWED_METHODS);
      res.status(204).end();
      return;
    }
    const origin = req.get('Origin');
    if (!origin || isMockAdminPath(req.path)) return next();
    res.setHeader('Access-Control-Allow-Origin', origin);
    // Echoing the origin (never `*`) lets a credentialed request (axios `withCredentials`) read the answer.
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      res.setHeader('Access-Control-Allow-Headers', req.get('Access-Control-Request-Headers') ?? ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
      // Chrome's Private Network Access: a public page may call the mock on localhost.
      res.setHeader('Access-Control-Allow-Private-Network', 'true');
      res.status(204).end();
      return;
    }
    next();
  };
}
