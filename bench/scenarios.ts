// The `scenarios` case (issue 32): how long a scenario takes to apply, in process and over HTTP;
// `correction { count: 10 000 }`; a session opened with `corrections: 0` over HTTP; and reads in
// a world of 10 000 scenario-made corrections against the same-size world loaded from files.
//
// In the benchmark's own process, as a test suite uses the mock: every figure here is one
// request or call at a time (a latency), never a load, so the client sharing the event loop adds
// the same to both sides of each comparison. Both read worlds are sessions of their own mocks
// (a session with `corrections: 0` filled by the scenario; a session of a mock on the generated
// folder), so that the ratio is of the worlds, not of sessions against the base.
import { performance } from 'node:perf_hooks';
import { createMock, type Mock } from '../src/index.ts';
import type { TargetResult } from './report.ts';
import { ensureWorld } from './worlds.ts';

export const SCENARIOS_CASE = 'scenarios';

export const SCENARIO_TARGETS = {
  applyInProcessMs: 2,
  applyOverHttpMs: 20,
  bulkCount: 10_000,
  bulkMs: 500,
  emptySessionMs: 20,
  /** Time per read in the scenario-made world ÷ in the loaded one: within noise. */
  readLow: 0.8,
  readHigh: 1.25,
} as const;

export interface ScenariosSettings {
  /** Timed one-record applications, each way (the first apart). */
  applies: number;
  /** Timed opens of a session with `corrections: 0`. */
  opens: number;
  /** Corrections of the bulk application and of both read worlds. */
  bulkCount: number;
  /** Timed bulk applications, each in a fresh session with no correction. */
  bulkRuns: number;
  /** Requests per read, world and round; the worlds alternate round by round. */
  reads: number;
  rounds: number;
}

export const FULL_SCENARIOS: ScenariosSettings = { applies: 200, opens: 100, bulkCount: SCENARIO_TARGETS.bulkCount, bulkRuns: 3, reads: 400, rounds: 4 };
/** `--quick` and the smoke test: figures come out, the targets are not judged. */
export const QUICK_SCENARIOS: ScenariosSettings = { applies: 10, opens: 5, bulkCount: 1000, bulkRuns: 1, reads: 30, rounds: 2 };

export interface Times {
  count: number;
  firstMs: number;
  medianMs: number;
  p95Ms: number;
}

export interface ScenarioRead {
  case: 'list-25' | 'get-correction';
  path: string;
  /** Mean ms per answer, over every round. */
  scenarioMs: number;
  loadedMs: number;
  /** scenarioMs ÷ loadedMs. */
  ratio: number;
  /** The loaded world against itself: its slowest round's mean ÷ its fastest's, less 1. */
  loadedNoise: number;
}

export interface ScenariosResult {
  settings: ScenariosSettings;
  /** mock.scenarios.apply('correction', {}) on the base world. */
  applyInProcess: Times;
  /** POST /__mock/sessions/{id}/scenarios/correction {} round trips. */
  applyOverHttp: Times;
  /** context.scenarios.apply(session world, 'correction', { count }), each in a fresh session with no correction. */
  bulk: { count: number; runs: number; medianMs: number; bestMs: number };
  /** POST /__mock/sessions { corrections: 0 } round trips (each ended after, untimed). */
  emptySession: Times;
  reads: ScenarioRead[];
}

export interface ScenariosOptions extends ScenariosSettings {
  seed: number;
  worldsDir: string;
  log?: (line: string) => void;
}

const quiet = { warn: () => {}, error: () => {} };

/** Runs every measurement of the case; the generated world of `bulkCount` is made (or reused) in `worldsDir`. */
export async function measureScenarios(options: ScenariosOptions): Promise<ScenariosResult> {
  const log = options.log ?? (() => {});
  const settings: ScenariosSettings = { applies: options.applies, opens: options.opens, bulkCount: options.bulkCount, bulkRuns: options.bulkRuns, reads: options.reads, rounds: options.rounds };
  const loadedFolder = await ensureWorld(options.worldsDir, options.seed, settings.bulkCount);
  const mock = createMock({ logger: quiet, checkedWorldsDir: false });
  const loaded = createMock({ fixturesDir: loadedFolder.dir, logger: quiet, checkedWorldsDir: false });
  const running = await mock.listen(0, '127.0.0.1');
  const runningLoaded = await loaded.listen(0, '127.0.0.1');
  try {
    log(`  scenarios: ${settings.applies} one-record applications in process and over HTTP`);
    const applyInProcess = timed(settings.applies, () => {
      mock.scenarios.apply('correction', {});
    });
    const applySession = await post(running.url, '/__mock/sessions', { name: 'bench scenarios' }, 201);
    const applyOverHttp = await timedAsync(settings.applies, () => post(running.url, `/__mock/sessions/${applySession.id}/scenarios/correction`, {}, 201));

    log(`  scenarios: ${settings.opens} sessions opened with corrections: 0`);
    const emptySession = await timedAsync(settings.opens, async () => {
      const opened = await post(running.url, '/__mock/sessions', { corrections: 0 }, 201);
      return () => end(running.url, opened.id);
    });

    log(`  scenarios: correction { count: ${settings.bulkCount} } ×${settings.bulkRuns}`);
    const bulkMs: number[] = [];
    let filled: { id: string; principals: Principal[] } | undefined;
    for (let run = 0; run < settings.bulkRuns; run += 1) {
      const session = mock.createSession({ corrections: 0 });
      const world = mock.sessions.world(session.id)!;
      const started = performance.now();
      const result = mock.context.scenarios.apply(world, 'correction', { count: settings.bulkCount });
      bulkMs.push(performance.now() - started);
      if (result.created.corrections.length !== settings.bulkCount) throw new Error(`correction { count: ${settings.bulkCount} } made ${result.created.corrections.length}`);
      if (filled) mock.sessions.end(filled.id);
      filled = session;
    }

    log(`  scenarios: reads in ${settings.bulkCount} scenario-made corrections against the same size loaded from files`);
    const reads = await compareReads(mock, running.url, filled!, runningLoaded.url, settings);
    const sorted = [...bulkMs].sort((a, b) => a - b);
    return {
      settings,
      applyInProcess,
      applyOverHttp,
      bulk: { count: settings.bulkCount, runs: settings.bulkRuns, medianMs: sorted[Math.floor(sorted.length / 2)]!, bestMs: sorted[0]! },
      emptySession,
      reads,
    };
  } finally {
    await running.close();
    await runningLoaded.close();
  }
}

interface Principal { id: string; token: string; role: string; readableProjectIds: string[] }

/**
 * The default page and one correction by id, in turn in each world, round after round; each
 * world read by its session's admin of the tenant (the one who reads the most projects).
 */
async function compareReads(mock: Mock, url: string, filled: { id: string; principals: Principal[] }, loadedUrl: string, settings: ScenariosSettings): Promise<ScenarioRead[]> {
  const reader = (principals: Principal[]) => [...principals].filter((p) => p.role === 'admin').sort((a, b) => b.readableProjectIds.length - a.readableProjectIds.length)[0]!.token;
  const loadedSession = await post(loadedUrl, '/__mock/sessions', { name: 'bench loaded world' }, 201) as { id: string; principals: Principal[] };
  // The scenario's session principals as they stand now (the scenario may have widened them).
  const scenarioPrincipals = mock.sessions.get(filled.id)!.principals;
  const worlds = [
    { url, token: reader(scenarioPrincipals) },
    { url: loadedUrl, token: reader(loadedSession.principals) },
  ];
  const firstOf = async (world: { url: string; token: string }) => {
    const page = JSON.parse(await getOk(world.url, '/v1/corrections', world.token)) as { data: Array<{ id: string }> };
    if (page.data.length === 0) throw new Error('the world read lists no correction');
    return page.data[page.data.length - 1]!.id;
  };
  const ids = [await firstOf(worlds[0]!), await firstOf(worlds[1]!)];
  const cases = [
    { case: 'list-25' as const, path: () => '/v1/corrections' },
    { case: 'get-correction' as const, path: (w: number) => `/v1/corrections/${ids[w]}` },
  ];
  const results: ScenarioRead[] = [];
  for (const c of cases) {
    const perRound: number[][] = [[], []];
    // Warm both before the first measured round.
    for (const [w, world] of worlds.entries()) for (let i = 0; i < Math.min(50, settings.reads); i += 1) await getOk(world.url, c.path(w), world.token);
    for (let round = 0; round < settings.rounds; round += 1) {
      // Alternating which goes first, so that neither always reads right after the other.
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const w of order) {
        const world = worlds[w]!;
        const started = performance.now();
        for (let i = 0; i < settings.reads; i += 1) await getOk(world.url, c.path(w), world.token);
        perRound[w]!.push((performance.now() - started) / settings.reads);
      }
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const [scenarioMs, loadedMs] = [mean(perRound[0]!), mean(perRound[1]!)];
    results.push({
      case: c.case,
      path: c.path(0),
      scenarioMs,
      loadedMs,
      ratio: scenarioMs / loadedMs,
      loadedNoise: Math.max(...perRound[1]!) / Math.min(...perRound[1]!) - 1,
    });
  }
  return results;
}

/** `count` timed calls after one untimed-apart first: the first, the median and p95 of the rest. */
function timed(count: number, call: () => void): Times {
  const ms: number[] = [];
  for (let i = 0; i <= count; i += 1) {
    const started = performance.now();
    call();
    ms.push(performance.now() - started);
  }
  return summary(ms);
}

/** As `timed`, for a call that may hand back clean-up to run untimed after it. */
async function timedAsync(count: number, call: () => Promise<unknown>): Promise<Times> {
  const ms: number[] = [];
  for (let i = 0; i <= count; i += 1) {
    const started = performance.now();
    const after = await call();
    ms.push(performance.now() - started);
    if (typeof after === 'function') await (after as () => Promise<void>)();
  }
  return summary(ms);
}

function summary([first, ...rest]: number[]): Times {
  const sorted = [...rest].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
  return { count: rest.length, firstMs: first!, medianMs: at(0.5), p95Ms: at(0.95) };
}

async function post(url: string, path: string, body: unknown, status: number): Promise<any> {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  if (response.status !== status) throw new Error(`POST ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

async function end(url: string, id: string): Promise<void> {
  const response = await fetch(`${url}/__mock/sessions/${id}`, { method: 'DELETE' });
  await response.text();
}

/** GET as `token`; anything but 200 stops the run, since figures on errors would mean nothing. */
async function getOk(url: string, path: string, token: string): Promise<string> {
  const response = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  return text;
}

/** The issue's targets, judged only on a full run (FULL_SCENARIOS' counts or more). */
export function judgeScenarioTargets(result: ScenariosResult | undefined): TargetResult[] {
  if (!result) return [];
  const t = SCENARIO_TARGETS;
  const s = result.settings;
  const full = s.applies >= FULL_SCENARIOS.applies && s.opens >= FULL_SCENARIOS.opens && s.bulkCount >= t.bulkCount && s.reads >= FULL_SCENARIOS.reads;
  const judged = (pass: boolean) => (full ? pass : undefined);
  const worst = [...result.reads].sort((a, b) => Math.abs(Math.log(b.ratio)) - Math.abs(Math.log(a.ratio)))[0];
  return [
    {
      target: `applying a one-record scenario in process < ${t.applyInProcessMs} ms, p95`,
      measured: times(result.applyInProcess),
      pass: judged(result.applyInProcess.p95Ms < t.applyInProcessMs),
    },
    {
      target: `applying a one-record scenario over HTTP (POST /__mock/sessions/{id}/scenarios/correction) < ${t.applyOverHttpMs} ms, p95`,
      measured: times(result.applyOverHttp),
      pass: judged(result.applyOverHttp.p95Ms < t.applyOverHttpMs),
    },
    {
      target: `correction { count: ${count(t.bulkCount)} } < ${t.bulkMs / 1000} s`,
      measured: `median ${seconds(result.bulk.medianMs)}, best ${seconds(result.bulk.bestMs)} of ${result.bulk.runs} for ${count(result.bulk.count)}`,
      pass: judged(result.bulk.medianMs < t.bulkMs),
    },
    {
      target: `opening a session with corrections: 0 over HTTP < ${t.emptySessionMs} ms, p95`,
      measured: times(result.emptySession),
      pass: judged(result.emptySession.p95Ms < t.emptySessionMs),
    },
    {
      target: `reads in ${count(t.bulkCount)} scenario-made corrections within noise (${t.readLow}–${t.readHigh}×) of the same size loaded from files (${result.reads.map((r) => r.case).join(', ')})`,
      measured: worst ? `furthest ${worst.ratio.toFixed(2)}× (${worst.case}); the loaded world against itself, round to round: up to ${Math.round(Math.max(...result.reads.map((r) => r.loadedNoise)) * 100)} % apart` : 'no reads',
      pass: worst ? judged(result.reads.every((r) => r.ratio >= t.readLow && r.ratio <= t.readHigh)) : undefined,
    },
  ];
}

export function scenariosTable(r: ScenariosResult): string[] {
  const t = SCENARIO_TARGETS;
  return [
    '| scenarios (in the bench\'s process) | figure | target |',
    '| --- | ---: | ---: |',
    `| one-record scenario, in process: median / p95 | ${ms(r.applyInProcess.medianMs)} / ${ms(r.applyInProcess.p95Ms)} ms (first ${ms(r.applyInProcess.firstMs)}) | < ${t.applyInProcessMs} ms |`,
    `| one-record scenario, over HTTP: median / p95 | ${ms(r.applyOverHttp.medianMs)} / ${ms(r.applyOverHttp.p95Ms)} ms (first ${ms(r.applyOverHttp.firstMs)}) | < ${t.applyOverHttpMs} ms |`,
    `| correction { count: ${count(r.bulk.count)} }: median / best of ${r.bulk.runs} | ${seconds(r.bulk.medianMs)} / ${seconds(r.bulk.bestMs)} | < ${t.bulkMs / 1000} s at ${count(t.bulkCount)} |`,
    `| session with corrections: 0, over HTTP: median / p95 | ${ms(r.emptySession.medianMs)} / ${ms(r.emptySession.p95Ms)} ms (first ${ms(r.emptySession.firstMs)}) | < ${t.emptySessionMs} ms |`,
    ...r.reads.map((read) => `| ${read.case}: scenario-made ÷ loaded from files (${count(r.bulk.count)} each) | ${ms(read.scenarioMs)} ÷ ${ms(read.loadedMs)} ms = ${read.ratio.toFixed(2)}× (loaded, round to round: ${Math.round(read.loadedNoise * 100)} %) | ${t.readLow}–${t.readHigh}× |`),
  ];
}

const times = (x: Times) => `median ${ms(x.medianMs)} ms, p95 ${ms(x.p95Ms)} ms over ${x.count} (first ${ms(x.firstMs)} ms)`;
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
const ms = (value: number) => value.toFixed(2);
const seconds = (valueMs: number) => `${(valueMs / 1000).toFixed(2)} s`;
