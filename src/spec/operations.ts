// Flattens the document's paths into one record per operation, with every component reference
// (parameters, headers, responses, request bodies) resolved; schemas keep their $refs for Ajv.
import {
  HTTP_METHODS,
  type HeaderObject,
  type HttpMethod,
  type JsonSchema,
  type OpenApiDocument,
  type ParameterObject,
  type Reference,
  type RequestBodyObject,
  type ResponseObject,
} from './openapi-types.ts';

export interface SpecResponse {
  status: string;
  description: string;
  schema?: JsonSchema;
  headers: Record<string, HeaderObject>;
}

export interface SpecOperation {
  operationId: string;
  method: HttpMethod;
  /** The path template as the document writes it, e.g. `/v1/corrections/{correctionId}`. */
  path: string;
  parameters: ParameterObject[];
  requestBody?: { required: boolean; schema: JsonSchema };
  responses: Map<string, SpecResponse>;
  /** False when the operation (like GET /health) declares `security: []`. */
  secured: boolean;
  /** The operation is the mock's reading rather than a reference page's statement. */
  inferred: boolean;
}

const JSON_MEDIA_TYPE = 'application/json';

/** Every operation of the document, in document order. Throws on a dangling reference. */
export function listOperations(document: OpenApiDocument): SpecOperation[] {
  const operations: SpecOperation[] = [];
  for (const [path, pathItem] of Object.entries(document.paths)) {
    const sharedParameters = (pathItem.parameters ?? []).map((p) => resolveComponent<ParameterObject>(document, p));
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      const ownParameters = (operation.parameters ?? []).map((p) => resolveComponent<ParameterObject>(document, p));
      const security = operation.security ?? document.security ?? [];
      operations.push({
        operationId: operation.operationId,
        method,
        path,
        parameters: mergeParameters(sharedParameters, ownParameters),
        ...requestBodyOf(document, operation.requestBody),
        responses: responsesOf(document, operation.responses),
        secured: security.length > 0,
        inferred: operation['x-inferred'] === true,
      });
    }
  }
  return operations;
}

/** An operation's parameters override the path item's ones of the same name and location. */
function mergeParameters(shared: ParameterObject[], own: ParameterObject[]): ParameterObject[] {
  const key = (p: ParameterObject) => `${p.in}:${p.name}`;
  const ownKeys = new Set(own.map(key));
  return [...shared.filter((p) => !ownKeys.has(key(p))), ...own];
}

function requestBodyOf(
  document: OpenApiDocument,
  body: RequestBodyObject | Reference | undefined,
): Pick<SpecOperation, 'requestBody'> {
  if (!body) return {};
  const resolved = resolveComponent<RequestBodyObject>(document, body);
  const schema = resolved.content[JSON_MEDIA_TYPE]?.schema;
  if (!schema) throw new Error(`a request body has no ${JSON_MEDIA_TYPE} schema`);
  return { requestBody: { required: resolved.required === true, schema } };
}

function responsesOf(
  document: OpenApiDocument,
  responses: Record<string, ResponseObject | Reference>,
): Map<string, SpecResponse> {
  const byStatus = new Map<string, SpecResponse>();
  for (const [status, responseOrRef] of Object.entries(responses)) {
    const response = resolveComponent<ResponseObject>(document, responseOrRef);
    const headers: Record<string, HeaderObject> = {};
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      headers[name] = resolveComponent<HeaderObject>(document, header);
    }
    const schema = response.content?.[JSON_MEDIA_TYPE]?.schema;
    byStatus.set(status, { status, description: response.description, headers, ...(schema ? { schema } : {}) });
  }
  return byStatus;
}

/** Follows a `#/components/...` reference; returns anything else as it is. */
export function resolveComponent<T>(document: OpenApiDocument, value: T | Reference): T {
  if (!isReference(value)) return value;
  const pointer = value.$ref;
  if (!pointer.startsWith('#/')) throw new Error(`only local references are supported, got ${pointer}`);
  let node: unknown = document;
  for (const segment of pointer.slice(2).split('/')) {
    const key = segment.replaceAll('~1', '/').replaceAll('~0', '~');
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
    if (node === undefined) throw new Error(`dangling reference ${pointer}`);
  }
  return resolveComponent<T>(document, node as T | Reference);
}

function isReference(value: unknown): value is Reference {
  return typeof value === 'object' && value !== null && typeof (value as Reference).$ref === 'string';
}

/** A regular expression matching concrete paths of a template: `{id}` matches one segment. */
export function templatePattern(template: string): RegExp {
  const escaped = template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('[^/]+')}$`);
}
