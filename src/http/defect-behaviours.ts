// Planted behavioural defects (see defects.ts): bugs whose every answer on its own is valid and
// passes every single-answer check of the kit, but whose sequence is wrong. Only the stateful walk
// (`--stateful`) finds them. A bug in the stored state is committed through the store, as a real
// server's would be, so that the single read and every list agree with it; a list bug keeps pages
// that join up. Reached through core.ts only when a defect is on.
import { matchesFilter } from '../domain/correction-filter.ts';
import { sortCorrection } from '../domain/correction-transitions.ts';
import type { Correction } from '../domain/types.ts';
import type { Principal } from '../domain/world.ts';
import type { SpecOperation } from '../spec/operations.ts';
import { actorOf, type CorrectionChangeInput } from '../store/correction-writes.ts';
import type { Outcome } from '../store/outcome.ts';
import { ApiError } from './api-error.ts';
import { worldOf, type MockContext, type MockWorld } from './context.ts';
import type { CursorBinding } from './cursor.ts';
import { byCreation, wrongListPage, type ListPage } from './defect-lists.ts';
import type { Defect } from './defects.ts';
import type { Exchange } from './exchange.ts';
import type { OperationHandler } from './routes/read-handlers.ts';
import { callerOf, pathParam } from './routes/request-parts.ts';
import { commitOutcome, CORRECTION_OUTCOMES, nowOf } from './routes/write-handlers.ts';
import { idempotencySlot, takeIdempotencyKey } from './stages/idempotency.ts';

/** What a buggy server remembers of its own writes, per world (a session's are its own). */
interface Memory {
  /** Corrections a create of this server superseded → the correction that superseded them. */
  supersededHere: Map<string, string>;
  /** Corrections whose last PATCH set `status: with-owner`. */
  movedToOwner: Set<string>;
  /** List pages, by caller and address. */
  pages: Map<string, ListPage>;
}

const memories = new WeakMap<MockWorld, Memory>();

function memoryOf(world: MockWorld): Memory {
  let memory = memories.get(world);
  if (!memory) memories.set(world, (memory = { supersededHere: new Map(), movedToOwner: new Set(), pages: new Map() }));
  return memory;
}

/** One write as a handler runs it: what the store functions are given, and the correction before it. */
interface WriteStep {
  exchange: Exchange;
  world: MockWorld;
  caller: Principal;
  at: string;
  /** The changed correction as stored before the write (a PATCH's). */
  before?: Correction;
}

/** How a defect bends a write's outcome before it is committed, answer and stored records alike. */
type Revision<T> = (outcome: Outcome<T>, step: WriteStep) => Outcome<T>;

const changeInput = (step: WriteStep) => step.exchange.body as CorrectionChangeInput;
/** A PATCH with `sortedTo` and no `status`: a re-sort alone. */
const resortOnly = (input: CorrectionChangeInput) => input.sortedTo !== undefined && input.status === undefined;

/** The outcome with `correction` as both the answer and the one stored record. */
const answeredAndStored = <T extends Correction>(outcome: Extract<Outcome<T>, { ok: true }>, correction: T): Outcome<T> =>
  ({ ...outcome, value: correction, changes: { ...outcome.changes, corrections: [correction] } });

const CREATE_REVISIONS: Partial<Record<Defect, Revision<Correction>>> = {
  'status-filter-keeps-superseded': (outcome, step) => {
    if (outcome.ok) {
      for (const c of outcome.changes.corrections ?? []) if (c.supersededBy === outcome.value.id) memoryOf(step.world).supersededHere.set(c.id, c.supersededBy);
    }
    return outcome;
  },
  // The supersession query looks for the maker's live correction among the not-fixed ones.
  'fixed-correction-not-superseded': (outcome) => {
    if (!outcome.ok) return outcome;
    const kept = (outcome.changes.corrections ?? []).filter((c) => !(c.supersededBy === outcome.value.id && c.status === 'fixed'));
    return { ...outcome, changes: { ...outcome.changes, corrections: kept } };
  },
  // Only a create empties the page cache.
  'list-cache-kept-after-change': (outcome, step) => {
    if (outcome.ok) memoryOf(step.world).pages.clear();
    return outcome;
  },
};

const CHANGE_REVISIONS: Partial<Record<Defect, Revision<Correction>>> = {
  // The handler writes a not-fixed flag from the status it was given, and its list of not-fixed
  // statuses forgot `with-owner`; any other PATCH that leaves it elsewhere writes the flag again.
  'not-fixed-drops-changed-with-owner': (outcome, step) => {
    if (!outcome.ok) return outcome;
    const moved = memoryOf(step.world).movedToOwner;
    if (changeInput(step).status === 'with-owner') moved.add(outcome.value.id);
    else if (outcome.value.status !== 'with-owner') moved.delete(outcome.value.id);
    return outcome;
  },
  // The UPDATE leaves out the sorting columns; the answer is the record as the handler built it.
  'resort-not-kept': (outcome, step) => {
    if (!outcome.ok || changeInput(step).sortedTo === undefined || !step.before) return outcome;
    const { sortedTo: _sortedTo, sorted: _sorted, ...rest } = outcome.value;
    const stored: Correction = { ...rest, ...(step.before.sortedTo !== undefined ? { sortedTo: step.before.sortedTo, sorted: step.before.sorted! } : {}) };
    // `with-owner` set in the same PATCH cannot be stored without `sortedTo: owner` (000): that write is kept whole.
    if (stored.status === 'with-owner' && stored.sortedTo !== 'owner') return outcome;
    return { ...outcome, changes: { ...outcome.changes, corrections: [stored] } };
  },
  // The re-sort goes through the status path's "clear the fix"; `fixedIn` goes too, since it may
  // stay beside a non-fixed status only with `reopenedIn` (000).
  'resort-clears-reopenedIn': (outcome, step) => {
    if (!outcome.ok || !resortOnly(changeInput(step)) || outcome.value.reopenedIn === undefined) return outcome;
    const { fixedIn: _fixedIn, reopenedIn: _reopenedIn, ...cleared } = outcome.value;
    return answeredAndStored(outcome, cleared);
  },
  // The re-sort checks that the correction is not superseded, but not that it is not removed.
  'resort-revives-removed': (outcome, step) => {
    const input = changeInput(step);
    if (outcome.ok || outcome.code !== 'already-terminal' || step.before?.status !== 'removed' || !resortOnly(input)) return outcome;
    const { unregisteredAt: _unregisteredAt, ...rest } = step.before;
    const revived = sortCorrection({ ...rest, status: 'open' }, input.sortedTo!, actorOf(step.caller), step.at, input.reason);
    return revived.ok ? { ok: true, value: revived.correction, changes: { corrections: [revived.correction] } } : outcome;
  },
  // A status set by hand keeps the test run's record. Only when it sets `open` or `with-owner`:
  // 000 lets `reopenedIn` (and `fixedIn` beside it) stand by no other status.
  'status-change-keeps-reopenedIn': (outcome, step) => {
    const before = step.before;
    if (!outcome.ok || changeInput(step).status === undefined || !before?.reopenedIn || !before.fixedIn) return outcome;
    if (outcome.value.status !== 'open' && outcome.value.status !== 'with-owner') return outcome;
    return answeredAndStored(outcome, { ...outcome.value, fixedIn: before.fixedIn, reopenedIn: before.reopenedIn });
  },
};

/** The writes a behavioural defect bends: each decides as write-handlers.ts does, then the revisions. */
const WRITES: Record<string, { run: (exchange: Exchange, world: MockWorld) => Outcome<Correction>; revisions: Partial<Record<Defect, Revision<Correction>>> }> = {
  createCorrection: { run: CORRECTION_OUTCOMES.createCorrection, revisions: CREATE_REVISIONS },
  changeCorrection: { run: CORRECTION_OUTCOMES.changeCorrection, revisions: CHANGE_REVISIONS },
};

/** The handler that answers `operation` with the defects on, when a behavioural defect bends it; undefined otherwise. */
export function behaviouralHandler(defects: ReadonlySet<Defect>, operation: SpecOperation): OperationHandler | undefined {
  const write = WRITES[operation.operationId];
  const revisions = write ? Object.entries(write.revisions).filter(([defect]) => defects.has(defect as Defect)).map(([, revise]) => revise) : [];
  if (!write || revisions.length === 0) return undefined;
  return (exchange, ctx) => {
    const world = worldOf(exchange, ctx);
    const step: WriteStep = { exchange, world, caller: callerOf(exchange), at: nowOf(world) };
    if (exchange.params.correctionId !== undefined) step.before = world.store.lookup.correction(pathParam(exchange, 'correctionId'));
    let outcome: Outcome<Correction> = write.run(exchange, world);
    for (const revise of revisions) outcome = revise(outcome, step);
    return commitOutcome(world, outcome, exchange);
  };
}

/**
 * takeIdempotencyKey as a buggy server runs it:
 * - `change-key-not-kept`: the PATCH route has no idempotency middleware, so its key is ignored.
 * - `key-reused-with-other-body-replays`: the kept answer is looked up by key alone, and the
 *   body's fingerprint never compared.
 */
export function defectIdempotencyKey(defects: ReadonlySet<Defect>, exchange: Exchange, world: MockWorld, operation: SpecOperation): { status: number; text: string } | undefined {
  if (defects.has('change-key-not-kept') && operation.operationId === 'changeCorrection') return undefined;
  if (!defects.has('key-reused-with-other-body-replays')) return takeIdempotencyKey(exchange, world, operation);
  try {
    return takeIdempotencyKey(exchange, world, operation);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'idempotency-key-body-mismatch') throw error;
    const kept = world.store.lookup.reply(idempotencySlot(exchange, operation, exchange.header('Idempotency-Key')!), world.clock.now())!;
    exchange.headers['X-Idempotent-Replay'] = 'true';
    return { status: kept.status, text: kept.text };
  }
}

/** A list answer's replacement: the page to send instead, or undefined to leave the answer as it is. */
export type ListBehaviour = (exchange: Exchange, ctx: MockContext, page: ListPage, bindingOf: (caller: Principal, filters: Record<string, unknown>) => CursorBinding) => ListPage | undefined;

/** The values of `status` as asked, either form. */
const statusValues = (exchange: Exchange): string[] => {
  const status = exchange.query.status;
  return status === undefined ? [] : (Array.isArray(status) ? status : [status]).flatMap((value) => value.split(','));
};

export const LIST_BEHAVIOURS: Partial<Record<Defect, ListBehaviour>> = {
  // The status-filtered query path forgets `supersededBy IS NULL`; the unfiltered one is right,
  // and the fixtures' superseded corrections predate the bug.
  'status-filter-keeps-superseded': (exchange, ctx, _page, bindingOf) => {
    const superseded = memoryOf(worldOf(exchange, ctx)).supersededHere;
    if (exchange.query.status === undefined || superseded.size === 0) return undefined;
    const asLive = (c: Correction) => (c.supersededBy !== undefined && superseded.get(c.id) === c.supersededBy ? { ...c, supersededBy: undefined } : c);
    return wrongListPage(exchange, ctx, { holds: (c, filter, orgOf) => matchesFilter(asLive(c), filter, orgOf), keyOf: byCreation }, bindingOf);
  },
  // `not-fixed` is answered from the flag; an explicit `with-owner` from the status.
  'not-fixed-drops-changed-with-owner': (exchange, ctx, _page, bindingOf) => {
    const moved = memoryOf(worldOf(exchange, ctx)).movedToOwner;
    const asked = statusValues(exchange);
    if (moved.size === 0 || !asked.includes('not-fixed') || asked.includes('with-owner')) return undefined;
    const flagged = (c: Correction) => c.status === 'with-owner' && moved.has(c.id);
    return wrongListPage(exchange, ctx, { holds: (c, filter, orgOf) => !flagged(c) && matchesFilter(c, filter, orgOf), keyOf: byCreation }, bindingOf);
  },
  // A page cache keyed rightly by caller and address, emptied by a create alone (CREATE_REVISIONS).
  'list-cache-kept-after-change': (exchange, ctx, page) => {
    const pages = memoryOf(worldOf(exchange, ctx)).pages;
    const caller = callerOf(exchange);
    const address = `${caller.tenantId} ${caller.kind}:${caller.id} ${exchange.request.path}?${exchange.request.query}`;
    if (!pages.has(address)) pages.set(address, structuredClone(page));
    return structuredClone(pages.get(address));
  },
};
