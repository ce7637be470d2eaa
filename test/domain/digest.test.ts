// The plain-JavaScript digests the browser-safe core uses, held to RFC 4231's HMAC-SHA-256 test
// vectors, FIPS 180-4's SHA-256 examples, and node:crypto on random inputs of every length near a block.
import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equalBytes, fromBase64Url, hmacSha256, sha256, toBase64Url } from '../../src/digest.ts';
import { nodeHmacSha256 } from '../../src/node-hmac.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const bytesOfHex = (text: string) => new Uint8Array(Buffer.from(text, 'hex'));

describe('sha256', () => {
  it('gives FIPS 180-4\'s digests of "abc", the empty string and the two-block message', () => {
    expect(hex(sha256('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex(sha256(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });

  it('agrees with node:crypto for messages of 0 to 300 bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 0, maxLength: 300 }), (data) => {
      expect(hex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
    }), { numRuns: 400 });
  });
});

describe('hmacSha256', () => {
  // RFC 4231 §4: test cases 1, 2, 3, 4, 6 and 7 (5 is truncated output).
  const vectors = [
    { key: '0b'.repeat(20), data: Buffer.from('Hi There').toString('hex'), mac: 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7' },
    { key: Buffer.from('Jefe').toString('hex'), data: Buffer.from('what do ya want for nothing?').toString('hex'), mac: '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843' },
    { key: 'aa'.repeat(20), data: 'dd'.repeat(50), mac: '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe' },
    { key: '0102030405060708090a0b0c0d0e0f10111213141516171819', data: 'cd'.repeat(50), mac: '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b' },
    { key: 'aa'.repeat(131), data: Buffer.from('Test Using Larger Than Block-Size Key - Hash Key First').toString('hex'), mac: '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54' },
    {
      key: 'aa'.repeat(131),
      data: Buffer.from('This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.').toString('hex'),
      mac: '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
    },
  ];
  it.each(vectors)('gives RFC 4231\'s MAC for key $key', ({ key, data, mac }) => {
    expect(hex(hmacSha256(bytesOfHex(key))(bytesOfHex(data)))).toBe(mac);
  });

  it('agrees with node:crypto for keys and messages of any length', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 150 }), fc.string({ maxLength: 200 }), (key, data) => {
      expect(hex(hmacSha256(key)(data))).toBe(createHmac('sha256', key).update(data).digest('hex'));
    }), { numRuns: 300 });
  });

  it('the server\'s native HMAC (node-hmac.ts) seals what the browser\'s would: one cursor, either way', () => {
    fc.assert(fc.property(fc.oneof(fc.string({ minLength: 1, maxLength: 80 }), fc.uint8Array({ minLength: 1, maxLength: 80 })), fc.string({ maxLength: 200 }), (key, data) => {
      expect(hex(nodeHmacSha256(key)(data))).toBe(hex(hmacSha256(key)(data)));
    }), { numRuns: 200 });
  });
});

describe('base64url', () => {
  it('encodes as Node does and decodes what it encodes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 100 }), (data) => {
      const text = toBase64Url(data);
      expect(text).toBe(Buffer.from(data).toString('base64url'));
      expect(hex(fromBase64Url(text)!)).toBe(hex(data));
    }));
  });

  it('refuses a character outside the alphabet, and a length no encoding gives', () => {
    expect(fromBase64Url('ab+c')).toBeUndefined();
    expect(fromBase64Url('abcde')).toBeUndefined();
    expect(fromBase64Url('')).toEqual(new Uint8Array(0));
  });
});

describe('equalBytes', () => {
  it('is true for the same bytes only', () => {
    expect(equalBytes(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(equalBytes(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(equalBytes(new Uint8Array([1, 2]), new Uint8Array([1, 2, 3]))).toBe(false);
  });
});
