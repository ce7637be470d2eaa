// The rules a request body's schema states as subschemas marked `x-rule: <name>` (a field only
// with another, a status only with a sort), and that schema without them. The document states
// each rule so that a tool generating requests from it knows it; the mock answers a body that
// breaks only such rules from its own code, which names the rule (json-body.ts).
import { resolveComponent } from './operations.ts';
import type { JsonSchema, OpenApiDocument } from './openapi-types.ts';

export const RULE_KEYWORD = 'x-rule';

/** One rule subschema: its name, and where it sits in the document (a JSON Pointer). */
export interface SchemaRule {
  name: string;
  at: string;
}

/**
 * A request body's schema with every subschema marked `x-rule` left out, its component reference
 * (if it is one) followed first so that the rules of the body's own component go too.
 * - Only `allOf` members may be rules: leaving one out of a conjunction only loosens it. An
 *   `allOf` left empty goes as a whole.
 * - Components the body refers to further down keep theirs (schemaRules' callers check that none has any).
 */
export function withoutRules(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  return strip(resolveComponent<JsonSchema>(document, schema)) as JsonSchema;
}

function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (typeof node !== 'object' || node === null) return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'allOf' && Array.isArray(value)) {
      const kept = value.filter((member) => !isRule(member)).map(strip);
      if (kept.length > 0) copy.allOf = kept;
      continue;
    }
    copy[key] = strip(value);
  }
  return copy;
}

const isRule = (value: unknown) => typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[RULE_KEYWORD] === 'string';

/** Every rule subschema of the document (or of any part of it), in document order, wherever it sits. */
export function schemaRules(document: OpenApiDocument | JsonSchema): SchemaRule[] {
  const rules: SchemaRule[] = [];
  const walk = (node: unknown, at: string) => {
    if (typeof node !== 'object' || node === null) return;
    if (!Array.isArray(node) && isRule(node)) rules.push({ name: (node as Record<string, string>)[RULE_KEYWORD]!, at });
    for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
  };
  walk(document, '');
  return rules;
}
