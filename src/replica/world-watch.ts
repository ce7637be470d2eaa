// What a replica hooks into each world it makes: the store's commits and resets, the clock's
// settings and the faults go to the effect capture as they happen, so that a request's effects
// are known whole when it has been answered.
import type { FaultSettings, MockWorld } from '../http/context.ts';
import { keptClock } from '../worlds/mock-clock.ts';
import type { WorldReplication } from '../worlds/mock-world.ts';
import type { EffectCapture, WorldKey } from './log-effects.ts';

export function watchWorlds(capture: EffectCapture, clockSource: () => number): WorldReplication {
  return {
    storeHooks: (world: WorldKey) => ({
      onCommit: (changes) => capture.record({ kind: 'changes', world, changes }),
      onReset: () => capture.record({ kind: 'reset', world }),
    }),
    attach(world: WorldKey, mockWorld: MockWorld) {
      mockWorld.clock = keptClock(mockWorld.clock, clockSource, (clock) => capture.record({ kind: 'clock', world, clock }));
      // `/__mock/faults` replaces the settings whole; a watched property hears each replacement.
      let faults = mockWorld.faults;
      Object.defineProperty(mockWorld, 'faults', {
        enumerable: true,
        get: () => faults,
        set(next: FaultSettings) {
          faults = next;
          capture.record({ kind: 'faults', world, faults: structuredClone(next) });
        },
      });
    },
  };
}
