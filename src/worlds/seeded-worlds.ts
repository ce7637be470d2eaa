// The world of a session's seed: generated once per process, seed and size, checked like any
// world, then shared read-only by every session of that seed (their indexes too, see
// world-base.ts). And any world with no correction and no suggested change, made once per world.
import type { World } from '../domain/world.ts';
import { DEFAULT_CORRECTIONS, DEFAULT_SEED, generateWorld } from '../fixtures/generate-world.ts';
import { validateWorld } from '../fixtures/validate-world.ts';
import { shiftWorldDates } from '../fixtures/world-dates.ts';
import type { OpenApiDocument } from '../spec/openapi-types.ts';

/** Seeds' worlds kept at once; a suite rarely uses more, and each is a whole world. */
const KEPT = 8;
const worlds = new Map<string, World>();
/** Each world's empty twin: the same object every time, so that its index is built once too. */
const withoutCorrections = new WeakMap<World, World>();

/**
 * - `corrections`: the size asked for (a session's `corrections`), else the size of the mock's
 *   own generated world (`--corrections`), else the default; `0`: the seed's world at the
 *   default size with no correction and no suggested change (worldWithoutCorrections).
 * - `datesOffset`: `--dates now`'s offset, so that a seed's world moves as the mock's did.
 * - The embedded world is seed 42's at the default size, byte for byte (fixtures/README.md):
 *   `embedded` gives it (loaded, not generated).
 */
export function seededSessionWorld(seed: number, corrections: number | undefined, datesOffset: number, document: OpenApiDocument, embedded: () => World): World {
  if (corrections === 0) return worldWithoutCorrections(seededSessionWorld(seed, DEFAULT_CORRECTIONS, datesOffset, document, embedded));
  const size = corrections ?? DEFAULT_CORRECTIONS;
  const key = `${seed}:${size}:${datesOffset}`;
  let world = worlds.get(key);
  if (world) {
    // Most recently used last, so the oldest is forgotten first.
    worlds.delete(key);
    worlds.set(key, world);
    return world;
  }
  if (seed === DEFAULT_SEED && size === DEFAULT_CORRECTIONS) {
    world = embedded();
  } else {
    world = generateWorld({ seed, corrections: size });
    validateWorld(world, document);
  }
  if (datesOffset !== 0) world = shiftWorldDates(world, datesOffset);
  worlds.set(key, world);
  if (worlds.size > KEPT) worlds.delete(worlds.keys().next().value!);
  return world;
}

/**
 * `world` with its tenants, orgs, projects, principals, agents, blocks and runs, and no correction
 * and no suggested change (so no open approval and no running check either, which only they make).
 * - A run keeps everything but the copy its first correction took (`capturedAt`): uncorrected,
 *   it has none (the `copied-when-corrected` rule). The records are shared with `world`, read only.
 * - Made once per world object and kept while the world is.
 */
export function worldWithoutCorrections(world: World): World {
  let empty = withoutCorrections.get(world);
  if (!empty) {
    empty = {
      ...world,
      runs: world.runs.map((run) => (run.capturedAt === undefined ? run : withoutCopy(run))),
      corrections: [],
      suggestedChanges: [],
    };
    withoutCorrections.set(world, empty);
  }
  return empty;
}

function withoutCopy<T extends { capturedAt?: string }>(run: T): T {
  const { capturedAt: _capturedAt, ...uncopied } = run;
  return uncopied as T;
}
