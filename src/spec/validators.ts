// Every validator the document implies, compiled once when created and looked up by name after.
import { componentRef, createSpecAjv, toAjvSchema, type ValidateFunction } from './ajv.ts';
import type { OpenApiDocument } from './openapi-types.ts';
import { listOperations, type SpecOperation } from './operations.ts';

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

/**
 * Compiles every response, request body, parameter and component schema of the document.
 * - Throws on the first schema that does not compile in strict mode, naming where it sits.
 */
export function compileSpecValidators(document: OpenApiDocument): SpecValidators {
  const ajv = createSpecAjv(document);
  const compile = (where: string, schema: object): ValidateFunction => {
    try {
      return ajv.compile(schema);
    } catch (error) {
      throw new Error(`${where}: ${(error as Error).message}`);
    }
  };

  // Components first, so that a broken one is reported under its own name.
  const components = new Map<string, ValidateFunction>();
  for (const name of Object.keys(document.components?.schemas ?? {})) {
    components.set(name, compile(`components.schemas.${name}`, componentRef(name)));
  }

  const operations = listOperations(document);
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  const validators = new Map<string, ValidateFunction>();
  for (const operation of operations) {
    const at = `${operation.method.toUpperCase()} ${operation.path}`;
    for (const response of operation.responses.values()) {
      if (response.schema) {
        validators.set(`response ${operation.operationId} ${response.status}`, compile(`${at} ${response.status}`, toAjvSchema(response.schema)));
      }
    }
    if (operation.requestBody) {
      validators.set(`body ${operation.operationId}`, compile(`${at} request body`, toAjvSchema(operation.requestBody.schema)));
    }
    for (const parameter of operation.parameters) {
      validators.set(
        `parameter ${operation.operationId} ${parameter.in} ${parameter.name}`,
        compile(`${at} parameter ${parameter.name}`, toAjvSchema(parameter.schema)),
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
