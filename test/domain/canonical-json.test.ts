// Canonical JSON: keys sorted, no white space, undefined members left out; the same text for any
// order of the same keys. Cursors bind every list request by it, and page 000 bounds args by it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/domain/canonical-json.ts';

const INDEX_LIKE = /^(?:0|[1-9]\d*)$/;

// Copies are made without a prototype, so that a "__proto__" key (fast-check makes them, and JSON.parse
// keeps them as own members) is copied as a member rather than setting the copy's prototype.

/** `value` with every object's keys inserted in sorted order, index-like keys left out (JS orders those first). */
function sortedCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedCopy);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value).sort()) if (!INDEX_LIKE.test(key)) copy[key] = sortedCopy((value as Record<string, unknown>)[key]);
  return copy;
}

/** `value` with every object's keys inserted in reverse order. */
function reversedCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedCopy);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value).reverse()) copy[key] = reversedCopy((value as Record<string, unknown>)[key]);
  return copy;
}

describe('canonicalJson', () => {
  it('is JSON.stringify of a value whose keys are already in order', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      const sorted = sortedCopy(value);
      expect(canonicalJson(sorted)).toBe(JSON.stringify(sorted));
    }), { numRuns: 500 });
  });

  it('gives the same text for any order of the same keys, and parses back to the value', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      const text = canonicalJson(value);
      expect(canonicalJson(reversedCopy(value))).toBe(text);
      expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
    }), { numRuns: 500 });
  });

  it('sorts keys as strings, index-like ones too, and leaves undefined members out', () => {
    expect(canonicalJson({ 9: 'a', 10: 'b', b: [undefined, { y: undefined, x: 1 }], a: '' })).toBe('{"10":"b","9":"a","a":"","b":[null,{"x":1}]}');
    expect(canonicalJson([])).toBe('[]');
    expect(canonicalJson({})).toBe('{}');
    expect(canonicalJson({ only: undefined })).toBe('{}');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson(JSON.parse('{"b":2,"__proto__":{"a":1}}'))).toBe('{"__proto__":{"a":1},"b":2}');
  });
});
