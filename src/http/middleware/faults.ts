// Random faults a user switches on (`/__mock/faults`, `--fault-rate`, `--latency`): slow answers
// and `503 database-busy`, drawn from a seeded generator so a run can be repeated.
import type { RequestHandler } from 'express';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SpecOperation } from '../../spec/operations.ts';
import { ApiError } from '../api-error.ts';
import type { MockContext } from '../context.ts';

export function randomFaults(ctx: MockContext, operation: SpecOperation): RequestHandler {
  const mayBeBusy = operation.responses.has('503');
  const busyOrNext = (next: () => void) => {
    const { databaseBusy } = ctx.faults;
    if (mayBeBusy && databaseBusy && ctx.random() < databaseBusy.rate) {
      throw new ApiError('database-busy', 'the database was too busy to answer in time (a fault injected into the mock)', undefined,
        { 'Retry-After': String(databaseBusy.retryAfter) });
    }
    next();
  };
  // Synchronous unless a latency is set: a promise per request cost the fast path a microtask turn.
  return (_req, _res, next) => {
    const { latencyMs } = ctx.faults;
    if (latencyMs && latencyMs.max > 0) return sleep(latencyMs.min + Math.floor(ctx.random() * (latencyMs.max - latencyMs.min + 1))).then(() => busyOrNext(next));
    busyOrNext(next);
  };
}
