// CORS for browser apps on other origins: bearer tokens, not cookies, so any origin may call.
import type { RequestHandler } from 'express';

const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Request-Id, Prefer';
const EXPOSED_HEADERS = 'X-Request-Id, Retry-After, X-Idempotent-Replay, Allow';
const ALLOWED_METHODS = 'GET, POST, PATCH, DELETE, OPTIONS';

export function cors(): RequestHandler {
  return (req, res, next) => {
    const origin = req.get('Origin');
    if (req.method === 'OPTIONS' && !req.get('Access-Control-Request-Method')) {
      // A plain OPTIONS (no preflight) says which methods there are, without a body.
      res.setHeader('Allow', ALLOWED_METHODS);
      res.status(204).end();
      return;
    }
    if (!origin) return next();
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (req.method === 'OPTIONS' && req.get('Access-Control-Request-Method')) {
      res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      res.setHeader('Access-Control-Allow-Headers', req.get('Access-Control-Request-Headers') ?? ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}
