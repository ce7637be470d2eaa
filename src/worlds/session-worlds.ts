// Opens the world of a new session: the mock's own world (shared, read only), or a seed's, or
// either at another size, with its own store, clock, cursors and ids, started as the mock's were.
import type { World } from '../domain/world.ts';
import type { MockWorld } from '../http/context.ts';
import { DEFAULT_SEED } from '../fixtures/generate-world.ts';
import { createWorldStore } from '../store/world-store.ts';
import { clockProblem, createMockWorld, createWorldClock, type WorldSettings } from './mock-world.ts';
import { worldWithoutCorrections } from './seeded-worlds.ts';
import { SessionRefusal } from './sessions.ts';

/**
 * Opens a session's world; `cursorSecret`: the one a replica was told (src/replica), so that every
 * replica opens the session's cursors; made as the world's settings say when undefined.
 */
export type SessionWorldOpener = (sessionId: string, seed: number | undefined, corrections?: number, cursorSecret?: string) => MockWorld;

/**
 * `seededWorld`: the world of a seed a session asks for (seeded-worlds.ts), at `corrections` when
 * given, else at the mock's size.
 * - `corrections: 0` without a seed: the mock's own world, its corrections and suggested changes
 *   left out; more without a seed: the default seed's world at that size (ids stay random, as
 *   for any session without a seed).
 */
export function sessionWorldOpener(world: World, settings: WorldSettings, seededWorld: (seed: number, corrections?: number) => World): SessionWorldOpener {
  const worldOf = (seed: number | undefined, corrections: number | undefined): World => {
    if (seed !== undefined) return seededWorld(seed, corrections);
    if (corrections === undefined) return world;
    return corrections === 0 ? worldWithoutCorrections(world) : seededWorld(DEFAULT_SEED, corrections);
  };
  return (sessionId, seed, corrections, cursorSecret) => {
    const sessionWorld = worldOf(seed, corrections);
    const sessionSettings: WorldSettings = { ...settings, ...(seed !== undefined ? { seed } : {}) };
    // Sealed by its own seed's secret, or by a random one without a seed: `--cursor-secret` is
    // kept only by a session that takes the mock's seed, as the base world does.
    if (seed !== undefined || settings.seed === undefined) delete sessionSettings.cursorSecret;
    if (cursorSecret !== undefined) sessionSettings.cursorSecret = cursorSecret;
    const clock = createWorldClock(sessionSettings);
    const hooks = settings.replication?.storeHooks(sessionId) ?? {};
    const opened = createMockWorld(sessionSettings, clock, createWorldStore(sessionWorld, { clock: clock.now, ...hooks }), { sessionId });
    const problem = clockProblem(opened, opened.clock.now());
    if (problem) {
      const field = seed !== undefined ? 'seed' : 'corrections';
      throw new SessionRefusal('bad-input', `${field} ${seed ?? corrections}: ${problem}`, { field });
    }
    return opened;
  };
}
