// `kindgi-mock/scenarios`: define scenarios of your own, and the types of the built-in ones, the
// builder a scenario's `build` gets, and what applying one answers.
export { defineScenario, type Scenario } from './define.ts';
export { createScenarioCatalogue, type ScenarioCatalogueOptions } from './apply.ts';
export {
  ScenarioRefusal,
  type ScenarioCatalogue, type ScenarioCreated, type ScenarioListing, type ScenarioPrincipal, type ScenarioResult,
} from './contract.ts';
export { CHECK_NEVER_ENDS, type NewProject, type NewSuggestedChange, type PrincipalWanted, type ScenarioBuilder } from './builder.ts';
export {
  BUILT_IN_SCENARIOS,
  type AwaitingApprovalParams, type BuiltInScenarioName, type BuiltInScenarioParams, type CorrectionScenarioParams, type EmptyProjectParams,
  type PinThenReopenedParams, type SuggestedChangeScenarioParams, type SupersededParams,
} from './catalogue/index.ts';
export type { Says } from './catalogue/correction-states.ts';
export type { CorrectionChangeInput, CorrectionInput } from '../store/correction-writes.ts';
export type { TestRunInput } from '../store/test-runs.ts';
export type { ApprovalDecision } from '../store/suggested-change-writes.ts';
export type { Agent, CorrectorGroup, Principal, Project, Run, StoredSuggestedChange } from '../domain/world.ts';
export type { Correction, CorrectionWithCopies, SuggestedChange } from '../domain/types.ts';

// How a name and its parameters are typed, for a built-in scenario or one of your own (written once, in scenario-appliers.ts).
export type { OwnScenarios, ScenarioApplier, ScenarioName, ScenarioParamsOf } from '../scenario-appliers.ts';

// A session of a running mock for a test: its tokens by role, scenarios applied, `end` (global fetch only).
export { MockAdminError, openSession, type OpenedSession, type OpenSessionOptions, type SessionScenarioStep, type SessionTokens } from '../open-session.ts';
