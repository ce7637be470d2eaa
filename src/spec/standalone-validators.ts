// The document's validators as one module of plain code (Ajv's standalone code), and that code
// made into functions again. Generating it is Ajv's compile (about 0.5 s for the API's document);
// evaluating it takes about 25 ms, so a start that finds it kept (compiled-spec-cache.ts) skips
// the compile. Node only: the code requires Ajv's runtime helpers and ajv-formats' formats.
import { createRequire } from 'node:module';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { createSpecAjv, type ValidateFunction } from './ajv.ts';
import type { OpenApiDocument } from './openapi-types.ts';
import { namingWhere, specSchemas, type SpecSchema } from './validators.ts';

// From this package, wherever the code was kept: the helpers are this package's dependencies.
const requireHere = createRequire(import.meta.url);

/**
 * One CommonJS module exporting a validator under each key of specSchemas(document), and of
 * `extras` (schemas of other modules that refer to the document's components); schemas they share
 * (the components) are written once.
 * - Throws on the first schema that does not compile in strict mode, naming where it sits.
 */
export function validatorCode(document: OpenApiDocument, extras: readonly SpecSchema[] = []): string {
  const ajv = createSpecAjv(document, { keepSource: true });
  const exported: Record<string, string> = {};
  for (const { key, where, schema } of [...specSchemas(document), ...extras]) {
    namingWhere(where, () => ajv.addSchema(schema, key).getSchema(key));
    exported[key] = key;
  }
  return standaloneCode(ajv, exported);
}

/**
 * The functions validatorCode's module exports, by key.
 * - Throws what evaluating the code throws (a SyntaxError for cut or garbled code).
 */
export function validatorsFromCode(code: string): Map<string, ValidateFunction> {
  const module = { exports: {} as Record<string, unknown> };
  // The module's own scope, as node gives a CommonJS file: nothing of this one leaks into it.
  const evaluate = new Function('require', 'module', 'exports', code) as (require: NodeJS.Require, module: object, exports: object) => void;
  evaluate(requireHere, module, module.exports);
  const functions = new Map<string, ValidateFunction>();
  for (const [key, value] of Object.entries(module.exports)) {
    if (typeof value === 'function') functions.set(key, value as ValidateFunction);
  }
  return functions;
}
