// Reads a request's JSON body from its bytes, as the transport handed them over, and holds a
// write's body to the operation's request schema: unknown fields are `unknown-field`, anything
// else off-spec is `bad-input`, both naming what is wrong; a body that breaks only the schema's
// named rules (`x-rule`) is the operation's own code to refuse, with the rule's code and name.
import type { SpecOperation } from '../../spec/operations.ts';
import type { SpecValidators } from '../../spec/validators.ts';
import { fromUtf8 } from '../../digest.ts';
import { ApiError } from '../api-error.ts';
import type { Exchange } from '../exchange.ts';
import { refuseDeepJson } from '../input-limits.ts';

/** A `/v1` body, at most (the platform's own limit). */
export const API_BODY_LIMIT_BYTES = 1024 * 1024;

/** `application/json`, and with `suffixes` any `application/*+json` too; parameters (`; charset`) aside. */
export function isJsonMediaType(contentType: string | undefined, suffixes: boolean): boolean {
  if (contentType === undefined) return false;
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json' || (suffixes && /^application\/[^/\s]+\+json$/.test(type));
}

/**
 * The body as JSON when its type is JSON (`suffixes`: `application/*+json` too); undefined when
 * there is none, or it is of another type (for the caller to refuse or ignore).
 * - An empty body of a JSON type is `{}`; past `limitBytes` it is 413, in a charset other than
 *   UTF-8 415, nested too deep or not JSON 400.
 */
export function readJsonBody(exchange: Exchange, limitBytes: number, suffixes: boolean): unknown {
  const { body, bodyProblem } = exchange.request;
  if (!exchange.hasBody && bodyProblem === undefined) return undefined;
  const contentType = exchange.header('Content-Type');
  if (!isJsonMediaType(contentType, suffixes)) return undefined;
  if (bodyProblem) throw bodyProblem;
  if (body!.length > limitBytes) throw new ApiError('payload-too-large', 'the request body is too large', { maxBytes: limitBytes });
  refuseDeepJson(body!, /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType!)?.[1] ?? 'utf-8');
  if (body!.length === 0) return {};
  const text = fromUtf8(body!);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ApiError('bad-input', `the body is not valid JSON: ${(error as Error).message}`);
  }
}

/** A write's body, read and held to its operation's request schema; `exchange.body` after. */
export function checkedRequestBody(exchange: Exchange, validators: SpecValidators, operation: SpecOperation): unknown {
  const parsed = readJsonBody(exchange, API_BODY_LIMIT_BYTES, true);
  if (exchange.hasBody && parsed === undefined) throw new ApiError('unsupported-media-type', 'send the body as application/json');
  const body: unknown = parsed;
  const validate = validators.requestBody(operation.operationId);
  if (!operation.requestBody || !validate) {
    if (body !== undefined && !(isObject(body) && Object.keys(body).length === 0)) {
      throw new ApiError('unknown-field', `${operation.operationId} takes no body`, { fields: isObject(body) ? Object.keys(body) : [] });
    }
    return (exchange.body = undefined);
  }
  if (body === undefined) {
    if (operation.requestBody.required) throw new ApiError('bad-input', 'send a JSON body', { body: 'missing' });
    return (exchange.body = undefined);
  }
  if (!validate(body)) {
    const errors = validate.errors ?? [];
    // The schema states the rule for tools that generate requests; the store's rule answers it,
    // as it did before the schema stated it (`validation-failed` naming the rule, say).
    if (validators.requestBodyWithoutRules(operation.operationId)?.(body) === true) return (exchange.body = body);
    const unknown = errors.filter((e) => e.keyword === 'additionalProperties').map((e) => `${e.instancePath.slice(1).replaceAll('/', '.')}${e.instancePath ? '.' : ''}${String((e.params as { additionalProperty: string }).additionalProperty)}`);
    if (unknown.length > 0) throw new ApiError('unknown-field', `unknown field ${unknown.map((f) => `"${f}"`).join(', ')}`, { fields: unknown });
    throw new ApiError('bad-input', `the body does not match ${operation.operationId}: ${errors.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ')}`, {
      violations: errors.map((e) => ({ path: e.instancePath || '/', message: e.message, params: e.params })),
    });
  }
  return (exchange.body = body);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
