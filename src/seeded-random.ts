// A small seeded generator (mulberry32) for the mock's random faults: same seed, same faults; and
// the one range of seeds every entry point takes.

/**
 * The largest seed: `--seed`, createMock's `seed`, `npm run fixtures -- --seed` and a session's
 * `seed` (spec/mock-admin.yaml's SessionRequest, `maximum`) all take 0 to this, so a seed that
 * starts a mock also opens a session.
 */
export const MAX_SEED = 2_147_483_647;

/** Whether `value` is a seed: a whole number from 0 to MAX_SEED. */
export function isSeed(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_SEED;
}

/** `skip`: start as if that many numbers had been drawn already (the state moves by one constant a draw). */
export function seededRandom(seed: number, skip = 0): () => number {
  let state = (seed + Math.imul(skip, 0x6d2b79f5)) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
