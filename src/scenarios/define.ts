// What a scenario is: a name, a description, the JSON Schema of its parameters, and a build over
// the builder. Built-in and user scenarios are the same thing, checked and applied the same way.
import type { JsonSchema } from '../spec/openapi-types.ts';
import type { ScenarioBuilder } from './builder.ts';

export interface Scenario<Name extends string = string, Params extends object = Record<string, unknown>> {
  name: Name;
  description: string;
  /** The JSON Schema (2020-12) of its parameters object: `type: object`; unknown parameters are refused. */
  params: JsonSchema;
  /**
   * Builds its records through the builder, synchronously; throwing ScenarioRefusal refuses it
   * (nothing is stored). A build that returns a promise is refused: all of it is one commit.
   * The records the builder hands out are the world's own: read them, never change them.
   */
  build(builder: ScenarioBuilder, params: Params): void;
  /** About how many instants it stamps, so that its records are spread over the room the clock leaves (1 000 unless told). */
  instants?(params: Params): number;
}

/**
 * A scenario of your own, for `createMock({ scenarios })` or `--scenarios FILE`.
 * - `params` is checked like a built-in's: an unknown parameter, or a value of the wrong type or
 *   range, is `400 bad-input` naming it; `default`s are filled in before `build` sees them.
 * - Everything `build` makes goes through the store's write functions and rules, and is stored
 *   in one commit, or not at all.
 */
export function defineScenario<const Name extends string, Params extends object = Record<string, unknown>>(scenario: Scenario<Name, Params>): Scenario<Name, Params> {
  return scenario;
}
