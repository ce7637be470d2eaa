// The mock's own routes answer callers on this machine, and, with the admin secret
// (`--admin-token`), callers anywhere else: a demo on a server is driven by its operator alone.
import { equalBytes, sha256 } from '../../digest.ts';
import { ApiError } from '../api-error.ts';
import type { Exchange } from '../exchange.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
export const ADMIN_TOKEN_HEADER = 'X-Mock-Admin-Token';

/** Whether the request carries `adminToken` in X-Mock-Admin-Token; compared in constant time (digests of equal length). */
export function carriesAdminToken(exchange: Exchange, adminToken: string | undefined): boolean {
  const given = exchange.header(ADMIN_TOKEN_HEADER);
  if (adminToken === undefined || given === undefined) return false;
  return equalBytes(sha256(given), sha256(adminToken));
}

/**
 * Loopback callers pass (and a request with no network at all, as MSW's); any other passes with
 * the admin secret, and is refused with 403 `mock-admin-only` saying how to get in.
 */
export function refuseRemoteWithoutAdminToken(exchange: Exchange, secret: string | undefined): void {
  const address = exchange.request.remoteAddress;
  if (address === undefined || LOOPBACK.test(address)) return;
  if (carriesAdminToken(exchange, secret)) return;
  const how = secret === undefined
    ? 'the mock was started without an admin secret: start it with --admin-token SECRET (or KINDGI_MOCK_ADMIN_TOKEN), and send X-Mock-Admin-Token: SECRET'
    : exchange.header(ADMIN_TOKEN_HEADER) === undefined
      ? 'send the admin secret (--admin-token) in X-Mock-Admin-Token'
      : 'the X-Mock-Admin-Token sent is not the admin secret (--admin-token)';
  throw new ApiError('mock-admin-only', `/__mock answers callers on this machine, and others with the admin secret: ${how}`);
}
