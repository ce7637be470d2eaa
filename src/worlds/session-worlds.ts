// Opens the world of a new session: the mock's own world (shared, read only), or a seed's, with
// its own store, clock, cursors and ids, started as the mock's were.
import type { World } from '../domain/world.ts';
import type { MockWorld } from '../http/context.ts';
import { createWorldStore } from '../store/world-store.ts';
import { clockProblem, createMockWorld, createWorldClock, type WorldSettings } from './mock-world.ts';
import { SessionRefusal } from './sessions.ts';

/** `seededWorld`: the world of a seed a session asks for (seeded-worlds.ts). */
export function sessionWorldOpener(world: World, settings: WorldSettings, seededWorld: (seed: number) => World): (sessionId: string, seed: number | undefined) => MockWorld {
  return (sessionId, seed) => {
    const sessionWorld = seed === undefined ? world : seededWorld(seed);
    const sessionSettings: WorldSettings = { ...settings, ...(seed !== undefined ? { seed } : {}) };
    // Sealed by its own seed's secret, or by a random one without a seed: `--cursor-secret` is
    // kept only by a session that takes the mock's seed, as the base world does.
    if (seed !== undefined || settings.seed === undefined) delete sessionSettings.cursorSecret;
    const clock = createWorldClock(sessionSettings);
    const opened = createMockWorld(sessionSettings, clock, createWorldStore(sessionWorld, { clock: clock.now }), { sessionId });
    const problem = clockProblem(opened, opened.clock.now());
    if (problem) throw new SessionRefusal('bad-input', `seed ${seed}: ${problem}`, { field: 'seed' });
    return opened;
  };
}
