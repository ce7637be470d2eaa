// Load measurements with wrk, when it is installed: unlike autocannon, it never decodes a body,
// so on 2 cores it is far less likely than the server to be what caps a rate. The same shape of
// result as load.ts's, measured in the same alternating rounds; its figures come from wrk's own
// report (`--latency`), which is parsed strictly: a report this cannot read fails the run rather
// than yielding a figure of nothing.
import { execFile } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { cpuMsOf } from './child-process.ts';
import type { LoadOptions, LoadResult, LoadTarget } from './load.ts';

/** The figures of one run of wrk, as its report gives them. */
export interface WrkReport {
  /** Every answer, whatever its status. */
  requests: number;
  seconds: number;
  bytes: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers wrk counts as neither 2xx nor 3xx. */
  non2xx: number;
  /** Connect, read and write errors and timeouts. */
  socketErrors: number;
}

/** wrk's path when an executable of that name is on PATH; else undefined. */
export function wrkOnPath(path = process.env.PATH ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'wrk');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; the next directory
    }
  }
  return undefined;
}

/** wrk's own name for its version (`wrk -v` prints it, then exits 1), e.g. `debian/4.1.0-3+b2`. */
export async function wrkVersion(wrk: string): Promise<string | undefined> {
  const output = await new Promise<string>((resolve) => execFile(wrk, ['-v'], (_error, stdout, stderr) => resolve(`${stdout}${stderr}`)));
  return /^wrk (\S+)/m.exec(output)?.[1];
}

const TIME_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const BYTES: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4, PB: 1024 ** 5 };

/** The figures of wrk's report; throws, quoting the report, when one it always prints is missing. */
export function parseWrkReport(text: string): WrkReport {
  const fail = (what: string): never => {
    throw new Error(`wrk's report could not be read (${what}):\n${text}`);
  };
  const time = (value: string, unit: string) => Number(value) * (TIME_MS[unit] ?? fail(`the time unit "${unit}"`));
  const totals = /^\s*(\d+) requests in ([\d.]+)(us|ms|s|m|h), ([\d.]+)([KMGTP]?B) read\s*$/m.exec(text) ?? fail('no "N requests in T, B read" line');
  // Percentiles are printed only under "Latency Distribution", which --latency asks for.
  const distribution = text.split(/^\s*Latency Distribution\s*$/m)[1] ?? fail('no "Latency Distribution"; was --latency given?');
  const percentile = (share: string) => {
    const line = new RegExp(`^\\s*${share}%\\s+([\\d.]+)(us|ms|s|m|h)\\s*$`, 'm').exec(distribution) ?? fail(`no ${share} % latency`);
    return time(line[1]!, line[2]!);
  };
  const non2xx = /^\s*Non-2xx or 3xx responses: (\d+)\s*$/m.exec(text);
  const socket = /^\s*Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)\s*$/m.exec(text);
  // A line that starts like one of these but did not match is a format this does not know.
  if (!non2xx && /Non-2xx/.test(text)) fail('an unreadable "Non-2xx" line');
  if (!socket && /Socket errors/.test(text)) fail('an unreadable "Socket errors" line');
  const report: WrkReport = {
    requests: Number(totals[1]),
    seconds: time(totals[2]!, totals[3]!) / 1000,
    bytes: Number(totals[4]) * BYTES[totals[5]!]!,
    p50Ms: percentile('50'),
    p99Ms: percentile('99'),
    non2xx: non2xx ? Number(non2xx[1]) : 0,
    socketErrors: socket ? socket.slice(1, 5).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
  if (!(report.seconds > 0) || Object.values(report).some((n) => !Number.isFinite(n))) fail('a figure that is not a number');
  return report;
}

interface Tally {
  reports: WrkReport[];
  /** undefined once any round could not read the server's CPU. */
  serverCpuMs: number | undefined;
  loadGeneratorCpuMs: number | undefined;
}

/**
 * As load.ts's measureInterleaved, with wrk (one thread). wrk takes whole seconds only, so each
 * round lasts `duration / rounds` rounded, at least 1 s.
 */
export async function measureInterleavedWithWrk(wrk: string, targets: readonly LoadTarget[], options: LoadOptions): Promise<LoadResult[]> {
  const wholeSeconds = (seconds: number) => Math.max(1, Math.round(seconds));
  const discard: Tally = { reports: [], serverCpuMs: 0, loadGeneratorCpuMs: 0 };
  if (options.warmup > 0) for (const target of targets) await runWrk(wrk, target, wholeSeconds(options.warmup), options.connections, discard);
  const tallies = targets.map((): Tally => ({ reports: [], serverCpuMs: 0, loadGeneratorCpuMs: 0 }));
  const rounds = Math.max(1, Math.round(options.rounds));
  for (let round = 0; round < rounds; round += 1) {
    for (const [i, target] of targets.entries()) await runWrk(wrk, target, wholeSeconds(options.duration / rounds), options.connections, tallies[i]!);
  }
  return tallies.map(resultOf);
}

async function runWrk(wrk: string, target: LoadTarget, seconds: number, connections: number, tally: Tally): Promise<void> {
  const headers = Object.entries(target.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '--latency', ...headers, target.url];
  const serverCpuBefore = cpuMsOf(target.pid);
  const loadGeneratorCpuBefore = reapedChildrenCpuMs();
  const output = await new Promise<string>((resolve, reject) => {
    execFile(wrk, args, { maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`wrk ${args.join(' ')} failed: ${error.message}\n${stdout}${stderr}`));
      else resolve(stdout);
    });
  });
  const serverCpuAfter = cpuMsOf(target.pid);
  const loadGeneratorCpuAfter = reapedChildrenCpuMs();
  tally.reports.push(parseWrkReport(output));
  tally.serverCpuMs = tally.serverCpuMs !== undefined && serverCpuBefore !== undefined && serverCpuAfter !== undefined
    ? tally.serverCpuMs + serverCpuAfter - serverCpuBefore
    : undefined;
  tally.loadGeneratorCpuMs = tally.loadGeneratorCpuMs !== undefined && loadGeneratorCpuBefore !== undefined && loadGeneratorCpuAfter !== undefined
    ? tally.loadGeneratorCpuMs + loadGeneratorCpuAfter - loadGeneratorCpuBefore
    : undefined;
}

/**
 * The CPU of this process's children that have ended and been waited for (cutime + cstime):
 * wrk's, read after it exits, since the servers measured stay alive throughout.
 */
function reapedChildrenCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17, counted from field 3 at index 0.
    const ticks = Number(fields[13]) + Number(fields[14]);
    // USER_HZ is 100 on every Linux this runs on.
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * wrk gives each round's percentiles, not its latencies: a target's p50 and p99 are the median of
 * its rounds' own (with one round, that round's).
 */
function resultOf(tally: Tally): LoadResult {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  const sum = (pick: (report: WrkReport) => number) => tally.reports.reduce((total, report) => total + pick(report), 0);
  const answered = sum((report) => report.requests - report.non2xx);
  const seconds = sum((report) => report.seconds);
  const requests = sum((report) => report.requests);
  return {
    rps: answered / seconds,
    p50Ms: median(tally.reports.map((report) => report.p50Ms)),
    p99Ms: median(tally.reports.map((report) => report.p99Ms)),
    requests: answered,
    failures: sum((report) => report.non2xx + report.socketErrors),
    // wrk counts the bytes of every answer; 2xx ones are nearly all of them.
    bytesPerAnswer: requests > 0 ? sum((report) => report.bytes) / requests : 0,
    roundRps: tally.reports.map((report) => (report.requests - report.non2xx) / report.seconds),
    ...(tally.serverCpuMs !== undefined ? { serverCpu: tally.serverCpuMs / 1000 / seconds } : {}),
    loadGeneratorCpu: tally.loadGeneratorCpuMs !== undefined ? tally.loadGeneratorCpuMs / 1000 / seconds : Number.NaN,
  };
}
