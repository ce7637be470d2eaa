// Compares the target's answer to one step with the model's, after setting aside what may
// legitimately differ: ids (mapped one to one as the walk learns them), request ids, cursors
// (opaque: only whether there is one), error messages, and times. A time the walk set is judged
// by order: the target's must fall between the times it gave the steps before and after the step
// whose write the model says set it. A list's items made in one instant may come in either order.
import type { Answer, ModelSequence } from './model.ts';

/** Where the two answers first part, with both values (the model's is what the pages say). */
export interface Difference {
  /** `status`, `error.code`, `header X-Idempotent-Replay`, or a JSON path in the body (`data[1].status`). */
  path: string;
  model: unknown;
  target: unknown;
}

/** Target ids and model ids of the same records, one to one. */
export class IdMap {
  private readonly toTarget = new Map<string, string>();
  private readonly toModel = new Map<string, string>();

  /** Pairs two ids; false when either is paired with another already. */
  pair(modelId: string, targetId: string): boolean {
    const known = this.toTarget.get(modelId);
    if (known !== undefined || this.toModel.has(targetId)) return known === targetId;
    this.toTarget.set(modelId, targetId);
    this.toModel.set(targetId, modelId);
    return true;
  }

  targetOf(modelId: string): string | undefined {
    return this.toTarget.get(modelId);
  }

  modelOf(targetId: string): string | undefined {
    return this.toModel.get(targetId);
  }
}

/** How far a target's time may run past the `Date` of the answer that set it: the two may come from different clocks. */
export const DATE_SLACK_MS = 5000;

/** The target's times, each filed under the step the model says set it. */
export class StepTimes {
  private readonly bounds = new Map<number, { min: number; max: number }>();
  /** The `Date` each step's (first) answer came with, in ms, when it had one. */
  private readonly dates = new Map<number, number>();

  /**
   * - `walkStart`: the target's own time for the walk's first write (its probe): no step's time is earlier.
   * - `dateOffset`: how far the target's times ran ahead of its `Date` at that write (its clock and
   *   the header's may differ): a later time may run as far ahead of its own answer's `Date`.
   */
  constructor(private readonly walkStart: number, private readonly dateOffset = 0) {}

  dated(step: number, date: string | undefined): void {
    const time = date === undefined ? NaN : Date.parse(date);
    if (!Number.isNaN(time) && !this.dates.has(step)) this.dates.set(step, time);
  }

  /**
   * `time` (the target's) can be step `step`'s: within the walk (not before its start, not past
   * the step's answer), no earlier step set a later time, no later step an earlier one.
   */
  fits(step: number, time: number): boolean {
    if (time < this.walkStart) return false;
    const date = this.dates.get(step);
    // `Date` has whole seconds: the second it names runs to its end.
    if (date !== undefined && time > date + this.dateOffset + 999 + DATE_SLACK_MS) return false;
    for (const [other, { min, max }] of this.bounds) {
      if (other < step && max > time) return false;
      if (other > step && min < time) return false;
    }
    return true;
  }

  file(step: number, time: number): void {
    const known = this.bounds.get(step);
    this.bounds.set(step, known ? { min: Math.min(known.min, time), max: Math.max(known.max, time) } : { min: time, max: time });
  }
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const REPLAY_HEADER = 'x-idempotent-replay';

export interface CompareContext {
  ids: IdMap;
  times: StepTimes;
  model: ModelSequence;
}

export function compareAnswers(target: Answer, model: Answer, ctx: CompareContext): Difference | undefined {
  if (target.status !== model.status) return { path: 'status', model: model.status, target: target.status };
  if (model.status >= 400) {
    const code = (answer: Answer) => (answer.body as { error?: { code?: unknown } } | undefined)?.error?.code;
    return code(target) === code(model) ? undefined : { path: 'error.code', model: code(model), target: code(target) };
  }
  // Only `true` means something (a replay): a server may send `false` on a first answer.
  const replayed = (answer: Answer) => answer.headers[REPLAY_HEADER] === 'true';
  if (replayed(target) !== replayed(model)) {
    return { path: 'header X-Idempotent-Replay', model: model.headers[REPLAY_HEADER] ?? null, target: target.headers[REPLAY_HEADER] ?? null };
  }
  // Filed only once the whole answer agrees: a time of a diverging answer proves nothing.
  const filed: Array<[number, number]> = [];
  const difference = compareValues(target.body, model.body, '', ctx, filed);
  if (!difference) for (const [step, time] of filed) ctx.times.file(step, time);
  return difference;
}

function compareValues(target: unknown, model: unknown, path: string, ctx: CompareContext, filed: Array<[number, number]>): Difference | undefined {
  const differ = (): Difference => ({ path: path || '(body)', model, target });
  if (typeof model === 'string') return compareStrings(target, model, ctx, filed) ? undefined : differ();
  if (Array.isArray(model)) {
    if (!Array.isArray(target)) return differ();
    if (target.length !== model.length) return { path: `${path}.length`, model: model.length, target: target.length };
    const items = path.endsWith('data') ? inModelOrder(target, model, ctx) : target;
    for (const [index, item] of model.entries()) {
      const difference = compareValues(items[index], item, `${path}[${index}]`, ctx, filed);
      if (difference) return difference;
    }
    return undefined;
  }
  if (typeof model === 'object' && model !== null) {
    if (typeof target !== 'object' || target === null || Array.isArray(target)) return differ();
    const modelObject = model as Record<string, unknown>;
    const targetObject = target as Record<string, unknown>;
    for (const key of new Set([...Object.keys(modelObject), ...Object.keys(targetObject)])) {
      const at = path ? `${path}.${key}` : key;
      if (key === 'requestId') continue;
      if (!(key in modelObject) || !(key in targetObject)) return { path: at, model: modelObject[key] ?? '(absent)', target: targetObject[key] ?? '(absent)' };
      // A cursor is opaque and each side's own: whether there is one is what the pages promise.
      if (key === 'nextCursor') continue;
      const difference = compareValues(targetObject[key], modelObject[key], at, ctx, filed);
      if (difference) return difference;
    }
    return undefined;
  }
  return Object.is(target, model) ? undefined : differ();
}

function compareStrings(target: unknown, model: string, ctx: CompareContext, filed: Array<[number, number]>): boolean {
  if (typeof target !== 'string') return false;
  const mapped = ctx.ids.targetOf(model);
  if (mapped !== undefined) return target === mapped;
  if (ISO_TIME.test(model)) {
    const step = ctx.model.stepOf(Date.parse(model));
    // A time from before the walk (a run's copy) is the target's own, copied: equal.
    if (step === undefined) return target === model;
    const time = ISO_TIME.test(target) ? Date.parse(target) : NaN;
    if (Number.isNaN(time) || !ctx.times.fits(step, time)) return false;
    filed.push([step, time]);
    return true;
  }
  return target === model;
}

/**
 * The target's list items in the model's order where the two differ only among items made in the
 * same instant (which the pages order by an id each side makes its own way); else as they came.
 */
function inModelOrder(target: unknown[], model: unknown[], ctx: CompareContext): unknown[] {
  const idOf = (item: unknown) => (item as { id?: unknown })?.id;
  const createdOf = (item: unknown) => (item as { createdAt?: unknown })?.createdAt;
  const wanted = model.map((item) => ctx.ids.targetOf(String(idOf(item))));
  if (wanted.every((id, index) => id === idOf(target[index]))) return target;
  const byId = new Map(target.map((item) => [idOf(item), item]));
  if (wanted.some((id) => id === undefined || !byId.has(id))) return target;
  const reordered = wanted.map((id) => byId.get(id)!);
  // Only a move inside a run of equal creation times is allowed.
  const sameInstant = reordered.every((item, index) => createdOf(item) === createdOf(target[index]));
  return sameInstant ? reordered : target;
}
