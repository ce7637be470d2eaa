// Mounts one Express route per spec operation that has a handler, in the order: operation
// binding, Prefer, the world the token reaches, its faults, its due checks, auth, body, idempotency, handler. Paths and methods come from the document.
import { Router, type RequestHandler } from 'express';
import type { SpecOperation } from '../../spec/operations.ts';
import type { MockContext } from '../context.ts';
import { defectRequest } from '../defects.ts';
import { authenticate } from '../middleware/auth.ts';
import { bindWorldByToken } from '../middleware/bind-world.ts';
import { randomFaults } from '../middleware/faults.ts';
import { idempotency } from '../middleware/idempotency.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { preferCode } from '../middleware/prefer.ts';
import { settleChecks } from '../middleware/settle-checks.ts';
import { send } from '../send.ts';
import type { OperationHandler } from './read-handlers.ts';

/** `/v1/corrections/{correctionId}` → `/v1/corrections/:correctionId`. */
export function expressPath(template: string): string {
  return template.replace(/\{(\w+)\}/g, ':$1');
}

export function operationsRouter(ctx: MockContext, handlers: Record<string, OperationHandler>): Router {
  const router = Router();
  for (const operation of servedOperations(ctx, handlers)) {
    const handler = handlers[operation.operationId]!;
    const bind: RequestHandler = (_req, res, next) => {
      res.locals.operation = operation;
      next();
    };
    const run: RequestHandler = (req, res) => {
      if (ctx.defects.size > 0) defectRequest(ctx.defects, req, operation);
      const reply = handler(req, res, ctx);
      // Express 5 passes a rejected promise on to the error handler; reads answer synchronously.
      if (reply instanceof Promise) return reply.then((settled) => send(res, ctx, operation, settled));
      send(res, ctx, operation, reply);
    };
    const writes = operation.method !== 'get';
    const chain = [
      bind,
      preferCode(operation),
      ...(operation.secured ? [bindWorldByToken(ctx)] : []),
      randomFaults(ctx, operation),
      settleChecks(ctx),
      ...(operation.secured ? [authenticate(ctx)] : []),
      ...(writes ? [...jsonBody(ctx, operation), idempotency(ctx, operation)] : []),
      run,
    ];
    router[operation.method](expressPath(operation.path), ...chain);
  }
  return router;
}

/** The operations this server answers: those of the document with a handler. */
export function servedOperations(ctx: MockContext, handlers: Record<string, OperationHandler>): SpecOperation[] {
  return ctx.validators.operations.filter((operation) => handlers[operation.operationId] !== undefined);
}
