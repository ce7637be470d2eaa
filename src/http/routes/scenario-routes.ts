// The scenario routes of `/__mock`: thin, since the catalogue (src/scenarios) checks the
// parameters, builds the records under the domain rules and commits them at once; these read the
// body, call it, and put its refusals in the envelope.
import { ERROR_STATUS } from '../../domain/error-codes.ts';
import { ScenarioRefusal, type ScenarioCatalogue, type ScenarioResult } from '../../scenarios/contract.ts';
import { ApiError } from '../api-error.ts';
import type { MockWorld } from '../context.ts';
import { isObject } from './body-fields.ts';

/**
 * Applies `name` to `world` with the request's body as its parameters (none: the defaults).
 * - Throws 400 bad-input for a body that is not a JSON object, and the catalogue's refusal as its
 *   own code (404 not-found, 400 bad-input, 400 validation-failed) with its details.
 * - A StateWriteError passes through: it is the state file's 503, as for every other write.
 */
export function applyScenario(catalogue: ScenarioCatalogue, world: MockWorld, name: string, body: unknown): ScenarioResult {
  if (body !== undefined && !isObject(body)) throw new ApiError('bad-input', `send the scenario's parameters as a JSON object ({} or no body for the defaults); GET /__mock/scenarios lists what ${name} takes`);
  try {
    return catalogue.apply(world, name, body ?? {});
  } catch (error) {
    throw error instanceof ScenarioRefusal ? refusalError(error) : error;
  }
}

/** A refusal of the catalogue as the envelope says it: its own code, message and details. */
export function refusalError(refusal: ScenarioRefusal): ApiError {
  // The contract's codes are the catalogue's (error-codes.ts), so each keeps its status there.
  const code: keyof typeof ERROR_STATUS = refusal.code;
  return new ApiError(code, refusal.message, refusal.details);
}
