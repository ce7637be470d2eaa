// The mock's own routes under `/__mock` (loopback callers, addressed to this machine, from no
// foreign page; see mock-admin-guard.ts): who can call, the state, a reset, faults.
import express, { Router } from 'express';
import { ApiError } from '../api-error.ts';
import type { FaultSettings, MockContext } from '../context.ts';
import { REOPENED_HOW } from '../../domain/types.ts';
import { decideApproval, finishCheck, type ApprovalDecision } from '../../store/suggested-change-writes.ts';
import { recordTestRun, type TestRunInput } from '../../store/test-runs.ts';
import { authenticate } from '../middleware/auth.ts';
import { loopbackOnly } from '../middleware/loopback-only.ts';
import { mockAdminGuard } from '../middleware/mock-admin-guard.ts';
import { refuseDeepJson } from '../input-limits.ts';
import { callerOf } from './request-parts.ts';
import { commitOutcome, nowOf } from './write-handlers.ts';

export function mockAdminRouter(ctx: MockContext): Router {
  const router = Router();
  router.use(loopbackOnly(), mockAdminGuard(() => ctx.publicHosts ?? []), express.json({ limit: '64kb', verify: refuseDeepJson }));

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

  // The second person's decision on a waiting pin, with their own token.
  router.post('/approvals/:approvalId/:decision', authenticate(ctx), (req, res) => {
    const decision = String(req.params.decision);
    if (!(DECISIONS as readonly string[]).includes(decision)) throw new ApiError('route-not-found', `no route ${req.method} ${req.path}: decide with approve, reject or expire`);
    const reply = commitOutcome(ctx, decideApproval(ctx.store.lookup, callerOf(res), String(req.params.approvalId), decision as ApprovalDecision, nowOf(ctx)));
    res.status(reply.status).json(reply.body);
  });

  // Ends a running check now (a loaded `checking` suggested change runs until this is called).
  router.post('/checks/:suggestedChangeId/finish', (req, res) => {
    const id = String(req.params.suggestedChangeId);
    const running = ctx.store.lookup.runningChecks().find((c) => c.suggestedChangeId === id);
    if (!running) throw new ApiError('not-found', `suggested change ${id} has no running check`, { suggestedChangeId: id });
    const { fails = false, ...rest } = (req.body ?? {}) as { fails?: unknown };
    if (Object.keys(rest).length > 0 || typeof fails !== 'boolean') throw new ApiError('bad-input', 'the body is optional: { "fails": true | false }');
    ctx.store.commit(finishCheck(ctx.store.lookup, { ...running, fails }, nowOf(ctx)));
    res.json({ finished: id, fails });
  });

  router.post('/test-runs', authenticate(ctx), (req, res) => {
    const input = parseTestRun(req.body);
    const reply = commitOutcome(ctx, recordTestRun(ctx.store.lookup, callerOf(res), input, nowOf(ctx)));
    res.status(reply.status).json(reply.body);
  });

  return router;
}

const DECISIONS = ['approve', 'reject', 'expire'] as const satisfies readonly ApprovalDecision[];

/** `{ version, how, wrong?: [ids], right?: [ids] }`. */
function parseTestRun(body: unknown): TestRunInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError('bad-input', 'send a JSON object: { "version", "how", "wrong": [ids], "right": [ids] }');
  const { version, how, wrong, right, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) throw new ApiError('unknown-field', `unknown field ${unknown.map((f) => `"${f}"`).join(', ')}; a test run takes version, how, wrong and right`, { fields: unknown });
  if (typeof version !== 'string' || version === '') throw new ApiError('bad-input', 'version names the version the test run ran', { field: 'version' });
  if (!(REOPENED_HOW as readonly unknown[]).includes(how)) throw new ApiError('bad-input', `how is one of ${REOPENED_HOW.join(', ')}`, { field: 'how' });
  const ids = (value: unknown, field: string) => {
    if (value === undefined) return [];
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new ApiError('bad-input', `${field} is a list of correction ids`, { field });
    return value as string[];
  };
  return { version, how: how as TestRunInput['how'], wrong: ids(wrong, 'wrong'), right: ids(right, 'right') };
}

/** `{ databaseBusy: { rate, retryAfter }, latencyMs: { min, max }, failChecks }`, each part optional. */
export function parseFaults(body: unknown): FaultSettings {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError('bad-input', 'send a JSON object: { "databaseBusy": { "rate", "retryAfter" }, "latencyMs": { "min", "max" } }');
  const { databaseBusy, latencyMs, failChecks, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) throw new ApiError('unknown-field', `unknown field ${unknown.map((f) => `"${f}"`).join(', ')}; faults take databaseBusy, latencyMs and failChecks`, { fields: unknown });
  const faults: FaultSettings = {};
  if (failChecks !== undefined) {
    if (typeof failChecks !== 'boolean') throw new ApiError('bad-input', 'failChecks must be true or false', { field: 'failChecks' });
    faults.failChecks = failChecks;
  }
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
