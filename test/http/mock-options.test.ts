// createMock's options from JavaScript, where no compiler checks them: a typo or a value of the
// wrong kind is a TypeError naming it, before anything starts.
import { describe, expect, it } from 'vitest';
import { createMock, type MockOptions } from '../../src/index.ts';

const refused = (options: Record<string, unknown>) => () => createMock(options as MockOptions);

describe('createMock(options) from JavaScript', () => {
  it('an option it does not take (a typo) → TypeError naming it and listing the options', () => {
    expect(refused({ pubilcUrl: 'https://demo.example.com' })).toThrow(/createMock has no option "pubilcUrl"; it takes world, seed, .*publicUrl/);
  });

  it.each([
    ['seed', 'abc', /seed must be a whole number, 0 or more, not "abc"/],
    ['corrections', 0, /corrections must be a whole number, 1 or more, not 0/],
    ['checkMs', -5, /checkMs must be a whole number of milliseconds, 0 or more, not -5/],
    ['onInvalidResponse', 'explode', /onInvalidResponse must be "error" or "warn", not "explode"/],
    ['stateFile', '', /stateFile must be a file path/],
    ['logger', { warn: () => undefined }, /logger must be \{ warn\(message\), error\(message\) \}/],
  ])('%s: %j → TypeError naming what it must be', (name, value, message) => {
    expect(refused({ [name]: value })).toThrow(TypeError);
    expect(refused({ [name]: value })).toThrow(message);
  });

  it('undefined counts as not given, and every documented kind of value is taken', () => {
    const mock = createMock({ seed: undefined, checkMs: 0, onInvalidResponse: 'warn', checkedWorldsDir: false, logger: { warn: () => undefined, error: () => undefined } });
    expect(mock.store.principals().length).toBeGreaterThan(0);
    mock.close();
  });
});
