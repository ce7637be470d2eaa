// The times a scenario stamps its records with: strictly increasing, all in the past of the
// world's clock, newest last, and after the world's newest record when the clock leaves room.
import { ScenarioRefusal } from './contract.ts';

/** The most a scenario's records are spread apart: close enough that the newest is recent. */
const MAX_SPACING_MS = 1000;

export interface Timeline {
  /** The next instant, as an ISO string: later than every one before it. */
  next(): string;
  /** The same instant as `next` last gave, in epoch ms (0 before the first). */
  last(): number;
}

/**
 * - `now`: the world's clock; every instant is before it.
 * - `newest`: the newest time the world's records carry; the instants are after it when the
 *   clock leaves room for `expected` of them (else they end just before now, 1 ms apart: a
 *   new record may be older than the world's newest, a changed one not; apply.ts checks that).
 * - Past the room it planned, an instant that would reach the clock refuses the scenario.
 */
export function createTimeline(now: number, newest: number, expected: number): Timeline {
  const upper = now - 1;
  // Room for the expected instants and as many again, for a builder that takes more than planned.
  const reserve = Math.max(1, Math.ceil(expected)) * 2 + 16;
  const room = upper - newest;
  const spacing = Math.max(1, Math.min(MAX_SPACING_MS, Math.floor(room / reserve)));
  const start = upper - spacing * reserve;
  let ticks = 0;
  let at = 0;
  return {
    next() {
      ticks += 1;
      at = start + spacing * ticks;
      if (at > upper) {
        throw new ScenarioRefusal('validation-failed', `the scenario needs more instants before the world's clock (${new Date(now).toISOString()}) than it planned: every record is dated in its past`, { rule: 'dated-before-now' });
      }
      return new Date(at).toISOString();
    },
    last: () => at,
  };
}
