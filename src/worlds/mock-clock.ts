// A world's clock: real time by default, or set to a time that then runs on or stays frozen.
// It stamps writes and moves cursors' expiry, checks' ends, approvals and tokens' expiry.

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

/** `2026-11-28T09:00:00Z` or `2026-11-28T09:00:00Z,frozen` (`--clock`). */
export function parseClockFlag(text: string): ClockSetting {
  const [time = '', flag, extra] = text.split(',');
  const now = Date.parse(time);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(time) || Number.isNaN(now) || extra !== undefined || (flag !== undefined && flag !== 'frozen')) {
    throw new TypeError(`--clock takes a date-time with its offset, optionally followed by ",frozen" (e.g. 2026-11-28T09:00:00Z,frozen), not "${text}"`);
  }
  return { now, frozen: flag === 'frozen' };
}
