// Worlds for the scenario engine's tests: the embedded world, loaded once, under a fresh store
// and MockWorld per test (as a session's world is made), a frozen clock a day after its newest
// record, and the checks every applied scenario must pass.
import { expect } from 'vitest';
import type { Principal, World } from '../../src/domain/world.ts';
import { checkWorld } from '../../src/domain/world-rules.ts';
import { loadWorld } from '../../src/fixtures/load-world.ts';
import type { MockWorld } from '../../src/http/context.ts';
import { createWorldStore } from '../../src/store/world-store.ts';
import { createMockWorld, createWorldClock, type WorldSettings } from '../../src/worlds/mock-world.ts';

let embedded: World | undefined;
export const embeddedWorld = (): World => (embedded ??= loadWorld());

export const DAY = 24 * 60 * 60 * 1000;

/** A world over the embedded one (shared base, own store), deterministic ids, its clock frozen `after` ms past the newest record. */
export function testWorld(options: { seed?: number; after?: number; world?: World } = {}): MockWorld {
  const world = options.world ?? embeddedWorld();
  const probe = createWorldStore(world);
  const settings: WorldSettings = { clockSource: Date.now, clockStart: { now: probe.newestTime() + (options.after ?? DAY), frozen: true }, faults: {}, seed: options.seed ?? 7 };
  const clock = createWorldClock(settings);
  return createMockWorld(settings, clock, createWorldStore(world, { clock: clock.now }));
}

/** Every rule of the whole world holds. */
export function expectWorldKeepsRules(world: MockWorld): void {
  expect(checkWorld(world.store.worldView())).toEqual([]);
}

/** A principal of the world that may read `projectId` (and write it, when asked). */
export function readerOf(world: MockWorld, projectId: string, write = false): Principal {
  const found = world.store.principals().find((p) => p.readProjectIds.includes(projectId) && (!write || p.writeProjectIds.includes(projectId)) && p.expiresAt === undefined && p.revokedAt === undefined);
  if (!found) throw new Error(`no principal reads ${projectId}`);
  return found;
}
