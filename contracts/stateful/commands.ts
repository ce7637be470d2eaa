// The walk's steps as fast-check commands: what generates each, and when each makes sense (a step
// on a correction needs one made; a replay, a keyed write). Illegal steps are generated on purpose:
// a change to a removed or superseded correction, a status no PATCH may set, `with-owner` on a
// correction not sorted to the owner: the target must refuse them as the model does.
import fc from 'fast-check';
import { SORTED_TO } from '../../src/domain/types.ts';
import type { SequenceRun } from './sequence-run.ts';
import { describeStep, HAND_STATUSES, LIST_SORTED_TO, LIST_STATUSES, NOT_BY_HAND, type Step, type WalkState } from './step.ts';

class WalkCommand implements fc.AsyncCommand<WalkState, SequenceRun> {
  constructor(readonly step: Step) {}

  check(state: Readonly<WalkState>): boolean {
    switch (this.step.kind) {
      case 'create': return true;
      case 'replay': return state.keyed > 0;
      case 'list-again': return state.listed > 0;
      default: return state.created > 0;
    }
  }

  run(state: WalkState, sequence: SequenceRun): Promise<void> {
    return sequence.run(this.step, state);
  }

  toString(): string {
    return describeStep(this.step);
  }
}

/**
 * A reference to one of the walk's corrections, newest first (step.ts, pickNewestFirst): mostly the
 * newest, since a bug shows when a step acts on what the steps just before it did to one correction.
 */
const ref = fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constant(1) }, { weight: 2, arbitrary: fc.nat({ max: 29 }) });
const sortedTo = fc.constantFrom(...SORTED_TO);
const subset = <T>(values: readonly T[]) => fc.subarray([...values], { minLength: 1, maxLength: 3 });

/**
 * A sequence of at most `maxSteps` steps. Its first makes a correction: every step but a create
 * acts on one (or on a list or a keyed write made after it), and a sequence that made none would
 * skip them all.
 */
export function sequenceArbitrary(options: { runs: number; testRuns: boolean; maxSteps: number }): fc.Arbitrary<Array<fc.AsyncCommand<WalkState, SequenceRun>>> {
  const run = fc.nat({ max: options.runs - 1 });
  const create = createArbitrary(run);
  return fc.tuple(create.map((step) => new WalkCommand(step)), fc.commands(stepArbitraries(options), { maxCommands: options.maxSteps - 1, size: 'max' }))
    .map(([first, rest]) => [first, ...rest]);
}

const createArbitrary = (run: fc.Arbitrary<number>) =>
  fc.record({ kind: fc.constant('create' as const), run, answer: fc.constantFrom('wrong' as const, 'right' as const), keyed: fc.boolean() });

function stepArbitraries(options: { runs: number; testRuns: boolean }): Array<fc.Arbitrary<WalkCommand>> {
  const run = fc.nat({ max: options.runs - 1 });
  const create = createArbitrary(run);
  const resort = fc.record({ kind: fc.constant('resort' as const), ref, sortedTo, reason: fc.boolean(), keyed: fc.boolean() });
  const setStatus = fc.record({ kind: fc.constant('set-status' as const), ref, note: fc.boolean(), keyed: fc.boolean() }).chain((base) => fc.oneof(
    // A status a PATCH may set, now and then with a re-sort beside it.
    { weight: 4, arbitrary: fc.record({ status: fc.constantFrom(...HAND_STATUSES), sortedTo: sortedTo }, { requiredKeys: ['status'] }) },
    // To the owner, the legal way.
    { weight: 3, arbitrary: fc.constant({ status: 'with-owner' as const, sortedTo: 'owner' as const }) },
    // One no PATCH may set.
    { weight: 1, arbitrary: fc.record({ status: fc.constantFrom(...NOT_BY_HAND) }) },
  ).map((change) => ({ ...base, ...change })));
  const remove = fc.record({ kind: fc.constant('remove' as const), ref, keyed: fc.boolean() });
  const read = fc.record({ kind: fc.constant('read' as const), ref });
  // One filter at a time, mostly: the walk's lists are small (one live correction per run and
  // caller), and every filter more empties more of them.
  const filter = fc.oneof(
    fc.constant({}),
    { weight: 2, arbitrary: fc.record({ status: subset(LIST_STATUSES) }) },
    { weight: 4, arbitrary: fc.constant({ status: ['not-fixed' as const] }) },
    fc.record({ status: subset(LIST_STATUSES).map((statuses) => [...new Set([...statuses, 'removed' as const])]) }),
    // Every status: the removed ones too, so that a list is long enough to have pages.
    fc.constant({ status: LIST_STATUSES.filter((status) => status !== 'not-fixed') }),
    fc.record({ sortedTo: subset(LIST_SORTED_TO) }),
    fc.record({ since: ref }),
    fc.record({ until: ref }),
    fc.record({ since: ref, until: ref }),
    fc.record({ from: fc.constantFrom('experts' as const, 'end-users' as const, 'all' as const) }),
    fc.record({ scope: fc.constantFrom('project' as const, 'tenant' as const) }),
    fc.record({ status: subset(LIST_STATUSES), sortedTo: subset(LIST_SORTED_TO) }),
  );
  // Mostly the run of a correction just made: the list that shows what the steps before did.
  const whose = fc.oneof({ weight: 3, arbitrary: fc.record({ of: ref }) }, { weight: 1, arbitrary: fc.record({ run }) });
  const list = fc.record({ kind: fc.constant('list' as const), limit: fc.constantFrom(1, 1, 2, 3) })
    .chain((base) => fc.tuple(whose, filter).map(([list, filters]) => ({ ...base, ...list, ...filters })));
  const replay = fc.record({ kind: fc.constant('replay' as const), ref, sameBody: fc.oneof({ weight: 2, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }) });
  const listAgain = fc.constant({ kind: 'list-again' as const });
  const testRun = fc.record({
    kind: fc.constant('test-run' as const), wrong: fc.array(ref, { minLength: 1, maxLength: 2 }), right: fc.array(ref, { maxLength: 1 }), how: fc.constantFrom('pin' as const, 'latest' as const),
    // Mostly on corrections the test run can move (fixed ones wrong, reopened ones right); now and then on any.
    movable: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  });
  const command = (arbitrary: fc.Arbitrary<Step>) => arbitrary.map((step) => new WalkCommand(step));
  // Listed more than once: the steps that make and change state, and the lists and test runs that
  // show it, come up more often than the rest.
  return [
    command(create), command(create), command(resort), command(resort), command(setStatus), command(setStatus), command(setStatus), command(remove),
    command(read), command(list), command(list), command(listAgain), command(listAgain), command(replay),
    ...(options.testRuns ? [command(testRun), command(testRun), command(testRun)] : []),
  ];
}
