// Every validator the document implies, compiled once per process for each document and looked up
// by name after; mocks in one process share them. No file is read here (load-compiled-spec.ts
// reads one): the MSW handlers compile a document they were handed, in a browser too.
import { componentRef, createSpecAjv, toAjvSchema, type ValidateFunction } from './ajv.ts';
import type { OpenApiDocument } from './openapi-types.ts';
import { listOperations, type SpecOperation } from './operations.ts';

/**
 * Shared by every mock of a process (and every request of each). An Ajv validate function keeps
 * the `errors` of its last call on itself, so a caller reads `validate.errors` synchronously,
 * right after its own call, before anything else can run a validator.
 */
export interface SpecValidators {
  readonly operations: readonly SpecOperation[];
  operation(operationId: string): SpecOperation;
  /** The validator for an operation's response body at a status; undefined when the status is undocumented. */
  response(operationId: string, status: number | string): ValidateFunction | undefined;
  requestBody(operationId: string): ValidateFunction | undefined;
  parameter(operationId: string, location: string, name: string): ValidateFunction | undefined;
  /** The validator of a named component schema (`Correction`, `SuggestedChange`, …). */
  component(name: string): ValidateFunction;
}

/** A parsed document and its validators. */
export interface CompiledSpec {
  readonly document: OpenApiDocument;
  readonly validators: SpecValidators;
}

// By document object: compiling is most of a mock's start-up once the world is remembered (about
// 0.2 s), and a second mock of the same document needs nothing new.
const compiledByDocument = new WeakMap<OpenApiDocument, SpecValidators>();
/**
 * Compiles every response, request body, parameter and component schema of the document, once per
 * document object: the same object again gives the same validators.
 * - The document must not change afterwards (a changed copy is another object, compiled anew).
 * - Throws on the first schema that does not compile in strict mode, naming where it sits.
 */
export function compileSpecValidators(document: OpenApiDocument): SpecValidators {
  let validators = compiledByDocument.get(document);
  if (!validators) {
    validators = compile(document);
    compiledByDocument.set(document, validators);
  }
  return validators;
}

function compile(document: OpenApiDocument): SpecValidators {
  const ajv = createSpecAjv(document);
  const compileAt = (where: string, schema: object): ValidateFunction => {
    try {
      return ajv.compile(schema);
    } catch (error) {
      throw new Error(`${where}: ${(error as Error).message}`);
    }
  };

  // Components first, so that a broken one is reported under its own name.
  const components = new Map<string, ValidateFunction>();
  for (const name of Object.keys(document.components?.schemas ?? {})) {
    components.set(name, compileAt(`components.schemas.${name}`, componentRef(name)));
  }

  const operations = listOperations(document);
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  const validators = new Map<string, ValidateFunction>();
  for (const operation of operations) {
    const at = `${operation.method.toUpperCase()} ${operation.path}`;
    for (const response of operation.responses.values()) {
      if (response.schema) {
        validators.set(`response ${operation.operationId} ${response.status}`, compileAt(`${at} ${response.status}`, toAjvSchema(response.schema)));
      }
    }
    if (operation.requestBody) {
      validators.set(`body ${operation.operationId}`, compileAt(`${at} request body`, toAjvSchema(operation.requestBody.schema)));
    }
    for (const parameter of operation.parameters) {
      validators.set(
        `parameter ${operation.operationId} ${parameter.in} ${parameter.name}`,
        compileAt(`${at} parameter ${parameter.name}`, toAjvSchema(parameter.schema)),
      );
    }
  }

  return {
    operations,
    operation(operationId) {
      const operation = byId.get(operationId);
      if (!operation) throw new Error(`no operation ${operationId} in the document`);
      return operation;
    },
    response: (operationId, status) => validators.get(`response ${operationId} ${status}`),
    requestBody: (operationId) => validators.get(`body ${operationId}`),
    parameter: (operationId, location, name) => validators.get(`parameter ${operationId} ${location} ${name}`),
    component(name) {
      const validator = components.get(name);
      if (!validator) throw new Error(`no component schema ${name} in the document`);
      return validator;
    },
  };
}
