// The two OpenAPI documents of spec/, loaded once, and `$ref`s between them resolved for the reference pages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A document's file name under spec/ (`openapi.yaml`, `mock-admin.yaml`) and its parsed content. */
export interface SpecDocument {
  readonly file: string;
  readonly content: JsonObject;
}

/** A value reached through `$ref`s, with the document it was found in (for the refs inside it). */
export interface Resolved {
  readonly value: JsonObject;
  readonly in: SpecDocument;
  /** The last component name followed, e.g. `NotFound` for `#/components/responses/NotFound`. */
  readonly name?: string;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Both documents of `specDir`, keyed by file name.
 * - `resolve(value, from)` follows `$ref`s (`#/…` in `from`, `./openapi.yaml#/…` across), to a value with no `$ref`.
 */
export function loadSpecs(specDir: string) {
  const documents = new Map<string, SpecDocument>();
  for (const file of ['openapi.yaml', 'mock-admin.yaml']) {
    documents.set(file, { file, content: parseYaml(readFileSync(join(specDir, file), 'utf8')) as JsonObject });
  }

  function resolve(value: JsonObject, from: SpecDocument, name?: string): Resolved {
    const ref = value.$ref;
    if (typeof ref !== 'string') return { value, in: from, ...(name !== undefined ? { name } : {}) };
    const [filePart, pointer = ''] = ref.split('#');
    const target = filePart ? documents.get(filePart.replace(/^\.\//, '')) : from;
    if (!target) throw new Error(`${from.file}: $ref ${ref} names a document outside spec/`);
    let found: Json | undefined = target.content;
    const steps = pointer.split('/').filter(Boolean).map((step) => step.replace(/~1/g, '/').replace(/~0/g, '~'));
    for (const step of steps) found = isObject(found) ? found[step] : undefined;
    if (!isObject(found)) throw new Error(`${from.file}: $ref ${ref} leads nowhere`);
    return resolve(found, target, steps.at(-1));
  }

  return { documents, resolve, get: (file: string) => documents.get(file)! };
}

export type Specs = ReturnType<typeof loadSpecs>;

/** Every operation of a document, in the document's order: method, path, the operation and the path item's parameters. */
export function operationsOf(document: SpecDocument): Array<{ method: string; path: string; operation: JsonObject; pathParameters: Json[] }> {
  const paths = document.content.paths;
  if (!isObject(paths)) return [];
  return Object.entries(paths).flatMap(([path, item]) => {
    if (!isObject(item)) return [];
    const pathParameters = Array.isArray(item.parameters) ? item.parameters : [];
    return HTTP_METHODS.flatMap((method) => {
      const operation = item[method];
      return isObject(operation) ? [{ method: method.toUpperCase(), path, operation, pathParameters }] : [];
    });
  });
}
