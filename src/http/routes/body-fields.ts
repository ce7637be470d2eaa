// What the /__mock bodies' parsers share: an object check, and unknown fields refused by name.
import { ApiError } from '../api-error.ts';

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Refuses the fields of `body` beyond `known`, naming them (`at` prefixes a nested object's). */
export function refuseUnknownFields(body: Record<string, unknown>, known: readonly string[], takes: string, at = ''): void {
  const unknown = Object.keys(body).filter((field) => !known.includes(field)).map((field) => `${at}${field}`);
  if (unknown.length > 0) throw new ApiError('unknown-field', `unknown field ${unknown.map((f) => `"${f}"`).join(', ')}; ${takes}`, { fields: unknown });
}

