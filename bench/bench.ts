// One benchmark run: for each world size, the mock in a child process against the bare node:http
// server sending the same bytes, and Prism's mock on the same operations, case by case.
import { cpus, platform, release, totalmem } from 'node:os';
import { startBareServer, type BareServer } from './bare.ts';
import { adminToken, casesNamed, probe } from './cases.ts';
import { stopAll } from './child-process.ts';
import { measureLoad, type LoadOptions, type LoadResult } from './load.ts';
import { startMockServer } from './mock-server.ts';
import { startPrism, type PrismServer } from './prism.ts';
import { judgeTargets, type BenchResult, type CaseResult, type SizeResult } from './report.ts';
import { ensureWorld } from './worlds.ts';

export interface BenchOptions extends LoadOptions {
  /**
   * Seconds of load on the first case after each start-up, not measured: a large world leaves
   * its loading garbage to the first full collection, which is start-up, not steady state.
   */
  settle: number;
  /** World sizes, in corrections. */
  sizes: number[];
  seed: number;
  /** Case names (see cases.ts); every case when undefined. */
  cases?: string[];
  /** Run Prism's mock as a baseline (it takes a few seconds to start). */
  prism: boolean;
  /** Where generated worlds are kept between runs. */
  worldsDir: string;
  log(line: string): void;
}

/**
 * Runs every case at every size and judges the targets; stops every child process it started,
 * whether it finishes or fails.
 */
export async function runBench(options: BenchOptions): Promise<BenchResult> {
  const startedAt = new Date().toISOString();
  const cases = casesNamed(options.cases);
  const load: LoadOptions = { duration: options.duration, warmup: options.warmup, connections: options.connections };
  const { log } = options;
  try {
    const worlds = [];
    for (const size of options.sizes) {
      const world = await ensureWorld(options.worldsDir, options.seed, size);
      log(`world of ${size} corrections: ${world.dir}${world.generatedMs !== undefined ? ` (generated in ${(world.generatedMs / 1000).toFixed(1)} s)` : ' (reused)'}`);
      worlds.push(world);
    }
    let prism: PrismServer | undefined;
    if (options.prism) {
      prism = await startPrism();
      log(`prism mock spec/openapi.yaml on ${prism.url}`);
    }
    // Prism's answers do not depend on the world: each case is measured once, at the first size.
    const prismResults = new Map<string, LoadResult>();
    const sizes: SizeResult[] = [];
    for (const world of worlds) {
      const mock = await startMockServer(world.dir);
      log(`kindgi-mock with ${world.corrections} corrections answered /health after ${(mock.startupMs / 1000).toFixed(2)} s`);
      let bare: BareServer | undefined;
      try {
        const token = await adminToken(mock.url);
        const headers = { Authorization: `Bearer ${token}` };
        const found = await probe(mock.url, token);
        const paths = new Map(cases.map((c) => [c.name, c.path(found)]));
        const bodies: Record<string, string> = {};
        for (const path of paths.values()) bodies[path] = await bodyOf(`${mock.url}${path}`, headers);
        bare = await startBareServer(bodies);
        if (options.settle > 0) await measureLoad(`${mock.url}${paths.get(cases[0]!.name)!}`, headers, { ...load, warmup: 0, duration: options.settle });
        const rows: CaseResult[] = [];
        for (const c of cases) {
          const path = paths.get(c.name)!;
          const mockLoad = await measureLoad(`${mock.url}${path}`, headers, load);
          const bareLoad = await measureLoad(`${bare.url}${path}`, {}, load);
          if (prism && !prismResults.has(c.name)) {
            // Prism needs a bearer token, any will do.
            const prismHeaders = { Authorization: 'Bearer kindgi-mock-bench' };
            await bodyOf(`${prism.url}${path}`, prismHeaders);
            prismResults.set(c.name, await measureLoad(`${prism.url}${path}`, prismHeaders, load));
          }
          const prismLoad = prismResults.get(c.name);
          const row: CaseResult = {
            case: c.name,
            path,
            bodyBytes: Buffer.byteLength(bodies[path]!),
            mock: mockLoad,
            bare: bareLoad,
            ...(prismLoad ? { prism: prismLoad, vsPrism: mockLoad.rps / prismLoad.rps } : {}),
            vsBare: mockLoad.rps / bareLoad.rps,
          };
          rows.push(row);
          log(`  ${c.name.padEnd(22)} mock ${Math.round(mockLoad.rps)} req/s (p50 ${mockLoad.p50Ms.toFixed(2)} ms, p99 ${mockLoad.p99Ms.toFixed(2)} ms), bare ${Math.round(bareLoad.rps)}${prismLoad ? `, Prism ${Math.round(prismLoad.rps)}` : ''}`);
        }
        const after = mock.memory();
        sizes.push({
          corrections: world.corrections,
          startupMs: mock.startupMs,
          ...(mock.memoryAtStart ? { rssAfterStartMb: mock.memoryAtStart.rssMb } : {}),
          ...(after ? { rssAfterLoadMb: after.rssMb, peakRssMb: after.peakRssMb } : {}),
          cases: rows,
        });
      } finally {
        await Promise.all([mock.stop(), bare?.stop()]);
      }
    }
    await prism?.stop();
    return {
      startedAt,
      finishedAt: new Date().toISOString(),
      machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model.trim() ?? 'unknown', memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version, platform: `${platform()} ${release()}` },
      settings: { seed: options.seed, sizes: options.sizes, cases: cases.map((c) => c.name), duration: options.duration, warmup: options.warmup, settle: options.settle, connections: options.connections, prism: options.prism },
      sizes,
      targets: judgeTargets(sizes),
    };
  } finally {
    await stopAll();
  }
}

/** The body of a 200 answer; anything else stops the run, since its figures would mean nothing. */
async function bodyOf(url: string, headers: Record<string, string>): Promise<string> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 500)}`);
  return text;
}
