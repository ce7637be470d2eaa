// HMAC-SHA-256 from node:crypto, for the server: the same MACs as digest.ts's plain JavaScript
// (test/domain/digest.test.ts), several times faster, and a list page seals a cursor each time.
import { createHmac, createSecretKey } from 'node:crypto';
import type { Hmac } from './digest.ts';

export function nodeHmacSha256(key: string | Uint8Array): Hmac {
  // A key object, made once: an HMAC built from a raw secret imports it again each time.
  const secret = createSecretKey(typeof key === 'string' ? Buffer.from(key) : key);
  return (data) => createHmac('sha256', secret).update(data).digest();
}
