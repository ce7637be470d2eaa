// The bounds the mock puts on client input before anything reads it: how deep a JSON body may
// nest and how many query parameters a request may carry. Past either, a clear 400, never a
// stack overflow or a silently shortened query.
import { ApiError } from './api-error.ts';

/** Deepest nesting of arrays and objects a JSON body may have (the top level counts as 1). */
export const MAX_JSON_DEPTH = 64;
/** Most query parameters one request may carry (a repeated name counts each time). */
export const MAX_QUERY_PARAMETERS = 100;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The nesting depth of JSON text, read byte by byte without parsing (so without recursion).
 * - Brackets inside strings do not count; the text need not be valid JSON (the parser judges that).
 * - Stops counting once past `stopAbove`, so a hostile body costs one pass at most.
 */
export function jsonDepth(bytes: Uint8Array, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return deepest;
}

/**
 * Refuses a body nested deeper than MAX_JSON_DEPTH before it is parsed.
 * - Only UTF-8 (415 otherwise): the depth is read off the bytes, and in UTF-16 a quote or a
 *   bracket byte can stand inside another character, which would hide the nesting.
 */
export function refuseDeepJson(body: Uint8Array, encoding: string): void {
  const charset = encoding.toLowerCase();
  if (charset !== 'utf-8' && charset !== 'utf8') {
    throw new ApiError('unsupported-media-type', `send JSON as UTF-8 (this body says charset=${encoding})`, { charset: encoding });
  }
  if (jsonDepth(body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new ApiError('bad-input', `the JSON body nests deeper than ${MAX_JSON_DEPTH} levels of arrays and objects, the most the mock reads`, { maxDepth: MAX_JSON_DEPTH });
  }
}

/**
 * HTTP/1.1 requires a `Host` (RFC 9112); the server lets one without it through (Node would
 * answer a bare 400) so that it is refused here, in the envelope.
 */
export function refuseHostlessRequest(httpVersion: string | undefined, host: string | undefined): void {
  // No version: no HTTP on a wire at all (MSW), and so no Host to need.
  if (host === undefined && httpVersion !== undefined && httpVersion !== '1.0' && httpVersion !== '0.9') {
    throw new ApiError('bad-input', 'an HTTP/1.1 request needs a Host header', { header: 'Host' });
  }
}

/** Throws 400 bad-input when a parameter split on commas holds more than MAX_QUERY_PARAMETERS values. */
export function refuseManyValues(parameter: string, values: readonly string[]): void {
  if (values.length > MAX_QUERY_PARAMETERS) {
    throw new ApiError('bad-input', `query parameter "${parameter}" holds ${values.length} values; the mock reads at most ${MAX_QUERY_PARAMETERS}`, { parameter, values: values.length, maxValues: MAX_QUERY_PARAMETERS });
  }
}

/**
 * Counts the parameters of a raw query string (`a=1&b=2&a=3` → 3) as the query parser reads
 * them: empty segments (`a=1&&b=2`) are not parameters.
 */
export function queryParameterCount(rawQuery: string): number {
  let count = 0;
  for (const segment of rawQuery.split('&')) if (segment !== '') count += 1;
  return count;
}

/** Throws 400 bad-input when the query carries more than MAX_QUERY_PARAMETERS parameters. */
export function refuseLongQuery(url: string): void {
  const start = url.indexOf('?');
  if (start < 0) return;
  const end = url.indexOf('#', start);
  const count = queryParameterCount(url.slice(start + 1, end < 0 ? undefined : end));
  if (count > MAX_QUERY_PARAMETERS) {
    throw new ApiError('bad-input', `the query has ${count} parameters; the mock reads at most ${MAX_QUERY_PARAMETERS}, so none is dropped silently`, { parameters: count, maxParameters: MAX_QUERY_PARAMETERS });
  }
}
