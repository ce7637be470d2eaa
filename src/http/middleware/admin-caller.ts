// The mock's own routes answer callers on this machine, and, with the admin secret
// (`--admin-token`), callers anywhere else: a demo on a server is driven by its operator alone.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { ApiError } from '../api-error.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
export const ADMIN_TOKEN_HEADER = 'X-Mock-Admin-Token';

/** Whether the request carries `adminToken` in X-Mock-Admin-Token; compared in constant time (digests of equal length). */
export function carriesAdminToken(req: Request, adminToken: string | undefined): boolean {
  const given = req.get(ADMIN_TOKEN_HEADER);
  if (adminToken === undefined || given === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(adminToken));
}

/**
 * Loopback callers pass; any other passes with the admin secret, and is refused with
 * 403 `mock-admin-only` saying how to get in.
 */
export function loopbackOrAdminToken(adminToken: () => string | undefined): RequestHandler {
  return (req, res, next) => {
    if (LOOPBACK.test(req.socket.remoteAddress ?? '')) return next();
    const secret = adminToken();
    if (carriesAdminToken(req, secret)) return next();
    const how = secret === undefined
      ? 'the mock was started without an admin secret: start it with --admin-token SECRET (or KINDGI_MOCK_ADMIN_TOKEN), and send X-Mock-Admin-Token: SECRET'
      : req.get(ADMIN_TOKEN_HEADER) === undefined
        ? 'send the admin secret (--admin-token) in X-Mock-Admin-Token'
        : 'the X-Mock-Admin-Token sent is not the admin secret (--admin-token)';
    next(new ApiError('mock-admin-only', `/__mock answers callers on this machine, and others with the admin secret: ${how}`));
  };
}
