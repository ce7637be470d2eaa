// What a replica's log holds: each entry is what one request (or a replica's own upkeep) did to
// the worlds, as effects every replica applies in the same order. The store's rules were checked
// once, by the replica that made the entry, over the world as of the log's head; applying an
// effect checks nothing again, as a state file's restore does not.
import type { FaultSettings } from '../http/context.ts';
import type { WorldChanges } from '../store/world-changes.ts';
import type { KeptClock } from '../worlds/mock-clock.ts';
import type { SessionRecord } from '../worlds/sessions.ts';

/** A world by key: '' is the base world; a session's world is its id. */
export type WorldKey = string;
export const BASE_WORLD: WorldKey = '';

export type Effect =
  /** A commit of the world's store; `ids`: how far its seeded id sequence had gone. */
  | { kind: 'changes'; world: WorldKey; changes: WorldChanges; ids?: number }
  | { kind: 'reset'; world: WorldKey }
  /** A request that changed nothing but drew seeded ids (a refused create): the sequence goes on from there everywhere. */
  | { kind: 'ids'; world: WorldKey; ids: number }
  | { kind: 'clock'; world: WorldKey; clock: KeptClock }
  | { kind: 'faults'; world: WorldKey; faults: FaultSettings }
  | { kind: 'session-open'; session: SessionRecord }
  /** `at`: an expiry, which holds only if no use the log holds came since. */
  | { kind: 'session-end'; id: string; at?: number }
  | { kind: 'session-use'; id: string; at: number };

export interface LogEntry {
  seq: number;
  replica: string;
  effects: Effect[];
}

/** The world an effect changes, if one. */
export function worldOfEffect(effect: Effect): WorldKey | undefined {
  switch (effect.kind) {
    case 'session-open':
      return effect.session.summary.id;
    case 'session-end':
    case 'session-use':
      return effect.id;
    default:
      return effect.world;
  }
}

/**
 * Collects the effects a request has on the worlds as they happen (the stores' hooks, the clocks'
 * and faults' watchers), for the replica to put in the log; quiet while the replica applies what
 * the log says, which must not be logged again.
 */
export class EffectCapture {
  private effects: Effect[] = [];
  /** Effects the replica applies only once the log holds them (a use, an expiry): nothing here changed yet. */
  private deferred: Effect[] = [];
  private quiet = 0;

  record(effect: Effect): void {
    if (this.quiet > 0) return;
    if (effect.kind !== 'session-open') {
      this.effects.push(effect);
      return;
    }
    // A session's scenarios commit to its world before the session is kept: the log opens it first.
    const first = this.effects.findIndex((other) => worldOfEffect(other) === effect.session.summary.id);
    if (first === -1) this.effects.push(effect);
    else this.effects.splice(first, 0, effect);
  }

  defer(effect: Effect): void {
    if (this.quiet === 0) this.deferred.push(effect);
  }

  /** What was done since the last take, in order; empties it. */
  take(): Effect[] {
    const taken = this.effects;
    this.effects = [];
    return taken;
  }

  takeDeferred(): Effect[] {
    const taken = this.deferred;
    this.deferred = [];
    return taken;
  }

  get hasDeferred(): boolean {
    return this.deferred.length > 0;
  }

  /** Runs `apply` with nothing recorded. */
  quietly<T>(apply: () => T): T {
    this.quiet += 1;
    try {
      return apply();
    } finally {
      this.quiet -= 1;
    }
  }
}
