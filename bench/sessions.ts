// The sessions case: opening sessions (createSession() in process, POST /__mock/sessions over
// HTTP), reads in a session against the same reads in the base world of the same mock, and the
// memory that many open sessions with writes of their own hold. No world size: the embedded world.
import { performance } from 'node:perf_hooks';
import { measureInterleaved, percentile, type LoadOptions, type LoadResult } from './load.ts';
import { closeAsWontFix, endSessionOverHttp, getOk, inPool, openSessionOverHttp, sessionAdminToken, writeTargets } from './session-http.ts';
import { startSessionsChild, type SessionsChild } from './sessions-child-link.ts';
import type { SettledMemory } from './settled-memory.ts';
import type { OpenedSessions, SessionsMemory, TimedOpens } from './sessions-child.ts';

export const SESSIONS_CASE = 'sessions';

export interface SessionsSettings {
  /** Timed opens each way, after a first one timed apart (default 200). */
  opens: number;
  /** Sessions held open at once for the memory figure (default 1 000). */
  held: number;
  /** Writes each held session takes (default 10). */
  writesEach: number;
  /** Seconds measured per read and world, split over the load's rounds. */
  readSeconds: number;
}

export interface SessionsOptions extends SessionsSettings {
  load: Omit<LoadOptions, 'duration'>;
  checkedWorldsDir: string;
}

export interface OpenTimes {
  opens: number;
  /** The first open of the process or connection, not among the timed ones. */
  firstMs: number;
  medianMs: number;
  p95Ms: number;
}

export interface SessionRead {
  case: string;
  path: string;
  baseBytes: number;
  sessionBytes: number;
  base: LoadResult;
  session: LoadResult;
  /** Time per answer in the session ÷ in the base world: base req/s ÷ session req/s. */
  ratio: number;
  /** The base world's own spread, round to round: (max − min) ÷ mean req/s; undefined with one round. */
  baseNoise: number | undefined;
}

export interface SessionsMemoryResult {
  held: number;
  /** Writes the held sessions counted (held × writesEach when every one landed). */
  writes: number;
  /** The mock alone, no session open, after full collections. */
  base: SettledMemory;
  /** With the sessions open and written to. */
  aboveBase: SettledMemory;
  /** Once they were ended again: what the process keeps that no session holds. */
  afterEnding: SettledMemory;
  /** Wall time of the held sessions' writes over HTTP, 8 at a time. */
  writeSeconds: number;
}

export interface SessionsResult {
  settings: SessionsSettings;
  inProcess: OpenTimes;
  overHttp: OpenTimes;
  /** In a session that took `writesEach` writes, to corrections the reads do not show. */
  reads: SessionRead[];
  memory: SessionsMemoryResult;
}

const WRITES_AT_ONCE = 8;
/** One process serves both worlds, so the first target's warm-up already warms the code for the second. */
const READ_WARMUP_SECONDS = 0.5;

/**
 * Two children, one after the other: the first for the opens and the reads, the second fresh for
 * the memory, so that nothing the opens and reads left behind counts in it.
 */
export async function measureSessions(options: SessionsOptions): Promise<SessionsResult> {
  const timing = await startSessionsChild(options.checkedWorldsDir);
  let opens: Pick<SessionsResult, 'inProcess' | 'overHttp' | 'reads'>;
  try {
    opens = {
      inProcess: openTimes(await timing.ask<TimedOpens>({ do: 'time-opens', opens: options.opens })),
      overHttp: await timeHttpOpens(timing.url, options.opens),
      reads: await measureReads(timing, options),
    };
  } finally {
    await timing.stop();
  }
  const memory = await measureMemory(options);
  const settings = { opens: options.opens, held: options.held, writesEach: options.writesEach, readSeconds: options.readSeconds };
  return { settings, ...opens, memory };
}

function openTimes({ firstMs, openMs }: TimedOpens): OpenTimes {
  const sorted = [...openMs].sort((a, b) => a - b);
  return { opens: openMs.length, firstMs, medianMs: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95) };
}

/** One open after another, each ended right after, untimed; the first also opens the connection. */
async function timeHttpOpens(url: string, opens: number): Promise<OpenTimes> {
  const timed: number[] = [];
  for (let i = 0; i <= opens; i += 1) {
    const { session, ms } = await openSessionOverHttp(url, `bench open ${i}`);
    timed.push(ms);
    await endSessionOverHttp(url, session.id);
  }
  return openTimes({ firstMs: timed[0]!, openMs: timed.slice(1) });
}

/** The same reads as the base admin and as the admin of a session with writes of its own, in alternating rounds. */
async function measureReads(mock: SessionsChild, options: SessionsOptions): Promise<SessionRead[]> {
  const { session } = await openSessionOverHttp(mock.url, 'bench reads');
  const token = sessionAdminToken(session);
  for (const id of await writeTargets(mock.url, mock.adminToken, options.writesEach)) await closeAsWontFix(mock.url, token, id, 'bench read session');
  const firstPage = JSON.parse(await getOk(mock.url, '/v1/corrections?limit=25', mock.adminToken)) as { data: Array<{ id: string }> };
  const reads = [
    { case: 'list-25', path: '/v1/corrections?limit=25' },
    { case: 'get-correction', path: `/v1/corrections/${firstPage.data[0]!.id}` },
  ];
  const rows: SessionRead[] = [];
  for (const read of reads) {
    const baseBytes = Buffer.byteLength(await getOk(mock.url, read.path, mock.adminToken));
    const sessionBytes = Buffer.byteLength(await getOk(mock.url, read.path, token));
    const [base, inSession] = (await measureInterleaved([
      { url: `${mock.url}${read.path}`, headers: { Authorization: `Bearer ${mock.adminToken}` } },
      { url: `${mock.url}${read.path}`, headers: { Authorization: `Bearer ${token}` } },
    ], { ...options.load, warmup: Math.min(options.load.warmup, READ_WARMUP_SECONDS), duration: options.readSeconds })) as [LoadResult, LoadResult];
    rows.push({ ...read, baseBytes, sessionBytes, base, session: inSession, ratio: base.rps / inSession.rps, baseNoise: spread(base.roundRps) });
  }
  await endSessionOverHttp(mock.url, session.id);
  return rows;
}

function spread(values: readonly number[]): number | undefined {
  if (values.length < 2) return undefined;
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return (Math.max(...values) - Math.min(...values)) / mean;
}

/**
 * The base measured, then `held` sessions opened in process and written to over HTTP, measured
 * again, then ended and measured once more.
 */
async function measureMemory(options: SessionsOptions): Promise<SessionsMemoryResult> {
  const mock = await startSessionsChild(options.checkedWorldsDir);
  try {
    const targets = await writeTargets(mock.url, mock.adminToken, options.writesEach);
    // A tenth of the load first, in sessions ended again: the base then holds what serving writes
    // over HTTP grows by itself (compiled code, V8's young space, sockets), which no session holds.
    await openAndWrite(mock, targets, Math.ceil(options.held / 10), options.writesEach);
    await mock.ask({ do: 'end-all' });
    const base = await mock.ask<SessionsMemory>({ do: 'memory' });
    const writeSeconds = await openAndWrite(mock, targets, options.held, options.writesEach);
    const loaded = await mock.ask<SessionsMemory>({ do: 'memory' });
    if (loaded.open !== options.held) throw new Error(`${loaded.open} sessions open after the writes, ${options.held} opened`);
    // Each session counts its own writes only: any other sum means the sessions are not isolated, and the figure is not theirs.
    if (loaded.writes !== options.held * options.writesEach) throw new Error(`the ${loaded.open} sessions count ${loaded.writes} writes between them, ${options.held * options.writesEach} made`);
    await mock.ask({ do: 'end-all' });
    const ended = await mock.ask<SessionsMemory>({ do: 'memory' });
    return {
      held: loaded.open,
      writes: loaded.writes,
      base: { rssMb: base.rssMb, heapMb: base.heapMb, externalMb: base.externalMb },
      aboveBase: above(loaded, base),
      afterEnding: above(ended, base),
      writeSeconds,
    };
  } finally {
    await mock.stop();
  }
}

/** Opens `count` sessions in process, then makes `writesEach` writes in each over HTTP; the seconds the writes took. */
async function openAndWrite(mock: SessionsChild, targets: readonly string[], count: number, writesEach: number): Promise<number> {
  const { adminTokens } = await mock.ask<OpenedSessions>({ do: 'open-many', count });
  const started = performance.now();
  await inPool(count * writesEach, WRITES_AT_ONCE, (i) => closeAsWontFix(mock.url, adminTokens[Math.floor(i / writesEach)]!, targets[i % writesEach]!, `bench write ${i}`));
  return (performance.now() - started) / 1000;
}

function above(now: SettledMemory, base: SettledMemory): SettledMemory {
  return { rssMb: now.rssMb - base.rssMb, heapMb: now.heapMb - base.heapMb, externalMb: now.externalMb - base.externalMb };
}
