// resolvePointer looks up RFC 6901 JSON Pointers, as item pointers into a run's output (page 000).
import { describe, expect, it } from 'vitest';
import { resolvePointer } from '../../src/domain/json-pointer.ts';

const output = {
  a: [10, 20, { b: 'deep' }],
  'a/b': 'slash',
  'm~n': 'tilde',
  '~1': 'tilde-one',
  '': 'empty key',
  nothing: null,
  zero: 0,
  matches: ['case_1', 'case_2', 'case_3'],
};

describe('resolvePointer', () => {
  it("resolves '' to the whole document", () => {
    expect(resolvePointer(output, '')).toBe(output);
    expect(resolvePointer('plain text', '')).toBe('plain text');
  });

  it("resolves '/a/0' to the first element of the array at a", () => {
    expect(resolvePointer(output, '/a/0')).toBe(10);
    expect(resolvePointer(output, '/matches/2')).toBe('case_3');
  });

  it('walks nested objects inside arrays', () => {
    expect(resolvePointer(output, '/a/2/b')).toBe('deep');
  });

  it('unescapes ~1 to a slash', () => {
    expect(resolvePointer(output, '/a~1b')).toBe('slash');
  });

  it('unescapes ~0 to a tilde', () => {
    expect(resolvePointer(output, '/m~0n')).toBe('tilde');
  });

  it('unescapes ~01 to the key ~1, not to a slash (~1 first, then ~0)', () => {
    expect(resolvePointer(output, '/~01')).toBe('tilde-one');
  });

  it("resolves '/' to the member with the empty key", () => {
    expect(resolvePointer(output, '/')).toBe('empty key');
  });

  it('resolves to null and 0 values, which are something', () => {
    expect(resolvePointer(output, '/nothing')).toBeNull();
    expect(resolvePointer(output, '/zero')).toBe(0);
  });

  it('refuses an array index with a leading zero', () => {
    expect(resolvePointer(output, '/a/01')).toBeUndefined();
    expect(resolvePointer(output, '/a/00')).toBeUndefined();
  });

  it('refuses array indexes that are not whole numbers, and the - past-the-end index', () => {
    expect(resolvePointer(output, '/a/-')).toBeUndefined();
    expect(resolvePointer(output, '/a/1.0')).toBeUndefined();
    expect(resolvePointer(output, '/a/-1')).toBeUndefined();
    expect(resolvePointer(output, '/a/x')).toBeUndefined();
  });

  it('resolves an index past the end of an array to undefined', () => {
    expect(resolvePointer(output, '/a/3')).toBeUndefined();
  });

  it('resolves a missing key to undefined', () => {
    expect(resolvePointer(output, '/missing')).toBeUndefined();
    expect(resolvePointer(output, '/a/2/missing')).toBeUndefined();
  });

  it('does not find inherited properties', () => {
    expect(resolvePointer(output, '/toString')).toBeUndefined();
    expect(resolvePointer(output, '/a/length')).toBeUndefined();
  });

  it('resolves a path through a scalar or null to undefined', () => {
    expect(resolvePointer(output, '/zero/x')).toBeUndefined();
    expect(resolvePointer(output, '/nothing/x')).toBeUndefined();
  });

  it('resolves a pointer that does not start with a slash to undefined', () => {
    expect(resolvePointer(output, 'a/0')).toBeUndefined();
    expect(resolvePointer(output, '#/a/0')).toBeUndefined();
  });
});
