// The shape every part of kindgi-mock shares for scenarios (issue 32): what a scenario is, what
// applying one answers, and the one function every adapter calls. The engine (apply.ts) and the
// builder (builder.ts) implement it; HTTP, in-process, MSW, the CLI and the inspector only call it.
import type { JsonSchema } from '../spec/openapi-types.ts';
import type { MockWorld } from '../http/context.ts';

/** What one application of a scenario made, each list in the order made. */
export interface ScenarioCreated {
  corrections: string[];
  suggestedChanges: string[];
  projects: string[];
  approvals: string[];
  runs: string[];
}

/**
 * A principal a scenario names in its result (who pinned, who may approve, …). `token` is the
 * world's own: in a session, the session's token that stands for it is the one to use.
 */
export interface ScenarioPrincipal {
  token: string;
  kind: 'user' | 'service';
  id: string;
  role: 'admin' | 'member';
}

/** The answer of `POST /__mock/scenarios/{name}` (201) and of every in-process `apply`. */
export interface ScenarioResult<Params = Record<string, unknown>> {
  scenario: string;
  /**
   * The parameters as applied: the caller's, with every default filled in, and what the
   * scenario chose for one left out (the project it used, the status it derived).
   */
  params: Params;
  created: ScenarioCreated;
  /** Principals the scenario names, by what they are to it (`madeBy`, `pinnedBy`, `mayApprove`, `admin`, `member`); absent when it names none. */
  principals?: Record<string, ScenarioPrincipal>;
}

/** One entry of `GET /__mock/scenarios`. */
export interface ScenarioListing {
  name: string;
  description: string;
  /** The JSON Schema of its parameters object (type object, additionalProperties false). */
  params: JsonSchema;
}

/**
 * Why a scenario was not applied; nothing of it was stored.
 * - `not-found` (404): no scenario of that name.
 * - `bad-input` (400): an unknown parameter or a value of the wrong type or range; `details.field` names it.
 * - `validation-failed` (400): the world cannot hold it (a rule of the pages would break, or no
 *   project/principal/run fits); `details.rule` names the rule.
 */
export class ScenarioRefusal extends Error {
  constructor(readonly code: 'not-found' | 'bad-input' | 'validation-failed', message: string, readonly details?: Record<string, unknown>) {
    super(message);
    this.name = 'ScenarioRefusal';
  }
}

/** The scenarios one mock knows: the built-in catalogue and the user's own (createMock({ scenarios }), --scenarios FILE). */
export interface ScenarioCatalogue {
  list(): ScenarioListing[];
  has(name: string): boolean;
  /**
   * Applies `name` with `params` (unknown: checked here) to `world`, atomically: one commit of the
   * store (one journalled write under --state), or nothing at all.
   * - Throws ScenarioRefusal; a StateWriteError from the journal passes through (503 state-write-failed).
   */
  apply(world: MockWorld, name: string, params: unknown): ScenarioResult;
}
