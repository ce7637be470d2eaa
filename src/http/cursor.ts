// Sealed cursors (page 001): an HMAC-signed position, bound to the tenant, the caller, the list
// and its filters, valid for a day. Anything else is refused, and the client starts again.
import { equalBytes, fromBase64Url, fromUtf8, hmacSha256, randomBytes, toBase64Url, utf8, type Hmac } from '../digest.ts';
import { canonicalJson } from '../domain/canonical-json.ts';
import type { SortKey } from '../store/keyset.ts';

export const CURSOR_LIFETIME_MS = 24 * 60 * 60 * 1000;
const VERSION = 1;

/** What a cursor is valid for. `filters` is every query parameter but `cursor` and `limit`, normalised. */
export interface CursorBinding {
  tenantId: string;
  caller: string;
  path: string;
  filters: unknown;
}

export type OpenedCursor = { ok: true; position: SortKey } | { ok: false; reason: string };

/** Seals and opens the cursors of one list (one binding). */
export interface BoundCursors {
  seal(position: SortKey): string;
  open(cursor: string): OpenedCursor;
}

export interface CursorSealer {
  /** Hashes the binding once, for every cursor of one request. */
  bind(binding: CursorBinding): BoundCursors;
}

// What each memo keeps at most. Every world (each session too) has its own, so they stay small:
// a client paging through a list asks for the same binding again and again, and opens the cursor
// it was just handed; a cursor is sealed again only within the same millisecond.
const BINDINGS_KEPT = 1024;
const SEALED_KEPT = 64;
const OPENED_KEPT = 256;

/**
 * - `secret`: share one across instances (`--cursor-secret`); by default a fresh one per start,
 *   so cursors do not outlive the process.
 * - `hmac`: HMAC-SHA-256 keyed once; any two give the same cursors (a server's native one, or digest.ts's).
 */
export function createCursorSealer(secret: string | Uint8Array = randomBytes(32), now: () => number = Date.now, hmac: (key: string | Uint8Array) => Hmac = hmacSha256): CursorSealer {
  const sign = hmac(secret);
  // Pure memos: a cursor is a function of its binding, position and expiry, and one this key
  // signed stays authentic, so neither changes an answer; expiry and binding are checked each time.
  const boundCursors = new BoundedMemo<BoundCursors>(BINDINGS_KEPT);
  const sealed = new BoundedMemo<string>(SEALED_KEPT);
  const authentic = new BoundedMemo<SealedPayload>(OPENED_KEPT);

  const open = (cursor: string, bindingHash: string): OpenedCursor => {
    let payload = authentic.get(cursor);
    if (payload === undefined) {
      const verified = verifiedPayload(cursor, sign);
      if (!verified.ok) return verified;
      authentic.set(cursor, (payload = verified.payload));
    }
    if (payload.exp <= now()) return { ok: false, reason: 'it expired (cursors last a day)' };
    if (payload.b !== bindingHash) return { ok: false, reason: 'it belongs to another list, other filters or another caller' };
    return { ok: true, position: { t: payload.t, id: payload.id } };
  };

  const boundTo = (hash: string): BoundCursors => ({
    seal: (position) => {
      const exp = now() + CURSOR_LIFETIME_MS;
      const key = `${exp} ${position.t} ${hash} ${position.id}`;
      const known = sealed.get(key);
      if (known !== undefined) return known;
      const payload = toBase64Url(utf8(JSON.stringify({ v: VERSION, t: position.t, id: position.id, exp, b: hash })));
      const cursor = sealed.set(key, `${payload}.${toBase64Url(sign(payload))}`);
      authentic.set(cursor, { t: position.t, id: position.id, exp, b: hash });
      return cursor;
    },
    open: (cursor) => open(cursor, hash),
  });

  return {
    bind(binding) {
      const canonical = canonicalJson(binding);
      // Made once per binding and kept with its hash: a request for a list bound before makes nothing.
      return boundCursors.get(canonical) ?? boundCursors.set(canonical, boundTo(toBase64Url(sign(canonical)).slice(0, 22)));
    },
  };
}

interface SealedPayload {
  t: number;
  id: string;
  exp: number;
  b: unknown;
}

/** A map of at most `capacity` entries, emptied when full: the entries a busy client repeats come back at once. */
class BoundedMemo<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** Keeps `value` and returns it. */
  set(key: string, value: V): V {
    if (this.entries.size >= this.capacity) this.entries.clear();
    this.entries.set(key, value);
    return value;
  }
}

/** The payload of a cursor this key signed, in the form this version seals; why not otherwise. */
function verifiedPayload(cursor: string, sign: (payload: string) => Uint8Array): { ok: true; payload: SealedPayload } | { ok: false; reason: string } {
  const [payload, signature, extra] = cursor.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'it is not a cursor this server made' };
  const expected = sign(payload);
  const given = fromBase64Url(signature);
  if (given === undefined || !equalBytes(given, expected)) return { ok: false, reason: 'it was changed, or sealed by another server or key' };
  let decoded: { v?: unknown; t?: unknown; id?: unknown; exp?: unknown; b?: unknown };
  try {
    const bytes = fromBase64Url(payload);
    if (bytes === undefined) return { ok: false, reason: 'it is not a cursor this server made' };
    decoded = JSON.parse(fromUtf8(bytes)) as typeof decoded;
  } catch {
    return { ok: false, reason: 'it is not a cursor this server made' };
  }
  if (decoded.v !== VERSION || typeof decoded.t !== 'number' || typeof decoded.id !== 'string' || typeof decoded.exp !== 'number') {
    return { ok: false, reason: 'it is not a cursor this server made' };
  }
  return { ok: true, payload: { t: decoded.t, id: decoded.id, exp: decoded.exp, b: decoded.b } };
}
