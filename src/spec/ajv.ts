// One Ajv 2020-12 instance set up for this document: strict, every error, formats, and the
// document's components registered so that `#/components/schemas/X` references resolve.
// The named export: a default import of this CommonJS module types as its namespace under nodenext.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema, OpenApiDocument } from './openapi-types.ts';

export type { ValidateFunction, ErrorObject } from 'ajv/dist/2020.js';
export type Ajv = InstanceType<typeof Ajv2020>;

const COMPONENTS_ID = 'kindgi-mock:components';
const LOCAL_SCHEMA_PREFIX = '#/components/schemas/';

/** Annotation keywords the document uses beside JSON Schema's own, with the type of their value. */
const DOCUMENT_KEYWORDS = [
  { keyword: 'x-inferred', schemaType: 'boolean' },
  // Names the rule the mock answers a body with when it breaks the subschema (schema-rules.ts).
  { keyword: 'x-rule', schemaType: 'string' },
] as const;

/**
 * A strict Ajv with every schema of `components.schemas` registered.
 * - Unknown keywords and loose types are compile errors (strict mode), so a typo in the
 *   document fails at start-up, not as a silently ignored rule.
 * - OpenAPI's `discriminator` is understood: a `oneOf` that names one picks its branch by the
 *   tag's `const`/`enum` (and refuses at compile time branches whose tags overlap).
 * - `keepSource`: each compiled function keeps its generated code, for standalone-validators.ts.
 */
export function createSpecAjv(document: OpenApiDocument, { keepSource = false } = {}): Ajv {
  const ajv = new Ajv2020({ strict: true, allErrors: true, discriminator: true, ...(keepSource ? { code: { source: true } } : {}) });
  addFormats(ajv);
  for (const { keyword, schemaType } of DOCUMENT_KEYWORDS) ajv.addKeyword({ keyword, schemaType });
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: rewriteRefs(document.components?.schemas ?? {}) });
  return ajv;
}

/** A schema taken from the document, with its component references pointed at the registered copy. */
export function toAjvSchema(schema: JsonSchema): JsonSchema {
  return rewriteRefs(schema) as JsonSchema;
}

/** A reference to a named component schema, ready to compile. */
export function componentRef(name: string): JsonSchema {
  return { $ref: `${COMPONENTS_ID}#/$defs/${name}` };
}

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (typeof node !== 'object' || node === null) return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    copy[key] = key === '$ref' && typeof value === 'string' && value.startsWith(LOCAL_SCHEMA_PREFIX)
      ? `${COMPONENTS_ID}#/$defs/${value.slice(LOCAL_SCHEMA_PREFIX.length)}`
      : rewriteRefs(value);
  }
  return copy;
}
