// Bearer auth on every secured operation: the caller comes from the token, never from the request,
// and is a principal of the world the token reaches. Runs after bindWorldByToken (bind-world.ts),
// which parsed the token once for both.
import type { RequestHandler } from 'express';
import { ApiError } from '../api-error.ts';
import { worldOf, type MockContext } from '../context.ts';

export function authenticate(ctx: MockContext): RequestHandler {
  return (req, res, next) => {
    const token = res.locals.worldToken as string | undefined;
    if (token === undefined) {
      const header = req.get('Authorization');
      throw new ApiError('auth-missing', header === undefined ? 'send Authorization: Bearer <token>' : 'the Authorization header is not "Bearer <token>"');
    }
    const world = worldOf(res, ctx);
    const principal = world.store.principalByToken(token);
    if (!principal) throw new ApiError('auth-invalid', 'no principal has this token');
    const now = world.clock.now();
    if (principal.revokedAt !== undefined && Date.parse(principal.revokedAt) <= now) throw new ApiError('auth-revoked', `this token was revoked at ${principal.revokedAt}`);
    if (principal.expiresAt !== undefined && Date.parse(principal.expiresAt) <= now) throw new ApiError('auth-expired', `this token expired at ${principal.expiresAt}`);
    res.locals.principal = principal;
    if (res.locals.sessionId !== undefined) ctx.sessions.touch(res.locals.sessionId as string);
    next();
  };
}
