// The walk's steps as data, so that fast-check can generate, shrink and print them: what each
// asks of the API, and the line a person reads. A step names the walk's corrections by their
// order of making, newest first, so that a shorter sequence still means something.
import type { SortedTo } from '../../src/domain/types.ts';

export const HAND_STATUSES = ['open', 'being-fixed', 'with-owner', 'wont-fix'] as const;
/** Statuses no PATCH may set: asking is an illegal step, refused alike. */
export const NOT_BY_HAND = ['fixed', 'removed'] as const;
export const LIST_STATUSES = ['not-fixed', 'open', 'being-fixed', 'with-owner', 'fixed', 'wont-fix', 'removed'] as const;
export const LIST_SORTED_TO = ['none', 'improve', 'developer', 'owner'] as const;

export type Step =
  | { kind: 'create'; run: number; answer: 'wrong' | 'right'; keyed: boolean }
  | { kind: 'resort'; ref: number; sortedTo: SortedTo; reason: boolean; keyed: boolean }
  | { kind: 'set-status'; ref: number; status: (typeof HAND_STATUSES)[number] | (typeof NOT_BY_HAND)[number]; note: boolean; sortedTo?: SortedTo; keyed: boolean }
  | { kind: 'remove'; ref: number; keyed: boolean }
  | { kind: 'read'; ref: number }
  | {
      /** The list is of run `run`, or of the run of correction `of` (a reference, as a step's `ref`). */
      kind: 'list'; run?: number; of?: number; limit: number; status?: ReadonlyArray<(typeof LIST_STATUSES)[number]>; sortedTo?: ReadonlyArray<(typeof LIST_SORTED_TO)[number]>;
      since?: number; until?: number; from?: 'experts' | 'end-users' | 'all'; scope?: 'project' | 'tenant';
    }
  /** `movable`: `wrong` picks among the fixed corrections and `right` among the reopened ones (as the model has them), else among all. */
  | { kind: 'test-run'; wrong: readonly number[]; right: readonly number[]; how: 'pin' | 'latest'; movable: boolean }
  | { kind: 'replay'; ref: number; sameBody: boolean }
  /** The last list again, as a page reloads it: the same query on each side. */
  | { kind: 'list-again' };

export type StepKind = Step['kind'];
/** A step as it is judged: a list sent again is judged as the list it repeats. */
export type JudgedStep = Exclude<Step, { kind: 'list-again' }>;

/** What fast-check's model holds: enough to say which steps make sense next. */
export interface WalkState {
  created: number;
  keyed: number;
  listed: number;
}

/**
 * The index a reference picks among `count` corrections: 0 the newest, 1 the one before, and so on
 * around. A step mostly acts on what the steps just before it made, and shrinking (towards 0) keeps it so.
 */
export const pickNewestFirst = (ref: number, count: number) => count - 1 - (ref % count);

/** The step with each reference to a correction or a keyed write made the index it picks (refs wrap around what exists). */
export function resolved(step: Step, made: number, keyed: number): Step {
  const pick = (ref: number) => (made > 0 ? pickNewestFirst(ref, made) : ref);
  switch (step.kind) {
    case 'resort': case 'set-status': case 'remove': case 'read': return { ...step, ref: pick(step.ref) };
    case 'replay': return { ...step, ref: keyed > 0 ? pickNewestFirst(step.ref, keyed) : step.ref };
    case 'test-run': return { ...step, wrong: step.wrong.map(pick), right: step.right.map(pick) };
    case 'list': return { ...step, ...(step.of !== undefined ? { of: pick(step.of) } : {}), ...(step.since !== undefined ? { since: pick(step.since) } : {}), ...(step.until !== undefined ? { until: pick(step.until) } : {}) };
    case 'create': case 'list-again': return step;
  }
}

/** One line a person reads: `create on run 2 (answer wrong, with a key)`. */
export function describeStep(step: Step): string {
  const key = (keyed: boolean) => (keyed ? ', with an Idempotency-Key' : '');
  const the = (ref: number) => `correction #${ref}`;
  switch (step.kind) {
    case 'create': return `create a correction of run ${step.run} (answer ${step.answer}${key(step.keyed)})`;
    case 'resort': return `re-sort ${the(step.ref)} to ${step.sortedTo}${step.reason ? ' with a reason' : ''}${key(step.keyed)}`;
    case 'set-status': return `set ${the(step.ref)} to ${step.status}${step.note ? ' with a note' : ''}${step.sortedTo ? `, sorted to ${step.sortedTo}` : ''}${key(step.keyed)}`;
    case 'remove': return `remove ${the(step.ref)}${key(step.keyed)}`;
    case 'read': return `read ${the(step.ref)}`;
    case 'list': {
      const filters = [
        step.status && `status=${step.status.join(',')}`, step.sortedTo && `sortedTo=${step.sortedTo.join(',')}`,
        step.since !== undefined && `since=#${step.since}'s createdAt`, step.until !== undefined && `until=#${step.until}'s createdAt`,
        step.from && `from=${step.from}`, step.scope && `scopeKind=${step.scope}`,
      ].filter(Boolean);
      return `list my corrections of ${step.of !== undefined ? `correction #${step.of}'s run` : `run ${step.run ?? 0}`}, ${step.limit} a page${filters.length ? `, ${filters.join(', ')}` : ''}`;
    }
    case 'test-run': return describeTestRun(step.how, step.wrong, step.right);
    case 'replay': return `send keyed write #${step.ref} again${step.sameBody ? '' : ' with another body'}`;
    case 'list-again': return 'the last list again';
  }
}

/** A test run as it ran: the corrections it named, by their index of making. */
export function describeTestRun(how: string, wrong: readonly number[], right: readonly number[]): string {
  const named = (indexes: readonly number[]) => indexes.map((index) => `#${index}`).join(', ') || 'nothing';
  return `a test run (${how}) that gets ${named(wrong)} wrong and ${named(right)} right`;
}
