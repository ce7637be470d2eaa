// The request id: the caller's own `X-Request-Id` when it sent a non-empty one, else `req-<uuid>`.
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

const MAX_LENGTH = 1024;

export function requestId(): RequestHandler {
  return (req, res, next) => {
    const given = req.get('X-Request-Id')?.trim();
    // Only printable ASCII (spaces included) can go back into a header safely; anything else,
    // or an id past 1024 characters, gets an id of our own.
    const id = given && given.length <= MAX_LENGTH && /^[\x20-\x7e]+$/.test(given) ? given : `req-${randomUUID()}`;
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    next();
  };
}
