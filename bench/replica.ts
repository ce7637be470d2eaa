// The `replica` case (issue 35): what a shared PostgreSQL store costs. Against a single process on
// the same embedded world, each in a child of its own (replica-child.ts):
// - reads of the default list page, in alternating rounds, at 10 and at 50 connections: with wrk
//   when it is on PATH, else with autocannon (which decodes every body, so it can be the ceiling of
//   both). A replica pays a round trip to PostgreSQL per batch of reads, so it needs concurrency to
//   fill its batches: the target is judged at 50, and the 10 shown beside it. At 50 besides, a
//   replica whose request journal keeps nothing (--journal 0), which shares no journal entries
//   through the store: the difference is what sharing the journal costs;
// - a write's latency, sequential POST /v1/corrections, the two targets alternating request by request;
// - a replica joining a log of 100 000 writes, without a snapshot and with one (the median of 3 joins each).
// The PostgreSQL server is the tests' (test/support/store-server.ts), on this machine.
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startStoreServer } from '../test/support/store-server.ts';
import { freshRuns } from '../test/support/fixture-picks.ts';
import { spawnTs, stopChild } from './child-process.ts';
import { measureInterleaved, percentile, type LoadOptions, type LoadResult, type LoadTarget } from './load.ts';
import type { JoinTimes, ServingChild } from './replica-child.ts';
import { appendCorrectionEntries, lastEntryOf } from './replica-log.ts';
import type { TargetResult } from './report.ts';
import { measureInterleavedWithWrk, wrkOnPath, wrkVersion } from './wrk.ts';

export const REPLICA_CASE = 'replica';

export const REPLICA_TARGETS = { readsVsSingle: 0.5, readsJudgedAtConnections: 50, joinMs: 3000, logWrites: 100_000 } as const;

/** Reads are measured at each of these; the quiet replica at the last only. */
const READ_CONNECTIONS = [10, REPLICA_TARGETS.readsJudgedAtConnections] as const;

export interface ReplicaOptions extends Omit<LoadOptions, 'connections'> {
  /** Sequential writes timed on each target. */
  writes: number;
  /** Entries in the log the joining replica reads. */
  logWrites: number;
  log: (line: string) => void;
}

export interface WriteLatency {
  p50Ms: number;
  p99Ms: number;
}

/** Reads at one number of connections. */
export interface ReadsAt {
  connections: number;
  single: LoadResult;
  replica: LoadResult;
  /** replica ÷ single req/s. */
  ratio: number;
  /** A replica with --journal 0; measured at the judged number of connections only. */
  quietReplica?: LoadResult;
}

export interface ReplicaResult {
  path: string;
  /** `tool`: the load generator, e.g. `wrk debian/4.1.0-3+b2` or `autocannon`; `at`: fewest connections first. */
  reads: { tool: string; at: ReadsAt[] };
  writes: { count: number; single: WriteLatency; replica: WriteLatency };
  /** Each the median join of JOINS, by createMock + ready. */
  join: { logWrites: number; withoutSnapshot: JoinTimes; withSnapshot: JoinTimes };
}

const LIST_PATH = '/v1/corrections';
const JOINS = 3;

export async function measureReplicas(options: ReplicaOptions): Promise<ReplicaResult> {
  const server = await startStoreServer();
  try {
    const servedUrl = await server.freshDatabase();
    const single = await startChild(['serve']);
    const replica = await startChild(['serve', '--store', servedUrl]);
    const quietReplica = await startChild(['serve', '--store', await server.freshDatabase(), '--journal-size', '0']);
    let reads: ReplicaResult['reads'];
    let writes: ReplicaResult['writes'];
    try {
      const tool = await loadTool();
      const target = (child: Child): LoadTarget => ({ url: `${child.url}${LIST_PATH}`, headers: { Authorization: `Bearer ${child.adminToken}` }, pid: child.pid });
      const at: ReadsAt[] = [];
      for (const connections of READ_CONNECTIONS) {
        const judged = connections === REPLICA_TARGETS.readsJudgedAtConnections;
        options.log(`replica: reads of ${LIST_PATH}, single process against a replica${judged ? ' and a quiet one' : ''} (${tool.name}, ${connections} connections)`);
        const [singleReads, replicaReads, quietReads] = await tool.measure(
          (judged ? [single, replica, quietReplica] : [single, replica]).map(target),
          { ...options, connections },
        );
        at.push({ connections, single: singleReads!, replica: replicaReads!, ratio: replicaReads!.rps / singleReads!.rps, ...(quietReads ? { quietReplica: quietReads } : {}) });
      }
      reads = { tool: tool.name, at };
      options.log(`replica: ${options.writes} sequential writes on each`);
      writes = await timeWrites(single, replica, options.writes);
    } finally {
      await Promise.all([single.stop(), replica.stop(), quietReplica.stop()]);
    }

    options.log(`replica: a log of ${options.logWrites} writes, then a replica joining it`);
    const joinUrl = await server.freshDatabase();
    await join(joinUrl, Number.MAX_SAFE_INTEGER); // makes the deployment's tables and row
    await appendCorrectionEntries(joinUrl, await lastEntryOf(servedUrl), options.logWrites);
    const withoutSnapshot = await medianJoin(joinUrl);
    // A replica with compaction on makes a snapshot on its first own append past the interval.
    const compacting = await startChild(['serve', '--store', joinUrl]);
    try {
      await postCorrection(compacting, freshRuns(1)[0]!.id);
      await snapshotMade(joinUrl);
    } finally {
      await compacting.stop();
    }
    const withSnapshot = await medianJoin(joinUrl);
    return { path: LIST_PATH, reads, writes, join: { logWrites: options.logWrites, withoutSnapshot, withSnapshot } };
  } finally {
    await server.stop();
  }
}

interface LoadTool {
  name: string;
  measure(targets: readonly LoadTarget[], options: LoadOptions): Promise<LoadResult[]>;
}

/** wrk when it is on PATH: it reads no body, so it is seldom the ceiling; else autocannon, which is always installed. */
async function loadTool(): Promise<LoadTool> {
  const wrk = wrkOnPath();
  if (!wrk) return { name: 'autocannon', measure: measureInterleaved };
  const version = await wrkVersion(wrk);
  return { name: version ? `wrk ${version}` : 'wrk', measure: (targets, options) => measureInterleavedWithWrk(wrk, targets, options) };
}

interface Child extends ServingChild {
  pid: number;
  stop(): Promise<void>;
}

async function startChild(args: string[]): Promise<Child> {
  const child = spawnTs('bench/replica-child.ts', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await firstLine(child.stdout!);
  return { ...(JSON.parse(line) as ServingChild), pid: child.pid!, stop: () => stopChild(child) };
}

/** A new replica's join, timed in a child of its own: a first start of a process, as a deployment's would be. */
async function join(url: string, compactEvery: number): Promise<JoinTimes> {
  const child = spawnTs('bench/replica-child.ts', ['join', '--store', url, '--compact-every', String(compactEvery)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await firstLine(child.stdout!);
  if (child.exitCode === null) await once(child, 'exit');
  return JSON.parse(line) as JoinTimes;
}

/** Joins one after another, none compacting; the median by the whole time. */
async function medianJoin(url: string): Promise<JoinTimes> {
  const joins: JoinTimes[] = [];
  for (let i = 0; i < JOINS; i += 1) joins.push(await join(url, Number.MAX_SAFE_INTEGER));
  joins.sort((a, b) => a.createMs + a.readyMs - (b.createMs + b.readyMs));
  return joins[Math.floor(joins.length / 2)]!;
}

/** The child's first line on stdout; the rest is drained, so that the child never blocks on a full pipe. */
function firstLine(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += String(chunk);
      const end = text.indexOf('\n');
      if (end === -1) return;
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.resume();
      resolve(text.slice(0, end));
    };
    const onEnd = () => reject(new Error(`the replica case's child ended without a line: ${text}`));
    stream.on('data', onData);
    stream.once('end', onEnd);
  });
}

async function postCorrection(child: ServingChild, runId: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${child.url}/v1/corrections`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${child.adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ runId, answer: 'wrong', shouldSay: 'The refund reaches the card in 5 to 10 days.', why: 'bench' }),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 201) throw new Error(`POST /v1/corrections answered ${response.status}: ${text.slice(0, 300)}`);
  return ms;
}

/** Request by request, the two in turn, after a few unmeasured; each write supersedes its run's correction before. */
async function timeWrites(single: ServingChild, replica: ServingChild, count: number): Promise<ReplicaResult['writes']> {
  const runs = freshRuns(5).map((run) => run.id);
  const warmup = Math.min(50, count);
  const times = { single: [] as number[], replica: [] as number[] };
  for (let i = 0; i < warmup + count; i += 1) {
    const run = runs[i % runs.length]!;
    const singleMs = await postCorrection(single, run);
    const replicaMs = await postCorrection(replica, run);
    if (i >= warmup) {
      times.single.push(singleMs);
      times.replica.push(replicaMs);
    }
  }
  const latency = (ms: number[]): WriteLatency => {
    const sorted = [...ms].sort((a, b) => a - b);
    return { p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99) };
  };
  return { count, single: latency(times.single), replica: latency(times.replica) };
}

/** Compaction runs after the append that triggers it has been answered. */
async function snapshotMade(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let waited = 0; waited < 60_000; waited += 100) {
      if ((await client.query('select 1 from kindgi_snapshot limit 1')).rowCount) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('no snapshot within 60 s of the append that should have made one');
  } finally {
    await client.end();
  }
}

export function judgeReplicaTargets(result: ReplicaResult | undefined): TargetResult[] {
  if (!result) return [];
  const full = result.join.logWrites >= REPLICA_TARGETS.logWrites;
  const joinMs = result.join.withoutSnapshot.createMs + result.join.withoutSnapshot.readyMs;
  const judgedAt = REPLICA_TARGETS.readsJudgedAtConnections;
  const judged = result.reads.at.find((reads) => reads.connections === judgedAt);
  return [
    {
      target: `reads through a replica ≥ ${REPLICA_TARGETS.readsVsSingle * 100} % of a single process at ${judgedAt} connections (${result.path})`,
      measured: judged
        ? `${percent(judged.ratio)} (${judged.replica.rps.toFixed(0)} against ${judged.single.rps.toFixed(0)} req/s, ${result.reads.tool}); at ${result.reads.at.filter((reads) => reads !== judged).map((reads) => `${reads.connections} connections ${percent(reads.ratio)}`).join(', ')}`
        : `not measured at ${judgedAt} connections`,
      pass: judged ? judged.ratio >= REPLICA_TARGETS.readsVsSingle : undefined,
    },
    {
      target: `a replica joins a log of ${count(REPLICA_TARGETS.logWrites)} writes (no snapshot) < ${REPLICA_TARGETS.joinMs / 1000} s`,
      measured: `${(joinMs / 1000).toFixed(2)} s (${(result.join.withoutSnapshot.readyMs / 1000).toFixed(2)} s of it reading the log) after ${count(result.join.logWrites)} writes`,
      pass: full ? joinMs < REPLICA_TARGETS.joinMs : undefined,
    },
  ];
}

export function replicaTable(result: ReplicaResult): string[] {
  const { reads, writes, join: joined } = result;
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const cpu = (load: LoadResult) => `CPU: server ${load.serverCpu !== undefined ? percent(load.serverCpu) : '?'}, load generator ${Number.isFinite(load.loadGeneratorCpu) ? percent(load.loadGeneratorCpu) : '?'}`;
  const failed = (load: LoadResult) => (load.failures > 0 ? `; ${load.failures} FAILED` : '');
  const load = (figures: LoadResult) => `${figures.rps.toFixed(0)} req/s, p50 ${ms(figures.p50Ms)}, p99 ${ms(figures.p99Ms)}`;
  const readRows = reads.at.flatMap(({ connections, single, replica, ratio, quietReplica }) => [
    `| reads ${result.path}, ${connections} connections, single process | ${load(single)} (${cpu(single)}${failed(single)}) |`,
    `| the same, a replica | ${load(replica)}, **${percent(ratio)} of single** (${cpu(replica)}${failed(replica)}) |`,
    ...(quietReplica ? [`| the same, a replica with --journal 0 (no journal shared) | ${load(quietReplica)}, ${percent(quietReplica.rps / single.rps)} of single (${cpu(quietReplica)}${failed(quietReplica)}) |`] : []),
  ]);
  const joinRow = (name: string, times: JoinTimes) =>
    `| join ${name} | ${((times.createMs + times.readyMs) / 1000).toFixed(2)} s (createMock ${(times.createMs / 1000).toFixed(2)} s, ready ${(times.readyMs / 1000).toFixed(2)} s; position ${count(times.position)}) |`;
  return [
    `| replica (one PostgreSQL server on this machine; reads measured with ${reads.tool}, the target judged at ${REPLICA_TARGETS.readsJudgedAtConnections} connections) | figure |`,
    '| --- | ---: |',
    ...readRows,
    `| ${count(writes.count)} sequential POST /v1/corrections, single process | p50 ${ms(writes.single.p50Ms)}, p99 ${ms(writes.single.p99Ms)} |`,
    `| the same through a replica | p50 ${ms(writes.replica.p50Ms)}, p99 ${ms(writes.replica.p99Ms)} (added: p50 ${ms(writes.replica.p50Ms - writes.single.p50Ms)}, p99 ${ms(writes.replica.p99Ms - writes.single.p99Ms)}) |`,
    joinRow(`(median of ${JOINS}) a log of ${count(joined.logWrites)} writes, no snapshot`, joined.withoutSnapshot),
    joinRow('the same log compacted into a snapshot', joined.withSnapshot),
  ];
}

const percent = (share: number) => `${(share * 100).toFixed(0)} %`;
const count = (n: number) => n.toLocaleString('en-GB').replaceAll(',', ' ');
