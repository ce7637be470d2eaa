// Each check that ran, with what it rests on and how it came out: what every reporter counts.
import type { SuiteResult } from '../run-suite.ts';
import type { CheckSource, SourceKind } from '../sources.ts';
import type { Failure } from '../types.ts';

export interface CheckOutcome {
  name: string;
  source: CheckSource;
  /** `failed`: a failure of severity error; `warned`: only warnings (a warning does not fail a check). */
  state: 'passed' | 'failed' | 'warned';
  errors: Failure[];
  warnings: Failure[];
}

export function checkOutcomes(result: SuiteResult): CheckOutcome[] {
  return result.checksRun.map((name) => {
    const errors = result.failures.filter((f) => f.check === name && f.severity === 'error');
    const warnings = result.failures.filter((f) => f.check === name && f.severity === 'warning');
    // A check that failed (or warned) rests on what its failure rests on: a narrower source than the
    // check's own (a filter's `inherit` case, the stateful walk's rule) is what the verdict weighs.
    const source = errors[0]?.source ?? warnings[0]?.source ?? result.sources[name];
    if (!source) throw new Error(`check ${name} ran with no source`);
    return { name, source, state: errors.length > 0 ? 'failed' : warnings.length > 0 ? 'warned' : 'passed', errors, warnings };
  });
}

/** `page: 20 passed; convention: 7 passed, 1 warned; inferred: 4 passed, 1 warned`. */
export function bySourceLine(outcomes: CheckOutcome[]): string {
  const kinds: SourceKind[] = ['page', 'convention', 'inferred'];
  return kinds.map((kind) => {
    const of = outcomes.filter((o) => o.source.kind === kind);
    const count = (state: CheckOutcome['state']) => of.filter((o) => o.state === state).length;
    const parts = [`${count('passed')} passed`, ...(count('warned') ? [`${count('warned')} warned`] : []), ...(count('failed') ? [`${count('failed')} failed`] : [])];
    return `${kind}: ${parts.join(', ')}`;
  }).join('; ');
}
