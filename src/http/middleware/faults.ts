// Random faults a user switches on (`/__mock/faults`, `--fault-rate`, `--latency`): slow answers
// and `503 database-busy`, drawn from a seeded generator so a run can be repeated.
import type { RequestHandler } from 'express';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SpecOperation } from '../../spec/operations.ts';
import { ApiError } from '../api-error.ts';
import { worldOf, type MockContext, type MockWorld } from '../context.ts';

export function randomFaults(ctx: MockContext, operation: SpecOperation): RequestHandler {
  const mayBeBusy = operation.responses.has('503');
  const busyOrNext = (world: MockWorld, next: () => void) => {
    const { databaseBusy } = world.faults;
    if (mayBeBusy && databaseBusy && world.random() < databaseBusy.rate) {
      throw new ApiError('database-busy', 'the database was too busy to answer in time (a fault injected into the mock)', undefined,
        { 'Retry-After': String(databaseBusy.retryAfter) });
    }
    next();
  };
  // Synchronous unless a latency is set: a promise per request cost the fast path a microtask turn.
  // The faults of the world the request is bound to (a session's own, or the base world's).
  return (_req, res, next) => {
    const world = worldOf(res, ctx);
    const { latencyMs } = world.faults;
    if (latencyMs && latencyMs.max > 0) return sleep(latencyMs.min + Math.floor(world.random() * (latencyMs.max - latencyMs.min + 1))).then(() => busyOrNext(world, next));
    busyOrNext(world, next);
  };
}
