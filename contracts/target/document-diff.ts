// A short diff of two OpenAPI documents by operation and by schema: what the target serves at
// GET /v1/openapi.json against spec/openapi.yaml.
import { canonicalJson } from '../../src/domain/canonical-json.ts';
import { HTTP_METHODS } from '../../src/spec/openapi-types.ts';

export interface DocumentDiff {
  /** `+ DELETE /v1/corrections/{correctionId}`, `- POST …/check`, `~ GET /v1/corrections: responses +429`. */
  operations: string[];
  /** `+ Foo`, `- WithdrawRequest`, `~ Correction`. */
  schemas: string[];
}

type Loose = Record<string, unknown>;
const objectAt = (value: unknown): Loose => (typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Loose : {});

function operationsOf(document: unknown): Map<string, Loose> {
  const operations = new Map<string, Loose>();
  for (const [path, item] of Object.entries(objectAt(objectAt(document).paths))) {
    const pathItem = objectAt(item);
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      // Path-level parameters belong to each of its operations.
      if (operation !== undefined) operations.set(`${method.toUpperCase()} ${path}`, { ...objectAt(operation), 'x-path-parameters': pathItem.parameters ?? [] });
    }
  }
  return operations;
}

const parameterNames = (operation: Loose) => [...(Array.isArray(operation.parameters) ? operation.parameters : []), ...(operation['x-path-parameters'] as unknown[])]
  .map((p) => { const o = objectAt(p); return typeof o.$ref === 'string' ? o.$ref.replace(/^.*\//, '') : `${String(o.in)}:${String(o.name)}`; });

const setDiff = (label: string, served: string[], committed: string[]) => {
  const added = served.filter((x) => !committed.includes(x)).map((x) => `+${x}`);
  const gone = committed.filter((x) => !served.includes(x)).map((x) => `-${x}`);
  return added.length + gone.length > 0 ? [`${label} ${[...added, ...gone].join(' ')}`] : [];
};

/** What changed in an operation present in both, in a few words. */
function operationChange(served: Loose, committed: Loose): string {
  const parts = [
    ...setDiff('responses', Object.keys(objectAt(served.responses)), Object.keys(objectAt(committed.responses))),
    ...setDiff('parameters', parameterNames(served), parameterNames(committed)),
  ];
  if (canonicalJson(served.requestBody ?? null) !== canonicalJson(committed.requestBody ?? null)) parts.push('request body');
  return parts.length > 0 ? parts.join('; ') : 'descriptions or details';
}

/** The operations and component schemas the served document adds (+), lacks (-) or changes (~); empty lists when the two agree. */
export function diffDocuments(served: unknown, committed: unknown): DocumentDiff {
  const servedOps = operationsOf(served);
  const committedOps = operationsOf(committed);
  const operations: string[] = [];
  for (const [key, operation] of servedOps) {
    const theirs = committedOps.get(key);
    if (!theirs) operations.push(`+ ${key}`);
    else if (canonicalJson(operation) !== canonicalJson(theirs)) operations.push(`~ ${key}: ${operationChange(operation, theirs)}`);
  }
  for (const key of committedOps.keys()) if (!servedOps.has(key)) operations.push(`- ${key}`);

  const servedSchemas = objectAt(objectAt(objectAt(served).components).schemas);
  const committedSchemas = objectAt(objectAt(objectAt(committed).components).schemas);
  const schemas: string[] = [];
  for (const [name, schema] of Object.entries(servedSchemas)) {
    if (!(name in committedSchemas)) schemas.push(`+ ${name}`);
    else if (canonicalJson(schema) !== canonicalJson(committedSchemas[name])) schemas.push(`~ ${name}`);
  }
  for (const name of Object.keys(committedSchemas)) if (!(name in servedSchemas)) schemas.push(`- ${name}`);
  return { operations, schemas };
}

export const documentsAgree = (diff: DocumentDiff) => diff.operations.length === 0 && diff.schemas.length === 0;
