// The bodies of the clock routes (`/__mock/clock`, `/__mock/sessions/{id}/clock`): each accepts
// exactly what its schema in spec/mock-admin.yaml accepts (test/spec/mock-admin-bodies.test.ts).
import { clockRangeProblem, parseDateTime, type ClockSetting, type MockClock } from '../../worlds/mock-clock.ts';
import { ApiError } from '../api-error.ts';
import { isObject, refuseUnknownFields } from './body-fields.ts';

/** Ten years: further is a typo, and past it dates leave the range people read. */
export const MAX_ADVANCE_MS = 10 * 365 * 24 * 60 * 60 * 1000;

/**
 * `PUT …/clock`: `{ now, frozen? }`; `frozen` is false when left out (a PUT replaces the setting).
 * - What a schema cannot say: a time past LATEST_CLOCK_TIME, or a leap second, is refused too.
 */
export function parseClockSetting(body: unknown): ClockSetting {
  if (!isObject(body)) throw new ApiError('bad-input', 'send a JSON object: { "now": "<date-time>", "frozen"?: true | false }');
  refuseUnknownFields(body, ['now', 'frozen'], 'the clock takes now and frozen');
  const { now, frozen = false } = body;
  const time = typeof now === 'string' ? parseDateTime(now) : undefined;
  if (time === undefined) throw new ApiError('bad-input', `now is a date-time with its offset, of a day and time that exist, e.g. 2026-11-28T09:00:00Z${typeof now === 'string' ? `, not "${now.slice(0, 40)}"` : ''}`, { field: 'now' });
  const problem = clockRangeProblem(time);
  if (problem) throw new ApiError('bad-input', problem, { field: 'now' });
  if (typeof frozen !== 'boolean') throw new ApiError('bad-input', 'frozen must be true or false', { field: 'frozen' });
  return { now: time, frozen };
}

/**
 * `POST …/clock/advance`: `{ ms }`, whole milliseconds forward.
 * - What a schema cannot say: a move that would take `clock` past LATEST_CLOCK_TIME is refused too.
 */
export function parseClockAdvance(body: unknown, clock: MockClock): number {
  if (!isObject(body)) throw new ApiError('bad-input', 'send a JSON object: { "ms": <whole milliseconds> }');
  refuseUnknownFields(body, ['ms'], 'advancing the clock takes ms');
  const { ms } = body;
  if (!Number.isInteger(ms) || (ms as number) < 0 || (ms as number) > MAX_ADVANCE_MS) {
    throw new ApiError('bad-input', `ms is whole milliseconds from 0 to ${MAX_ADVANCE_MS} (ten years); the clock only moves forward (PUT sets it)`, { field: 'ms' });
  }
  const problem = clockRangeProblem(clock.now() + (ms as number));
  if (problem) throw new ApiError('bad-input', problem, { field: 'ms' });
  return ms as number;
}
