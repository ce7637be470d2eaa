// One benchmark run: for each world size, the mock in a child process against a bare node:http
// server and an Express 5 app sending the same bytes precomputed, and Prism's mock on the same
// operations, case by case; mocks made one after another in one process (in-process.ts); and
// sessions opened, read in and held open (sessions.ts).
import { cpus, platform, release, totalmem } from 'node:os';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startBaseline, type BaselineServer } from './baselines.ts';
import { adminToken, casesNamed, probe, type BenchCase } from './cases.ts';
import { stopAll } from './child-process.ts';
import { IN_PROCESS_CASE, measureInProcessMocks } from './in-process.ts';
import { measureInterleaved, measureLoad, type LoadOptions, type LoadResult, type LoadTarget } from './load.ts';
import { startMockServer } from './mock-server.ts';
import { startPrism, type PrismServer } from './prism.ts';
import { cpuPercent, judgeTargets, type BenchResult, type CaseResult, type SizeResult } from './report.ts';
import { measureSessions, SESSIONS_CASE, type SessionsSettings } from './sessions.ts';
import { DONE_FILE, ensureWorld, type WorldFolder } from './worlds.ts';

export interface BenchOptions extends LoadOptions {
  /**
   * Seconds of load on the first case after each start-up, not measured: a large world leaves
   * its loading garbage to the first full collection, which is start-up, not steady state.
   */
  settle: number;
  /** World sizes, in corrections. */
  sizes: number[];
  seed: number;
  /** Case names (see cases.ts, `in-process` and `sessions`); every case when undefined. */
  cases?: string[];
  /** The in-process case: timed create/listen/close runs after the first, and mocks kept alive at once (default 20 and 10). */
  inProcess?: { runs: number; alive: number };
  /** The sessions case: opens timed, sessions held for memory, writes each, read seconds (default 200, 1 000, 10, 1.5). */
  sessions?: Partial<SessionsSettings>;
  /** Run Prism's mock as a baseline (it takes a few seconds to start). */
  prism: boolean;
  /** Where generated worlds are kept between runs. */
  worldsDir: string;
  log(line: string): void;
}

/** Prism, and its figures so far: its answers do not depend on the world, so each case runs once. */
interface PrismBaseline {
  server: PrismServer;
  results: Map<string, LoadResult>;
}

/**
 * Runs every case at every size and judges the targets; stops every child process it started,
 * whether it finishes or fails.
 */
export async function runBench(options: BenchOptions): Promise<BenchResult> {
  const startedAt = new Date().toISOString();
  const inProcessNamed = options.cases === undefined || options.cases.includes(IN_PROCESS_CASE);
  const sessionsNamed = options.cases === undefined || options.cases.includes(SESSIONS_CASE);
  const cases = options.cases === undefined ? casesNamed(undefined) : casesNamed(options.cases.filter((name) => name !== IN_PROCESS_CASE && name !== SESSIONS_CASE));
  // No HTTP case (`--cases in-process,sessions`): no world, no server.
  const sizesToRun = cases.length > 0 ? options.sizes : [];
  try {
    // First, while nothing else runs: it times single mocks, in milliseconds.
    const inProcess = inProcessNamed ? await measureInProcessMocks({
      runs: options.inProcess?.runs ?? 20,
      alive: options.inProcess?.alive ?? 10,
      checkedWorldsDir: join(options.worldsDir, 'checked-worlds'),
    }) : undefined;
    if (inProcess) {
      options.log(`in-process mocks: first ${inProcess.firstMs.toFixed(0)} ms (world ${inProcess.firstChecks === 'remembered' ? 'checked before' : 'checked'}), second createMock() ${inProcess.secondCreateMs.toFixed(1)} ms, then create + listen + close median ${inProcess.cycleMedianMs.toFixed(1)} ms (p90 ${inProcess.cycleP90Ms.toFixed(1)}), ${inProcess.rssPerMockMb.toFixed(1)} MB RSS per further mock`);
    }
    // Then, still alone: it times opens in milliseconds, and compares reads in one mock.
    const sessions = sessionsNamed ? await measureSessions({
      opens: options.sessions?.opens ?? 200,
      held: options.sessions?.held ?? 1000,
      writesEach: options.sessions?.writesEach ?? 10,
      readSeconds: options.sessions?.readSeconds ?? 1.5,
      load: { warmup: options.warmup, rounds: options.rounds, connections: options.connections },
      checkedWorldsDir: join(options.worldsDir, 'checked-worlds'),
    }) : undefined;
    if (sessions) {
      const { inProcess: opened, overHttp: posted, memory } = sessions;
      options.log(`sessions: open in process median ${opened.medianMs.toFixed(3)} ms (p95 ${opened.p95Ms.toFixed(3)}), over HTTP median ${posted.medianMs.toFixed(2)} ms (p95 ${posted.p95Ms.toFixed(2)}); ${memory.held} open with ${memory.writes} writes: RSS +${memory.aboveBase.rssMb.toFixed(1)} MB, JS heap +${memory.aboveBase.heapMb.toFixed(1)} MB`);
      for (const read of sessions.reads) options.log(`  ${read.case.padEnd(22)} base ${Math.round(read.base.rps)} req/s, session ${Math.round(read.session.rps)} req/s: ${read.ratio.toFixed(2)}× the time`);
    }
    const worlds: WorldFolder[] = [];
    for (const size of sizesToRun) {
      const world = await ensureWorld(options.worldsDir, options.seed, size);
      options.log(`world of ${size} corrections: ${world.dir}${world.generatedMs !== undefined ? ` (generated in ${(world.generatedMs / 1000).toFixed(1)} s)` : ' (reused)'}`);
      worlds.push(world);
    }
    let prism: PrismBaseline | undefined;
    if (options.prism && cases.length > 0) {
      prism = { server: await startPrism(), results: new Map() };
      options.log(`prism mock spec/openapi.yaml on ${prism.server.url}`);
    }
    const sizes: SizeResult[] = [];
    for (const world of worlds) sizes.push(await benchWorld(world, cases, prism, options));
    await prism?.server.stop();
    return {
      startedAt,
      finishedAt: new Date().toISOString(),
      machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model.trim() ?? 'unknown', memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version, platform: `${platform()} ${release()}` },
      settings: {
        seed: options.seed, sizes: sizesToRun, cases: [...(inProcess ? [IN_PROCESS_CASE] : []), ...(sessions ? [SESSIONS_CASE] : []), ...cases.map((c) => c.name)], duration: options.duration, warmup: options.warmup,
        settle: options.settle, rounds: options.rounds, connections: options.connections, prism: options.prism && cases.length > 0,
      },
      sizes,
      ...(inProcess ? { inProcess } : {}),
      ...(sessions ? { sessions } : {}),
      targets: judgeTargets(sizes, inProcess, sessions),
    };
  } finally {
    await stopAll();
  }
}

/** One world size: the mock started and timed, then every case against it and the baselines. */
async function benchWorld(world: WorldFolder, cases: readonly BenchCase[], prism: PrismBaseline | undefined, options: BenchOptions): Promise<SizeResult> {
  const load: LoadOptions = { duration: options.duration, warmup: options.warmup, rounds: options.rounds, connections: options.connections };
  // First a start that checks the world (and remembers that it passed), then the start users see
  // from then on, which skips the checks: both are timed, and the second one serves the cases.
  const checkedWorldsDir = join(options.worldsDir, 'checked-worlds');
  const checking = await startMockServer(world.dir, { checkEveryStart: true, checkedWorldsDir });
  await checking.stop();
  options.log(`kindgi-mock with ${world.corrections} corrections, checking the world, answered /health after ${(checking.startupMs / 1000).toFixed(2)} s`);
  const mock = await startMockServer(world.dir, { checkedWorldsDir });
  options.log(`kindgi-mock with ${world.corrections} corrections, ${mock.worldChecks === 'remembered' ? 'checked before' : 'checking the world again'}, answered /health after ${(mock.startupMs / 1000).toFixed(2)} s`);
  let bare: BaselineServer | undefined;
  let express: BaselineServer | undefined;
  try {
    const token = await adminToken(mock.url);
    const headers = { Authorization: `Bearer ${token}` };
    const found = await probe(mock.url, token);
    const paths = new Map(cases.map((c) => [c.name, c.path(found)]));
    const bodies: Record<string, string> = {};
    for (const path of paths.values()) bodies[path] = await bodyOf(`${mock.url}${path}`, headers);
    bare = await startBaseline('node-http', bodies);
    express = await startBaseline('express', bodies);
    if (options.settle > 0) {
      await measureLoad({ url: `${mock.url}${paths.get(cases[0]!.name)!}`, headers }, { ...load, warmup: 0, rounds: 1, duration: options.settle });
    }
    const rows: CaseResult[] = [];
    for (const c of cases) {
      const path = paths.get(c.name)!;
      const targets: LoadTarget[] = [
        { url: `${mock.url}${path}`, headers, pid: mock.pid },
        { url: `${bare.url}${path}`, headers: {}, pid: bare.pid },
        { url: `${express.url}${path}`, headers: {}, pid: express.pid },
      ];
      const prismNow = prism !== undefined && !prism.results.has(c.name);
      if (prismNow) {
        // Prism needs a bearer token, any will do.
        const target = { url: `${prism.server.url}${path}`, headers: { Authorization: 'Bearer kindgi-mock-bench' }, pid: prism.server.pid };
        await bodyOf(target.url, target.headers);
        targets.push(target);
      }
      const measured = await measureInterleaved(targets, load);
      const [mockLoad, bareLoad, expressLoad] = measured as [LoadResult, LoadResult, LoadResult];
      if (prismNow) prism.results.set(c.name, measured[3]!);
      const prismLoad = prism?.results.get(c.name);
      rows.push({
        case: c.name,
        path,
        bodyBytes: Buffer.byteLength(bodies[path]!),
        mock: mockLoad,
        bare: bareLoad,
        express: expressLoad,
        ...(prismLoad ? { prism: prismLoad, vsPrism: mockLoad.rps / prismLoad.rps } : {}),
        vsBare: mockLoad.rps / bareLoad.rps,
      });
      options.log(`  ${c.name.padEnd(22)} mock ${Math.round(mockLoad.rps)} req/s (p50 ${mockLoad.p50Ms.toFixed(2)} ms, p99 ${mockLoad.p99Ms.toFixed(2)} ms), bare ${Math.round(bareLoad.rps)}, Express ${Math.round(expressLoad.rps)}${prismLoad ? `, Prism ${Math.round(prismLoad.rps)}` : ''}; CPU of a core: mock ${cpuPercent(mockLoad.serverCpu)}, bare ${cpuPercent(bareLoad.serverCpu)} (load generator ${cpuPercent(mockLoad.loadGeneratorCpu)}, ${cpuPercent(bareLoad.loadGeneratorCpu)})`);
    }
    const after = mock.memory();
    return {
      corrections: world.corrections,
      startupMs: mock.startupMs,
      worldChecks: mock.worldChecks,
      checkingStartupMs: checking.startupMs,
      ...(mock.memoryAtStart ? { rssAfterStartMb: mock.memoryAtStart.rssMb } : {}),
      worldBytes: worldBytesOf(world.dir),
      ...(after ? { rssAfterLoadMb: after.rssMb, peakRssMb: after.peakRssMb } : {}),
      cases: rows,
    };
  } finally {
    await Promise.all([mock.stop(), bare?.stop(), express?.stop()]);
  }
}

/** The body of a 200 answer; anything else stops the run, since its figures would mean nothing. */
async function bodyOf(url: string, headers: Record<string, string>): Promise<string> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 500)}`);
  return text;
}

/** The bytes of a world's JSON files on disk (the fixtures format, one file per collection or `world.json`). */
export function worldBytesOf(dir: string): number {
  return readdirSync(dir).filter((name) => name.endsWith('.json') && name !== DONE_FILE).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
}
