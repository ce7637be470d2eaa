// The bodies of the clock routes (`/__mock/clock`, `/__mock/sessions/{id}/clock`): each accepts
// exactly what its schema in spec/mock-admin.yaml accepts (test/spec/mock-admin-bodies.test.ts).
import type { ClockSetting } from '../../worlds/mock-clock.ts';
import { ApiError } from '../api-error.ts';
import { isObject, refuseUnknownFields } from './body-fields.ts';

/** RFC 3339, as `format: date-time` takes it: a date, a time, and its offset. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;
/** Ten years: further is a typo, and past it dates leave the range people read. */
export const MAX_ADVANCE_MS = 10 * 365 * 24 * 60 * 60 * 1000;

/** `PUT …/clock`: `{ now, frozen? }`; `frozen` is false when left out (a PUT replaces the setting). */
export function parseClockSetting(body: unknown): ClockSetting {
  if (!isObject(body)) throw new ApiError('bad-input', 'send a JSON object: { "now": "<date-time>", "frozen"?: true | false }');
  refuseUnknownFields(body, ['now', 'frozen'], 'the clock takes now and frozen');
  const { now, frozen = false } = body;
  const time = typeof now === 'string' && DATE_TIME.test(now) ? Date.parse(now) : Number.NaN;
  if (Number.isNaN(time)) throw new ApiError('bad-input', 'now is a date-time with its offset, e.g. 2026-11-28T09:00:00Z', { field: 'now' });
  if (typeof frozen !== 'boolean') throw new ApiError('bad-input', 'frozen must be true or false', { field: 'frozen' });
  return { now: time, frozen };
}

/** `POST …/clock/advance`: `{ ms }`, whole milliseconds forward. */
export function parseClockAdvance(body: unknown): number {
  if (!isObject(body)) throw new ApiError('bad-input', 'send a JSON object: { "ms": <whole milliseconds> }');
  refuseUnknownFields(body, ['ms'], 'advancing the clock takes ms');
  const { ms } = body;
  if (!Number.isInteger(ms) || (ms as number) < 0 || (ms as number) > MAX_ADVANCE_MS) {
    throw new ApiError('bad-input', `ms is whole milliseconds from 0 to ${MAX_ADVANCE_MS} (ten years); the clock only moves forward (PUT sets it)`, { field: 'ms' });
  }
  return ms as number;
}
