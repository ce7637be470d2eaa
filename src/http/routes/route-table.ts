// Matches a request to the operation whose path template and method it names, as the platform's
// router does: case-insensitively, with or without a trailing slash, HEAD as GET, and path
// parameters percent-decoded.
import type { SpecOperation } from '../../spec/operations.ts';
import { ApiError } from '../api-error.ts';

export interface RouteMatch {
  operation: SpecOperation;
  params: Record<string, string>;
}

interface Route {
  operation: SpecOperation;
  method: string;
  pattern: RegExp;
  names: string[];
}

export type RouteTable = (method: string, path: string) => RouteMatch | undefined;

/** `/v1/corrections/{correctionId}` → `^/v1/corrections/([^/]+)/?$`, case-insensitive. */
function routeOf(operation: SpecOperation): Route {
  const names: string[] = [];
  const source = operation.path.split(/\{(\w+)\}/).map((part, i) => {
    if (i % 2 === 1) {
      names.push(part);
      return '([^/]+)';
    }
    return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }).join('').replace(/\/$/, '');
  return { operation, method: operation.method.toUpperCase(), pattern: new RegExp(`^${source}/?$`, 'i'), names };
}

export function routeTable(operations: readonly SpecOperation[]): RouteTable {
  const routes = operations.map(routeOf);
  return (method, path) => {
    const wanted = method === 'HEAD' ? 'GET' : method;
    for (const route of routes) {
      if (route.method !== wanted) continue;
      const found = route.pattern.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => {
        params[name] = decodeParameter(name, found[i + 1]!);
      });
      return { operation: route.operation, params };
    }
    return undefined;
  };
}

function decodeParameter(name: string, raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new ApiError('bad-input', `the path parameter ${name} ("${raw}") is not valid percent-encoded UTF-8`, { parameter: name });
  }
}
