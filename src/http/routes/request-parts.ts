// What handlers read off a request that has passed auth: the caller and path parameters.
import type { Request, Response } from 'express';
import type { Principal } from '../../domain/world.ts';
import { ApiError } from '../api-error.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const callerOf = (res: Response) => res.locals.principal as Principal;

export const pathParam = (req: Request, name: string) => String(req.params[name]);

export function suggestedChangeNotFound(id: string): ApiError {
  return new ApiError('not-found', `no suggested change ${id} that this caller may read`, { suggestedChangeId: id });
}

/** The suggested change id, lower-cased; page 002 documents no 400, so an id that is no UUID is simply not found. */
export function suggestedChangeIdOf(req: Request): string {
  const value = pathParam(req, 'suggestedChangeId');
  if (!UUID.test(value)) throw suggestedChangeNotFound(value);
  return value.toLowerCase();
}
