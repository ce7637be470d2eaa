// Binds a request to the world its bearer token reaches: a session's token (sessions.ts) to that
// session's world, any other to the base world. Before faults and auth, because both are
// the world's own. The token's principal is checked later, by authenticate.
import { ApiError } from '../api-error.ts';
import type { MockContext, MockWorld } from '../context.ts';
import type { Exchange } from '../exchange.ts';

const BEARER = /^Bearer +(\S+) *$/i;

/** The bearer token of an Authorization header; undefined when there is none, or it is not `Bearer <token>`. */
export const bearerTokenIn = (header: string | undefined): string | undefined => (header === undefined ? undefined : BEARER.exec(header)?.[1]);

const bearerTokenOf = (exchange: Exchange): string | undefined => bearerTokenIn(exchange.header('Authorization'));

export function bindWorldByToken(ctx: MockContext, exchange: Exchange): MockWorld {
  const token = bearerTokenOf(exchange);
  const named = token === undefined ? undefined : ctx.sessions.resolveToken(token);
  if (!named) {
    exchange.worldToken = token;
    return (exchange.world = ctx.base);
  }
  if (!named.world) throw new ApiError('auth-invalid', `session ${named.sessionId} has ended or expired, and its tokens with it: open a new one (POST /__mock/sessions)`);
  // A session's token is matched whole: one it never handed out names nobody, in its world or any other.
  if (named.token === undefined) throw new ApiError('auth-invalid', 'no principal has this token');
  exchange.worldToken = named.token;
  exchange.sessionId = named.sessionId;
  return (exchange.world = named.world);
}
