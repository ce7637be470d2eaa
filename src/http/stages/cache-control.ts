// Every `/v1` answer is `Cache-Control: no-store` (the platform's conventions).
import type { Exchange } from '../exchange.ts';

const V1_PATH = /^\/v1(?:\/|$)/i;

export const isV1Path = (path: string) => V1_PATH.test(path);

export function noStoreOnV1(exchange: Exchange): void {
  if (isV1Path(exchange.request.path)) exchange.headers['Cache-Control'] = 'no-store';
}
