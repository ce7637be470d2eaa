// Every `/v1` answer is `Cache-Control: no-store` (the platform's conventions).
import type { RequestHandler } from 'express';

export function noStoreOnV1(): RequestHandler {
  return (req, res, next) => {
    if (req.path === '/v1' || req.path.startsWith('/v1/')) res.setHeader('Cache-Control', 'no-store');
    next();
  };
}
