// Sealed cursors (page 001): an HMAC-signed position, bound to the tenant, the caller, the list
// and its filters, valid for a day. Anything else is refused, and the client starts again.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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

export interface CursorSealer {
  seal(position: SortKey, binding: CursorBinding): string;
  open(cursor: string, binding: CursorBinding): OpenedCursor;
}

/**
 * - `secret`: share one across instances (`--cursor-secret`); by default a fresh one per start,
 *   so cursors do not outlive the process.
 */
export function createCursorSealer(secret: string | Buffer = randomBytes(32), now: () => number = Date.now): CursorSealer {
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest();
  const bindingHash = (binding: CursorBinding) => createHmac('sha256', secret).update(canonicalJson(binding)).digest('base64url').slice(0, 22);

  return {
    seal(position, binding) {
      const payload = Buffer.from(JSON.stringify({ v: VERSION, t: position.t, id: position.id, exp: now() + CURSOR_LIFETIME_MS, b: bindingHash(binding) })).toString('base64url');
      return `${payload}.${sign(payload).toString('base64url')}`;
    },
    open(cursor, binding) {
      const [payload, signature, extra] = cursor.split('.');
      if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'it is not a cursor this server made' };
      const expected = sign(payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'it was changed, or sealed by another server or key' };
      let decoded: { v?: unknown; t?: unknown; id?: unknown; exp?: unknown; b?: unknown };
      try {
        decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof decoded;
      } catch {
        return { ok: false, reason: 'it is not a cursor this server made' };
      }
      if (decoded.v !== VERSION || typeof decoded.t !== 'number' || typeof decoded.id !== 'string' || typeof decoded.exp !== 'number') {
        return { ok: false, reason: 'it is not a cursor this server made' };
      }
      if (decoded.exp <= now()) return { ok: false, reason: 'it expired (cursors last a day)' };
      if (decoded.b !== bindingHash(binding)) return { ok: false, reason: 'it belongs to another list, other filters or another caller' };
      return { ok: true, position: { t: decoded.t, id: decoded.id } };
    },
  };
}
