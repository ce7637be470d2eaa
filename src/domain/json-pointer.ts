// RFC 6901 JSON Pointer look-up, for item pointers into a run's output (page 000: items[].pointer).

/** The value at `pointer` in `document`, or undefined when it resolves to nothing. */
export function resolvePointer(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  if (!pointer.startsWith('/')) return undefined;
  let node: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
      node = node[Number(token)];
    } else if (node !== null && typeof node === 'object' && Object.hasOwn(node, token)) {
      node = (node as Record<string, unknown>)[token];
    } else {
      return undefined;
    }
    if (node === undefined) return undefined;
  }
  return node;
}
