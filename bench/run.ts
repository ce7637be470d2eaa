// `npm run bench -- [flags]`: runs the benchmark, prints its tables and writes them as JSON.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { runBench, type BenchOptions } from './bench.ts';
import { renderBenchChart } from './chart.ts';
import { CASES } from './cases.ts';
import { ROOT, stopAll } from './child-process.ts';
import { IN_PROCESS_CASE } from './in-process.ts';
import { judgeReplicaTargets, measureReplicas, REPLICA_CASE, REPLICA_TARGETS, replicaTable } from './replica.ts';
import { formatTables } from './report.ts';
import { FULL_SCENARIOS, judgeScenarioTargets, measureScenarios, QUICK_SCENARIOS, SCENARIOS_CASE } from './scenarios.ts';
import { SESSIONS_CASE } from './sessions.ts';
import { judgeStateTargets, measureStateCompaction, STATE_COMPACTION_CASE, STATE_TARGETS } from './state-compaction.ts';
import { DEFAULT_WORLDS_DIR } from './worlds.ts';

const USAGE = `usage: npm run bench -- [options]
  --sizes N,N,…        world sizes in corrections (default 1000,10000,100000)
  --duration S         seconds measured per case and server (default 5)
  --warmup S           seconds of unmeasured load before each measurement (default 1)
  --settle S           seconds of unmeasured load after each start-up (default 3)
  --rounds N           alternating rounds the measured seconds are split into (default 3)
  --connections N      autocannon connections (default 10)
  --cases A,B,…        only these cases: ${CASES.map((c) => c.name).join(', ')},
                       ${IN_PROCESS_CASE} (createMock() again and again in one process; no world size),
                       ${SESSIONS_CASE} (sessions opened, read in, 1 000 held with writes; no world size),
                       ${STATE_COMPACTION_CASE} (a --state file after many mixed writes, and its restart; no world size),
                       ${SCENARIOS_CASE} (scenarios applied, 10 000 at once, sessions with no correction, reads against a loaded world),
                       ${REPLICA_CASE} (replicas on a PostgreSQL store: reads at 10 and 50 connections, with wrk when
                       it is on PATH, else autocannon; a write's latency; joining a log of 100 000 writes)
  --state-writes N     writes of ${STATE_COMPACTION_CASE} (default ${STATE_TARGETS.writes}; its targets are judged from ${STATE_TARGETS.writes})
  --state-sync         fsync each of those writes, as the mock does (some 10 minutes for ${STATE_TARGETS.writes} on a VM disk)
  --in-process-runs N  timed create/listen/close runs of ${IN_PROCESS_CASE} after the first (default 20)
  --session-opens N    timed opens of ${SESSIONS_CASE}, in process and over HTTP each (default 200)
  --session-read-seconds S
                       seconds measured per read and world in ${SESSIONS_CASE} (default 1.5)
  --quick              --sizes 1000,10000 --duration 2 --warmup 0.5 --settle 1
                       --session-read-seconds 1, unless given; ${SCENARIOS_CASE} with a tenth of
                       its counts (its targets then unjudged)
  --no-prism           leave Prism's baseline out
  --seed N             seed of the generated worlds (default 42)
  --worlds DIR         where generated worlds are kept (default ${DEFAULT_WORLDS_DIR})
  --out FILE           the JSON results (default bench/results/latest.json); their chart
                       beside it (latest.svg)
  --help               this text`;

function numbers(name: string, text: string): number[] {
  const values = text.split(',').map(Number);
  if (values.some((n) => !Number.isFinite(n) || n <= 0)) throw new Error(`--${name}: "${text}" is not a list of positive numbers\n${USAGE}`);
  return values;
}

function wholeNumber(name: string, text: string): number {
  if (!/^\d+$/.test(text)) throw new Error(`--${name}: "${text}" is not a whole number\n${USAGE}`);
  return Number(text);
}

function seconds(name: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0) throw new Error(`--${name}: "${text}" is not a number of seconds\n${USAGE}`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string' }, duration: { type: 'string' }, warmup: { type: 'string' }, settle: { type: 'string' }, rounds: { type: 'string' }, connections: { type: 'string' },
      cases: { type: 'string' }, 'in-process-runs': { type: 'string' }, 'session-opens': { type: 'string' }, 'session-read-seconds': { type: 'string' }, quick: { type: 'boolean' }, 'no-prism': { type: 'boolean' }, seed: { type: 'string' },
      worlds: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean' }, 'state-writes': { type: 'string' }, 'state-sync': { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const quick = values.quick === true;
  const options: BenchOptions = {
    sizes: values.sizes !== undefined ? numbers('sizes', values.sizes).map(Math.round) : quick ? [1000, 10_000] : [1000, 10_000, 100_000],
    duration: values.duration !== undefined ? numbers('duration', values.duration)[0]! : quick ? 2 : 5,
    warmup: values.warmup !== undefined ? seconds('warmup', values.warmup) : quick ? 0.5 : 1,
    settle: values.settle !== undefined ? seconds('settle', values.settle) : quick ? 1 : 3,
    rounds: values.rounds !== undefined ? wholeNumber('rounds', values.rounds) || 1 : 3,
    connections: values.connections !== undefined ? Math.round(numbers('connections', values.connections)[0]!) : 10,
    seed: values.seed !== undefined ? wholeNumber('seed', values.seed) : 42,
    ...(values.cases !== undefined ? { cases: values.cases.split(',').filter((name) => name !== STATE_COMPACTION_CASE && name !== SCENARIOS_CASE && name !== REPLICA_CASE) } : {}),
    inProcess: { runs: values['in-process-runs'] !== undefined ? wholeNumber('in-process-runs', values['in-process-runs']) || 1 : 20, alive: 10 },
    sessions: {
      ...(values['session-opens'] !== undefined ? { opens: wholeNumber('session-opens', values['session-opens']) || 1 } : {}),
      ...(values['session-read-seconds'] !== undefined ? { readSeconds: numbers('session-read-seconds', values['session-read-seconds'])[0]! } : quick ? { readSeconds: 1 } : {}),
    },
    prism: values['no-prism'] !== true,
    worldsDir: values.worlds ?? DEFAULT_WORLDS_DIR,
    log: (line) => process.stderr.write(`${line}\n`),
  };
  const stateNamed = values.cases === undefined || values.cases.split(',').includes(STATE_COMPACTION_CASE);
  // `--cases state-compaction` alone: runBench runs nothing but still describes the machine.
  const ran = await runBench(options);
  const stateCompaction = stateNamed ? measureStateCompaction({ writes: values['state-writes'] !== undefined ? wholeNumber('state-writes', values['state-writes']) || 1 : STATE_TARGETS.writes, sync: values['state-sync'] === true, log: options.log }) : undefined;
  if (stateCompaction) options.log(`state-compaction: ${stateCompaction.writes} writes, file ${(stateCompaction.fileBytes / stateCompaction.snapshotBytes).toFixed(2)}× a fresh snapshot, restart ${(stateCompaction.restartMs / 1000).toFixed(2)} s`);
  const scenariosNamed = values.cases === undefined || values.cases.split(',').includes(SCENARIOS_CASE);
  const scenarios = scenariosNamed ? await measureScenarios({ ...(quick ? QUICK_SCENARIOS : FULL_SCENARIOS), seed: options.seed, worldsDir: options.worldsDir, log: options.log }) : undefined;
  const replicaNamed = values.cases === undefined || values.cases.split(',').includes(REPLICA_CASE);
  const replica = replicaNamed
    ? await measureReplicas({ duration: options.duration, warmup: options.warmup, rounds: options.rounds, writes: quick ? 50 : 500, logWrites: quick ? REPLICA_TARGETS.logWrites / 10 : REPLICA_TARGETS.logWrites, log: options.log })
    : undefined;
  const result = {
    ...ran, ...(stateCompaction ? { stateCompaction } : {}), ...(scenarios ? { scenarios } : {}), ...(replica ? { replica } : {}),
    targets: [...ran.targets, ...judgeStateTargets(stateCompaction), ...judgeScenarioTargets(scenarios), ...judgeReplicaTargets(replica)],
  };
  const out = values.out ?? join(ROOT, 'bench', 'results', 'latest.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  // The chart beside its figures: latest.json, latest.svg.
  const chart = `${out.replace(/\.json$/, '')}.svg`;
  writeFileSync(chart, renderBenchChart(result));
  process.stdout.write(`\n${formatTables(result)}\n${replica ? `\n${replicaTable(replica).join('\n')}\n` : ''}\nwritten to ${out}, its chart to ${chart}\n`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAll().then(() => process.exit(130));
  });
}

main().catch(async (error: Error) => {
  await stopAll();
  process.stderr.write(`kindgi-mock bench: ${error.message}\n`);
  process.exit(1);
});
