// Brings the components a document references in another file into the document itself, so that
// the one-file tools of src/spec (operations.ts, ajv.ts) compile it: the mock's own routes
// reference the API's schemas (`./openapi.yaml#/components/schemas/SuggestedChange`) rather
// than copy them.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parseYaml } from './parse-yaml.ts';
import type { OpenApiDocument } from './openapi-types.ts';

/** `#/components/<kind>/<name>`: only whole components are brought in, so each keeps its name. */
const COMPONENT_POINTER = /^\/components\/([^/]+)\/([^/]+)$/;

interface Wanted {
  file: string;
  pointer: string;
}

/**
 * The document with every reference into another file pointed at a component of its own.
 * - `file.yaml#/components/<kind>/<name>` becomes `#/components/<kind>/<name>`, and that component
 *   is copied from the file with everything it references in turn (a file's own `#/…`
 *   references mean that file's components). Files are found relative to `path`.
 * - Throws, naming both sides, when a reference is not to a whole component, or when a component
 *   brought in has the name of a different one already there (the document's own or another file's).
 * - The document given is left unchanged.
 */
export function bundleExternalRefs(document: OpenApiDocument, path: string, readFile: (file: string) => unknown = readYaml): OpenApiDocument {
  const root = resolve(path);
  const files = new Map<string, unknown>([[root, document]]);
  const fileAt = (file: string) => {
    if (!files.has(file)) files.set(file, readFile(file));
    return files.get(file);
  };
  const pending: Wanted[] = [];
  const rewrite = (node: unknown, file: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, file));
    if (typeof node !== 'object' || node === null) return node;
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      copy[key] = key === '$ref' && typeof value === 'string' ? localRef(value, file, root, pending) : rewrite(value, file);
    }
    return copy;
  };

  const bundled = rewrite(document, root) as OpenApiDocument;
  const origins = new Map<string, string>();
  for (let wanted = pending.shift(); wanted; wanted = pending.shift()) {
    const where = `${wanted.file}#${wanted.pointer}`;
    const [, kind, name] = COMPONENT_POINTER.exec(wanted.pointer)!;
    const source = fileAt(wanted.file);
    const found = (source as { components?: Record<string, Record<string, unknown> | undefined> }).components?.[kind!]?.[name!];
    if (found === undefined) throw new Error(`${root}: dangling reference ${where}`);
    const origin = origins.get(wanted.pointer);
    if (origin === where) continue;
    const component = rewrite(found, wanted.file);
    const components = ((bundled.components ??= {}) as Record<string, Record<string, unknown>>);
    const existing = components[kind!]?.[name!];
    if (existing !== undefined && !isDeepStrictEqual(existing, component)) {
      throw new Error(`${root}: ${where} would replace a different #${wanted.pointer} (${origin ? `brought in from ${origin}` : 'the document\'s own'})`);
    }
    (components[kind!] ??= {})[name!] = component;
    origins.set(wanted.pointer, where);
  }
  return bundled;
}

/** The reference as it reads inside the bundle; queues the component it names when that lives in another file. */
function localRef(ref: string, file: string, root: string, pending: Wanted[]): string {
  const hash = ref.indexOf('#');
  const target = hash === 0 ? file : resolve(dirname(file), hash < 0 ? ref : ref.slice(0, hash));
  const pointer = hash < 0 ? '' : ref.slice(hash + 1);
  if (target === root) return `#${pointer}`;
  if (!COMPONENT_POINTER.test(pointer)) throw new Error(`${root}: ${ref} (in ${file}) is not a reference to one component (file#/components/<kind>/<name>)`);
  pending.push({ file: target, pointer });
  return `#${pointer}`;
}

function readYaml(file: string): unknown {
  try {
    return parseYaml(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}
