// SHA-256 and HMAC-SHA-256 (FIPS 180-4, RFC 2104) in plain JavaScript, synchronous, for the parts
// of the mock that run in a browser too (cursors, Idempotency-Key slots): Web Crypto's digests are
// async only, and a cursor is sealed and opened in the middle of a synchronous request.
// test/http/digest.test.ts holds them to RFC 4231's vectors and to node:crypto.

const ROUND_CONSTANTS = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const INITIAL_STATE = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const BLOCK_BYTES = 64;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const utf8 = (text: string): Uint8Array => encoder.encode(text);
export const fromUtf8 = (bytes: Uint8Array): string => decoder.decode(bytes);

const rotate = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** The SHA-256 digest of `data` (text as UTF-8). */
export function sha256(data: Uint8Array | string): Uint8Array {
  const message = typeof data === 'string' ? utf8(data) : data;
  // The message, a 1 bit, zeros, and its length in bits as 64 bits big-endian, to whole blocks.
  const padded = new Uint8Array(Math.ceil((message.length + 9) / BLOCK_BYTES) * BLOCK_BYTES);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bits = message.length * 8;
  view.setUint32(padded.length - 8, Math.floor(bits / 0x1_0000_0000));
  view.setUint32(padded.length - 4, bits >>> 0);
  const state = INITIAL_STATE.slice();
  const schedule = new Uint32Array(64);
  for (let offset = 0; offset < padded.length; offset += BLOCK_BYTES) {
    for (let i = 0; i < 16; i += 1) schedule[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i += 1) {
      const w15 = schedule[i - 15]!;
      const w2 = schedule[i - 2]!;
      const s0 = rotate(w15, 7) ^ rotate(w15, 18) ^ (w15 >>> 3);
      const s1 = rotate(w2, 17) ^ rotate(w2, 19) ^ (w2 >>> 10);
      schedule[i] = (schedule[i - 16]! + s0 + schedule[i - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, h] = state as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i += 1) {
      const t1 = (h + (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) + ((e & f) ^ (~e & g)) + ROUND_CONSTANTS[i]! + schedule[i]!) >>> 0;
      const t2 = ((rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    const rounds = [a, b, c, d, e, f, g, h];
    for (let i = 0; i < 8; i += 1) state[i] = (state[i]! + rounds[i]!) >>> 0;
  }
  const digest = new Uint8Array(32);
  const out = new DataView(digest.buffer);
  state.forEach((word, i) => out.setUint32(i * 4, word));
  return digest;
}

/** An HMAC-SHA-256 keyed once: the key's inner and outer pads are computed when it is made. */
export type Hmac = (data: Uint8Array | string) => Uint8Array;

export function hmacSha256(key: Uint8Array | string): Hmac {
  let keyBytes = typeof key === 'string' ? utf8(key) : key;
  if (keyBytes.length > BLOCK_BYTES) keyBytes = sha256(keyBytes);
  const inner = new Uint8Array(BLOCK_BYTES).fill(0x36);
  const outer = new Uint8Array(BLOCK_BYTES).fill(0x5c);
  keyBytes.forEach((byte, i) => {
    inner[i] = byte ^ 0x36;
    outer[i] = byte ^ 0x5c;
  });
  return (data) => {
    const message = typeof data === 'string' ? utf8(data) : data;
    return sha256(concatBytes([outer, sha256(concatBytes([inner, message]))]));
  };
}

/** Whether two byte strings are equal, in time that depends on their length only. */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

/** `parts` joined. */
function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const joined = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BASE64URL_VALUES = new Map([...BASE64URL].map((letter, value) => [letter, value]));

/** Base64url without padding (RFC 4648 §5), as Node's `base64url` encoding writes it. */
export function toBase64Url(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const letters = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let j = 0; j < letters; j += 1) text += BASE64URL[(chunk >>> (18 - j * 6)) & 63];
  }
  return text;
}

/** The bytes of base64url text (padding allowed); undefined when it holds any other character, or a length no encoding gives. */
export function fromBase64Url(text: string): Uint8Array | undefined {
  const letters = text.replace(/=+$/, '');
  if (letters.length % 4 === 1) return undefined;
  const bytes = new Uint8Array(Math.floor((letters.length * 6) / 8));
  let buffer = 0;
  let held = 0;
  let at = 0;
  for (const letter of letters) {
    const value = BASE64URL_VALUES.get(letter);
    if (value === undefined) return undefined;
    buffer = (buffer << 6) | value;
    held += 6;
    if (held >= 8) {
      held -= 8;
      bytes[at++] = (buffer >>> held) & 0xff;
    }
  }
  return bytes;
}

/** `length` random bytes from the platform's generator (Web Crypto, in Node and in browsers). */
export function randomBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

const HEX_OF_BYTE = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * `count` strings of `bytes` random bytes each, as hex digits, from the platform's cryptographic
 * generator (Node's and a browser's alike): one call for them all, as a call costs more than its bytes.
 */
export function randomHexes(bytes: number, count: number): string[] {
  const random = new Uint8Array(bytes * count);
  // A call fills 65 536 bytes at most: a world may have thousands of principals.
  for (let at = 0; at < random.length; at += 65_536) crypto.getRandomValues(random.subarray(at, at + 65_536));
  return Array.from({ length: count }, (_, i) => {
    let hex = '';
    for (let at = i * bytes; at < (i + 1) * bytes; at += 1) hex += HEX_OF_BYTE[random[at]!];
    return hex;
  });
}
