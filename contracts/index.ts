// `kindgi-mock/contracts`: the contract kit for a CI script: run the suite against a deployment,
// then judge and report the result as the `kindgi-mock contracts` command does.
import { discoverTokens, tokensOf } from './discover.ts';
import { exitCodeOf } from './exit-code.ts';
import { listChecks, listedChecks } from './list-checks.ts';
import { githubAnnotations, githubSummary } from './report/github.ts';
import { toJunit } from './report/junit.ts';
import { summarize } from './report/summary.ts';
import { runSuite, type SuiteOptions, type SuiteResult } from './run-suite.ts';
import type { Tokens } from './types.ts';

export { DEFAULT_MAX_REQUESTS, DEFAULT_TIME_LIMIT_MS, type SuiteOptions, type SuiteResult, type Unavailability } from './run-suite.ts';
export { DEFAULT_REMOTE_RPS, type Clock } from './pace.ts';
export type { CheckSource, SourceKind } from './sources.ts';
export type { TargetRecord } from './target/record.ts';
export type { WritesReport } from './writes-ledger.ts';
export type { FailedSequence, Failure, Severity, Tokens } from './types.ts';
export { DEFAULT_STATEFUL_RUNS, MAX_STEPS as MAX_STATEFUL_STEPS } from './stateful/walk.ts';
export type { StatefulReport } from './stateful/scenario.ts';
export { discoverTokens, tokensOf, exitCodeOf, githubAnnotations, githubSummary, listChecks, listedChecks, summarize, toJunit };

export interface RunOptions extends Omit<SuiteOptions, 'tokens'> {
  /** The tokens to call with; found at `/__mock/principals` when the target is a kindgi-mock. */
  tokens?: Tokens;
}

/**
 * Runs every check against `baseUrl` and returns what failed, what ran and what could not.
 * - Without `tokens`, asks the target's `/__mock/principals`; throws when it has none.
 * - Read-only unless `allowWrites`; bounded by `maxRequests` and `timeLimitMs`.
 * - With `stateful` (and `allowWrites`): also the stateful walk, `statefulRuns` sequences from `seed`.
 */
export async function run(options: RunOptions): Promise<SuiteResult> {
  if (!URL.canParse(options.baseUrl)) throw new TypeError(`baseUrl "${options.baseUrl}" is not a URL; give one such as http://127.0.0.1:4010`);
  const tokens = options.tokens ?? await discoverTokens(options.baseUrl);
  if (!tokens) {
    await reachable(options.baseUrl);
    throw new Error(`no token: give tokens; ${options.baseUrl} has no /__mock/principals to find them`);
  }
  return runSuite({ ...options, tokens });
}

/** Throws, saying why, when nothing answers at `baseUrl` (so that "no token" is not the reason given). */
async function reachable(baseUrl: string): Promise<void> {
  try {
    await fetch(new URL('/health', baseUrl), { signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(`cannot reach ${baseUrl}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
  }
}

/** True when the result breaks the contract: a failure of severity `error` (warnings, and so inferred checks against a target other than the mock without `strict`, do not count). */
export const failed = (result: SuiteResult): boolean => result.failures.some((failure) => failure.severity === 'error');
