// What the /__mock parsers share: an object check, unknown fields refused by name, a query
// parameter given once (filled, a comma list of known values, a limit).
import { ApiError } from '../api-error.ts';

/** A query parameter given at most once; 400 bad-input when it is repeated. */
export function queryParameter(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ApiError('bad-input', `give ${name} once`, { parameter: name });
  return value;
}

/** A query parameter given at most once, and not empty; 400 bad-input otherwise. */
export function filledQueryParameter(query: Record<string, unknown>, name: string): string | undefined {
  const value = queryParameter(query, name);
  if (value === '') throw new ApiError('bad-input', `give ${name} a value`, { parameter: name });
  return value;
}

/** A comma list of `allowed` values, given at most once; 400 bad-input naming the others. */
export function queryValues<T extends string>(query: Record<string, unknown>, name: string, allowed: readonly T[]): T[] | undefined {
  const values = filledQueryParameter(query, name)?.split(',');
  const unknown = values?.filter((v) => !(allowed as readonly string[]).includes(v)) ?? [];
  if (unknown.length > 0) throw new ApiError('bad-input', `${name} takes ${allowed.join(', ')} (a comma list), not ${unknown.join(', ')}`, { parameter: name });
  return values as T[] | undefined;
}

/** `limit`, a whole number from 1 to `max` (as many digits as `max` at most), given at most once; 400 bad-input otherwise. */
export function queryLimit(query: Record<string, unknown>, max: number): number | undefined {
  const text = queryParameter(query, 'limit');
  if (text === undefined) return undefined;
  const digits = new RegExp(`^\\d{1,${String(max).length}}$`);
  if (!digits.test(text) || Number(text) < 1 || Number(text) > max) throw new ApiError('bad-input', `limit is a whole number from 1 to ${max}`, { parameter: 'limit' });
  return Number(text);
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Refuses the fields of `body` beyond `known`, naming them (`at` prefixes a nested object's). */
export function refuseUnknownFields(body: Record<string, unknown>, known: readonly string[], takes: string, at = ''): void {
  const unknown = Object.keys(body).filter((field) => !known.includes(field)).map((field) => `${at}${field}`);
  if (unknown.length > 0) throw new ApiError('unknown-field', `unknown field ${unknown.map((f) => `"${f}"`).join(', ')}; ${takes}`, { fields: unknown });
}

