// Against the mock, tokens need not be given: its /__mock/principals route lists them, and the
// kit picks a broad token, another tenant's and a narrow one.
import type { Tokens } from './types.ts';

export interface ListedPrincipal {
  token: string;
  kind: string;
  tenantId: string;
  readableProjectIds: string[];
  writableProjectIds: string[];
  expiresAt?: string;
  revokedAt?: string;
}

/** The tokens, or undefined when the deployment has no `/__mock/principals` (a real one). */
export async function discoverTokens(baseUrl: string, now = Date.now()): Promise<Tokens | undefined> {
  let response: Response;
  try {
    response = await fetch(new URL('/__mock/principals', baseUrl), { signal: AbortSignal.timeout(10_000) });
  } catch {
    return undefined;
  }
  if (response.status !== 200) return undefined;
  return tokensOf(((await response.json()) as { data?: ListedPrincipal[] }).data ?? [], now);
}

/**
 * The tokens to call with, of the principals a mock lists (`/__mock/principals`, or the MSW
 * handlers' `principals`); undefined when none is valid at `now`.
 */
export function tokensOf(listed: readonly ListedPrincipal[], now = Date.now()): Tokens | undefined {
  const valid = listed.filter((p) => (!p.expiresAt || Date.parse(p.expiresAt) > now) && (!p.revokedAt || Date.parse(p.revokedAt) > now));
  const breadth = (p: ListedPrincipal) => p.writableProjectIds.length * 1000 + p.readableProjectIds.length;
  const primary = [...valid].sort((a, b) => breadth(b) - breadth(a) || (a.kind === 'user' ? -1 : 1))[0];
  if (!primary) return undefined;
  const otherTenant = valid.find((p) => p.tenantId !== primary.tenantId);
  const narrow = valid
    .filter((p) => p.tenantId === primary.tenantId && p.readableProjectIds.length > 0 && p.readableProjectIds.length < primary.readableProjectIds.length
      && p.readableProjectIds.every((id) => primary.readableProjectIds.includes(id)))
    .sort((a, b) => a.readableProjectIds.length - b.readableProjectIds.length)[0];
  return { primary: primary.token, ...(otherTenant ? { otherTenant: otherTenant.token } : {}), ...(narrow ? { narrow: narrow.token } : {}) };
}
