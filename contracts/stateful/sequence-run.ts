// One sequence of the walk: each step sent to the target and to the model, their answers compared
// (compare.ts), and what the walk learns on the way: which correction of one side is which of the
// other's, when each was made, what a test run may move, what was sent with a key.
import type { Correction, CorrectionWithCopies } from '../../src/domain/types.ts';
import type { Exchange } from '../types.ts';
import { compareAnswers, IdMap, StepTimes, type Difference } from './compare.ts';
import type { WalkGround } from './ground.ts';
import type { Answer, ModelRequest, ModelSequence } from './model.ts';
import { describeStep, describeTestRun, pickNewestFirst, resolved, type JudgedStep, type Step, type WalkState } from './step.ts';

/** A correction the walk made, on both sides. */
interface Made {
  target: string;
  model: string;
  targetCreatedAt: string;
  modelCreatedAt: string;
  /** The index of its run among the ground's. */
  run: number;
  /** As the model's last answer that showed it had it: what a test run may do with it. */
  fixed: boolean;
  reopened: boolean;
}

/** A list's query string on each side (its ids and times each side's own). */
interface SideQueries {
  target: string;
  model: string;
}

/** A request on each side; for a write sent with an Idempotency-Key, to send again. */
interface KeyedWrite {
  target: ModelRequest;
  model: ModelRequest;
  /** The target's first answer to it: a replay of it is this, byte for byte. */
  answered?: string;
}

/** One step as it ran: the target's exchanges (for curl lines) and both sides' answers. */
export interface StepRecord {
  step: Step;
  /** The step as it ran: its references to corrections and keyed writes resolved to the ones it used. */
  description: string;
  target: Exchange[];
  model: Answer[];
}

/** The target and the model parted on a step: fast-check shrinks the sequence that did this. */
export class Divergence extends Error {
  constructor(readonly step: JudgedStep, readonly difference: Difference, readonly target: Exchange, readonly model: Answer, readonly transcript: readonly StepRecord[]) {
    super(`${describeStep(step)}: ${difference.path} is ${JSON.stringify(difference.target)} on the target, ${JSON.stringify(difference.model)} in the model`);
    this.name = 'Divergence';
  }
}

export interface TargetSend {
  (method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }): Promise<Exchange>;
}

/** One sequence's two sides and what the walk knows of them. */
export class SequenceRun {
  private readonly made: Made[] = [];
  private readonly keyed: KeyedWrite[] = [];
  readonly transcript: StepRecord[] = [];
  private readonly ids = new IdMap();
  private readonly times: StepTimes;
  private keys = 0;
  /** The last list as sent: its step (for its rule) and each side's query, to send again. */
  private lastList: { step: Extract<Step, { kind: 'list' }>; queries: SideQueries } | undefined;
  /** When the last write's answer came (this machine's clock): the next is sent more than a tick later. */
  private lastWrite = 0;

  constructor(
    readonly ground: WalkGround,
    private readonly sendTarget: TargetSend,
    readonly model: ModelSequence,
    /** Put in every correction's `why` (the suite's write tag), and in every key. */
    private readonly why: string,
    private readonly keyPrefix: string,
  ) {
    this.times = new StepTimes(ground.startedAt, ground.dateOffset);
  }

  async run(step: Step, state: WalkState): Promise<void> {
    this.model.nextStep();
    const record: StepRecord = { step, description: describeStep(resolved(step, this.made.length, this.keyed.length)), target: [], model: [] };
    this.transcript.push(record);
    if (step.kind === 'list') {
      state.listed += 1;
      this.lastList = { step, queries: this.listQueries(step) };
      return this.list(this.lastList.step, this.lastList.queries, record);
    }
    // The same queries as the list it repeats, judged by its rule.
    if (step.kind === 'list-again') return this.list(this.lastList!.step, this.lastList!.queries, record);
    const requests = this.requestsOf(step, record);
    await this.spaceWrites();
    const [target, model] = await this.both(requests, record);
    if (step.kind !== 'read') this.lastWrite = Date.now();
    if (step.kind === 'create' && target.response.status === 201 && model.status === 201) this.learnMade(target, model, step.run % this.ground.runs.length);
    this.judge(step, target, model, record);
    if (step.kind === 'replay' && model.headers['x-idempotent-replay'] === 'true' && requests.answered !== undefined && target.response.text !== requests.answered) {
      const difference = { path: '(body: a replay is the first answer, byte for byte)', model: requests.answered, target: target.response.text };
      throw new Divergence(step, difference, target, this.inTargetIds(model), [...this.transcript]);
    }
    this.follow(model.body);
    if (step.kind === 'create' && model.status === 201) state.created += 1;
    if ('keyed' in step && step.keyed) {
      this.keyed.push({ ...requests, answered: target.response.text });
      state.keyed += 1;
    }
  }

  /** The walk's corrections, each as the model has it now (removed, superseded or live) and its id on the target. */
  async madeNow(): Promise<Array<{ target: string; model: Correction | undefined }>> {
    const now = [];
    for (const made of this.made) {
      const answer = await this.model.send({ method: 'GET', path: `/v1/corrections/${encodeURIComponent(made.model)}` });
      now.push({ target: made.target, model: answer.status === 200 ? answer.body as Correction : undefined });
    }
    return now;
  }

  private async both(requests: KeyedWrite, record: StepRecord): Promise<[Exchange, Answer]> {
    const { method, path, body, headers } = requests.target;
    const target = await this.sendTarget(method, path, { ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });
    const model = await this.model.send(requests.model);
    record.target.push(target);
    record.model.push(model);
    this.times.dated(this.transcript.length, target.response.headers.date);
    return [target, model];
  }

  private judge(step: JudgedStep, target: Exchange, model: Answer, record: StepRecord): void {
    const difference = compareAnswers(target.response, model, { ids: this.ids, times: this.times, model: this.model });
    if (difference) throw new Divergence(step, difference, target, this.inTargetIds(model), [...this.transcript.slice(0, -1), record]);
  }

  /** The model's answer with the target's ids for the walk's corrections: the two read side by side. */
  private inTargetIds(model: Answer): Answer {
    let text = model.text;
    for (const made of this.made) text = text.replaceAll(made.model, made.target);
    return { ...model, text };
  }

  private learnMade(target: Exchange, model: Answer, run: number): void {
    const t = target.response.body as CorrectionWithCopies;
    const m = model.body as CorrectionWithCopies;
    // A target that gives one id twice is told apart by the comparison (the pair is refused).
    if (this.ids.pair(m.id, t.id)) this.made.push({ target: t.id, model: m.id, targetCreatedAt: t.createdAt, modelCreatedAt: m.createdAt, run, fixed: false, reopened: false });
  }

  /** Notes each of the walk's corrections a model answer shows (one, a page, a test run's). */
  private follow(body: unknown): void {
    const shown = (body as { data?: unknown[]; corrections?: unknown[] } | undefined);
    for (const item of shown?.data ?? shown?.corrections ?? [body]) {
      const correction = item as Partial<Correction> | undefined;
      const made = this.made.find((m) => m.model === correction?.id);
      if (!made || !correction) continue;
      made.fixed = correction.status === 'fixed';
      made.reopened = correction.reopenedIn !== undefined;
    }
  }

  private correction(ref: number): Made {
    return this.made[pickNewestFirst(ref, this.made.length)]!;
  }

  private runId(index: number): string {
    return this.ground.runs[index % this.ground.runs.length]!.copy.runId;
  }

  private key(): Record<string, string> {
    this.keys += 1;
    return { 'Idempotency-Key': `${this.keyPrefix}-${this.keys}` };
  }

  /**
   * Waits until the target's clock has moved a tick past the last write (ground.ts measures the
   * tick), so that no two writes share a time: the model's are a second apart, and a tie would
   * order, page and bound (`since`, `until`) the two sides' lists differently.
   */
  private async spaceWrites(): Promise<void> {
    const wait = this.lastWrite + this.ground.tick + 1 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  /** The step's request on each side (ids and times each side's own); a test run's record says what it picked. */
  private requestsOf(step: Exclude<Step, { kind: 'list' | 'list-again' }>, record: StepRecord): KeyedWrite {
    const on = (ref: number, build: (id: string) => ModelRequest): KeyedWrite => {
      const made = this.correction(ref);
      return { target: build(made.target), model: build(made.model) };
    };
    const same = (request: ModelRequest): KeyedWrite => ({ target: request, model: request });
    const keyed = (flag: boolean) => (flag ? { headers: this.key() } : {});
    const path = (id: string, tail = '') => `/v1/corrections/${encodeURIComponent(id)}${tail}`;
    switch (step.kind) {
      case 'create':
        return same({ method: 'POST', path: '/v1/corrections', body: createBody(this.runId(step.run), step.answer, this.why), ...keyed(step.keyed) });
      case 'resort': {
        const headers = keyed(step.keyed);
        return on(step.ref, (id) => ({ method: 'PATCH', path: path(id), body: { sortedTo: step.sortedTo, ...(step.reason ? { reason: 'Sorted by the stateful walk.' } : {}) }, ...headers }));
      }
      case 'set-status': {
        const headers = keyed(step.keyed);
        const body = { status: step.status, ...(step.note ? { note: `Set to ${step.status} by the stateful walk.` } : {}), ...(step.sortedTo ? { sortedTo: step.sortedTo } : {}) };
        return on(step.ref, (id) => ({ method: 'PATCH', path: path(id), body, ...headers }));
      }
      case 'remove': {
        const headers = keyed(step.keyed);
        return on(step.ref, (id) => ({ method: 'POST', path: path(id, '/remove'), ...headers }));
      }
      case 'read':
        return on(step.ref, (id) => ({ method: 'GET', path: path(id) }));
      case 'test-run': {
        const among = (refs: readonly number[], fits: (made: Made) => boolean) => {
          if (!step.movable) return refs.map((ref) => this.correction(ref));
          const candidates = this.made.filter(fits);
          return candidates.length === 0 ? [] : refs.map((ref) => candidates[pickNewestFirst(ref, candidates.length)]!);
        };
        const wrong = among(step.wrong, (made) => made.fixed);
        const right = among(step.right, (made) => made.reopened);
        const index = (made: Made) => this.made.indexOf(made);
        record.description = describeTestRun(step.how, wrong.map(index), right.map(index));
        const side = (pick: (made: Made) => string) => ({
          method: 'POST', path: '/__mock/test-runs',
          body: { version: 'v-walk', how: step.how, wrong: wrong.map(pick), right: right.map(pick) },
        });
        return { target: side((made) => made.target), model: side((made) => made.model) };
      }
      case 'replay': {
        const first = this.keyed[pickNewestFirst(step.ref, this.keyed.length)]!;
        if (step.sameBody || first.target.body === undefined) return first;
        return { target: { ...first.target, body: anotherBody(first.target.body) }, model: { ...first.model, body: anotherBody(first.model.body) } };
      }
    }
  }

  /** A list narrowed to the walk's run and caller, and to this sequence's corrections: each side's query. */
  private listQueries(step: Extract<Step, { kind: 'list' }>): SideQueries {
    const first = this.made[0]!;
    const ground = this.ground.runs[step.of !== undefined ? this.correction(step.of).run : (step.run ?? 0) % this.ground.runs.length]!;
    const query = (side: 'target' | 'model') => {
      const at = (ref: number) => (side === 'target' ? this.correction(ref).targetCreatedAt : this.correction(ref).modelCreatedAt);
      // Corrections of the caller from before this sequence (an earlier one's, removed) stay out of it.
      const since = step.since !== undefined ? at(step.since) : side === 'target' ? first.targetCreatedAt : first.modelCreatedAt;
      const params: Array<[string, string]> = [['runId', ground.copy.runId], ['madeBy', 'me'], ['since', since], ['limit', String(step.limit)]];
      if (step.until !== undefined) params.push(['until', at(step.until)]);
      if (step.status) params.push(['status', step.status.join(',')]);
      if (step.sortedTo) params.push(['sortedTo', step.sortedTo.join(',')]);
      if (step.from) params.push(['from', step.from]);
      if (step.scope === 'project') params.push(['scopeKind', 'project'], ['scopeId', ground.projectId]);
      if (step.scope === 'tenant') params.push(['scopeKind', 'tenant']);
      return params.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
    };
    return { target: query('target'), model: query('model') };
  }

  /** Sends a list's queries to both sides and walks them page by page in step, judging each page. */
  private async list(step: Extract<Step, { kind: 'list' }>, queries: SideQueries, record: StepRecord): Promise<void> {
    let cursors: { target: string; model: string } | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
      const tail = (cursor: string | undefined) => (cursor ? `&cursor=${encodeURIComponent(cursor)}` : '');
      const [target, model] = await this.both({
        target: { method: 'GET', path: `/v1/corrections?${queries.target}${tail(cursors?.target)}` },
        model: { method: 'GET', path: `/v1/corrections?${queries.model}${tail(cursors?.model)}` },
      }, record);
      this.judge(step, target, model, record);
      this.follow(model.body);
      const next = (answer: { body: unknown }) => (answer.body as { hasMore?: boolean; nextCursor?: string } | undefined);
      const targetNext = next(target.response)?.nextCursor;
      const modelNext = next(model)?.nextCursor;
      if (model.status !== 200 || !modelNext || !targetNext) return;
      cursors = { target: targetNext, model: modelNext };
    }
  }
}

/** Pages of one list walked, at most: a page of 1 over a sequence's at most 30 corrections. */
export const MAX_LIST_PAGES = 31;

function createBody(runId: string, answer: 'wrong' | 'right', why: string): Record<string, unknown> {
  return answer === 'wrong' ? { runId, answer, shouldSay: 'What the stateful walk says it should say.', why } : { runId, answer, why };
}

/** The same request with another body: a key used again for a different request. */
function anotherBody(body: unknown): unknown {
  const changed = { ...(body as Record<string, unknown>) };
  if ('runId' in changed) changed.shouldSay = `${String(changed.shouldSay ?? '')} Said again, differently.`;
  else if ('status' in changed) changed.note = `${String(changed.note ?? '')} Noted again, differently.`;
  else changed.reason = `${String(changed.reason ?? '')} Sorted again, differently.`;
  if ('runId' in changed && changed.answer === 'right') {
    delete changed.shouldSay;
    changed.decisions = 'right';
  }
  return changed;
}

