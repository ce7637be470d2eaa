// The request bodies of the /__mock routes: the router's own parsers and the document's request
// schemas (spec/mock-admin.yaml) take exactly the same bodies, on generated bodies near the edges.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REOPENED_HOW } from '../../src/domain/types.ts';
import { ApiError } from '../../src/http/api-error.ts';
import { parseCheckFinish, parseFaults, parseTestRun } from '../../src/http/routes/mock-admin.ts';
import { loadMockAdminSpec, mockAdminValidators } from '../../src/spec/mock-admin-spec.ts';
import { parseClockAdvance, parseClockSetting } from '../../src/http/routes/clock-bodies.ts';
import { createMockClock } from '../../src/worlds/mock-clock.ts';
import { checkSessionOptions, SessionRefusal } from '../../src/worlds/sessions.ts';

const validators = mockAdminValidators();
const schemaOf = (operationId: string) => {
  const validate = validators.requestBody(operationId);
  if (!validate) throw new Error(`${operationId} documents no request body`);
  return (body: unknown) => validate(body) === true;
};

/** Whether the parser takes the body: a 400 ApiError is a refusal, anything else a failure of the test. */
const takes = (parse: (body: unknown) => unknown) => (body: unknown): boolean => {
  try {
    parse(body);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return false;
    throw error;
  }
};

// Values on both sides of every edge the bodies have, and a few of every JSON type.
const edgy = fc.constantFrom<unknown>(-1, 0, 0.5, 1, 1.5, 2, 3, 59_999.5, 60_000, 60_001, '', '1', 'pin', null, true, false, [], {}, ['a'], [1], { rate: 1 });
const anyJson = fc.oneof(edgy, fc.jsonValue({ maxDepth: 2 }));
const PROPERTY_RUNS = { numRuns: 2000 };

describe('POST /__mock/faults: parseFaults and FaultsRequest', () => {
  const schema = schemaOf('setMockFaults');
  const accepted = takes(parseFaults);
  const bodies = fc.oneof(
    fc.record({
      databaseBusy: fc.oneof(fc.record({ rate: anyJson, retryAfter: anyJson, extra: anyJson }, { requiredKeys: [] }), anyJson),
      latencyMs: fc.oneof(fc.record({ min: anyJson, max: anyJson, extra: anyJson }, { requiredKeys: [] }), anyJson),
      failChecks: anyJson,
      chaos: anyJson,
    }, { requiredKeys: [] }),
    anyJson,
  );
  /** The one rule a schema cannot say: min (0 when left out) above max. */
  const minAboveMax = (body: unknown) => {
    const latency = (body as { latencyMs?: { min?: number; max: number } }).latencyMs;
    return latency !== undefined && (latency.min ?? 0) > latency.max;
  };

  it('every body the router takes the schema takes, and every body the schema takes the router takes unless latencyMs.min > latencyMs.max', () => {
    fc.assert(fc.property(bodies, (body) => {
      const bySchema = schema(body);
      expect(accepted(body), JSON.stringify(body)).toBe(bySchema && !minAboveMax(body));
    }), PROPERTY_RUNS);
  });

  it.each([
    ['the README example', { databaseBusy: { rate: 0.1, retryAfter: 2 }, latencyMs: { min: 0, max: 300 }, failChecks: true }],
    ['{} (every fault off)', {}],
    ['{ databaseBusy: { rate: 1 } } (retryAfter 1)', { databaseBusy: { rate: 1 } }],
    ['{ latencyMs: { max: 60000 } } (min 0)', { latencyMs: { max: 60_000 } }],
  ])('takes %s, as the schema does', (_name, body) => {
    expect(accepted(body)).toBe(true);
    expect(schema(body)).toBe(true);
  });

  it.each([
    ['{ chaos: true }', { chaos: true }],
    ['{ databaseBusy: { rate: 2 } }', { databaseBusy: { rate: 2 } }],
    ['{ databaseBusy: { rate: 1, retryAfter: 1.5 } }', { databaseBusy: { rate: 1, retryAfter: 1.5 } }],
    ['{ databaseBusy: { rate: 1, burst: 3 } }', { databaseBusy: { rate: 1, burst: 3 } }],
    ['{ databaseBusy: null }', { databaseBusy: null }],
    ['{ latencyMs: { min: 10 } } (no max)', { latencyMs: { min: 10 } }],
    ['{ latencyMs: { max: 60001 } }', { latencyMs: { max: 60_001 } }],
    ['{ failChecks: "yes" }', { failChecks: 'yes' }],
    ['[] (not an object)', []],
  ])('refuses %s, as the schema does', (_name, body) => {
    expect(accepted(body)).toBe(false);
    expect(schema(body)).toBe(false);
  });

  it('refuses { latencyMs: { min: 200, max: 100 } }, which the schema takes: its description says so', () => {
    const body = { latencyMs: { min: 200, max: 100 } };
    expect(accepted(body)).toBe(false);
    expect(schema(body)).toBe(true);
    expect(loadMockAdminSpec().components?.schemas?.FaultsRequest?.description).toMatch(/`latencyMs\.min` may\s+not exceed `latencyMs\.max`/);
  });
});

describe('POST /__mock/test-runs: parseTestRun and TestRun', () => {
  const schema = schemaOf('recordMockTestRun');
  const accepted = takes(parseTestRun);
  const ids = fc.oneof(fc.constantFrom<unknown>([], ['cor_1'], ['', 'cor_2'], [1], ['cor_1', null], 'cor_1', null, {}), anyJson);
  const bodies = fc.oneof(
    fc.record({
      version: fc.oneof(fc.constantFrom<unknown>('', 'v1', '7', 7, null), anyJson),
      how: fc.oneof(fc.constantFrom<unknown>(...REOPENED_HOW, 'sideways', 'PIN', 1, null), anyJson),
      wrong: ids,
      right: ids,
      extra: anyJson,
    }, { requiredKeys: [] }),
    anyJson,
  );

  it('takes exactly the bodies the schema takes', () => {
    fc.assert(fc.property(bodies, (body) => {
      expect(accepted(body), JSON.stringify(body)).toBe(schema(body));
    }), PROPERTY_RUNS);
  });

  it.each(REOPENED_HOW)('takes { version: "7", how: "%s", wrong: [ids], right: [] }, as the schema does', (how) => {
    const body = { version: '7', how, wrong: ['cor_1'], right: [] };
    expect(accepted(body)).toBe(true);
    expect(schema(body)).toBe(true);
  });

  it.each([
    ['{ how: "pin" } (no version)', { how: 'pin' }],
    ['{ version: "", how: "pin" }', { version: '', how: 'pin' }],
    ['{ version: "7", how: "sideways" }', { version: '7', how: 'sideways' }],
    ['{ version: "7", how: "pin", wrong: "cor_1" }', { version: '7', how: 'pin', wrong: 'cor_1' }],
    ['{ version: "7", how: "pin", extra: true }', { version: '7', how: 'pin', extra: true }],
  ])('refuses %s, as the schema does', (_name, body) => {
    expect(accepted(body)).toBe(false);
    expect(schema(body)).toBe(false);
  });
});

describe('POST /__mock/checks/{id}/finish: parseCheckFinish and CheckFinish', () => {
  const schema = schemaOf('finishMockCheck');
  const accepted = takes(parseCheckFinish);
  const bodies = fc.oneof(fc.record({ fails: anyJson, extra: anyJson }, { requiredKeys: [] }), anyJson);

  it('takes exactly the bodies the schema takes, and no body at all, which the document makes optional', () => {
    fc.assert(fc.property(bodies, (body) => {
      expect(accepted(body), JSON.stringify(body)).toBe(schema(body));
    }), PROPERTY_RUNS);
    expect(accepted(undefined)).toBe(true);
    expect(validators.operation('finishMockCheck').requestBody?.required).toBe(false);
  });

  it('refuses [] and { fails: "yes" } and { now: true }, as the schema does', () => {
    for (const body of [[], { fails: 'yes' }, { now: true }]) {
      expect(accepted(body), JSON.stringify(body)).toBe(false);
      expect(schema(body), JSON.stringify(body)).toBe(false);
    }
  });
});

describe('the routes that read no body', () => {
  it.each(['getMockPrincipals', 'getMockState', 'resetMock', 'clearMockFaults', 'decideMockApproval'])('%s documents none', (operationId) => {
    expect(validators.operation(operationId).requestBody).toBeUndefined();
  });
});

describe('the clock and session bodies: their parsers and ClockSetting, ClockAdvance and SessionRequest', () => {
  const clock = createMockClock(() => Date.parse('2026-12-01T00:00:00Z'));
  const sessionOptions = (body: unknown) => {
    try {
      checkSessionOptions(body);
      return true;
    } catch (error) {
      if (error instanceof SessionRefusal) return false;
      throw error;
    }
  };
  // Dates on both sides of what RFC 3339 and the clock's range take.
  const times = fc.oneof(
    fc.constantFrom('2026-12-01T00:00:00Z', '2026-12-01T00:00:00.5+05:30', '2026-12-01t00:00:00z', '2027-02-29T00:00:00Z', '2028-02-29T00:00:00Z',
      '2026-11-31T00:00:00Z', '2026-12-01T24:00:00Z', '2026-12-01T00:00Z', '2026-12-01', '9998-12-30T00:00:00Z', '9999-01-01T00:00:00Z', '1969-12-31T23:59:59Z'),
    fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9998-12-30T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString()),
    anyJson,
  );
  /** What a schema cannot say: the clock's range (from 1970 to 9998-12-31) and leap seconds, which a Date cannot hold. */
  const inRange = (now: unknown) => typeof now !== 'string' || (!/:60(\.|Z|[+-])/i.test(now) && Date.parse(now) >= 0 && Date.parse(now) <= Date.parse('9998-12-31T00:00:00Z'));

  it('PUT …/clock: the parser takes exactly what ClockSetting takes, within the clock\'s range', () => {
    const schema = schemaOf('setMockClock');
    fc.assert(fc.property(fc.oneof(fc.record({ now: times, frozen: anyJson, tz: anyJson }, { requiredKeys: [] }), anyJson), (body) => {
      const now = (body as { now?: unknown } | null)?.now;
      expect(takes(parseClockSetting)(body), JSON.stringify(body)).toBe(schema(body) && inRange(now));
    }), PROPERTY_RUNS);
  });

  it('POST …/clock/advance: the parser takes exactly what ClockAdvance takes', () => {
    const schema = schemaOf('advanceMockClock');
    const ms = fc.oneof(anyJson, fc.integer({ min: -10, max: 10 }), fc.constantFrom(315_360_000_000, 315_360_000_001));
    fc.assert(fc.property(fc.oneof(fc.record({ ms, minutes: anyJson }, { requiredKeys: [] }), anyJson), (body) => {
      expect(takes((b) => parseClockAdvance(b, clock))(body), JSON.stringify(body)).toBe(schema(body));
    }), PROPERTY_RUNS);
  });

  it('POST /__mock/sessions: checkSessionOptions takes exactly what SessionRequest takes', () => {
    const schema = schemaOf('createMockSession');
    const edges = fc.constantFrom<unknown>(0, 1, 100_000, 100_001, 604_800, 604_801, 2_147_483_647, 2_147_483_648, 'x'.repeat(200), 'x'.repeat(201));
    const field = fc.oneof(anyJson, edges);
    // `scenarios`: lists of steps near their edges (a name, params an object, nothing else), and up to 101 of them.
    const step = fc.oneof(fc.record({ name: fc.oneof(fc.constantFrom('correction', ''), anyJson), params: fc.oneof(fc.constant({ count: 2 }), anyJson), extra: anyJson }, { requiredKeys: [] }), anyJson);
    const scenarios = fc.oneof(fc.array(step, { maxLength: 3 }), fc.constantFrom(100, 101).map((n) => Array.from({ length: n }, () => ({ name: 'correction' }))), anyJson);
    fc.assert(fc.property(fc.oneof(fc.record({ name: field, seed: field, ttlSeconds: field, corrections: field, scenarios, owner: field }, { requiredKeys: [] }), anyJson), (body) => {
      expect(sessionOptions(body), JSON.stringify(body)).toBe(schema(body));
    }), PROPERTY_RUNS);
  });
});
