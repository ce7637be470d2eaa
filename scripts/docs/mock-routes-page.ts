// docs/reference/mock-routes.md: every /__mock route of spec/mock-admin.yaml, as the document states it.
import { anchorOf, cell, GENERATED_NOTE, prose, table } from './markdown.ts';
import { isObject, operationsOf, type Json, type JsonObject, type SpecDocument, type Specs } from './spec-documents.ts';

/** A schema in a few words: its type, enum, format and bounds, or the component it names. */
export function typeOf(schema: JsonObject, specs: Specs, from: SpecDocument): string {
  if (typeof schema.$ref === 'string') {
    const resolved = specs.resolve(schema, from);
    return resolved.name !== undefined && (resolved.value.type === 'object' || Array.isArray(resolved.value.allOf)) ? resolved.name : typeOf(resolved.value, specs, resolved.in);
  }
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' \\| ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const branches = (Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : []).filter(isObject);
  if (branches.length > 0) return branches.map((branch) => typeOf(branch, specs, from)).join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : typeof schema.type === 'string' ? schema.type : 'any';
  if (type === 'array' && isObject(schema.items)) return `array of ${typeOf(schema.items, specs, from)}`;
  const bounds = [
    typeof schema.format === 'string' ? schema.format : undefined,
    typeof schema.minimum === 'number' || typeof schema.maximum === 'number' ? `${schema.minimum ?? '…'}..${schema.maximum ?? '…'}` : undefined,
    typeof schema.minLength === 'number' || typeof schema.maxLength === 'number' ? `${schema.minLength ?? 0}..${schema.maxLength ?? '…'} chars` : undefined,
    typeof schema.pattern === 'string' ? `pattern \`${schema.pattern}\`` : undefined,
  ].filter((part) => part !== undefined);
  return bounds.length > 0 ? `${type} (${bounds.join(', ')})` : type;
}

/** An object schema's fields, nested ones as `parent.child`, with `allOf` merged; at most three levels deep. */
export function fieldsOf(schema: JsonObject, specs: Specs, from: SpecDocument, prefix = '', depth = 0): string[][] {
  const { value, in: where } = specs.resolve(schema, from);
  const parts = [value, ...(Array.isArray(value.allOf) ? value.allOf.filter(isObject).map((part) => specs.resolve(part, where).value) : [])];
  const rows: string[][] = [];
  for (const part of parts) {
    if (!isObject(part.properties)) continue;
    const required = new Set(Array.isArray(part.required) ? part.required : []);
    for (const [name, property] of Object.entries(part.properties)) {
      if (!isObject(property)) continue;
      const resolved = specs.resolve(property, where);
      const description = typeof property.description === 'string' ? property.description : resolved.value.description;
      rows.push([`\`${prefix}${name}\``, cell(typeOf(property, specs, where)), required.has(name) ? 'yes' : '', cell(typeof description === 'string' ? description : '')]);
      if (depth < 2 && typeof property.$ref !== 'string' && isObject(resolved.value.properties)) {
        rows.push(...fieldsOf(resolved.value, specs, resolved.in, `${prefix}${name}.`, depth + 1));
      }
    }
  }
  return rows;
}

function parametersTable(parameters: Json[], specs: Specs, from: SpecDocument): string | undefined {
  const rows = parameters.filter(isObject).map((parameter) => {
    const { value, in: where } = specs.resolve(parameter, from);
    return [`\`${String(value.name)}\``, String(value.in), value.required === true ? 'yes' : '', cell(isObject(value.schema) ? typeOf(value.schema, specs, where) : ''), cell(typeof value.description === 'string' ? value.description : '')];
  });
  return rows.length > 0 ? table(['parameter', 'in', 'required', 'type', 'what it is'], rows) : undefined;
}

function requestBodyPart(operation: JsonObject, specs: Specs, from: SpecDocument): string | undefined {
  if (!isObject(operation.requestBody)) return undefined;
  const { value: body, in: where } = specs.resolve(operation.requestBody, from);
  const content = isObject(body.content) ? body.content : {};
  return Object.entries(content).map(([mediaType, media]) => {
    const schema = isObject(media) && isObject(media.schema) ? media.schema : undefined;
    const named = schema ? specs.resolve(schema, where).name : undefined;
    const heading = `**Request body** (${body.required === true ? 'required' : 'optional'}, \`${mediaType}\`${named ? `, \`${named}\`` : ''})`;
    const schemaDescription = schema ? specs.resolve(schema, where).value.description : undefined;
    const rows = schema ? fieldsOf(schema, specs, where) : [];
    return [heading, ...(typeof schemaDescription === 'string' ? [prose(schemaDescription)] : []), ...(rows.length > 0 ? [table(['field', 'type', 'required', 'what it is'], rows)] : [])].join('\n\n');
  }).join('\n\n');
}

function responsesTable(operation: JsonObject, specs: Specs, from: SpecDocument): string {
  const responses = isObject(operation.responses) ? operation.responses : {};
  const rows = Object.entries(responses).filter((entry): entry is [string, JsonObject] => isObject(entry[1])).map(([status, response]) => {
    const { value, in: where } = specs.resolve(response, from);
    const bodies = isObject(value.content) ? Object.entries(value.content).map(([mediaType, media]) => {
      const schema = isObject(media) && isObject(media.schema) ? media.schema : undefined;
      return `\`${mediaType}\`${schema ? `: ${typeOf(schema, specs, where)}` : ''}`;
    }) : [];
    return [`\`${status}\``, cell(typeof value.description === 'string' ? value.description : ''), cell(bodies.join('; '))];
  });
  return table(['status', 'when', 'body'], rows);
}

const headingOf = (method: string, path: string) => `\`${method} ${path}\``;

/** The page's Markdown: an index by tag, then each route's summary, description, parameters, body and responses. */
export function mockRoutesPage(specs: Specs): string {
  const document = specs.get('mock-admin.yaml');
  const operations = operationsOf(document);
  const tags = Array.isArray(document.content.tags) ? document.content.tags.filter(isObject) : [];
  const tagOf = (operation: JsonObject) => (Array.isArray(operation.tags) && typeof operation.tags[0] === 'string' ? operation.tags[0] : 'other');
  const tagNames = [...tags.map((tag) => String(tag.name)), ...new Set(operations.map(({ operation }) => tagOf(operation)))].filter((name, index, all) => all.indexOf(name) === index);
  const info = isObject(document.content.info) ? document.content.info : {};

  const sections: string[] = [
    GENERATED_NOTE('spec/mock-admin.yaml'),
    '',
    '# Reference: the `/__mock` routes',
    '',
    `Every route of \`spec/mock-admin.yaml\` (${operations.length} operations): kindgi-mock's own routes, which a real deployment does not have. The mock validates every answer against this document before it sends it.`,
    '',
    '## Who may call them',
    '',
    prose(typeof info.description === 'string' ? info.description : ''),
    '',
    '## Index',
    '',
    table(['route', 'what it does', 'group'], operations.map(({ method, path, operation }) =>
      [`[${headingOf(method, path)}](#${anchorOf(headingOf(method, path))})`, cell(String(operation.summary ?? '')), tagOf(operation)])),
  ];
  for (const tagName of tagNames) {
    const inTag = operations.filter(({ operation }) => tagOf(operation) === tagName);
    if (inTag.length === 0) continue;
    const tag = tags.find((candidate) => candidate.name === tagName);
    sections.push('', `## ${tagName}`, '', ...(tag && typeof tag.description === 'string' ? [prose(tag.description), ''] : []));
    for (const { method, path, operation, pathParameters } of inTag) {
      const parameters = parametersTable([...pathParameters, ...(Array.isArray(operation.parameters) ? operation.parameters : [])], specs, document);
      const body = requestBodyPart(operation, specs, document);
      const security = Array.isArray(operation.security) && operation.security.length > 0 ? '**Token**: a bearer token of the world (`Authorization: Bearer …`).' : undefined;
      sections.push(
        `### ${headingOf(method, path)}`,
        '',
        `**${cell(String(operation.summary ?? ''))}** (\`${String(operation.operationId ?? '')}\`)`,
        '',
        prose(typeof operation.description === 'string' ? operation.description : ''),
        '',
        ...(security ? [security, ''] : []),
        ...(parameters ? [parameters, ''] : []),
        ...(body ? [body, ''] : []),
        '**Responses**',
        '',
        responsesTable(operation, specs, document),
        '',
      );
    }
  }
  return `${sections.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}
