// Bearer auth on every secured operation: the caller comes from the token, never from the request,
// and is a principal of the world the token reaches. Runs after bindWorldByToken (bind-world.ts),
// which parsed the token once for both.
import type { Principal } from '../../domain/world.ts';
import { ApiError } from '../api-error.ts';
import { worldOf, type MockContext } from '../context.ts';
import type { Exchange } from '../exchange.ts';

export function authenticate(ctx: MockContext, exchange: Exchange): Principal {
  const token = exchange.worldToken;
  if (token === undefined) {
    const header = exchange.header('Authorization');
    throw new ApiError('auth-missing', header === undefined ? 'send Authorization: Bearer <token>' : 'the Authorization header is not "Bearer <token>"');
  }
  const world = worldOf(exchange, ctx);
  const principal = world.store.principalByToken(token);
  if (!principal) throw new ApiError('auth-invalid', 'no principal has this token');
  const now = world.clock.now();
  if (principal.revokedAt !== undefined && Date.parse(principal.revokedAt) <= now) throw new ApiError('auth-revoked', `this token was revoked at ${principal.revokedAt}`);
  if (principal.expiresAt !== undefined && Date.parse(principal.expiresAt) <= now) throw new ApiError('auth-expired', `this token expired at ${principal.expiresAt}`);
  exchange.principal = principal;
  if (exchange.sessionId !== undefined) ctx.sessions.touch(exchange.sessionId);
  return principal;
}
