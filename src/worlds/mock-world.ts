// Builds one world the mock serves (the base world, or a session's) from the settings they share.
import type { FaultSettings, MockWorld } from '../http/context.ts';
import { createCursorSealer } from '../http/cursor.ts';
import { randomBytes, type Hmac } from '../digest.ts';
import { seededRandom } from '../seeded-random.ts';
import type { StoreOptions, WorldStore } from '../store/world-store.ts';
import { cursorSecretOf, idMaker } from './id-sequence.ts';
import { clockRangeProblem, createMockClock, type ClockSetting, type MockClock } from './mock-clock.ts';

/** How long a suggested change's check runs unless told (`checkMs`, `--check-ms`). */
export const DEFAULT_CHECK_MS = 1500;

export interface WorldSettings {
  /** Real time, or a test's own clock. */
  clockSource: () => number;
  /** The clock as `--clock` sets it at start; a session's clock starts so too. */
  clockStart?: ClockSetting;
  /** The faults a world starts with (`--fault-rate`, `--latency`). */
  faults: FaultSettings;
  /** Seeds the ids and the cursor secret (a deterministic world); random when undefined. */
  seed?: number;
  /** Seals cursors with this instead (`--cursor-secret`). */
  cursorSecret?: string;
  /** Seeds the random faults; the seed, else 1. */
  faultSeed?: number;
  /** The HMAC that seals cursors: node:crypto's on a server (native, faster), plain JavaScript's (digest.ts) by default. */
  hmac?: (key: string | Uint8Array) => Hmac;
  /**
   * With a shared store (src/replica): the hooks of a world's store, by the world's key ('' the
   * base world, a session's id), and what watches its clock and faults, so that each change goes
   * to the log every replica applies.
   */
  replication?: WorldReplication;
}

/** What a replica hooks into each world it makes (see WorldSettings.replication). */
export interface WorldReplication {
  storeHooks(worldKey: string): Pick<StoreOptions, 'onCommit' | 'onReset'>;
  /** Called once the world is made: it may wrap the world's clock and watch its faults. */
  attach(worldKey: string, world: MockWorld): void;
}

/** A world's clock, as the settings start it; made before its store, which keeps time by it. */
export const createWorldClock = (settings: WorldSettings): MockClock => createMockClock(settings.clockSource, settings.clockStart);

/**
 * - `idEpoch`: the writes a state file restored; it picks another of the seed's id sequences, so
 *   that a restarted seeded mock makes new ids.
 */
export function createMockWorld(settings: WorldSettings, clock: MockClock, store: WorldStore, extra: { idEpoch?: number; sessionId?: string } = {}): MockWorld {
  const secret = settings.cursorSecret ?? (settings.seed !== undefined ? cursorSecretOf(settings.seed) : randomBytes(32));
  const random = () => seededRandom(settings.faultSeed ?? settings.seed ?? 1);
  const world: MockWorld = {
    ...(extra.sessionId !== undefined ? { sessionId: extra.sessionId } : {}),
    store,
    faults: structuredClone(settings.faults),
    clock,
    cursors: createCursorSealer(secret, clock.now, settings.hmac),
    newId: idMaker(settings.seed, extra.idEpoch),
    random: random(),
    idempotencyInFlight: new Set(),
    reset: () => world.resetToLoaded(),
    resetToLoaded() {
      // As at a fresh start, so that a test that resets its session gets the ids a new one would.
      store.reset();
      world.newId = idMaker(settings.seed);
      world.random = random();
    },
  };
  settings.replication?.attach(extra.sessionId ?? '', world);
  return world;
}

/** Why the world's clock may not read `now`, or undefined: a time before its newest record would stamp a write before the record it changes. */
export function clockProblem(world: MockWorld, now: number): string | undefined {
  const outside = clockRangeProblem(now);
  if (outside) return outside;
  const newest = world.store.newestTime();
  if (now >= newest) return undefined;
  return `the clock (${new Date(now).toISOString()}) is before the world's newest record (${new Date(newest).toISOString()}): a write would be stamped before the record it changes; set ${new Date(newest).toISOString()} or later`;
}
