// `Idempotency-Key` on writes (the platform's conventions): per tenant, caller, route and key, for
// 24 h, answers below 400 are replayed byte for byte; a different body is a 409. The kept answer
// is stored with the write itself (one journal line), so a retry after a crash replays.
import { createHash } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { canonicalJson } from '../../domain/canonical-json.ts';
import type { Principal } from '../../domain/world.ts';
import type { SpecOperation } from '../../spec/operations.ts';
import type { KeptReply } from '../../store/world-changes.ts';
import { ApiError } from '../api-error.ts';
import { worldOf, type MockContext } from '../context.ts';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Requests with a key that are still being answered (a second one gets 409 in-flight). */
export type InFlightKeys = Set<string>;

interface PendingKey {
  slot: string;
  fingerprint: string;
  expires: number;
}

/**
 * The route a key is kept for: the matched operation and its path parameters, as the handler
 * reads them (a `uuid` parameter in lower case), never the path as typed. Express routes
 * `/V1/Corrections` and `/v1/corrections/` to the same operation, so one key has one effect.
 */
export function routeOf(operation: SpecOperation, params: Record<string, string>): string[] {
  const parts = operation.parameters.filter((p) => p.in === 'path').map((p) => {
    const value = params[p.name] ?? '';
    return p.schema.format === 'uuid' ? value.toLowerCase() : value;
  });
  return [operation.operationId, ...parts];
}

/** Keys are kept by the world the request is bound to: a session's are its own. */
export function idempotency(ctx: MockContext, operation: SpecOperation): RequestHandler {
  return (req, res, next) => {
    const { store, idempotencyInFlight: inFlight, clock } = worldOf(res, ctx);
    const key = req.get('Idempotency-Key');
    if (key === undefined) return next();
    if (key.length === 0 || key.length > 255) throw new ApiError('bad-input', 'Idempotency-Key must be 1 to 255 characters', { header: 'Idempotency-Key' });
    const caller = res.locals.principal as Principal;
    // A digest of the parts as a JSON array: no key or path parameter can spell another route's slot.
    const slot = createHash('sha256').update(JSON.stringify([caller.tenantId, caller.kind, caller.id, routeOf(operation, req.params as Record<string, string>), key])).digest('base64url');
    const fingerprint = createHash('sha256').update(canonicalJson(req.body ?? null)).digest('base64url');
    const now = clock.now();
    const kept = store.lookup.reply(slot, now);
    if (kept) {
      if (kept.fingerprint !== fingerprint) throw new ApiError('idempotency-key-body-mismatch', 'this Idempotency-Key was used with another body; use a new key for a new request', { header: 'Idempotency-Key' });
      res.setHeader('X-Idempotent-Replay', 'true');
      res.status(kept.status).type('application/json').send(kept.text);
      return;
    }
    if (inFlight.has(slot)) {
      throw new ApiError('idempotency-key-in-flight', 'a request with this Idempotency-Key is still running; retry when it has answered', { header: 'Idempotency-Key' }, { 'Retry-After': '1' });
    }
    inFlight.add(slot);
    res.on('close', () => inFlight.delete(slot));
    res.locals.idempotencyKey = { slot, fingerprint, expires: now + IDEMPOTENCY_TTL_MS } satisfies PendingKey;
    next();
  };
}

/** The reply to keep with this write, when the request carried a key and the answer is below 400. */
export function replyToKeep(res: Response, status: number, body: unknown): KeptReply[] {
  const pending = res.locals.idempotencyKey as PendingKey | undefined;
  if (!pending || status >= 400) return [];
  return [{ ...pending, status, text: JSON.stringify(body) }];
}
