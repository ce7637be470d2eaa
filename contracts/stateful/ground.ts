// What the walk learns of the target before its first sequence, and the model is built from: the
// runs it will correct (their stored copies and projects), who the caller is, and whether the
// target offers test runs. Each run is proven writable by one probe correction, removed at once.
import type { Actor, Correction, CorrectionWithCopies, RunCopy } from '../../src/domain/types.ts';
import type { Session } from '../types.ts';

/** A run the walk corrects: the copy the target stores of it, and where it lives. */
export interface WalkRun {
  copy: RunCopy;
  projectId: string;
  tenantId: string;
}

export interface WalkGround {
  caller: Actor;
  runs: WalkRun[];
  /** The target is a kindgi-mock on this machine: it answers `/__mock/test-runs`. */
  offersTestRuns: boolean;
  /** The target's time of the walk's first write (its first probe), in ms: every later write is at it or after. */
  startedAt: number;
  /**
   * The steps of the target's clock, as its times show them (1, 10 or 100 ms): the walk spaces
   * its writes further apart than that, so that no two of them share a time.
   */
  tick: number;
  /** How far the target's times run ahead of its `Date` header (its whole second), when it sends one. */
  dateOffset?: number;
  /** The latest time the walk read on the target (a run's copy, a probe): the model's clock starts past it. */
  latest: number;
}

/** How many runs a walk corrects: two, so that `runId` narrows. */
export const WALK_RUNS = 2;
/** Candidate runs looked at, newest first, before the walk gives up. */
const CANDIDATES = 12;

const PROBE_NOTE = 'Probe of the kindgi-mock stateful walk: proves the run can be corrected, removed at once.';

/** Why the walk cannot start, said to the user as a skipped scenario. */
export class NoGround extends Error {}

export async function findGround(session: Session, loopback: boolean): Promise<WalkGround> {
  const page = await session.send('GET', '/v1/corrections?limit=100');
  const listed = (page.response.body as { data?: Correction[] } | undefined)?.data;
  if (page.response.status !== 200 || !Array.isArray(listed)) throw new NoGround(`GET /v1/corrections answered ${page.response.status}`);
  const candidates = [...new Set(listed.map((c) => c.runId))].slice(0, CANDIDATES);
  const runs: WalkRun[] = [];
  let caller: Actor | undefined;
  let startedAt: number | undefined;
  let lastAt: number | undefined;
  let dateOffset: number | undefined;
  /** The times the probes set (made, removed): what the target's clock reads, and how finely. */
  const written: number[] = [];
  /** The latest time read on the target: the probes', and their runs' copies (older data). */
  let latest = -Infinity;
  const probe = async (runId: string): Promise<CorrectionWithCopies | undefined> => {
    const made = await session.send('POST', '/v1/corrections', { body: { runId, answer: 'wrong', shouldSay: 'Probe.', why: `${PROBE_NOTE} ${session.writeTag}` } });
    if (made.response.status !== 201) return undefined;
    const correction = made.response.body as CorrectionWithCopies;
    const removed = await session.send('POST', `/v1/corrections/${encodeURIComponent(correction.id)}/remove`);
    const at = Date.parse(correction.createdAt);
    startedAt ??= at;
    lastAt = at;
    const times = [at, Date.parse(String((removed.response.body as Correction | undefined)?.updatedAt))].filter((time) => !Number.isNaN(time));
    written.push(...times);
    latest = Math.max(latest, ...times, Date.parse(correction.run.capturedAt) || -Infinity);
    const date = Date.parse(made.response.headers.date ?? '');
    if (!Number.isNaN(date)) dateOffset = Math.max(dateOffset ?? -Infinity, at - date);
    return correction;
  };
  for (const runId of candidates) {
    if (runs.length === WALK_RUNS) break;
    // A run the caller corrects live already would be superseded by the walk: left alone.
    const mine = await session.send('GET', `/v1/corrections?runId=${encodeURIComponent(runId)}&madeBy=me&limit=1`);
    if (mine.response.status !== 200 || ((mine.response.body as { data?: unknown[] }).data?.length ?? 1) > 0) continue;
    const made = await probe(runId);
    if (!made) continue;
    if (caller && (caller.kind !== made.madeBy.kind || caller.id !== made.madeBy.id)) throw new NoGround('two corrections of one token name two makers');
    caller = made.madeBy;
    runs.push({ copy: made.run, projectId: made.projectId, tenantId: made.tenantId });
  }
  if (!caller || startedAt === undefined || Number.isNaN(startedAt) || runs.length === 0) throw new NoGround(`none of the ${candidates.length} newest runs listed could be corrected by the caller`);
  const tick = [1000, 100, 10].find((step) => written.every((time) => time % step === 0)) ?? 1;
  // One sequence's corrections are kept apart from an earlier one's by time (`since`): a clock
  // that does not move (a frozen mock) cannot keep them apart. A tick later, it must have moved.
  const before = lastAt;
  await new Promise((resolve) => setTimeout(resolve, tick + 1));
  await probe(runs[0]!.copy.runId);
  if (lastAt === before) throw new NoGround(`the target's clock did not move between two writes ${tick + 1} ms apart (both made at ${new Date(before!).toISOString()}): the walk keeps each sequence's corrections apart from the one before by their times`);
  if (tick === 1000) throw new NoGround('the target\'s times are whole seconds: two steps of a sequence would share a time, which the walk cannot order');
  return { caller, runs, offersTestRuns: session.againstMock && loopback, startedAt, tick, latest, ...(dateOffset !== undefined && Number.isFinite(dateOffset) ? { dateOffset } : {}) };
}
