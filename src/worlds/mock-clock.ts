// A world's clock: real time by default, or set to a time that then runs on or stays frozen.
// It stamps writes and moves cursors' expiry, checks' ends, approvals and tokens' expiry.
import { fullFormats } from 'ajv-formats/dist/formats.js';

export interface ClockSetting {
  /** Epoch milliseconds. */
  now: number;
  frozen: boolean;
}

export interface MockClock {
  now(): number;
  /** The time now, and whether it is frozen. */
  read(): ClockSetting;
  /** From now on the clock reads `now`, and runs on from there unless `frozen`. */
  set(setting: ClockSetting): void;
  /** Moves the clock on by `ms`, frozen or not. */
  advance(ms: number): void;
}

/**
 * - `source`: real time (Date.now), or a test's own clock; a set clock runs at its pace.
 * - `start`: set at once, as `--clock` does.
 */
export function createMockClock(source: () => number = Date.now, start?: ClockSetting): MockClock {
  let offset = 0;
  let frozenAt: number | undefined;
  const now = () => frozenAt ?? source() + offset;
  const set = (setting: ClockSetting) => {
    frozenAt = setting.frozen ? setting.now : undefined;
    offset = setting.now - source();
  };
  if (start) set(start);
  return {
    now,
    read: () => ({ now: now(), frozen: frozenAt !== undefined }),
    set,
    advance(ms) {
      if (frozenAt !== undefined) frozenAt += ms;
      else offset += ms;
    },
  };
}

/**
 * The base world's clock as the state file keeps it (`--state`): its setting, and the source's
 * time when it was made, so that after a restart a running clock runs on from where it was.
 */
export interface KeptClock {
  now: number;
  frozen: boolean;
  /** The clock's source (real time, or a test's clock) when the setting was made, epoch ms. */
  at: number;
}

/** The setting a kept clock stands for when its source reads `sourceNow`: frozen as it was, or moved on by the time since. */
export function resumedClock(kept: KeptClock, sourceNow: number): ClockSetting {
  return { now: kept.frozen ? kept.now : kept.now + (sourceNow - kept.at), frozen: kept.frozen };
}

/**
 * `clock`, whose `set` and `advance` first hand the setting they make to `keep` (the state file):
 * one that throws (a disk that did not take it) changes nothing.
 */
export function keptClock(clock: MockClock, source: () => number, keep: (kept: KeptClock) => void): MockClock {
  return {
    now: clock.now,
    read: clock.read,
    set(setting) {
      keep({ now: setting.now, frozen: setting.frozen, at: source() });
      clock.set(setting);
    },
    advance(ms) {
      const { now, frozen } = clock.read();
      keep({ now: now + ms, frozen, at: source() });
      clock.advance(ms);
    },
  };
}

/**
 * The latest time a clock may read: a year before the last one ISO 8601 writes with four digits,
 * so that whatever runs from it (a day's cursor, a week's session) is still a date the API can send.
 */
export const LATEST_CLOCK_TIME = Date.parse('9998-12-31T00:00:00.000Z');

const dateTimeFormat = fullFormats['date-time'] as { validate: (text: string) => boolean };

/** Epoch ms of an RFC 3339 date-time exactly as the schemas' `format: date-time` takes it; undefined for any other text (a leap second too). */
export function parseDateTime(text: string): number | undefined {
  const time = dateTimeFormat.validate(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(time) ? undefined : time;
}

/** Why a clock may not read `now` whatever the world, or undefined. */
export function clockRangeProblem(now: number): string | undefined {
  if (!Number.isFinite(now)) return `the clock needs a time, not ${now}`;
  if (now < 0 || now > LATEST_CLOCK_TIME) {
    // A Date can hold only ±8.64e15 ms: past that, say the number.
    const shown = Math.abs(now) <= 8.64e15 ? new Date(now).toISOString() : `${now} ms`;
    return `the clock reads times from 1970 to ${new Date(LATEST_CLOCK_TIME).toISOString()}, not ${shown}`;
  }
  return undefined;
}

/** `2026-11-28T09:00:00Z` or `2026-11-28T09:00:00Z,frozen` (`--clock`). */
export function parseClockFlag(text: string): ClockSetting {
  const [time = '', flag, extra] = text.split(',');
  const now = parseDateTime(time);
  if (now === undefined || extra !== undefined || (flag !== undefined && flag !== 'frozen')) {
    throw new TypeError(`--clock takes a date-time with its offset, optionally followed by ",frozen" (e.g. 2026-11-28T09:00:00Z,frozen), not "${text}"`);
  }
  const problem = clockRangeProblem(now);
  if (problem) throw new TypeError(`--clock: ${problem}`);
  return { now, frozen: flag === 'frozen' };
}

/** The clock option's `{ now, frozen? }` (`--clock`) as a setting: `now` as a date-time or epoch ms. */
export function clockSettingOf(start: { now: string | number; frozen?: boolean }): ClockSetting {
  return { now: typeof start.now === 'number' ? start.now : Date.parse(start.now), frozen: start.frozen === true };
}
