// What answers when no operation matched: 405 with `Allow` on a known path, else 404.
import type { RequestHandler } from 'express';
import { templatePattern, type SpecOperation } from '../../spec/operations.ts';
import { ApiError } from '../api-error.ts';

export function methodNotAllowed(operations: readonly SpecOperation[]): RequestHandler {
  const paths = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  for (const operation of operations) {
    const entry = paths.get(operation.path) ?? { pattern: templatePattern(operation.path), methods: new Set<string>() };
    entry.methods.add(operation.method.toUpperCase());
    if (operation.method === 'get') entry.methods.add('HEAD');
    paths.set(operation.path, entry);
  }
  return (req, _res, next) => {
    const path = req.path.length > 1 ? req.path.replace(/\/$/, '') : req.path;
    for (const { pattern, methods } of paths.values()) {
      if (!pattern.test(path)) continue;
      const allow = [...methods, 'OPTIONS'].join(', ');
      return next(new ApiError('method-not-allowed', `${req.method} is not allowed on ${req.path}; allowed: ${allow}`, { allow: [...methods] }, { Allow: allow }));
    }
    next();
  };
}

export function routeNotFound(): RequestHandler {
  return (req, _res, next) => next(new ApiError('route-not-found', `no route ${req.method} ${req.path}`));
}
