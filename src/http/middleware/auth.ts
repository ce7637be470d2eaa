// Bearer auth on every secured operation: the caller comes from the token, never from the request.
import type { RequestHandler } from 'express';
import { ApiError } from '../api-error.ts';
import type { MockContext } from '../context.ts';

const BEARER = /^Bearer +(\S+) *$/i;

export function authenticate(ctx: MockContext): RequestHandler {
  return (req, res, next) => {
    const header = req.get('Authorization');
    const token = header === undefined ? undefined : BEARER.exec(header)?.[1];
    if (token === undefined) {
      throw new ApiError('auth-missing', header === undefined ? 'send Authorization: Bearer <token>' : 'the Authorization header is not "Bearer <token>"');
    }
    const principal = ctx.store.principalByToken(token);
    if (!principal) throw new ApiError('auth-invalid', 'no principal has this token');
    const now = ctx.clock();
    if (principal.revokedAt !== undefined && Date.parse(principal.revokedAt) <= now) throw new ApiError('auth-revoked', `this token was revoked at ${principal.revokedAt}`);
    if (principal.expiresAt !== undefined && Date.parse(principal.expiresAt) <= now) throw new ApiError('auth-expired', `this token expired at ${principal.expiresAt}`);
    res.locals.principal = principal;
    next();
  };
}
