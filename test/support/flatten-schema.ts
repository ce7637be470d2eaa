// Flattens the document's schemas into one line per property path, so a test can hold the
// document to a table transcribed from the reference pages. Line grammar:
//   <path>: <type>[!] [enum(a,b)] [format(f)] [pattern(p)] [len(min..max)] [range(min..max)]
//           [props(..max)] [items(..max)] [default(v)] [const(v)] [discriminator(p)]
// `!` marks a required property; `[]` an array's items; `{}` a map's values (`{}: any` for an
// object open to any field, `additionalProperties: true`); `|N` oneOf branch N, in order.
import type { JsonSchema, OpenApiDocument } from '../../src/spec/openapi-types.ts';
import { resolveComponent } from '../../src/spec/operations.ts';

export function flattenSchema(document: OpenApiDocument, schema: JsonSchema, prefix = ''): string[] {
  const lines: string[] = [];
  walkObject(document, resolveSchema(document, schema), prefix, lines);
  return lines;
}

/** One line describing a single schema at a path (for parameters and headers). */
export function describeSchema(document: OpenApiDocument, path: string, schema: JsonSchema, required: boolean): string {
  return describe(path, resolveSchema(document, schema), required);
}

function walkObject(document: OpenApiDocument, schema: JsonSchema, prefix: string, lines: string[]): void {
  const merged = mergeAllOf(document, schema);
  const required = new Set((merged.required as string[] | undefined) ?? []);
  const properties = (merged.properties as Record<string, JsonSchema> | undefined) ?? {};
  for (const [name, child] of Object.entries(properties)) {
    walk(document, child, `${prefix}${prefix ? '.' : ''}${name}`, required.has(name), lines);
  }
  const mapValues = merged.additionalProperties;
  if (typeof mapValues === 'object' && mapValues !== null) {
    walk(document, mapValues as JsonSchema, `${prefix}{}`, false, lines);
  }
  // Said aloud, since it decides the generated type: Record<string, unknown>, not Record<string, never>.
  if (mapValues === true) lines.push(`${prefix}{}: any`);
}

function walk(document: OpenApiDocument, schemaOrRef: JsonSchema, path: string, required: boolean, lines: string[]): void {
  const schema = mergeAllOf(document, resolveSchema(document, schemaOrRef));
  lines.push(describe(path, schema, required));
  const branches = schema.oneOf as JsonSchema[] | undefined;
  branches?.forEach((branch, index) => walkObject(document, resolveSchema(document, branch), `${path}|${index}`, lines));
  if (schema.type === 'object') walkObject(document, schema, path, lines);
  if (schema.type === 'array' && schema.items && Object.keys(schema.items as object).length > 0) {
    walk(document, schema.items as JsonSchema, `${path}[]`, false, lines);
  }
}

function describe(path: string, schema: JsonSchema, required: boolean): string {
  const type = schema.oneOf ? 'oneOf' : ((schema.type as string | undefined) ?? 'any');
  const parts = [`${path}: ${type}${required ? '!' : ''}`];
  if (schema.enum) parts.push(`enum(${(schema.enum as unknown[]).join(',')})`);
  if (schema.format) parts.push(`format(${String(schema.format)})`);
  if (schema.pattern) parts.push(`pattern(${String(schema.pattern)})`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) parts.push(`len(${bound(schema.minLength)}..${bound(schema.maxLength)})`);
  if (schema.minimum !== undefined || schema.maximum !== undefined) parts.push(`range(${bound(schema.minimum)}..${bound(schema.maximum)})`);
  if (schema.maxProperties !== undefined) parts.push(`props(..${String(schema.maxProperties)})`);
  if (schema.maxItems !== undefined) parts.push(`items(..${String(schema.maxItems)})`);
  if (schema.default !== undefined) parts.push(`default(${String(schema.default)})`);
  if (schema.const !== undefined) parts.push(`const(${String(schema.const)})`);
  const discriminator = schema.discriminator as { propertyName?: string } | undefined;
  if (discriminator) parts.push(`discriminator(${String(discriminator.propertyName)})`);
  return parts.join(' ');
}

function bound(value: unknown): string {
  return value === undefined ? '' : String(value);
}

function resolveSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (typeof schema.$ref !== 'string') return schema;
  // A $ref may carry sibling annotations (a description); the target's constraints are what count.
  return resolveSchema(document, resolveComponent<JsonSchema>(document, { $ref: schema.$ref }));
}

function mergeAllOf(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const parts = schema.allOf as JsonSchema[] | undefined;
  if (!parts) return schema;
  const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
  for (const part of parts.map((p) => mergeAllOf(document, resolveSchema(document, p)))) {
    Object.assign(merged.properties as object, part.properties ?? {});
    (merged.required as string[]).push(...((part.required as string[] | undefined) ?? []));
  }
  return merged;
}
