// The command's exit code from a result: a broken promise (1) kept apart from a run that could not finish (2).
import type { SuiteResult } from './run-suite.ts';

/**
 * - 1: a check failed (an error, or a response Prism found off the spec): the target broke a promise.
 * - 2: nothing failed, but a scenario could not run (the target was unavailable): not proven either way.
 * - 0: every check passed.
 */
export function exitCodeOf(result: SuiteResult): 0 | 1 | 2 {
  const prismFound = result.proxy.answered.some((a) => a.type === 'VIOLATIONS');
  if (result.failures.some((f) => f.severity === 'error') || prismFound) return 1;
  return result.unavailable.length > 0 ? 2 : 0;
}
