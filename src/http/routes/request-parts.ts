// What handlers read off a request that has passed auth: the caller and path parameters.
import type { Principal } from '../../domain/world.ts';
import { ApiError } from '../api-error.ts';
import type { Exchange } from '../exchange.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const callerOf = (exchange: Exchange) => exchange.principal as Principal;

export const pathParam = (exchange: Exchange, name: string) => String(exchange.params[name]);

export function suggestedChangeNotFound(id: string): ApiError {
  return new ApiError('not-found', `no suggested change ${id} that this caller may read`, { suggestedChangeId: id });
}

/** The suggested change id, lower-cased; page 002 documents no 400, so an id that is no UUID is simply not found. */
export function suggestedChangeIdOf(exchange: Exchange): string {
  const value = pathParam(exchange, 'suggestedChangeId');
  if (!UUID.test(value)) throw suggestedChangeNotFound(value);
  return value.toLowerCase();
}
