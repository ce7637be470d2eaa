// The mock's own routes under `/__mock` (loopback only): who can call, the state, a reset, faults.
import express, { Router } from 'express';
import { ApiError } from '../api-error.ts';
import type { FaultSettings, MockContext } from '../context.ts';
import { loopbackOnly } from '../middleware/loopback-only.ts';

export function mockAdminRouter(ctx: MockContext): Router {
  const router = Router();
  router.use(loopbackOnly(), express.json({ limit: '64kb' }));

  router.get('/principals', (_req, res) => {
    res.json({
      data: ctx.store.principals().map((p) => ({
        token: p.token,
        kind: p.kind,
        id: p.id,
        name: p.name,
        tenantId: p.tenantId,
        role: p.role,
        readableProjectIds: p.readProjectIds,
        writableProjectIds: p.writeProjectIds,
        ...(p.actsForEndUsers ? { actsForEndUsers: true } : {}),
        ...(p.expiresAt ? { expiresAt: p.expiresAt } : {}),
        ...(p.revokedAt ? { revokedAt: p.revokedAt } : {}),
        purpose: p.purpose,
      })),
    });
  });

  router.get('/state', (_req, res) => {
    res.json({ ...ctx.store.counts(), faults: ctx.faults });
  });

  router.post('/reset', (_req, res) => {
    ctx.store.reset();
    res.json({ reset: true, ...ctx.store.counts() });
  });

  router.post('/faults', (req, res) => {
    ctx.faults = parseFaults(req.body);
    res.json({ faults: ctx.faults });
  });

  router.delete('/faults', (_req, res) => {
    ctx.faults = {};
    res.json({ faults: ctx.faults });
  });

  return router;
}

/** `{ databaseBusy: { rate, retryAfter }, latencyMs: { min, max } }`, each part optional. */
export function parseFaults(body: unknown): FaultSettings {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError('bad-input', 'send a JSON object: { "databaseBusy": { "rate", "retryAfter" }, "latencyMs": { "min", "max" } }');
  const { databaseBusy, latencyMs, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) throw new ApiError('unknown-field', `unknown field ${unknown.map((f) => `"${f}"`).join(', ')}; faults take databaseBusy and latencyMs`, { fields: unknown });
  const faults: FaultSettings = {};
  if (databaseBusy !== undefined) {
    const { rate, retryAfter = 1 } = (databaseBusy ?? {}) as Record<string, unknown>;
    if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1)) throw new ApiError('bad-input', 'databaseBusy.rate must be a number from 0 to 1', { field: 'databaseBusy.rate' });
    if (typeof retryAfter !== 'number' || !Number.isInteger(retryAfter) || retryAfter < 0) throw new ApiError('bad-input', 'databaseBusy.retryAfter must be whole seconds, 0 or more', { field: 'databaseBusy.retryAfter' });
    faults.databaseBusy = { rate, retryAfter };
  }
  if (latencyMs !== undefined) {
    const { min = 0, max } = (latencyMs ?? {}) as Record<string, unknown>;
    const whole = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 60_000;
    if (!whole(min) || !whole(max) || (min as number) > (max as number)) throw new ApiError('bad-input', 'latencyMs needs whole milliseconds with 0 <= min <= max <= 60000', { field: 'latencyMs' });
    faults.latencyMs = { min: min as number, max: max as number };
  }
  return faults;
}
