// The world of a session's seed: generated once per process and seed, checked like any world,
// then shared read-only by every session of that seed (their indexes too, see world-base.ts).
import type { World } from '../domain/world.ts';
import { DEFAULT_CORRECTIONS, DEFAULT_SEED, generateWorld } from '../fixtures/generate-world.ts';
import { validateWorld } from '../fixtures/validate-world.ts';
import { shiftWorldDates } from '../fixtures/world-dates.ts';
import type { OpenApiDocument } from '../spec/openapi-types.ts';

/** Seeds' worlds kept at once; a suite rarely uses more, and each is a whole world. */
const KEPT = 8;
const worlds = new Map<string, World>();

/**
 * - `corrections`: the size of the mock's own generated world (`--corrections`), else the default.
 * - `datesOffset`: `--dates now`'s offset, so that a seed's world moves as the mock's did.
 * - The embedded world is seed 42's at the default size, byte for byte (fixtures/README.md):
 *   `embedded` gives it (loaded, not generated).
 */
export function seededSessionWorld(seed: number, corrections: number | undefined, datesOffset: number, document: OpenApiDocument, embedded: () => World): World {
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
