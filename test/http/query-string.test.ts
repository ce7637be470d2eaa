// parseQuery reads a query exactly as URLSearchParams does, whether it takes its fast path (plain
// characters) or not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/http/query-string.ts';

function asUrlSearchParamsReads(query: string): Record<string, string | string[]> {
  const read: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(query)) {
    const held = read[name];
    read[name] = held === undefined ? value : Array.isArray(held) ? [...held, value] : [held, value];
  }
  return read;
}

const characters = fc.constantFrom(...'ab=&&,%+?#-._~!$\'()*;:@/ 2C3Dé\u0000'.split(''), 'limit', 'status', 'not-fixed', '%2C', '%E2%82%AC', '%zz', '__proto__', 'constructor');

describe('parseQuery', () => {
  it('gives what URLSearchParams gives, for any query', () => {
    fc.assert(fc.property(fc.array(characters, { maxLength: 24 }).map((parts) => parts.join('')), (query) => {
      const parsed = parseQuery(query);
      expect(Object.getPrototypeOf(parsed)).toBeNull();
      expect({ ...parsed }).toEqual({ ...asUrlSearchParamsReads(query) });
    }), { numRuns: 3000 });
  });

  it('keeps repeated names in order, values with `=` whole, and names with no value empty', () => {
    expect({ ...parseQuery('status=open&status=fixed&status=being-fixed') }).toEqual({ status: ['open', 'fixed', 'being-fixed'] });
    expect({ ...parseQuery('a=b=c&flag&&x=') }).toEqual({ a: 'b=c', flag: '', x: '' });
    expect({ ...parseQuery('?limit=5') }).toEqual({ limit: '5' });
    expect({ ...parseQuery('q=a+b%20c') }).toEqual({ q: 'a b c' });
    expect(parseQuery('__proto__=1').__proto__).toBe('1');
  });
});
