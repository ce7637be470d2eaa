// Every validator the document implies, compiled once per process for each document and looked up
// by name after; mocks in one process share them. No file is read here (load-compiled-spec.ts
// reads one): the MSW handlers compile a document they were handed, in a browser too.
import { componentRef, createSpecAjv, toAjvSchema, type ValidateFunction } from './ajv.ts';
import type { OpenApiDocument } from './openapi-types.ts';
import { listOperations, type SpecOperation } from './operations.ts';
import { withoutRules } from './schema-rules.ts';

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
  /**
   * The request body's schema without its rules (`x-rule` subschemas, schema-rules.ts): a body
   * it takes that requestBody refuses breaks only named rules. Undefined without a body.
   */
  requestBodyWithoutRules(operationId: string): ValidateFunction | undefined;
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
// By document object: every function adoptSpecValidators was handed, the document's own and any
// schema compiled with it for another module (the state file's entries: state-entry-rules.ts).
const adoptedByDocument = new WeakMap<OpenApiDocument, ReadonlyMap<string, ValidateFunction>>();
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

/** One schema the document implies, under the key SpecValidators looks it up by. */
export interface SpecSchema {
  key: string;
  /** Where the document states it, for a compile error's message. */
  where: string;
  schema: object;
}

/**
 * Every schema to compile, components first (so that a broken one is reported under its own
 * name), then each operation's responses, request body and parameters.
 */
export function specSchemas(document: OpenApiDocument): SpecSchema[] {
  const schemas: SpecSchema[] = [];
  for (const name of Object.keys(document.components?.schemas ?? {})) {
    schemas.push({ key: componentKey(name), where: `components.schemas.${name}`, schema: componentRef(name) });
  }
  for (const operation of listOperations(document)) {
    const at = `${operation.method.toUpperCase()} ${operation.path}`;
    for (const response of operation.responses.values()) {
      if (response.schema) schemas.push({ key: responseKey(operation.operationId, response.status), where: `${at} ${response.status}`, schema: toAjvSchema(response.schema) });
    }
    if (operation.requestBody) {
      schemas.push({ key: bodyKey(operation.operationId), where: `${at} request body`, schema: toAjvSchema(operation.requestBody.schema) });
      schemas.push({ key: bodyWithoutRulesKey(operation.operationId), where: `${at} request body without its rules`, schema: toAjvSchema(withoutRules(document, operation.requestBody.schema)) });
    }
    for (const parameter of operation.parameters) {
      schemas.push({ key: parameterKey(operation.operationId, parameter.in, parameter.name), where: `${at} parameter ${parameter.name}`, schema: toAjvSchema(parameter.schema) });
    }
  }
  return schemas;
}

/** `compile()`, its error prefixed by where the schema sits in the document. */
export function namingWhere<T>(where: string, compile: () => T): T {
  try {
    return compile();
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`);
  }
}

const componentKey = (name: string) => `component ${name}`;
const responseKey = (operationId: string, status: number | string) => `response ${operationId} ${status}`;
const bodyKey = (operationId: string) => `body ${operationId}`;
const bodyWithoutRulesKey = (operationId: string) => `body without rules ${operationId}`;
const parameterKey = (operationId: string, location: string, name: string) => `parameter ${operationId} ${location} ${name}`;

/**
 * The document's validators from functions already made for each of its specSchemas' keys (by
 * compiling them here, or as standalone code: standalone-validators.ts), kept as the document's
 * own, so that compileSpecValidators(document) answers with them.
 * - Throws when a key of specSchemas(document) has no function.
 */
export function adoptSpecValidators(document: OpenApiDocument, functions: ReadonlyMap<string, ValidateFunction>): SpecValidators {
  const missing = specSchemas(document).filter(({ key }) => typeof functions.get(key) !== 'function');
  if (missing.length > 0) throw new Error(`no validator for ${missing.map(({ key }) => key).join(', ')}`);
  const validators = validatorsOf(document, functions);
  compiledByDocument.set(document, validators);
  adoptedByDocument.set(document, functions);
  return validators;
}

/**
 * The function adopted for `key` with the document's validators (a schema loadCompiledSpec was
 * given beside the document's); undefined when there is none, and the caller compiles its own.
 */
export function adoptedValidator(document: OpenApiDocument, key: string): ValidateFunction | undefined {
  const validator = adoptedByDocument.get(document)?.get(key);
  return typeof validator === 'function' ? validator : undefined;
}

function compile(document: OpenApiDocument): SpecValidators {
  const ajv = createSpecAjv(document);
  const functions = new Map<string, ValidateFunction>();
  for (const { key, where, schema } of specSchemas(document)) functions.set(key, namingWhere(where, () => ajv.compile(schema)));
  return validatorsOf(document, functions);
}

function validatorsOf(document: OpenApiDocument, functions: ReadonlyMap<string, ValidateFunction>): SpecValidators {
  const operations = listOperations(document);
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  return {
    operations,
    operation(operationId) {
      const operation = byId.get(operationId);
      if (!operation) throw new Error(`no operation ${operationId} in the document`);
      return operation;
    },
    response: (operationId, status) => functions.get(responseKey(operationId, status)),
    requestBody: (operationId) => functions.get(bodyKey(operationId)),
    requestBodyWithoutRules: (operationId) => functions.get(bodyWithoutRulesKey(operationId)),
    parameter: (operationId, location, name) => functions.get(parameterKey(operationId, location, name)),
    component(name) {
      const validator = functions.get(componentKey(name));
      if (!validator) throw new Error(`no component schema ${name} in the document`);
      return validator;
    },
  };
}
