// A principal as `/__mock/principals` and a new session list it: the optional flags only when set.
import type { Principal } from '../domain/world.ts';
import type { components } from '../types/mock-admin-api.ts';

/** As spec/mock-admin.yaml's `Principal` says it. */
export type ListedPrincipal = components['schemas']['Principal'];

/** `token`: the token to list (a session's own, in a session), the principal's by default. */
export function listedPrincipal(p: Principal, token = p.token): ListedPrincipal {
  return {
    token,
    kind: p.kind,
    id: p.id,
    name: p.name,
    tenantId: p.tenantId,
    role: p.role,
    readableProjectIds: p.readProjectIds,
    writableProjectIds: p.writeProjectIds,
    ...(p.actsForEndUsers ? { actsForEndUsers: true as const } : {}),
    ...(p.expiresAt ? { expiresAt: p.expiresAt } : {}),
    ...(p.revokedAt ? { revokedAt: p.revokedAt } : {}),
    purpose: p.purpose,
  };
}
