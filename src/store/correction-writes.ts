// Correcting a run, re-sorting or setting a status, removing: each checks access, applies the
// domain's transitions and rules, and returns the records it changes (or why it refuses).
import { checkCorrection } from '../domain/correction-rules.ts';
import {
  fixCorrection, removeCorrection, saysNothingWrong, setStatusByHand, sortCorrection, supersedeCorrection, type Transition,
} from '../domain/correction-transitions.ts';
import { isRestricted, mayAssertFor } from '../domain/corrector-groups.ts';
import { resolvePointer } from '../domain/json-pointer.ts';
import type { Actor, Correction, CorrectionStatus, CorrectionWithCopies, SortedTo } from '../domain/types.ts';
import { runCopyOf, type Principal } from '../domain/world.ts';
import { accessTo, refuse, type Outcome } from './outcome.ts';
import type { WorldLookup } from './world-store.ts';

/** What the caller says in `POST /v1/corrections` (the spec's CorrectionCreate, already validated). */
export type CorrectionInput = Pick<Correction, 'runId' | 'decisions' | 'shouldCall' | 'mustNotCall' | 'answer' | 'shouldSay' | 'why' | 'items' | 'correctorGroupId' | 'participantId'>;

export interface CorrectionChangeInput {
  sortedTo?: SortedTo;
  reason?: string;
  status?: CorrectionStatus;
  note?: string;
}

export const actorOf = (caller: Principal): Actor => ({ kind: caller.kind, id: caller.id });

/**
 * Correct a run. The maker is the caller; the run must be readable (else 404 run-not-found),
 * writable (403) and finished (409). The first correction takes the run's copy; a new one by the
 * same maker and participant supersedes the live one.
 */
export function createCorrection(lookup: WorldLookup, caller: Principal, input: CorrectionInput, at: string, id: string): Outcome<CorrectionWithCopies> {
  const run = lookup.run(input.runId);
  const access = run ? accessTo(caller, run.tenantId, run.projectId) : 'none';
  if (!run || access === 'none') return refuse('run-not-found', `no run ${input.runId} that this caller may read`, { runId: input.runId });
  if (access === 'read') return refuse('permission-denied', `the caller may read project ${run.projectId} but not correct its runs`, { action: 'correct', resource: `run/${run.id}`, reason: 'no write access to the project' });
  if (!run.finished) return refuse('run-not-finished', `run ${run.id} has not finished; correct it once it has`, { runId: run.id });

  let expert = false;
  if (input.correctorGroupId !== undefined) {
    const group = lookup.correctorGroup(input.correctorGroupId);
    if (!group || group.tenantId !== caller.tenantId) return refuse('bad-input', `no corrector group ${input.correctorGroupId}`, { field: 'correctorGroupId' });
    const check = mayAssertFor(caller, group);
    if (!check.allowed) return refuse('corrector-group-not-allowed', check.reason, { correctorGroupId: group.id, assertableBy: group.assertableBy });
    expert = isRestricted(group);
  }
  for (const [index, item] of (input.items ?? []).entries()) {
    if (item.pointer !== undefined && resolvePointer(run.output, item.pointer) === undefined) {
      return refuse('item-not-found', `items[${index}].pointer ${item.pointer} resolves to nothing in the run's output`, { field: `items[${index}].pointer`, pointer: item.pointer });
    }
  }

  let correction: Correction = {
    id,
    tenantId: run.tenantId,
    projectId: run.projectId,
    runId: run.id,
    subject: run.subject,
    ...definedOnly(input),
    ...(expert ? { expert: true } : {}),
    madeBy: actorOf(caller),
    status: 'open',
    createdAt: at,
    updatedAt: at,
  };
  const violations = checkCorrection(correction);
  if (violations.length > 0) return refuse('validation-failed', `the correction breaks ${violations.map((v) => v.rule).join(', ')}`, { violations });
  if (saysNothingWrong(correction)) correction = applied(fixCorrection(correction, 'recorded-right', at, undefined, actorOf(caller)));

  const changedRun = run.capturedAt === undefined ? { ...run, capturedAt: at } : run;
  const previous = lookup.liveCorrectionFor(correction);
  const superseded = previous ? [applied(supersedeCorrection(previous, id, at))] : [];
  return {
    ok: true,
    status: 201,
    value: { ...correction, run: runCopyOf(changedRun) },
    changes: { corrections: [...superseded, correction], ...(changedRun !== run ? { runs: [changedRun] } : {}) },
  };
}

/** Re-sort and/or set a status by hand (PATCH). `reason` goes with `sortedTo`, `note` with `status`. */
export function changeCorrection(lookup: WorldLookup, caller: Principal, id: string, input: CorrectionChangeInput, at: string): Outcome<Correction> {
  const found = writable(lookup, caller, id, 'change');
  if (!found.ok) return found;
  if (input.reason !== undefined && input.sortedTo === undefined) return refuse('bad-input', 'reason goes with sortedTo: it says why the correction was sorted so', { field: 'reason' });
  if (input.note !== undefined && input.status === undefined) return refuse('bad-input', 'note goes with status: it becomes statusNote', { field: 'note' });
  let correction = found.value;
  const steps: Array<() => Transition> = [];
  if (input.sortedTo !== undefined) steps.push(() => sortCorrection(correction, input.sortedTo!, actorOf(caller), at, input.reason));
  if (input.status !== undefined) steps.push(() => setStatusByHand(correction, input.status!, actorOf(caller), at, input.note));
  for (const step of steps) {
    const result = step();
    if (!result.ok) return refusalOf(result);
    correction = result.correction;
  }
  return { ok: true, value: correction, changes: { corrections: [correction] } };
}

/** Remove: `removed` can't come back, and removing again changes nothing. */
export function removeCorrectionById(lookup: WorldLookup, caller: Principal, id: string, at: string): Outcome<Correction> {
  const found = writable(lookup, caller, id, 'remove');
  if (!found.ok) return found;
  const result = removeCorrection(found.value, at);
  if (!result.ok) return refusalOf(result);
  return { ok: true, value: result.correction, changes: result.correction === found.value ? {} : { corrections: [result.correction] } };
}

function writable(lookup: WorldLookup, caller: Principal, id: string, action: string): Outcome<Correction> {
  const correction = lookup.correction(id);
  const access = correction ? accessTo(caller, correction.tenantId, correction.projectId) : 'none';
  if (!correction || access === 'none') return refuse('not-found', `no correction ${id} in this workspace`, { correctionId: id });
  if (access === 'read') return refuse('permission-denied', `the caller may read correction ${id} but not ${action} it`, { action, resource: `correction/${id}`, reason: 'no write access to the project' });
  return { ok: true, value: correction, changes: {} };
}

function refusalOf(result: Extract<Transition, { ok: false }>): Outcome<never> {
  switch (result.code) {
    case 'correction-not-live': return refuse('already-terminal', result.message);
    case 'status-not-settable':
    case 'with-owner-needs-owner':
    case 'not-fixed':
    case 'incomplete': return refuse('bad-input', result.message, { rule: result.code });
  }
}

function applied(result: Transition): Correction {
  if (!result.ok) throw new Error(`a transition the write had checked was refused: ${result.message}`);
  return result.correction;
}

/** Its own fields that are set, by a loop (entries, filtered, then an object again, made three lists per correction). */
function definedOnly<T extends object>(value: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key) || value[key] === undefined) continue;
    // Defined, not assigned, for a `__proto__` a parsed body may carry: a field then, as fromEntries made it, never the prototype.
    if (key === '__proto__') Object.defineProperty(out, key, { value: value[key], enumerable: true, writable: true, configurable: true });
    else out[key] = value[key];
  }
  return out;
}
