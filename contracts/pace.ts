// The kit's clock and its requests-per-second ceiling: requests to a shared server are spaced
// out, never sent in bursts. Tests give a clock of their own, so no test waits or times anything.

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The ceiling against a target that is not this machine, unless `--rps` says otherwise. */
export const DEFAULT_REMOTE_RPS = 20;

export interface Pacer {
  /** Resolves when the next request may start: at least 1000/rps ms after the previous one started. */
  wait(): Promise<void>;
}

/** `rps` undefined: no ceiling. */
export function createPacer(rps: number | undefined, clock: Clock): Pacer {
  const gap = rps === undefined ? 0 : 1000 / rps;
  let next = -Infinity;
  return {
    async wait() {
      if (gap === 0) return;
      const now = clock.now();
      if (now < next) await clock.sleep(next - now);
      next = Math.max(now, next) + gap;
    },
  };
}
