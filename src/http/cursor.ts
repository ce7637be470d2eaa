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

/** Binding hashes kept, by canonical binding; a client paging through a list asks for the same one again and again. */
const BINDING_HASHES_KEPT = 1024;

/**
 * - `secret`: share one across instances (`--cursor-secret`); by default a fresh one per start,
 *   so cursors do not outlive the process.
 * - `hmac`: HMAC-SHA-256 keyed once; any two give the same cursors (a server's native one, or digest.ts's).
 */
export function createCursorSealer(secret: string | Uint8Array = randomBytes(32), now: () => number = Date.now, hmac: (key: string | Uint8Array) => Hmac = hmacSha256): CursorSealer {
  const sign = hmac(secret);
  const bindingHashes = new Map<string, string>();
  const bindingHash = (binding: CursorBinding) => {
    const canonical = canonicalJson(binding);
    let hash = bindingHashes.get(canonical);
    if (hash === undefined) {
      hash = toBase64Url(sign(canonical)).slice(0, 22);
      if (bindingHashes.size >= BINDING_HASHES_KEPT) bindingHashes.clear();
      bindingHashes.set(canonical, hash);
    }
    return hash;
  };

  return {
    bind(binding) {
      const hash = bindingHash(binding);
      return {
        seal: (position) => {
          const payload = toBase64Url(utf8(JSON.stringify({ v: VERSION, t: position.t, id: position.id, exp: now() + CURSOR_LIFETIME_MS, b: hash })));
          return `${payload}.${toBase64Url(sign(payload))}`;
        },
        open: (cursor) => openCursor(cursor, hash, sign, now),
      };
    },
  };
}

function openCursor(cursor: string, bindingHash: string, sign: (payload: string) => Uint8Array, now: () => number): OpenedCursor {
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
  if (decoded.exp <= now()) return { ok: false, reason: 'it expired (cursors last a day)' };
  if (decoded.b !== bindingHash) return { ok: false, reason: 'it belongs to another list, other filters or another caller' };
  return { ok: true, position: { t: decoded.t, id: decoded.id } };
}
