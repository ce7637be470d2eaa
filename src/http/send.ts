// The one place a response leaves the mock: every body is validated against the spec's schema
// for its operation and status first (the API's document, or the mock's own for `/__mock`). A
// violation is a bug in the mock, never silent.
import type { Response } from 'express';
import type { ErrorObject, ValidateFunction } from '../spec/ajv.ts';
import { mockAdminValidatorsOf } from '../spec/mock-admin-spec.ts';
import type { SpecOperation } from '../spec/operations.ts';
import type { SpecValidators } from '../spec/validators.ts';
import { envelope } from './api-error.ts';
import { defectReply } from './defects.ts';
import type { MockContext, Reply } from './context.ts';

export function send(res: Response, ctx: MockContext, operation: SpecOperation | undefined, reply: Reply): void {
  // An operation of the mock's own document (`/__mock`) is held to that document, any other to the API's.
  const own = operation === undefined ? undefined : mockAdminValidatorsOf(operation);
  const validators = own ?? ctx.validators;
  const validate = validatorFor(validators, operation, reply.status);
  // A stored body (`reply.stored`) or a page of stored records takes the fast path when every part
  // is valid; anything else, and anything with a violation, goes through the full validator so
  // the violations reported are the same.
  const assembled = validate === undefined ? undefined
    : reply.stored && typeof reply.body === 'object' && reply.body !== null ? validatedBytesOf(validate, reply.body)
      : assembleStoredPage(validators, validate, reply.body);
  if (assembled === undefined) {
    const violations = validate === undefined
      ? [{ instancePath: '', message: `status ${reply.status} is not documented for ${operation?.operationId}` }]
      : validate(reply.body) ? [] : (validate.errors ?? []).map(describeViolation);
    if (violations.length > 0) {
      res.locals.violations = violations;
      const where = operation ? `${operation.method.toUpperCase()} ${operation.path} ${reply.status}` : `${reply.status}`;
      ctx.logger.error(`kindgi-mock: response does not match the spec (${where}) [${res.locals.requestId as string}]: ${JSON.stringify(violations)}`);
      if (ctx.onInvalidResponse === 'error') {
        const body = envelope('response-invalid', `the mock's response to ${where} does not match the spec: this is a bug in kindgi-mock`, res.locals.requestId as string, {
          operationId: operation?.operationId, status: reply.status, violations,
        });
        write(res, { status: 500 }, JSON.stringify(body));
        return;
      }
    }
  }
  // Defects plant bugs of the API (defects.ts) for the contract kit to catch; the mock's own
  // routes are not under test, and the kit reads its tokens from them.
  if (ctx.defects.size > 0 && own === undefined) {
    const broken = defectReply(ctx.defects, res, operation, reply, ctx);
    write(res, broken, JSON.stringify(broken.body));
    return;
  }
  write(res, reply, assembled ?? JSON.stringify(reply.body));
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
  storedPages.set(body, component);
  return body;
}

/** Bodies made by storedRecordsPage → the component schema of their records. */
const storedPages = new WeakMap<object, string>();

/**
 * Per validator, each stored object that passed it → its JSON as UTF-8. Keyed by the record object
 * itself: records are replaced, never mutated, when they change, so a new version misses and is
 * validated afresh, and an old one is dropped with its object. Bytes rather than strings: the
 * records hold non-ASCII text, and encoding a whole page per request cost as much as the rest.
 */
const validatedJson = new WeakMap<ValidateFunction, WeakMap<object, Buffer>>();

const PAGE_START = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');
const DATA_END = Buffer.from(']');

/**
 * The bytes of a stored-records page when its envelope (the page with no items) and every record
 * pass; undefined for any other body, or when anything fails.
 * - Equal to `JSON.stringify(body)`, and to what the page's full validator would have passed:
 *   the page schema constrains its items only through the component (test/bench/stored-pages.test.ts).
 */
export function assembleStoredPage(validators: SpecValidators, validatePage: ValidateFunction, body: unknown): Buffer | undefined {
  const component = typeof body === 'object' && body !== null ? storedPages.get(body) : undefined;
  if (component === undefined) return undefined;
  const { data, ...rest } = body as { data: readonly object[] };
  if (!validatePage({ data: [], ...rest })) return undefined;
  const validateItem = validators.component(component);
  const parts: Buffer[] = [PAGE_START];
  for (const record of data) {
    const bytes = validatedBytesOf(validateItem, record);
    if (bytes === undefined) return undefined;
    if (parts.length > 1) parts.push(COMMA);
    parts.push(bytes);
  }
  // `data` is the first key (storedRecordsPage), so the rest follows it as in JSON.stringify.
  const restText = JSON.stringify(rest);
  parts.push(DATA_END, Buffer.from(restText === '{}' ? '}' : `,${restText.slice(1)}`));
  return Buffer.concat(parts);
}

/** The JSON of a stored object as UTF-8 when it passes `validate`; undefined when it does not. Checked and serialized once per object. */
function validatedBytesOf(validate: ValidateFunction, stored: object): Buffer | undefined {
  let cache = validatedJson.get(validate);
  if (!cache) validatedJson.set(validate, (cache = new WeakMap()));
  let bytes = cache.get(stored);
  if (bytes === undefined) {
    if (!validate(stored)) return undefined;
    bytes = Buffer.from(JSON.stringify(stored));
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

function write(res: Response, reply: Pick<Reply, 'status' | 'headers'>, body: string | Buffer): void {
  // Written directly rather than through res.send: no ETag, and no 304 for a conditional request
  // (res.send gave one to `If-None-Match: *`; the spec documents none). Node drops the body of a HEAD.
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  res.statusCode = reply.status;
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', bytes.length);
  // For the request journal: the very bytes, not a copy.
  res.locals.sentBytes = bytes;
  res.end(bytes);
}
