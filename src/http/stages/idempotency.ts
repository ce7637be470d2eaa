// `Idempotency-Key` on writes (the platform's conventions): per tenant, caller, route and key, for
// 24 h, answers below 400 are replayed byte for byte; a different body is a 409. The kept answer
// is stored with the write itself (one journal line), so a retry after a crash replays.
import { canonicalJson } from '../../domain/canonical-json.ts';
import type { SpecOperation } from '../../spec/operations.ts';
import type { KeptReply } from '../../store/world-changes.ts';
import { ApiError } from '../api-error.ts';
import type { MockWorld } from '../context.ts';
import { sha256, toBase64Url } from '../../digest.ts';
import type { Exchange } from '../exchange.ts';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Requests with a key that are still being answered (a second one gets 409 in-flight). */
export type InFlightKeys = Set<string>;

/**
 * The route a key is kept for: the matched operation and its path parameters, as the handler
 * reads them (a `uuid` parameter in lower case), never the path as typed. `/V1/Corrections` and
 * `/v1/corrections/` reach the same operation, so one key has one effect.
 */
export function routeOf(operation: SpecOperation, params: Record<string, string>): string[] {
  const parts = operation.parameters.filter((p) => p.in === 'path').map((p) => {
    const value = params[p.name] ?? '';
    return p.schema.format === 'uuid' ? value.toLowerCase() : value;
  });
  return [operation.operationId, ...parts];
}

const digestOf = (text: string) => toBase64Url(sha256(text));

/** Where a key's answer is kept: per tenant, caller, route and key. */
export function idempotencySlot(exchange: Exchange, operation: SpecOperation, key: string): string {
  const caller = exchange.principal!;
  // A digest of the parts as a JSON array: no key or path parameter can spell another route's slot.
  return digestOf(JSON.stringify([caller.tenantId, caller.kind, caller.id, routeOf(operation, exchange.params), key]));
}

/**
 * Keys are kept by the world the request is bound to: a session's are its own.
 * - Returns the kept answer's text and status when this is a replay; undefined when the write goes on (its slot taken).
 */
export function takeIdempotencyKey(exchange: Exchange, world: MockWorld, operation: SpecOperation): { status: number; text: string } | undefined {
  const { store, idempotencyInFlight: inFlight, clock } = world;
  const key = exchange.header('Idempotency-Key');
  if (key === undefined) return undefined;
  if (key.length === 0 || key.length > 255) throw new ApiError('bad-input', 'Idempotency-Key must be 1 to 255 characters', { header: 'Idempotency-Key' });
  const slot = idempotencySlot(exchange, operation, key);
  const fingerprint = digestOf(canonicalJson(exchange.body ?? null));
  const now = clock.now();
  const kept = store.lookup.reply(slot, now);
  if (kept) {
    if (kept.fingerprint !== fingerprint) throw new ApiError('idempotency-key-body-mismatch', 'this Idempotency-Key was used with another body; use a new key for a new request', { header: 'Idempotency-Key' });
    exchange.headers['X-Idempotent-Replay'] = 'true';
    return { status: kept.status, text: kept.text };
  }
  if (inFlight.has(slot)) {
    throw new ApiError('idempotency-key-in-flight', 'a request with this Idempotency-Key is still running; retry when it has answered', { header: 'Idempotency-Key' }, { 'Retry-After': '1' });
  }
  inFlight.add(slot);
  exchange.cleanups.push(() => inFlight.delete(slot));
  exchange.idempotencyKey = { slot, fingerprint, expires: now + IDEMPOTENCY_TTL_MS };
  return undefined;
}

/** The reply to keep with this write, when the request carried a key and the answer is below 400. */
export function replyToKeep(exchange: Exchange, status: number, body: unknown): KeptReply[] {
  const pending = exchange.idempotencyKey;
  if (!pending || status >= 400) return [];
  return [{ ...pending, status, text: JSON.stringify(body) }];
}
