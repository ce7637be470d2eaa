// Who may record a correction under a restricted corrector group (`assertableBy`), and why not.
import type { CorrectorGroup, Principal, Role } from './world.ts';

const ROLE_RANK: Record<Role, number> = { member: 0, admin: 1 };

export type AssertCheck = { allowed: true } | { allowed: false; reason: string };

/**
 * Whether `principal` may assert for `group`.
 * - An unrestricted group (no `assertableBy`) takes anyone.
 * - Each restriction that is set must hold: minimum role, principal kinds, principal ids.
 */
export function mayAssertFor(principal: Pick<Principal, 'kind' | 'id' | 'role'>, group: CorrectorGroup): AssertCheck {
  const rule = group.assertableBy;
  if (!rule) return { allowed: true };
  if (rule.minRole && ROLE_RANK[principal.role] < ROLE_RANK[rule.minRole]) {
    return { allowed: false, reason: `corrector group ${group.id} needs role ${rule.minRole} or above; the caller is ${principal.role}` };
  }
  if (rule.principalKinds && !rule.principalKinds.includes(principal.kind)) {
    return { allowed: false, reason: `corrector group ${group.id} takes only ${rule.principalKinds.join(', ')} principals; the caller is a ${principal.kind}` };
  }
  if (rule.principalIds && !rule.principalIds.includes(principal.id)) {
    return { allowed: false, reason: `corrector group ${group.id} takes only named principals, and ${principal.id} is not one of them` };
  }
  return { allowed: true };
}

/** Page 000: `expert` is true when the group was restricted at the time of recording. */
export function isRestricted(group: CorrectorGroup): boolean {
  return group.assertableBy !== undefined;
}
