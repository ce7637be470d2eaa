// What answers when no operation matched: 405 with `Allow` on a known path, else 404.
import { templatePattern, type SpecOperation } from '../../spec/operations.ts';
import { ApiError } from '../api-error.ts';
import type { Exchange } from '../exchange.ts';

/** For the operations served: throws 405 for a path one of them has under another method; returns otherwise. */
export function methodNotAllowed(operations: readonly SpecOperation[]): (exchange: Exchange) => void {
  const paths = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  for (const operation of operations) {
    const entry = paths.get(operation.path) ?? { pattern: new RegExp(templatePattern(operation.path).source, 'i'), methods: new Set<string>() };
    entry.methods.add(operation.method.toUpperCase());
    if (operation.method === 'get') entry.methods.add('HEAD');
    paths.set(operation.path, entry);
  }
  return (exchange) => {
    const { path: sent } = exchange.request;
    const path = sent.length > 1 ? sent.replace(/\/$/, '') : sent;
    for (const { pattern, methods } of paths.values()) {
      if (!pattern.test(path)) continue;
      const allow = [...methods, 'OPTIONS'].join(', ');
      throw new ApiError('method-not-allowed', `${exchange.method} is not allowed on ${sent}; allowed: ${allow}`, { allow: [...methods] }, { Allow: allow });
    }
  };
}

export function routeNotFound(exchange: Exchange): never {
  throw new ApiError('route-not-found', `no route ${exchange.method} ${exchange.request.path}`);
}
