// In-process `apply`: a scenario applied to one world by name, for createMock, createHandlers (MSW)
// and their sessions, and the types that make a wrong parameter a compile error. Nothing here
// needs Node, so the MSW adapter can run it in a browser.
import type { MockWorld } from './http/context.ts';
import { ScenarioRefusal, type ScenarioCatalogue, type ScenarioListing, type ScenarioResult } from './scenarios/contract.ts';
import type { BuiltInScenarioParams } from './scenarios/catalogue/index.ts';
import type { Scenario } from './scenarios/define.ts';
import type { Session, Sessions } from './worlds/sessions.ts';

/** Your own scenarios as createMock is given them (`scenarios`): their names and parameters type `apply`. */
export type OwnScenarios = readonly Scenario<string, object>[];

/** The parameters of each of `Own`, by name, as a caller gives them (each optional: defaults fill them in). */
type OwnScenarioParams<Own extends OwnScenarios> = { [S in Own[number] as S['name']]: S extends Scenario<string, infer Params> ? Partial<Params> : never };

/**
 * A scenario's parameters: a built-in's, or one of `Own`'s, typed (a wrong parameter is a compile
 * error); any object for a name the types do not know (one loaded from `--scenarios FILE`).
 */
export type ScenarioParamsOf<Name extends string, Own extends OwnScenarios = []> = Name extends keyof BuiltInScenarioParams
  ? BuiltInScenarioParams[Name]
  : Name extends keyof OwnScenarioParams<Own> ? OwnScenarioParams<Own>[Name] : Record<string, unknown>;

/** A scenario's name: a built-in's or one of `Own`'s, offered by an editor, or any other. */
export type ScenarioName<Own extends OwnScenarios = []> = Extract<keyof BuiltInScenarioParams, string> | Own[number]['name'] | (string & {});

/** Applies scenarios to one world (the base world for `mock.scenarios`, a session's for `session.apply`). */
export interface ScenarioApplier<Own extends OwnScenarios = []> {
  /**
   * Builds the scenario's records in the world, all or none (the base world's under a state file
   * in one journalled write); `params` left out: the defaults.
   * - Throws ScenarioRefusal: `not-found` (no such scenario), `bad-input` (`details.field`),
   *   `validation-failed` (`details.rule`); nothing was stored. A StateWriteError when the state
   *   file did not take it.
   */
  apply<Name extends ScenarioName<Own>>(name: Name, params?: ScenarioParamsOf<Name, Own>): ScenarioResult<ScenarioParamsOf<Name, Own>>;
}

/** The mock's scenarios (`GET /__mock/scenarios`), applied to the base world. */
export interface MockScenarios<Own extends OwnScenarios = []> extends ScenarioApplier<Own> {
  /** Every scenario, the built-in ones first, each with the JSON Schema of its parameters. */
  list(): ScenarioListing[];
}

/** A session opened in process: its JSON (as `POST /__mock/sessions` answers it) and `apply`, bound to its world. */
export type InProcessSession<Own extends OwnScenarios = []> = Session & ScenarioApplier<Own>;

/**
 * `apply` over the world `worldOf` answers: undefined (a session that ended) is a `not-found`
 * refusal. The catalogue checks the parameters, so the types are the caller's convenience only.
 */
export function applierOf<Own extends OwnScenarios>(catalogue: ScenarioCatalogue, worldOf: () => MockWorld | undefined, ended = 'the world', answer = (result: ScenarioResult) => result): ScenarioApplier<Own> {
  return {
    apply<Name extends ScenarioName<Own>>(name: Name, params?: ScenarioParamsOf<Name, Own>) {
      const world = worldOf();
      if (!world) throw new ScenarioRefusal('not-found', `${ended} is not open: it was ended, or it expired`);
      return answer(catalogue.apply(world, name, params ?? {})) as ScenarioResult<ScenarioParamsOf<Name, Own>>;
    },
  };
}

/** The session as opening it answered, and `apply` bound to its world (naming principals by its own tokens): a method of its own, never serialized. */
export function inProcessSession<Own extends OwnScenarios>(sessions: Sessions, catalogue: ScenarioCatalogue, session: Session): InProcessSession<Own> {
  const { apply } = applierOf<Own>(catalogue, () => sessions.world(session.id), `session ${session.id}`, (result) => sessions.inSession(session.id, result));
  return Object.defineProperty(session, 'apply', { value: apply, enumerable: false }) as InProcessSession<Own>;
}
