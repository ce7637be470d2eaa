// Reads a write's JSON body and holds it to the operation's request schema: unknown fields are
// `unknown-field`, anything else off-spec is `bad-input`, both naming what is wrong.
import express, { type RequestHandler } from 'express';
import type { SpecOperation } from '../../spec/operations.ts';
import { ApiError } from '../api-error.ts';
import type { MockContext } from '../context.ts';
import { refuseDeepJson } from '../input-limits.ts';

const parseJson = express.json({ limit: '1mb', strict: false, type: ['application/json', 'application/*+json'], verify: refuseDeepJson });

export function jsonBody(ctx: MockContext, operation: SpecOperation): RequestHandler[] {
  const validate = ctx.validators.requestBody(operation.operationId);
  const check: RequestHandler = (req, _res, next) => {
    const hasBody = Number(req.get('Content-Length') ?? 0) > 0 || req.get('Transfer-Encoding') !== undefined;
    if (hasBody && !req.is(['application/json', 'application/*+json'])) throw new ApiError('unsupported-media-type', 'send the body as application/json');
    const body: unknown = hasBody ? req.body : undefined;
    if (!operation.requestBody || !validate) {
      if (body !== undefined && !(isObject(body) && Object.keys(body).length === 0)) {
        throw new ApiError('unknown-field', `${operation.operationId} takes no body`, { fields: isObject(body) ? Object.keys(body) : [] });
      }
      req.body = undefined;
      return next();
    }
    if (body === undefined) {
      if (operation.requestBody.required) throw new ApiError('bad-input', 'send a JSON body', { body: 'missing' });
      req.body = undefined;
      return next();
    }
    if (!validate(body)) {
      const errors = validate.errors ?? [];
      const unknown = errors.filter((e) => e.keyword === 'additionalProperties').map((e) => `${e.instancePath.slice(1).replaceAll('/', '.')}${e.instancePath ? '.' : ''}${String((e.params as { additionalProperty: string }).additionalProperty)}`);
      if (unknown.length > 0) throw new ApiError('unknown-field', `unknown field ${unknown.map((f) => `"${f}"`).join(', ')}`, { fields: unknown });
      throw new ApiError('bad-input', `the body does not match ${operation.operationId}: ${errors.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ')}`, {
        violations: errors.map((e) => ({ path: e.instancePath || '/', message: e.message, params: e.params })),
      });
    }
    next();
  };
  return [parseJson, check];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
