// The request id: the caller's own `X-Request-Id` when it sent a non-empty one, else `req-<uuid>`.
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

const MAX_LENGTH = 200;

export function requestId(): RequestHandler {
  return (req, res, next) => {
    const given = req.get('X-Request-Id')?.trim();
    // Only printable ASCII goes back into a header; anything else gets an id of our own.
    const id = given && given.length <= MAX_LENGTH && /^[\x21-\x7e]+$/.test(given) ? given : `req-${randomUUID()}`;
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    next();
  };
}
