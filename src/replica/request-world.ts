// Which world a request will be answered in, told from the request alone, before it is answered:
// the replica asks whether answering it writes (a check came due there). The core binds the
// world itself; this only has to be right for the replica to avoid a needless conflict.
import type { CoreRequest } from '../http/exchange.ts';
import { bearerTokenIn } from '../http/stages/bind-world.ts';
import { sessionIdOfToken } from '../worlds/sessions.ts';
import { BASE_WORLD, type WorldKey } from './log-effects.ts';

const SESSION_PATH = /^\/__mock\/sessions\/(ses_[0-9a-f]{16})(?:\/|$)/;

export function worldKeyOfRequest(request: CoreRequest): WorldKey {
  const byPath = SESSION_PATH.exec(request.path);
  if (byPath) return byPath[1]!;
  const token = bearerTokenIn(request.headers.authorization);
  return (token !== undefined ? sessionIdOfToken(token) : undefined) ?? BASE_WORLD;
}
