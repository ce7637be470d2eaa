// `Idempotency-Key` on writes (the platform's conventions): per tenant, caller, method, path and
// key, for 24 h, answers below 400 are kept and replayed byte for byte; a different body is a 409.
import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { canonicalJson } from '../../domain/canonical-json.ts';
import type { Principal } from '../../domain/world.ts';
import { ApiError } from '../api-error.ts';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

interface Kept {
  fingerprint: string;
  status: number;
  text: string;
  expires: number;
}

export interface IdempotencyMemory {
  kept: Map<string, Kept>;
  inFlight: Map<string, string>;
}

export function createIdempotencyMemory(): IdempotencyMemory {
  return { kept: new Map(), inFlight: new Map() };
}

export function idempotency(memory: IdempotencyMemory, clock: () => number): RequestHandler {
  return (req, res, next) => {
    const key = req.get('Idempotency-Key');
    if (key === undefined) return next();
    if (key.length === 0 || key.length > 255) throw new ApiError('bad-input', 'Idempotency-Key must be 1 to 255 characters', { header: 'Idempotency-Key' });
    const caller = res.locals.principal as Principal;
    const slot = `${caller.tenantId}|${caller.kind}:${caller.id}|${req.method}|${req.path}|${key}`;
    const fingerprint = createHash('sha256').update(canonicalJson(req.body ?? null)).digest('base64url');
    const now = clock();
    const kept = memory.kept.get(slot);
    if (kept && kept.expires > now) {
      if (kept.fingerprint !== fingerprint) throw new ApiError('idempotency-key-body-mismatch', 'this Idempotency-Key was used with another body; use a new key for a new request', { header: 'Idempotency-Key' });
      res.setHeader('X-Idempotent-Replay', 'true');
      res.status(kept.status).type('application/json').send(kept.text);
      return;
    }
    if (memory.inFlight.has(slot)) {
      throw new ApiError('idempotency-key-in-flight', 'a request with this Idempotency-Key is still running; retry when it has answered', { header: 'Idempotency-Key' }, { 'Retry-After': '1' });
    }
    memory.inFlight.set(slot, fingerprint);
    res.on('close', () => memory.inFlight.delete(slot));
    res.locals.onSent = (status: number, text: string) => {
      memory.inFlight.delete(slot);
      if (status < 400) memory.kept.set(slot, { fingerprint, status, text, expires: now + IDEMPOTENCY_TTL_MS });
    };
    next();
  };
}
