// Load measurements with autocannon: requests per second and latency percentiles, taken from
// every response's own time (autocannon's histogram keeps whole milliseconds only). Servers
// compared with each other are measured in alternating rounds, so that a slow minute on a noisy
// machine falls on all of them rather than on one. Each measurement also takes the CPU that the
// server and the load generator (this process) used: on 2 cores, either can be what caps a rate.
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { cpuMsOf } from './child-process.ts';

export interface LoadOptions {
  /** Seconds of measured load per server, split over `rounds`. */
  duration: number;
  /** Seconds of load on each server first, not measured, so the JIT and caches are warm. */
  warmup: number;
  /** Alternating rounds the measured seconds are split into. */
  rounds: number;
  connections: number;
}

export interface LoadTarget {
  url: string;
  headers: Record<string, string>;
  /** The server's process, whose CPU is measured with its load; none, no server CPU. */
  pid?: number;
}

export interface LoadResult {
  /** Answers with a 2xx per second. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** 2xx answers counted. */
  requests: number;
  /** Answers that were not 2xx, plus connection errors and timeouts: a case with any is suspect. */
  failures: number;
  /** Mean bytes per 2xx answer, headers included. */
  bytesPerAnswer: number;
  /** 2xx answers per second in each measured round: how much the same target varies, round to round. */
  roundRps: number[];
  /** CPU the server used while measured, as a share of one core (1: a core busy throughout); absent without its pid or /proc. */
  serverCpu?: number;
  /** CPU the load generator (this process) used meanwhile, as a share of one core. */
  loadGeneratorCpu: number;
}

interface Tally {
  latencies: number[];
  seconds: number;
  bytes: number;
  failures: number;
  roundRps: number[];
  /** undefined once any round could not read the server's CPU. */
  serverCpuMs: number | undefined;
  loadGeneratorCpuMs: number;
}

/** Warms every target, then measures them in turn, round after round; one result per target. */
export async function measureInterleaved(targets: readonly LoadTarget[], options: LoadOptions): Promise<LoadResult[]> {
  if (options.warmup > 0) for (const target of targets) await run(target, options.warmup, options.connections, newTally());
  const tallies = targets.map(newTally);
  const rounds = Math.max(1, Math.round(options.rounds));
  for (let round = 0; round < rounds; round += 1) {
    for (const [i, target] of targets.entries()) await run(target, options.duration / rounds, options.connections, tallies[i]!);
  }
  return tallies.map(resultOf);
}

/** One target alone, warmed first. */
export async function measureLoad(target: LoadTarget, options: LoadOptions): Promise<LoadResult> {
  return (await measureInterleaved([target], options))[0]!;
}

function newTally(): Tally {
  return { latencies: [], seconds: 0, bytes: 0, failures: 0, roundRps: [], serverCpuMs: 0, loadGeneratorCpuMs: 0 };
}

async function run(target: LoadTarget, duration: number, connections: number, tally: Tally): Promise<void> {
  const started = performance.now();
  const answeredBefore = tally.latencies.length;
  const serverCpuBefore = cpuMsOf(target.pid);
  const loadGeneratorCpuBefore = process.cpuUsage();
  // autocannon stops at its first sample tick past `duration`: ticks every 100 ms instead of every
  // second keep short rounds as long as asked.
  const instance = autocannon({ url: target.url, headers: target.headers, connections, duration, timeout: 10, sampleInt: 100 });
  instance.on('response', (_client, statusCode, size, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) {
      tally.latencies.push(responseTime);
      tally.bytes += size;
    } else {
      tally.failures += 1;
    }
  });
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  const serverCpuAfter = cpuMsOf(target.pid);
  const loadGeneratorCpu = process.cpuUsage(loadGeneratorCpuBefore);
  tally.loadGeneratorCpuMs += (loadGeneratorCpu.user + loadGeneratorCpu.system) / 1000;
  tally.serverCpuMs = tally.serverCpuMs !== undefined && serverCpuBefore !== undefined && serverCpuAfter !== undefined
    ? tally.serverCpuMs + serverCpuAfter - serverCpuBefore
    : undefined;
  tally.seconds += seconds;
  tally.roundRps.push((tally.latencies.length - answeredBefore) / seconds);
  tally.failures += result.errors + result.timeouts;
}

function resultOf(tally: Tally): LoadResult {
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  return {
    rps: sorted.length / tally.seconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    requests: sorted.length,
    failures: tally.failures,
    bytesPerAnswer: sorted.length > 0 ? tally.bytes / sorted.length : 0,
    roundRps: tally.roundRps,
    ...(tally.serverCpuMs !== undefined ? { serverCpu: cpuShare(tally.serverCpuMs, tally.seconds) } : {}),
    loadGeneratorCpu: cpuShare(tally.loadGeneratorCpuMs, tally.seconds),
  };
}

function cpuShare(cpuMs: number, seconds: number): number {
  return seconds > 0 ? cpuMs / 1000 / seconds : 0;
}

/** Nearest rank on sorted values; NaN when there are none. */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}
