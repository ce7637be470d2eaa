// createMock's options from JavaScript, where no compiler checks them: a typo or a value of the
// wrong kind is a TypeError naming it, before anything starts.
import { describe, expect, it } from 'vitest';
import { createMock, type MockOptions } from '../../src/index.ts';
import { checkMockOptions } from '../../src/mock-options.ts';
import { MAX_SEED } from '../../src/seeded-random.ts';
import { loadMockAdminSpec } from '../../src/spec/mock-admin-spec.ts';

const refused = (options: Record<string, unknown>) => () => createMock(options as MockOptions);

describe('createMock(options) from JavaScript', () => {
  it('an option it does not take (a typo) → TypeError naming it and listing the options', () => {
    expect(refused({ pubilcUrl: 'https://demo.example.com' })).toThrow(/createMock has no option "pubilcUrl"; it takes world, seed, .*publicUrl/);
  });

  it.each([
    ['seed', 'abc', /seed must be a whole number from 0 to 2147483647, not "abc"/],
    ['seed', 2_147_483_648, /seed must be a whole number from 0 to 2147483647, not 2147483648/],
    ['corrections', -1, /corrections must be a whole number, 0 or more \(0: no correction and no suggested change\), not -1/],
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

  it('seed: one range with a session\'s seed (spec/mock-admin.yaml\'s SessionRequest), and its largest is taken', () => {
    const sessionSeed = (loadMockAdminSpec().components?.schemas?.SessionRequest as { properties: { seed: { minimum: number; maximum: number } } }).properties.seed;
    expect(sessionSeed).toMatchObject({ minimum: 0, maximum: MAX_SEED });
    expect(() => checkMockOptions({ seed: MAX_SEED })).not.toThrow();
    expect(() => checkMockOptions({ seed: MAX_SEED + 1 })).toThrow(TypeError);
  });
});
