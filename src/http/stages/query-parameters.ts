// Holds a request's query to the parameters its operation documents, for every operation of the
// API's document alike (x-inferred-behaviours.unknown-query-parameter): a name the operation does
// not declare `in: query` is `400 bad-input` naming it, so that a typo never silently widens a
// list, nor passes unnoticed on a read or a write. The values are each operation's own to check.
import type { SpecOperation } from '../../spec/operations.ts';
import { ApiError } from '../api-error.ts';
import type { Exchange } from '../exchange.ts';

// By operation object: an operation's names are looked up once, not per request.
const documentedByOperation = new WeakMap<SpecOperation, readonly string[]>();

/** The query parameters an operation documents, in the document's order. */
export function documentedQueryParameters(operation: SpecOperation): readonly string[] {
  let names = documentedByOperation.get(operation);
  if (!names) {
    names = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    documentedByOperation.set(operation, names);
  }
  return names;
}

/**
 * Throws `bad-input` for the first query parameter the operation does not document.
 * - `details`: the `parameter` refused and the names the operation `known`s (empty for one that takes none).
 * - Nothing is parsed for a request without a query, nearly every read and write.
 */
export function refuseUndocumentedQuery(exchange: Exchange, operation: SpecOperation): void {
  if (exchange.request.query === '') return;
  const known = documentedQueryParameters(operation);
  for (const name of Object.keys(exchange.query)) {
    if (!known.includes(name)) {
      const takes = known.length === 0 ? `${operation.operationId} takes no query parameters` : `${operation.operationId} takes ${known.join(', ')}`;
      throw new ApiError('bad-input', `unknown query parameter "${name}": ${takes}`, { parameter: name, known: [...known] });
    }
  }
}
