// The stateful walk as one scenario of the suite: its divergence is a failure of `stateful-walk`
// carrying the shrunk sequence, resting on the rule the model applied where the two parted.
import { TargetUnavailable } from '../client.ts';
import { curlFor } from '../report/curl.ts';
import { page } from '../sources.ts';
import type { FailedSequence, Scenario } from '../types.ts';
import { NoGround } from './ground.ts';
import { ruleOf } from './rules.ts';
import { statefulWalk, type WalkOptions, type WalkOutcome } from './walk.ts';

export const STATEFUL_CHECK = 'stateful-walk';

/** The walk's check, and what it rests on when no narrower rule is named. */
export const statefulCheck = () => ({
  name: STATEFUL_CHECK,
  source: page(['000', '001'], 'Where it is in being fixed. `with-owner` while the agent’s owner decides; `fixed` only when a pin or a deploy fixed it, or it said nothing was wrong; `removed` can’t come back.'),
});

/** What the report says of the walk, failed or not. */
export interface StatefulReport {
  seed: number;
  /** Sequences asked for (`--stateful-runs`), sent, and how many of those shrinking sent. */
  runs: number;
  sequences: number;
  whileShrinking: number;
  /** The walk's own requests (its probes and cleanups too) and time. */
  requests: number;
  durationMs: number;
  /** The target's runs the walk corrected, and who it corrected them as (with the primary token). */
  targetRuns: string[];
  caller: string;
  /** Whether test runs were among the steps (only a kindgi-mock on this machine offers them). */
  testRuns: boolean;
  /** What cut it short, if anything. */
  stopped?: string;
}

const SHOWN_BODY = 1200;

/** The status and the body, the run's copy (the same on both sides, and long) shortened to its id. */
function shown(status: number, text: string): string {
  let body = text;
  try {
    body = JSON.stringify(JSON.parse(text), (key, value: unknown) => (key === 'run' && typeof value === 'object' && value !== null ? `(the copy of ${(value as { runId?: string }).runId})` : value));
  } catch {
    // Not JSON: shown as it came.
  }
  return `${status} ${body.length > SHOWN_BODY ? `${body.slice(0, SHOWN_BODY)}…` : body}`;
}

export function statefulScenario(options: WalkOptions, report: (outcome: StatefulReport) => void, curl: { baseUrl: string; secrets: Array<[string, string]> }): Scenario {
  return {
    name: 'stateful walk',
    checks: [statefulCheck()],
    needs: { writes: true },
    async run(session) {
      let outcome: WalkOutcome;
      try {
        outcome = await statefulWalk(session, options);
      } catch (error) {
        if (error instanceof NoGround) return session.skip(`no run to walk on: ${error.message}`);
        throw error;
      }
      report({
        seed: outcome.seed, runs: options.runs, sequences: outcome.sequences, whileShrinking: outcome.whileShrinking,
        requests: outcome.requests, durationMs: outcome.durationMs,
        targetRuns: outcome.ground.runs.map((run) => run.copy.runId), caller: `${outcome.ground.caller.kind} ${outcome.ground.caller.id}`,
        testRuns: outcome.ground.offersTestRuns,
        ...(outcome.stopped ? { stopped: outcome.stopped.message } : {}),
      });
      if (!outcome.divergence) {
        // A target that kept answering 503 is unavailable, as for any scenario (exit 2); cut short by
        // the budget before any sequence ran, the check did not run, as any scenario the budget stops.
        if (outcome.stopped instanceof TargetUnavailable || (outcome.stopped && outcome.sequences === 0)) throw outcome.stopped;
        // Cut short by the budget after some: what ran passed, and a warning says how little that was.
        if (outcome.stopped) {
          session.fail(STATEFUL_CHECK, undefined, `${options.runs} sequences (--stateful-runs)`, `${outcome.sequences} sent before ${outcome.stopped.message}: raise --max-requests or --time-limit, or lower --stateful-runs`, { severity: 'warning' });
        }
        return;
      }
      const { error, shrinks } = outcome.divergence;
      const sequence: FailedSequence = {
        seed: outcome.seed,
        steps: error.transcript.map((record) => ({ description: record.description, curl: record.target.map((exchange) => curlFor(curl.baseUrl, exchange, curl.secrets)) })),
        diverged: { step: error.transcript.length, path: error.difference.path },
        model: shown(error.model.status, error.model.text),
        target: shown(error.target.response.status, error.target.response.text),
        shrinks,
      };
      session.fail(STATEFUL_CHECK, error.target, `${error.difference.path}: ${JSON.stringify(error.difference.model)} (as the model answers)`, `${JSON.stringify(error.difference.target)}`, {
        source: ruleOf(error.step, error.difference),
        sequence,
      });
    },
  };
}
