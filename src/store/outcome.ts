// What a write returns: its result and the records it changes, or a refusal with its error code.
import type { ErrorCode } from '../domain/error-codes.ts';
import type { WorldChanges } from './world-changes.ts';

export type Outcome<T> =
  | { ok: true; value: T; changes: WorldChanges; status?: number }
  | { ok: false; code: ErrorCode; message: string; details?: Record<string, unknown> };

export const refuse = (code: ErrorCode, message: string, details?: Record<string, unknown>): Outcome<never> =>
  ({ ok: false, code, message, ...(details ? { details } : {}) });

/** The caller's access to a project: none (404, existence never leaks), read (403 on writes), write. */
export function accessTo(caller: { tenantId: string; readProjectIds: string[]; writeProjectIds: string[] }, tenantId: string, projectId: string): 'none' | 'read' | 'write' {
  if (caller.tenantId !== tenantId || !caller.readProjectIds.includes(projectId)) return 'none';
  return caller.writeProjectIds.includes(projectId) ? 'write' : 'read';
}
