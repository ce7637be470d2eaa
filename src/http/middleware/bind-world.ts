// Binds a request to the world its bearer token reaches: a session's token (`<session>.<token>`)
// to that session's world, any other to the base world. Before faults and auth, because both are
// the world's own. The token's principal is checked later, by authenticate.
import type { Request, RequestHandler, Response } from 'express';
import { ApiError } from '../api-error.ts';
import type { MockContext } from '../context.ts';

const BEARER = /^Bearer +(\S+) *$/i;

/** The bearer token of a request; undefined when there is none, or the header is not `Bearer <token>`. */
const bearerTokenOf = (req: Request): string | undefined => {
  const header = req.get('Authorization');
  return header === undefined ? undefined : BEARER.exec(header)?.[1];
};

export function bindWorldByToken(ctx: MockContext): RequestHandler {
  return (req, res, next) => {
    bindWorld(ctx, req, res);
    next();
  };
}

function bindWorld(ctx: MockContext, req: Request, res: Response): void {
  const token = bearerTokenOf(req);
  const named = token === undefined ? undefined : ctx.sessions.resolveToken(token);
  if (!named) {
    res.locals.world = ctx.base;
    res.locals.worldToken = token;
    return;
  }
  if (!named.world) throw new ApiError('auth-invalid', `session ${named.sessionId} has ended or expired, and its tokens with it: open a new one (POST /__mock/sessions)`);
  res.locals.world = named.world;
  res.locals.worldToken = named.token;
  res.locals.sessionId = named.sessionId;
}
