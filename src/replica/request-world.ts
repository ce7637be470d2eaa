// Which world a request will be answered in, told from the request alone, before it is answered:
// the replica asks whether answering it writes (a check came due there). The core binds the
// world itself; this only has to be right for the replica to avoid a needless conflict.
import type { CoreRequest } from '../http/exchange.ts';
import { BASE_WORLD, type WorldKey } from './log-effects.ts';

const SESSION_PATH = /^\/__mock\/sessions\/(ses_[0-9a-f]{16})(?:\/|$)/;
const SESSION_BEARER = /^Bearer\s+(ses_[0-9a-f]{16})_[0-9a-f]{32}\s*$/i;

export function worldKeyOfRequest(request: CoreRequest): WorldKey {
  const byPath = SESSION_PATH.exec(request.path);
  if (byPath) return byPath[1]!;
  const byToken = SESSION_BEARER.exec(request.headers.authorization ?? '');
  return byToken ? byToken[1]! : BASE_WORLD;
}
