// What `--allow-writes` leaves behind: none of it. Every correction the suite creates carries a
// tag in `why`; the run removes its own at the end, and the next run removes what an
// interrupted one left (found by the tag among the caller's own corrections).
import type { Correction } from '../src/domain/types.ts';
import type { Exchange } from './types.ts';

export const WRITE_TAG_MARK = 'kindgi-contracts-run:';
const TAG = /\[kindgi-contracts-run:([A-Za-z0-9-]+)\]/;

/** `[kindgi-contracts-run:<runId>]`, put in the `why` of every correction the run creates. */
export const writeTagFor = (runId: string) => `[${WRITE_TAG_MARK}${runId}]`;

/** The run id a correction's `why` was tagged with, if any. */
export const taggedRun = (why: unknown): string | undefined => (typeof why === 'string' ? TAG.exec(why)?.[1] : undefined);

export interface WritesReport {
  tag: string;
  /** Corrections this run created. */
  created: string[];
  /** Removed by the write checks themselves. */
  removedByChecks: string[];
  /** Removed by the cleanup at the end (a run that stopped early leaves these). */
  removedAtEnd: string[];
  /** Superseded by a later one of the run: history the API keeps, in no list, and cannot remove (409). */
  superseded: string[];
  /** Live corrections an earlier, interrupted run left, found by their tag and removed. */
  leftBehind: Array<{ id: string; run: string }>;
  /** What could not be removed, and why: the next run tries again. */
  notRemoved: Array<{ id: string; why: string }>;
}

/** Sends one housekeeping request with the primary token, outside the checks and the budget. */
export type HousekeepingSend = (method: string, path: string) => Promise<Exchange>;

/** Every status but `removed`: the caller's live corrections. */
const LIVE = 'open,being-fixed,with-owner,fixed,wont-fix';
/** Pages of the caller's own live corrections searched for leftovers. */
export const SWEEP_PAGES = 5;

export interface WritesLedger {
  readonly report: WritesReport;
  /** Notes a created or removed correction from any exchange the suite made. */
  record(exchange: Exchange): void;
  /** Notes a created correction that a later one superseded (the stateful walk knows): the cleanup leaves it. */
  noteSuperseded(id: string): void;
  /** Before the checks: removes the live corrections of the caller that another run's tag marks. */
  sweep(send: HousekeepingSend): Promise<void>;
  /** After the checks: removes every correction of this run that is still live. */
  removeCreated(send: HousekeepingSend): Promise<void>;
}

export function createWritesLedger(runId: string): WritesLedger {
  const report: WritesReport = { tag: writeTagFor(runId), created: [], removedByChecks: [], removedAtEnd: [], superseded: [], leftBehind: [], notRemoved: [] };
  const remove = async (send: HousekeepingSend, id: string): Promise<boolean> => {
    const answer = await send('POST', `/v1/corrections/${encodeURIComponent(id)}/remove`);
    if (answer.response.status === 200 && (answer.response.body as Correction | undefined)?.status === 'removed') return true;
    report.notRemoved.push({ id, why: `POST …/remove answered ${answer.response.status} ${answer.response.text.slice(0, 120)}` });
    return false;
  };
  return {
    report,
    record(exchange) {
      const { operation, response } = exchange;
      const body = response.body as Correction | undefined;
      if (!operation || !body || typeof body.id !== 'string') return;
      if (operation.operationId === 'createCorrection' && response.status === 201 && !report.created.includes(body.id)) report.created.push(body.id);
      if (operation.operationId === 'removeCorrection' && response.status === 200 && body.status === 'removed' && !report.removedByChecks.includes(body.id)) report.removedByChecks.push(body.id);
    },
    noteSuperseded(id) {
      if (report.created.includes(id) && !report.superseded.includes(id)) report.superseded.push(id);
    },
    async sweep(send) {
      let cursor: string | undefined;
      for (let page = 0; page < SWEEP_PAGES; page += 1) {
        const answer = await send('GET', `/v1/corrections?madeBy=me&status=${LIVE}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        const body = answer.response.body as { data?: Correction[]; hasMore?: boolean; nextCursor?: string } | undefined;
        if (answer.response.status !== 200 || !Array.isArray(body?.data)) return;
        for (const correction of body.data) {
          const run = taggedRun(correction.why);
          if (run === undefined || run === runId) continue;
          if (await remove(send, correction.id)) report.leftBehind.push({ id: correction.id, run });
        }
        if (!body.hasMore || !body.nextCursor) return;
        cursor = body.nextCursor;
      }
    },
    async removeCreated(send) {
      for (const id of report.created) {
        if (report.removedByChecks.includes(id) || report.superseded.includes(id)) continue;
        const read = await send('GET', `/v1/corrections/${encodeURIComponent(id)}`);
        const correction = read.response.body as Correction | undefined;
        if (read.response.status === 200 && correction?.status === 'removed') report.removedByChecks.push(id);
        else if (read.response.status === 200 && correction?.supersededBy !== undefined) report.superseded.push(id);
        else if (await remove(send, id)) report.removedAtEnd.push(id);
      }
    },
  };
}
