// The built-in catalogue (issue 32): six scenarios, with these names and parameters, and the
// type map that makes an in-process `apply` of a wrong parameter a compile error.
import type { Scenario } from '../define.ts';
import { awaitingApprovalScenario, type AwaitingApprovalParams } from './awaiting-approval.ts';
import { correctionScenario, type CorrectionScenarioParams } from './correction.ts';
import { emptyProjectScenario, type EmptyProjectParams } from './empty-project.ts';
import { pinThenReopenedScenario, type PinThenReopenedParams } from './pin-then-reopened.ts';
import { suggestedChangeScenario, type SuggestedChangeScenarioParams } from './suggested-change.ts';
import { supersededScenario, type SupersededParams } from './superseded.ts';

export type { AwaitingApprovalParams, CorrectionScenarioParams, EmptyProjectParams, PinThenReopenedParams, SuggestedChangeScenarioParams, SupersededParams };

/** Each built-in scenario's parameters, by its name. */
export interface BuiltInScenarioParams {
  correction: CorrectionScenarioParams;
  'suggested-change': SuggestedChangeScenarioParams;
  'empty-project': EmptyProjectParams;
  'pin-then-reopened': PinThenReopenedParams;
  'awaiting-approval': AwaitingApprovalParams;
  superseded: SupersededParams;
}

/** A built-in scenario's name. */
export type BuiltInScenarioName = keyof BuiltInScenarioParams;

/** In the order `GET /__mock/scenarios` lists them. */
export const BUILT_IN_SCENARIOS: ReadonlyArray<Scenario<BuiltInScenarioName, never>> = [
  correctionScenario,
  suggestedChangeScenario,
  emptyProjectScenario,
  pinThenReopenedScenario,
  awaitingApprovalScenario,
  supersededScenario,
] as unknown as ReadonlyArray<Scenario<BuiltInScenarioName, never>>;
