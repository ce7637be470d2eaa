// A test run of a version that gets fixed corrections wrong again (page 000: reopenedIn) or
// right again (a new fixedIn). No endpoint of the pages drives it; `/__mock/test-runs` does.
import { fixCorrection, reopenCorrection } from '../domain/correction-transitions.ts';
import type { Actor, Correction, ReopenedHow } from '../domain/types.ts';
import type { Principal } from '../domain/world.ts';
import { accessTo, refuse, type Outcome } from './outcome.ts';
import type { WorldLookup } from './world-store.ts';

export interface TestRunInput {
  version: string;
  how: ReopenedHow;
  /** Fixed corrections this version gets wrong: they reopen. */
  wrong?: string[];
  /** Reopened corrections this version gets right: they are fixed again. */
  right?: string[];
}

export function recordTestRun(lookup: WorldLookup, caller: Principal, input: TestRunInput, at: string): Outcome<{ corrections: Correction[] }> {
  const by: Actor = { kind: caller.kind, id: caller.id };
  const changed: Correction[] = [];
  for (const [list, verdict] of [[input.wrong ?? [], 'wrong'], [input.right ?? [], 'right']] as const) {
    for (const id of list) {
      const correction = lookup.correction(id);
      const access = correction ? accessTo(caller, correction.tenantId, correction.projectId) : 'none';
      if (!correction || access === 'none') return refuse('not-found', `no correction ${id} in this workspace`, { correctionId: id });
      if (access === 'read') return refuse('permission-denied', `the caller may read correction ${id} but not run tests on its project`, { action: 'test-run', resource: `correction/${id}`, reason: 'no write access to the project' });
      const result = verdict === 'wrong'
        ? reopenCorrection(correction, input.version, input.how, at, input.how === 'latest' ? undefined : by)
        : correction.reopenedIn
          ? fixCorrection(correction, input.how === 'latest' ? 'latest' : 'pin', at, input.version, by)
          : ({ ok: false, code: 'not-fixed', message: `correction ${id} was not reopened, so a test run cannot fix it again` } as const);
      if (!result.ok) return refuse('already-terminal', result.message, { correctionId: id, status: correction.status });
      changed.push(result.correction);
    }
  }
  return { ok: true, value: { corrections: changed }, changes: { corrections: changed } };
}
