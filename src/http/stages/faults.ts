// Random faults a user switches on (`/__mock/faults`, `--fault-rate`, `--latency`): slow answers
// and `503 database-busy`, drawn from a seeded generator so a run can be repeated.
import type { SpecOperation } from '../../spec/operations.ts';
import { ApiError } from '../api-error.ts';
import type { MockWorld } from '../context.ts';

/**
 * The faults of the world the request is bound to (a session's own, or the base world's).
 * - Synchronous unless a latency is set: a promise per request cost the fast path a microtask turn.
 */
export function randomFaults(world: MockWorld, operation: SpecOperation): Promise<void> | undefined {
  const wait = latencyOf(world);
  if (wait > 0) return new Promise<void>((resolve) => setTimeout(resolve, wait)).then(() => databaseBusy(world, operation));
  databaseBusy(world, operation);
  return undefined;
}

/** How long the world's latency fault holds the next request, drawn now; 0 when none is set. */
export function latencyOf(world: MockWorld): number {
  const { latencyMs } = world.faults;
  return latencyMs && latencyMs.max > 0 ? latencyMs.min + Math.floor(world.random() * (latencyMs.max - latencyMs.min + 1)) : 0;
}

export function databaseBusy(world: MockWorld, operation: SpecOperation): void {
  const { databaseBusy: busy } = world.faults;
  if (operation.responses.has('503') && busy && world.random() < busy.rate) {
    throw new ApiError('database-busy', 'the database was too busy to answer in time (a fault injected into the mock)', undefined, { 'Retry-After': String(busy.retryAfter) });
  }
}
