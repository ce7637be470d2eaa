// The one place a response leaves the mock: every body is validated against the spec's schema
// for its operation and status first. A violation is a bug in the mock, never silent.
import type { Response } from 'express';
import type { ErrorObject, ValidateFunction } from '../spec/ajv.ts';
import type { SpecOperation } from '../spec/operations.ts';
import { envelope } from './api-error.ts';
import { defectReply } from './defects.ts';
import type { MockContext, Reply } from './context.ts';

export function send(res: Response, ctx: MockContext, operation: SpecOperation | undefined, reply: Reply): void {
  const validate = validatorFor(ctx, operation, reply.status);
  const violations = validate === undefined
    ? [{ instancePath: '', message: `status ${reply.status} is not documented for ${operation?.operationId}` }]
    : validate(reply.body) ? [] : (validate.errors ?? []).map(describeViolation);
  if (violations.length > 0) {
    const where = operation ? `${operation.method.toUpperCase()} ${operation.path} ${reply.status}` : `${reply.status}`;
    ctx.logger.error(`kindgi-mock: response does not match the spec (${where}) [${res.locals.requestId as string}]: ${JSON.stringify(violations)}`);
    if (ctx.onInvalidResponse === 'error') {
      write(res, {
        status: 500,
        body: envelope('response-invalid', `the mock's response to ${where} does not match the spec: this is a bug in kindgi-mock`, res.locals.requestId as string, {
          operationId: operation?.operationId, status: reply.status, violations,
        }),
      });
      return;
    }
  }
  write(res, ctx.defects.size > 0 ? defectReply(ctx.defects, res, operation, reply, ctx) : reply);
}

function validatorFor(ctx: MockContext, operation: SpecOperation | undefined, status: number): ValidateFunction | undefined {
  if (operation) return ctx.validators.response(operation.operationId, status);
  // Outside any operation (unknown routes, the mock's own routes) only errors are sent this way.
  return status >= 400 ? ctx.validators.component('ErrorEnvelope') : undefined;
}

function describeViolation(error: Pick<ErrorObject, 'instancePath' | 'message'> & { params?: unknown }): Record<string, unknown> {
  return { path: error.instancePath || '/', message: error.message ?? 'does not match', ...(error.params ? { params: error.params } : {}) };
}

function write(res: Response, reply: Reply): void {
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  const text = JSON.stringify(reply.body);
  res.status(reply.status).type('application/json').send(text);
}
