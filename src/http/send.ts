// The one place a response leaves the mock: every body is validated against the spec's schema
// for its operation and status first (the API's document, or the mock's own for `/__mock`). A
// violation is a bug in the mock, never silent.
import { utf8 } from '../digest.ts';
import type { ErrorObject, ValidateFunction } from '../spec/ajv.ts';
import type { SpecOperation } from '../spec/operations.ts';
import type { SpecValidators } from '../spec/validators.ts';
import { envelope } from './api-error.ts';
import { defectResponse } from './defects.ts';
import type { MockContext, Reply } from './context.ts';
import type { CoreResponse, Exchange } from './exchange.ts';

/**
 * The answer to `exchange`: `reply` held to the schema of its operation (undefined: none matched)
 * and status, serialized. A mock-admin operation (`exchange.mockAdmin`) is held to the mock's own
 * document, any other to the API's.
 */
export function send(exchange: Exchange, ctx: MockContext, operation: SpecOperation | undefined, reply: Reply): CoreResponse {
  const own = operation !== undefined && exchange.mockAdmin;
  const validators = own ? exchange.validators! : ctx.validators;
  const validate = validatorFor(validators, operation, reply.status);
  // A stored body (`reply.stored`) or a page of stored records takes the fast path when every part
  // is valid; anything else, and anything with a violation, goes through the full validator so
  // the violations reported are the same.
  const assembled = validate === undefined ? undefined
    : reply.stored && typeof reply.body === 'object' && reply.body !== null ? validatedBytesOf(validate, reply.body)
      : assembleStoredPage(validators, validate, reply.body, exchange.request.bodyMemory);
  if (assembled === undefined) {
    const violations = validate === undefined
      ? [{ instancePath: '', message: `status ${reply.status} is not documented for ${operation?.operationId}` }]
      : validate(reply.body) ? [] : (validate.errors ?? []).map(describeViolation);
    if (violations.length > 0) {
      exchange.violations = violations;
      const where = operation ? `${operation.method.toUpperCase()} ${operation.path} ${reply.status}` : `${reply.status}`;
      ctx.logger.error(`kindgi-mock: response does not match the spec (${where}) [${exchange.requestId}]: ${JSON.stringify(violations)}`);
      if (ctx.onInvalidResponse === 'error') {
        const body = envelope('response-invalid', `the mock's response to ${where} does not match the spec: this is a bug in kindgi-mock`, exchange.requestId, {
          operationId: operation?.operationId, status: reply.status, violations,
        });
        return jsonResponse(exchange, { status: 500 }, utf8(JSON.stringify(body)));
      }
    }
  }
  // Defects plant bugs of the API (defects.ts) for the contract kit to catch; the mock's own
  // routes are not under test, and the kit reads its tokens from them.
  if (ctx.defects.size > 0 && !own) return defectResponse(ctx.defects, exchange, operation, reply, ctx);
  return jsonResponse(exchange, reply, assembled ?? utf8(JSON.stringify(reply.body)));
}

/**
 * A list body whose `data` are records as the store holds them (never changed in place: a change
 * stores a new object). `send` validates and serializes each record once per version and
 * validates only the rest of the page per response.
 * - The body is a plain object: `JSON.stringify` of it gives the same bytes `send` writes.
 */
export function storedRecordsPage<T extends object>(component: string, data: readonly T[], rest: Record<string, unknown>): { data: readonly T[] } & Record<string, unknown> {
  // `data` first: assembling the text relies on it (see assembleStoredPage).
  const body = { data, ...rest };
  storedPages.set(body, { component, rest });
  return body;
}

/** Bodies made by storedRecordsPage → the component schema of their records, and the page without `data`. */
const storedPages = new WeakMap<object, { component: string; rest: Record<string, unknown> }>();

/**
 * Per validator, each stored object that passed it → its JSON as UTF-8. Keyed by the record object
 * itself: records are replaced, never mutated, when they change, so a new version misses and is
 * validated afresh, and an old one is dropped with its object. Bytes rather than strings: the
 * records hold non-ASCII text, and encoding a whole page per request cost as much as the rest.
 */
const validatedJson = new WeakMap<ValidateFunction, WeakMap<object, Uint8Array>>();

const PAGE_START = utf8('{"data":[');
const COMMA = 0x2c;
const DATA_END = 0x5d;

/**
 * The bytes of a stored-records page when its envelope (the page with no items) and every record
 * pass; undefined for any other body, or when anything fails.
 * - Equal to `JSON.stringify(body)`, and to what the page's full validator would have passed:
 *   the page schema constrains its items only through the component (test/bench/stored-pages.test.ts).
 * - `allocate`: the memory the bytes are written to (CoreRequest.bodyMemory); fresh by default.
 */
export function assembleStoredPage(validators: SpecValidators, validatePage: ValidateFunction, body: unknown, allocate?: (length: number) => Uint8Array): Uint8Array | undefined {
  const stored = typeof body === 'object' && body !== null ? storedPages.get(body) : undefined;
  if (stored === undefined) return undefined;
  const { component, rest } = stored;
  const { data } = body as { data: readonly object[] };
  if (!validatePage({ data: [], ...rest })) return undefined;
  const validateItem = validators.component(component);
  // Looked up once per page: every item has the same validator.
  const itemCache = validatedBytesCacheOf(validateItem);
  const records: Uint8Array[] = new Array(data.length);
  // `{"data":[` + the records, a comma between each two + `]`.
  let length = PAGE_START.length + Math.max(0, data.length - 1) + 1;
  for (let i = 0; i < data.length; i += 1) {
    const bytes = validatedBytesIn(itemCache, validateItem, data[i]!);
    if (bytes === undefined) return undefined;
    records[i] = bytes;
    length += bytes.length;
  }
  // `data` is the first key (storedRecordsPage), so the rest follows it as in JSON.stringify.
  const restText = JSON.stringify(rest);
  const tail = utf8(restText === '{}' ? '}' : `,${restText.slice(1)}`);
  // Written in place rather than joined from parts: a copy per part and comma cost as much as the bytes.
  const page = (allocate ?? freshMemory)(length + tail.length);
  page.set(PAGE_START, 0);
  let at = PAGE_START.length;
  for (let i = 0; i < records.length; i += 1) {
    if (i > 0) page[at++] = COMMA;
    page.set(records[i]!, at);
    at += records[i]!.length;
  }
  page[at++] = DATA_END;
  page.set(tail, at);
  return page;
}

const freshMemory = (length: number) => new Uint8Array(length);

/** The JSON of a stored object as UTF-8 when it passes `validate`; undefined when it does not. Checked and serialized once per object. */
function validatedBytesOf(validate: ValidateFunction, stored: object): Uint8Array | undefined {
  return validatedBytesIn(validatedBytesCacheOf(validate), validate, stored);
}

/** The stored objects that passed `validate` → their bytes. */
function validatedBytesCacheOf(validate: ValidateFunction): WeakMap<object, Uint8Array> {
  let cache = validatedJson.get(validate);
  if (!cache) validatedJson.set(validate, (cache = new WeakMap()));
  return cache;
}

/** validatedBytesOf with `validate`'s cache already found. */
function validatedBytesIn(cache: WeakMap<object, Uint8Array>, validate: ValidateFunction, stored: object): Uint8Array | undefined {
  let bytes = cache.get(stored);
  if (bytes === undefined) {
    if (!validate(stored)) return undefined;
    bytes = utf8(JSON.stringify(stored));
    cache.set(stored, bytes);
  }
  return bytes;
}

function validatorFor(validators: SpecValidators, operation: SpecOperation | undefined, status: number): ValidateFunction | undefined {
  if (operation) return validators.response(operation.operationId, status);
  // Outside any operation (unknown routes, a request refused before it reached one) only errors are sent this way.
  return status >= 400 ? validators.component('ErrorEnvelope') : undefined;
}

function describeViolation(error: Pick<ErrorObject, 'instancePath' | 'message'> & { params?: unknown }): Record<string, unknown> {
  return { path: error.instancePath || '/', message: error.message ?? 'does not match', ...(error.params ? { params: error.params } : {}) };
}

/** A JSON answer with the exchange's own headers (request id, CORS, caching) and the reply's. */
export function jsonResponse(exchange: Exchange, reply: Pick<Reply, 'status' | 'headers'>, body: Uint8Array): CoreResponse {
  // No ETag, and no 304 for a conditional request: the spec documents none. Assigned, not spread:
  // spreading headers' dashed names cost 20 times as much, on every answer.
  const headers: Record<string, string> = {};
  for (const name in exchange.headers) headers[name] = exchange.headers[name]!;
  if (reply.headers) for (const name in reply.headers) headers[name] = reply.headers[name]!;
  headers['Content-Type'] = 'application/json; charset=utf-8';
  headers['Content-Length'] = String(body.length);
  return { status: reply.status, headers, body };
}
