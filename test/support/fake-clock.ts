// A clock for the contract kit that moves only when slept on, and records each sleep: pace and
// retries are tested by what the kit asked to wait, never by timing it.
import type { Clock } from '../../contracts/pace.ts';

export function fakeClock(start = 1_000_000): Clock & { slept: number[] } {
  let now = start;
  const slept: number[] = [];
  return { slept, now: () => now, sleep: async (ms) => { slept.push(ms); now += ms; } };
}
