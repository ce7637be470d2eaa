// One load measurement with autocannon: requests per second and latency percentiles, taken from
// every response's own time (autocannon's histogram keeps whole milliseconds only).
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';

export interface LoadOptions {
  /** Seconds of measured load. */
  duration: number;
  /** Seconds of load first, not measured, so the JIT and caches are warm. */
  warmup: number;
  connections: number;
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
}

export async function measureLoad(url: string, headers: Record<string, string>, options: LoadOptions): Promise<LoadResult> {
  if (options.warmup > 0) await run(url, headers, options.warmup, options.connections);
  return run(url, headers, options.duration, options.connections);
}

async function run(url: string, headers: Record<string, string>, duration: number, connections: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let bytes = 0;
  let failed = 0;
  const started = performance.now();
  const instance = autocannon({ url, headers, connections, duration, timeout: 10 });
  instance.on('response', (_client, statusCode, size, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) {
      latencies.push(responseTime);
      bytes += size;
    } else {
      failed += 1;
    }
  });
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    requests: latencies.length,
    failures: failed + result.errors + result.timeouts,
    bytesPerAnswer: latencies.length > 0 ? bytes / latencies.length : 0,
  };
}

/** Nearest rank on sorted values; NaN when there are none. */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}
