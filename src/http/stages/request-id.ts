// The request id: the caller's own `X-Request-Id` when it sent a non-empty one, else `req-<uuid>`.
import type { Exchange } from '../exchange.ts';

const MAX_LENGTH = 1024;

export function assignRequestId(exchange: Exchange): void {
  const given = exchange.header('X-Request-Id')?.trim();
  // Only printable ASCII (spaces included) can go back into a header safely; anything else,
  // or an id past 1024 characters, gets an id of our own.
  const id = given && given.length <= MAX_LENGTH && /^[\x20-\x7e]+$/.test(given) ? given : `req-${globalThis.crypto.randomUUID()}`;
  exchange.requestId = id;
  exchange.headers['X-Request-Id'] = id;
}
