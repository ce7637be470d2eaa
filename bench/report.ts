// The benchmark's results as data, the issue's targets judged on them, and the tables printed.
import { CASES } from './cases.ts';
import type { InProcessResult } from './in-process.ts';
import type { LoadResult } from './load.ts';
import { judgeSessionTargets, sessionsTables } from './sessions-report.ts';
import type { SessionsResult } from './sessions.ts';
import { scenariosTable, type ScenariosResult } from './scenarios.ts';
import { stateCompactionTable, type StateCompactionResult } from './state-compaction.ts';

export interface CaseResult {
  case: string;
  path: string;
  /** Bytes of the body the mock answers; the bare server and the Express app send these same bytes. */
  bodyBytes: number;
  mock: LoadResult;
  bare?: LoadResult;
  /** Express 5 sending the same bytes precomputed: the ceiling of any Express app (not a target). */
  express?: LoadResult;
  /** Prism measured once per case (its answers do not depend on the world); copied here. */
  prism?: LoadResult;
  /** mock req/s ÷ Prism req/s. */
  vsPrism?: number;
  /** mock req/s ÷ bare req/s. */
  vsBare?: number;
}

export interface SizeResult {
  corrections: number;
  /** From spawn to the first /health answer, the way users start it: the world's checks remembered from an earlier start. */
  startupMs: number;
  /** Whether that start really skipped the checks (`ran` when the verdict could not be kept). */
  worldChecks?: 'ran' | 'remembered';
  /** From spawn to the first /health answer of a start that checks the world (`--check-every-start`), as the very first start does. */
  checkingStartupMs?: number;
  rssAfterStartMb?: number;
  /** Bytes of the world's files on disk (its fixtures folder): what RSS is held against. */
  worldBytes?: number;
  /** After every case of this size ran against it. */
  rssAfterLoadMb?: number;
  peakRssMb?: number;
  cases: CaseResult[];
}

export interface TargetResult {
  target: string;
  /** What was measured against it, e.g. the worst row. */
  measured: string;
  /** undefined: not measured in this run (a size or baseline left out). */
  pass: boolean | undefined;
}

export interface BenchResult {
  startedAt: string;
  finishedAt: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; platform: string };
  settings: { seed: number; sizes: number[]; cases: string[]; duration: number; warmup: number; settle: number; rounds: number; connections: number; prism: boolean };
  sizes: SizeResult[];
  /** Mocks made one after another in one process (in-process.ts); absent when the case was not run. */
  inProcess?: InProcessResult;
  /** Sessions opened, read in and held (sessions.ts); absent when the case was not run. */
  sessions?: SessionsResult;
  /** A --state file after many mixed writes (state-compaction.ts); absent when the case was not run. */
  stateCompaction?: StateCompactionResult;
  /** Scenarios applied and read (scenarios.ts); absent when the case was not run. */
  scenarios?: ScenariosResult;
  targets: TargetResult[];
}

export const TARGETS = {
  listVsPrism: 5,
  listVsBare: 0.35,
  p99Growth: 1.5,
  /** Issue 16 (issue 11 had 3 s). */
  startupMs: 1500,
  startupAt: 100_000,
  /** Issue 16: start-up at the largest size ÷ at the smallest, and RSS after start-up ÷ the world's bytes on disk (at startupAt). */
  startupGrowth: 3,
  rssPerWorldByte: 1.2,
  /** Issue 12: a second createMock() (+ listen + close) in a process, and the memory of each further mock. */
  laterMockMs: 50,
  furtherMockMb: 20,
} as const;

/** The list cases, whose rates are held to the targets against Prism and the bare server. */
export const LIST_CASES = new Set(CASES.filter((c) => c.list).map((c) => c.name));

/** The issues' targets, each over every row it applies to; the worst row is named. The in-process ones need `inProcess`, the sessions ones `sessions`. */
export function judgeTargets(sizes: readonly SizeResult[], inProcess?: InProcessResult, sessions?: SessionsResult): TargetResult[] {
  const listRows = sizes.flatMap((size) => size.cases.filter((c) => LIST_CASES.has(c.case)).map((row) => ({ size: size.corrections, row })));
  const worst = (ratio: (row: CaseResult) => number | undefined) => {
    const rated = listRows.flatMap(({ size, row }) => {
      const value = ratio(row);
      return value === undefined ? [] : [{ size, row, value }];
    });
    return rated.sort((a, b) => a.value - b.value)[0];
  };

  const prismWorst = worst((row) => row.vsPrism);
  const bareWorst = worst((row) => row.vsBare);
  const targets: TargetResult[] = [
    {
      target: `every list case with validation ≥ ${TARGETS.listVsPrism}× Prism's static mock (req/s)`,
      measured: prismWorst ? `lowest ${ratio(prismWorst.value, TARGETS.listVsPrism)} (${prismWorst.row.case} at ${count(prismWorst.size)})${prismTargetBeside(prismWorst.row)}` : 'Prism not measured',
      pass: prismWorst ? prismWorst.value >= TARGETS.listVsPrism : undefined,
    },
    {
      target: `every list case with validation ≥ ${TARGETS.listVsBare * 100} % of the bare node:http server (req/s)`,
      measured: bareWorst ? `lowest ${percent(bareWorst.value, TARGETS.listVsBare)} (${bareWorst.row.case} at ${count(bareWorst.size)})${expressCeiling(listRows.map(({ row }) => row))}` : 'bare server not measured',
      pass: bareWorst ? bareWorst.value >= TARGETS.listVsBare : undefined,
    },
  ];

  const growth = p99Growth(sizes);
  const worstGrowth = [...growth].sort((a, b) => b.growth - a.growth)[0];
  const ordered = [...sizes].sort((a, b) => a.corrections - b.corrections);
  // The issue's sizes when fewer than two were measured; else the smallest and largest of this run.
  const [small, large] = ordered.length >= 2 ? [ordered[0]!.corrections, ordered[ordered.length - 1]!.corrections] : [1000, TARGETS.startupAt];
  targets.push({
    target: `p99 at ${count(large)} corrections ≤ ${TARGETS.p99Growth}× p99 at ${count(small)}, every case`,
    measured: worstGrowth ? `highest ${worstGrowth.growth.toFixed(2)}× (${worstGrowth.case})` : 'needs two world sizes',
    pass: worstGrowth ? worstGrowth.growth <= TARGETS.p99Growth : undefined,
  });

  const big = sizes.find((size) => size.corrections === TARGETS.startupAt);
  targets.push({
    target: `start-up with ${count(TARGETS.startupAt)} corrections < ${TARGETS.startupMs / 1000} s`,
    measured: big ? `${(big.startupMs / 1000).toFixed(2)} s${big.worldChecks === 'remembered' ? ', checked before' : ', checking the world'}${big.checkingStartupMs !== undefined && big.worldChecks === 'remembered' ? ` (checking it: ${(big.checkingStartupMs / 1000).toFixed(2)} s)` : ''}` : `${count(TARGETS.startupAt)} not measured`,
    pass: big ? big.startupMs < TARGETS.startupMs : undefined,
  });

  const [smallest, largest] = [ordered[0], ordered[ordered.length - 1]];
  const startupGrowth = ordered.length >= 2 ? largest!.startupMs / smallest!.startupMs : undefined;
  targets.push({
    target: `start-up at ${count(large)} corrections ≤ ${TARGETS.startupGrowth}× start-up at ${count(small)}`,
    measured: startupGrowth !== undefined ? `${startupGrowth.toFixed(2)}× (${seconds(largest!.startupMs)} ÷ ${seconds(smallest!.startupMs)}, checked before)` : 'needs two world sizes',
    pass: startupGrowth !== undefined ? startupGrowth <= TARGETS.startupGrowth : undefined,
  });
  const rssShare = big ? rssPerWorldByte(big) : undefined;
  targets.push({
    target: `RSS after start-up with ${count(TARGETS.startupAt)} corrections ≤ ${TARGETS.rssPerWorldByte}× the world's bytes on disk`,
    measured: rssShare !== undefined ? `${rssShare.toFixed(2)}× (${mb(big!.rssAfterStartMb)} for ${mb(big!.worldBytes! / MB)} of files)` : `${count(TARGETS.startupAt)} not measured`,
    pass: rssShare !== undefined ? rssShare <= TARGETS.rssPerWorldByte : undefined,
  });

  // The slower of the literal second createMock() and the median cycle after the first must be under the target.
  const later = inProcess ? Math.max(inProcess.secondCreateMs, inProcess.cycleMedianMs) : undefined;
  targets.push({
    target: `a second and later createMock() in one process < ${TARGETS.laterMockMs} ms`,
    measured: inProcess ? `second ${ms(inProcess.secondCreateMs)} ms; create + listen + close median ${ms(inProcess.cycleMedianMs)} ms, p90 ${ms(inProcess.cycleP90Ms)} ms (first ${ms(inProcess.firstMs)} ms)` : 'in-process case not run',
    pass: later !== undefined ? later < TARGETS.laterMockMs : undefined,
  });
  targets.push({
    target: `each further mock in one process < ${TARGETS.furtherMockMb} MB (RSS)`,
    measured: inProcess ? `${inProcess.rssPerMockMb.toFixed(1)} MB RSS, ${inProcess.heapPerMockMb.toFixed(1)} MB heap per mock of ${inProcess.alive} alive` : 'in-process case not run',
    pass: inProcess ? inProcess.rssPerMockMb < TARGETS.furtherMockMb : undefined,
  });
  targets.push(...judgeSessionTargets(sessions));
  return targets;
}

const MB = 1024 * 1024;

/** RSS after start-up ÷ the world's bytes on disk; undefined when either was not measured. */
export function rssPerWorldByte(size: SizeResult): number | undefined {
  if (size.rssAfterStartMb === undefined || size.worldBytes === undefined || size.worldBytes === 0) return undefined;
  return (size.rssAfterStartMb * MB) / size.worldBytes;
}

/**
 * What the Prism target asked of the row, beside what a server that does no work reached there:
 * at 67 KB the load generator can be the limit, and then no server meets it.
 */
function prismTargetBeside(row: CaseResult): string {
  const asked = targetShareOfBare(row);
  if (asked === undefined) return '';
  return `; there ${TARGETS.listVsPrism}× Prism was ${percent(asked)} of the bare server's req/s, which had the load generator at ${cpuPercent(row.bare!.loadGeneratorCpu)} of a core`;
}

/** TARGETS.listVsPrism × Prism's req/s ÷ the bare server's: the share of a no-work server's rate the target asks. */
export function targetShareOfBare(row: CaseResult): number | undefined {
  return row.prism && row.bare ? (TARGETS.listVsPrism * row.prism.rps) / row.bare.rps : undefined;
}

/** What Express 5 itself reaches, sending the same bytes precomputed, as a share of bare: the ceiling of an Express app. */
function expressCeiling(rows: readonly CaseResult[]): string {
  const shares = rows.flatMap((row) => (row.express && row.bare ? [row.express.rps / row.bare.rps] : []));
  if (shares.length === 0) return '';
  return `; Express 5 sending the same bytes precomputed: ${percent(Math.min(...shares))}–${percent(Math.max(...shares))}`;
}

/** p99 of each case at the largest size ÷ at the smallest. */
export function p99Growth(sizes: readonly SizeResult[]): Array<{ case: string; smallMs: number; largeMs: number; growth: number }> {
  if (sizes.length < 2) return [];
  const ordered = [...sizes].sort((a, b) => a.corrections - b.corrections);
  const small = ordered[0]!;
  const large = ordered[ordered.length - 1]!;
  return small.cases.flatMap((row) => {
    const other = large.cases.find((c) => c.case === row.case);
    return other ? [{ case: row.case, smallMs: row.mock.p99Ms, largeMs: other.mock.p99Ms, growth: other.mock.p99Ms / row.mock.p99Ms }] : [];
  });
}

/** Markdown tables: throughput and latency per case and size, p99 growth, start-up, targets. */
export function formatTables(result: BenchResult): string {
  const lines: string[] = [];
  const s = result.settings;
  lines.push(`${result.machine.cpus} × ${result.machine.cpuModel}, Node ${result.machine.node}; ${s.connections} connections; ${s.settle} s of load after each start-up, then per case ${s.warmup} s warm-up and ${s.duration} s measured on each server, in ${s.rounds} alternating rounds; seed ${s.seed}.`, '');
  // No world size ran (`--cases in-process`): no empty tables.
  if (result.sizes.length > 0) {
    lines.push('| corrections | case | body bytes | mock req/s | p50 ms | p99 ms | bare req/s | Express req/s | Prism req/s | mock ÷ Prism | mock ÷ bare | Express ÷ bare |');
    lines.push('| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const size of result.sizes) {
      for (const row of size.cases) {
        const list = LIST_CASES.has(row.case);
        const mark = (pass: boolean | undefined) => (!list || pass === undefined ? '' : pass ? ' ✓' : ' ✗');
        const suspect = row.mock.failures > 0 ? ` (${row.mock.failures} failed)` : '';
        lines.push(`| ${count(size.corrections)} | ${row.case} | ${row.bodyBytes} | ${Math.round(row.mock.rps)}${suspect} | ${ms(row.mock.p50Ms)} | ${ms(row.mock.p99Ms)} | ${row.bare ? Math.round(row.bare.rps) : '–'} | ${row.express ? Math.round(row.express.rps) : '–'} | ${row.prism ? Math.round(row.prism.rps) : '–'} | ${row.vsPrism !== undefined ? `${ratio(row.vsPrism, TARGETS.listVsPrism)}${mark(row.vsPrism >= TARGETS.listVsPrism)}` : '–'} | ${row.vsBare !== undefined ? `${percent(row.vsBare, TARGETS.listVsBare)}${mark(row.vsBare >= TARGETS.listVsBare)}` : '–'} | ${row.express && row.bare ? percent(row.express.rps / row.bare.rps) : '–'} |`);
      }
    }
    lines.push('', ...cpuTable(result.sizes));
    const growth = p99Growth(result.sizes);
    if (growth.length > 0) {
      const ordered = [...result.sizes].sort((a, b) => a.corrections - b.corrections);
      lines.push('', `| case | p99 at ${count(ordered[0]!.corrections)} | p99 at ${count(ordered[ordered.length - 1]!.corrections)} | growth |`, '| --- | ---: | ---: | ---: |');
      for (const row of growth) lines.push(`| ${row.case} | ${ms(row.smallMs)} | ${ms(row.largeMs)} | ${row.growth.toFixed(2)}×${row.growth <= TARGETS.p99Growth ? ' ✓' : ' ✗'} |`);
    }
    lines.push('', '| corrections | start-up, checking the world | start-up, checked before | ÷ the smallest\'s | world on disk | RSS after start-up | ÷ world on disk | RSS after the cases |', '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    const smallest = [...result.sizes].sort((a, b) => a.corrections - b.corrections)[0];
    for (const size of result.sizes) {
      const checkedBefore = size.worldChecks === 'ran' ? `${seconds(size.startupMs)} (checks ran)` : seconds(size.startupMs);
      const share = rssPerWorldByte(size);
      const growth = smallest ? `${(size.startupMs / smallest.startupMs).toFixed(2)}×` : '–';
      lines.push(`| ${count(size.corrections)} | ${size.checkingStartupMs !== undefined ? seconds(size.checkingStartupMs) : '–'} | ${checkedBefore} | ${growth} | ${size.worldBytes !== undefined ? mb(size.worldBytes / MB) : '–'} | ${mb(size.rssAfterStartMb)} | ${share !== undefined ? `${share.toFixed(2)}×` : '–'} | ${mb(size.rssAfterLoadMb)} |`);
    }
  }
  // A blank line before each table but the first.
  if (result.inProcess) lines.push(...(result.sizes.length > 0 ? [''] : []), ...inProcessTable(result.inProcess));
  if (result.sessions) lines.push(...(result.sizes.length > 0 || result.inProcess ? [''] : []), ...sessionsTables(result.sessions));
  if (result.stateCompaction) lines.push('', ...stateCompactionTable(result.stateCompaction));
  if (result.scenarios) lines.push('', ...scenariosTable(result.scenarios));
  lines.push('', '| target | measured | |', '| --- | --- | --- |');
  for (const target of result.targets) lines.push(`| ${target.target} | ${target.measured} | ${target.pass === undefined ? 'not measured' : target.pass ? 'pass' : 'MISS'} |`);
  return lines.join('\n');
}

/**
 * CPU while each server was measured, as a share of one core and per answer, and the load
 * generator's: on 2 cores, a server near 100 % is the limit, a load generator near 100 % is.
 */
function cpuTable(sizes: readonly SizeResult[]): string[] {
  const lines = [
    `| corrections | case | mock CPU, per answer | load generator, with the mock | bare CPU, per answer | load generator, with bare | ${TARGETS.listVsPrism}× Prism ÷ bare req/s |`,
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const size of sizes) {
    for (const row of size.cases) {
      const asked = LIST_CASES.has(row.case) ? targetShareOfBare(row) : undefined;
      lines.push(`| ${count(size.corrections)} | ${row.case} | ${serverCpu(row.mock)} | ${cpuPercent(row.mock.loadGeneratorCpu)} | ${row.bare ? serverCpu(row.bare) : '–'} | ${row.bare ? cpuPercent(row.bare.loadGeneratorCpu) : '–'} | ${asked !== undefined ? percent(asked) : '–'} |`);
    }
  }
  return lines;
}

/** A share of a core as a percentage; – where it was not measured (no /proc). */
export function cpuPercent(share: number | undefined): string {
  return share === undefined ? '–' : percent(share);
}

/** "95 %, 110 µs": the server's share of a core and its CPU per 2xx answer. */
function serverCpu(load: LoadResult): string {
  if (load.serverCpu === undefined) return '–';
  return `${cpuPercent(load.serverCpu)}, ${load.rps > 0 ? Math.round((load.serverCpu * 1e6) / load.rps) : '–'} µs`;
}

/** The in-process case as a table of its own: it has no world size and no baseline. */
function inProcessTable(r: InProcessResult): string[] {
  return [
    '| createMock() in one process (embedded world) | |',
    '| --- | ---: |',
    `| the first: createMock() + listen + close${r.firstChecks === 'remembered' ? ', world checked before' : ', checking the world'} | ${ms(r.firstMs)} ms |`,
    `| the second: createMock() | ${ms(r.secondCreateMs)} ms |`,
    `| ${r.runs} more: createMock() + listen + close, median / p90 | ${ms(r.cycleMedianMs)} / ${ms(r.cycleP90Ms)} ms |`,
    `| the same, createMock() alone, median / p90 | ${ms(r.createMedianMs)} / ${ms(r.createP90Ms)} ms |`,
    `| each further mock, ${r.alive} alive: RSS / JS heap | ${r.rssPerMockMb.toFixed(1)} / ${r.heapPerMockMb.toFixed(1)} MB |`,
    `| what the first leaves for all (spec, validators, world): RSS | ${mb(r.rssSharedMb)} |`,
    `| ${r.alive} alive, the first's share included: RSS per mock | ${r.rssAveragePerMockMb.toFixed(1)} MB |`,
  ];
}

/** A whole number with a thin space between its thousands (200 000). */
export const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(2));
/**
 * `value` to `digits` decimals, or more when so few would show it on the other side of `target`
 * than it is (4.996 against 5: "4.996", not "5.0"), so that a figure never reads as the opposite
 * of its ✓ or ✗.
 */
function rounded(value: number, digits: number, target?: number): string {
  let shown = value.toFixed(digits);
  while (target !== undefined && digits < 6 && (Number(shown) >= target) !== (value >= target)) shown = value.toFixed((digits += 1));
  return shown;
}
export const ratio = (value: number, target?: number) => `${rounded(value, 1, target)}×`;
export const percent = (value: number, target?: number) => `${rounded(value * 100, 0, target === undefined ? undefined : target * 100)} %`;
const seconds = (valueMs: number) => `${(valueMs / 1000).toFixed(2)} s`;
const mb = (value: number | undefined) => (value === undefined ? '–' : `${Math.round(value)} MB`);
