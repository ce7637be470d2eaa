// A scenario's parameters, checked against its JSON Schema with Ajv: an unknown parameter or a
// value of the wrong type or range is `bad-input` naming the field, and `default`s are filled in.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { JsonSchema } from '../spec/openapi-types.ts';
import { ScenarioRefusal } from './contract.ts';

export type ParamsCheck = (params: unknown) => Record<string, unknown>;

// One Ajv for every scenario of the process, and each schema object compiled once: a new Ajv per
// scenario and per mock cost about 50 ms a schema, at every createMock.
let sharedAjv: Ajv2020 | undefined;
const compiledBySchema = new WeakMap<JsonSchema, ValidateFunction>();
const newAjv = () => new Ajv2020({ strict: true, allErrors: false, useDefaults: true });

function validatorOf(scenarioName: string, schema: JsonSchema, complete: JsonSchema): ValidateFunction {
  let validate = compiledBySchema.get(schema);
  if (validate) return validate;
  try {
    // A schema with an `$id` gets an Ajv of its own: another object with the same id would clash.
    const ajv = complete.$id === undefined ? (sharedAjv ??= newAjv()) : newAjv();
    validate = ajv.compile(complete);
  } catch (error) {
    throw new TypeError(`scenario ${scenarioName}: its params schema does not compile: ${(error as Error).message}`);
  }
  compiledBySchema.set(schema, validate);
  return validate;
}

/**
 * The check of a scenario's parameters against its schema. Throws a TypeError for a schema that is
 * not an object's (`type: object`) or that Ajv refuses (strict mode: an unknown keyword is a mistake).
 * - `lazily`: compiled at the first check, not now (the built-in scenarios, whose schemas a test
 *   compiles: a start that applies none pays nothing for them).
 * - A schema that does not say `additionalProperties` gets `false`: every parameter is named.
 */
export function compileParams(scenarioName: string, schema: JsonSchema, options: { lazily?: boolean } = {}): { check: ParamsCheck; schema: JsonSchema } {
  if (schema.type !== 'object') throw new TypeError(`scenario ${scenarioName}: params must be the JSON Schema of an object (type: "object")`);
  const complete: JsonSchema = { additionalProperties: false, ...schema };
  let validate = options.lazily ? undefined : validatorOf(scenarioName, schema, complete);
  const check: ParamsCheck = (params) => {
    validate ??= validatorOf(scenarioName, schema, complete);
    if (params === undefined || params === null) params = {};
    if (typeof params !== 'object' || Array.isArray(params)) {
      throw new ScenarioRefusal('bad-input', `the parameters of ${scenarioName} are an object`, { field: 'params' });
    }
    // A copy: defaults are filled into it, never into the caller's object.
    const copy = structuredClone(params) as Record<string, unknown>;
    if (!validate(copy)) {
      const error = validate.errors![0]!;
      const field = fieldOf(error);
      throw new ScenarioRefusal('bad-input', `${scenarioName}: ${field === '' ? 'the parameters' : field} ${describe(error)}`, { field: field === '' ? 'params' : field });
    }
    return copy;
  };
  return { check, schema: complete };
}

/** The dotted path of the offending parameter (`count`, `unknownParam`). */
function fieldOf(error: ErrorObject): string {
  const path = error.instancePath.split('/').slice(1).map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (error.keyword === 'additionalProperties') path.push(String((error.params as { additionalProperty: string }).additionalProperty));
  if (error.keyword === 'required') path.push(String((error.params as { missingProperty: string }).missingProperty));
  return path.join('.');
}

function describe(error: ErrorObject): string {
  if (error.keyword === 'additionalProperties') return 'is not a parameter of this scenario';
  if (error.keyword === 'enum') return `must be one of ${((error.params as { allowedValues: unknown[] }).allowedValues).map((v) => JSON.stringify(v)).join(', ')}`;
  return error.message ?? 'is not allowed';
}
