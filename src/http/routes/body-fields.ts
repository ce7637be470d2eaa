// What the /__mock parsers share: an object check, unknown fields refused by name, a query parameter given once.
import { ApiError } from '../api-error.ts';

/** A query parameter given at most once; 400 bad-input when it is repeated. */
export function queryParameter(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ApiError('bad-input', `give ${name} once`, { parameter: name });
  return value;
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Refuses the fields of `body` beyond `known`, naming them (`at` prefixes a nested object's). */
export function refuseUnknownFields(body: Record<string, unknown>, known: readonly string[], takes: string, at = ''): void {
  const unknown = Object.keys(body).filter((field) => !known.includes(field)).map((field) => `${at}${field}`);
  if (unknown.length > 0) throw new ApiError('unknown-field', `unknown field ${unknown.map((f) => `"${f}"`).join(', ')}; ${takes}`, { fields: unknown });
}

