// Runs every scenario against a deployment within its budget and pace, passing every exchange
// through every exchange check, and returns what failed (weighed by what each check rests on),
// what ran, what could not, what the target is, and what the run wrote and removed.
import { randomBytes } from 'node:crypto';
import { loadCompiledSpec } from '../src/spec/load-compiled-spec.ts';
import { EXCHANGE_CHECKS } from './checks/index.ts';
import { BudgetExhausted, createHttpClient, TargetUnavailable } from './client.ts';
import { DEFAULT_REMOTE_RPS, systemClock, type Clock } from './pace.ts';
import { curlFor } from './report/curl.ts';
import { SCENARIOS } from './scenarios/index.ts';
import { statefulScenario, type StatefulReport } from './stateful/scenario.ts';
import { DEFAULT_STATEFUL_RUNS, isWalkSeed, MAX_SEED, MIN_SEED } from './stateful/walk.ts';
import { inferred, operationPointer, weigh, type CheckSource } from './sources.ts';
import { isLoopbackUrl, isMockAnswer, servedDocument, type TargetRecord } from './target/record.ts';
import type { Exchange, ExchangeCheck, Failure, Scenario, Session, Severity, Tokens } from './types.ts';
import { createWritesLedger, writeTagFor, type WritesReport } from './writes-ledger.ts';

export interface SuiteOptions {
  baseUrl: string;
  /**
   * The deployment itself, when `baseUrl` is a proxy in front of it (Prism): the target record's
   * probes go there, and its hostname decides the default pace. Default: `baseUrl`.
   */
  targetUrl?: string;
  tokens: Tokens;
  allowWrites?: boolean;
  maxRequests?: number;
  timeLimitMs?: number;
  /** A failed `inferred` check fails against any target, not only the mock (`--strict`). */
  strict?: boolean;
  /** A ceiling on requests per second. Default: none against this machine, DEFAULT_REMOTE_RPS against any other. */
  rps?: number;
  /** Seam: whether the target is this machine (decides the default `rps`). Default: its hostname is loopback. */
  isLoopback?: (url: URL) => boolean;
  /** Seam: the clock the pace, the retries and the time limit run on. */
  clock?: Clock;
  /** This run's id, in the tag of every correction it creates. Default: random. */
  runId?: string;
  scenarios?: readonly Scenario[];
  /**
   * Also walk the target with sequences of steps, each sent to the model too (kindgi-mock in this
   * process) and compared answer by answer (`--stateful`). Needs `allowWrites`.
   */
  stateful?: boolean;
  /** Sequences the walk generates (`--stateful-runs`). Default: DEFAULT_STATEFUL_RUNS. */
  statefulRuns?: number;
  /** The walk's fast-check seed (`--seed`): the same seed, the same sequences. Default: random. */
  seed?: number;
  /**
   * Through a validating proxy (Prism): answers the proxy made itself are kept apart, not checked
   * as the deployment's, and the proxy's `sl-violations` headers are collected.
   */
  answeredByProxy?: (exchange: Exchange) => boolean;
  /** Called as each scenario starts and ends, for progress. */
  onProgress?: (event: { scenario: string; state: 'start' | 'done' | 'skipped' | 'unavailable'; reason?: string }) => void;
}

export interface SuiteResult {
  failures: Failure[];
  /** Every check that ran on at least one exchange or scenario. */
  checksRun: string[];
  /** What each check that ran rests on. */
  sources: Record<string, CheckSource>;
  scenariosRun: string[];
  skipped: Array<{ scenario: string; reason: string }>;
  /** Scenarios the target could not serve (503 with Retry-After past the retry bound): neither passed nor failed. */
  unavailable: Unavailability[];
  requests: number;
  /** 503s sent again after their Retry-After. */
  retried: number;
  durationMs: number;
  target: TargetRecord;
  /** With allowWrites: what the run created, removed, and found left by an earlier run. */
  writes?: WritesReport;
  /** Answers the proxy gave itself, and violations it reported in `sl-violations`. */
  proxy: { answered: ProxyAnswer[]; violations: ProxyViolation[] };
  /** With `stateful`: the walk's seed, and what it walked. */
  stateful?: StatefulReport;
}

export interface Unavailability {
  scenario: string;
  request: string;
  attempts: number;
  retryAfter: string;
  message: string;
}

export interface ProxyAnswer {
  request: string;
  status: number;
  type: string;
  detail: string;
}

export interface ProxyViolation {
  request: string;
  location: string;
  severity: string;
  message: string;
}

export const DEFAULT_MAX_REQUESTS = 3000;
export const DEFAULT_TIME_LIMIT_MS = 180_000;

/** What a finding of `check` on `exchange` rests on: an operation the document marks x-inferred makes a byOperation check's finding the mock's reading. */
function sourceOf(check: ExchangeCheck, exchange: Exchange): CheckSource {
  const operation = exchange.operation;
  if (!check.byOperation || !operation?.inferred) return check.source;
  return inferred(operationPointer(operation.path, operation.method), `${operation.method.toUpperCase()} ${operation.path} is the mock's reading of an operation the pages name without its statuses and bodies`);
}

export async function runSuite(options: SuiteOptions): Promise<SuiteResult> {
  if (options.stateful && options.allowWrites !== true) throw new TypeError('stateful needs allowWrites: the walk creates, changes and removes corrections of its own (--stateful needs --allow-writes)');
  if (!options.stateful && (options.statefulRuns !== undefined || options.seed !== undefined)) throw new TypeError(`${options.statefulRuns !== undefined ? 'statefulRuns' : 'seed'} is for the stateful walk: add stateful: true`);
  const statefulRuns = options.statefulRuns ?? DEFAULT_STATEFUL_RUNS;
  if (!Number.isInteger(statefulRuns) || statefulRuns < 1) throw new TypeError(`statefulRuns must be a whole number above 0, not ${String(options.statefulRuns)}`);
  if (options.seed !== undefined && !isWalkSeed(options.seed)) throw new TypeError(`seed must be a whole number from ${MIN_SEED} to ${MAX_SEED} (fast-check's), not ${String(options.seed)}`);
  const clock = options.clock ?? systemClock;
  const started = clock.now();
  // Parsed and compiled once per process (a mock in the same process shares them): compiling
  // was half of a run against a local mock. Read only, as the mock's own.
  const { document: spec, validators } = loadCompiledSpec();
  const target = new URL(options.targetUrl ?? options.baseUrl);
  const loopback = (options.isLoopback ?? isLoopbackUrl)(target);
  const rps = options.rps ?? (loopback ? undefined : DEFAULT_REMOTE_RPS);
  const client = createHttpClient(options.baseUrl, validators.operations, {
    maxRequests: options.maxRequests ?? DEFAULT_MAX_REQUESTS,
    deadline: started + (options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS),
  }, { ...(rps !== undefined ? { rps } : {}), clock });
  const failures: Failure[] = [];
  const checksRun = new Set<string>();
  const sources: Record<string, CheckSource> = {};
  const skipped: SuiteResult['skipped'] = [];
  const unavailable: Unavailability[] = [];
  const scenariosRun: string[] = [];
  const memos = new Map<string, Promise<unknown>>();
  const secrets = Object.entries(options.tokens).filter(([, token]) => token !== undefined) as Array<[string, string]>;
  const allowWrites = options.allowWrites === true;
  const strict = options.strict === true;
  const proxy: SuiteResult['proxy'] = { answered: [], violations: [] };
  const proxyAnswered = new WeakSet<Exchange>();
  const runId = options.runId ?? randomBytes(6).toString('hex');
  const ledger = allowWrites ? createWritesLedger(runId) : undefined;
  const bearer = (token: string | undefined): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});
  // Housekeeping: the write cleanup, sent with the pace but outside the checks (it tests
  // nothing) and outside the budget (what the run wrote is removed even when the budget is spent).
  const housekeeping = (scenario: string) => (method: string, path: string) =>
    client.send(scenario, method, path, bearer(options.tokens.primary), undefined, { unbudgeted: true });

  // The target record's probes: no token (neither route needs one), paced, counted, not checked.
  const probeClient = options.targetUrl ? createHttpClient(options.targetUrl, validators.operations, { maxRequests: 2, deadline: Infinity }, { ...(rps !== undefined ? { rps } : {}), clock }) : client;
  const probe = async (path: string) => {
    try {
      return await probeClient.send('target record', 'GET', path, {});
    } catch (error) {
      if (error instanceof TargetUnavailable || error instanceof BudgetExhausted) return error;
      throw error;
    }
  };
  const mockProbe = await probe('/__mock/principals');
  const { mock: againstMock, how: kindHow } = mockProbe instanceof Error ? { mock: false, how: `GET /__mock/principals: ${mockProbe.message}` } : isMockAnswer(mockProbe);
  const documentProbe = await probe('/v1/openapi.json');
  const record: TargetRecord = {
    baseUrl: options.targetUrl ?? options.baseUrl,
    kind: againstMock ? 'mock' : 'other',
    kindHow,
    document: documentProbe instanceof Error ? { status: 503, error: documentProbe.message } : servedDocument(documentProbe, spec),
    pace: {
      rps,
      why: options.rps !== undefined ? '--rps' : loopback ? 'this machine: no ceiling unless --rps' : `not this machine: the default ${DEFAULT_REMOTE_RPS}, --rps sets it`,
    },
    strict,
  };
  const verdict = { againstMock, strict };
  const createPath = validators.operation('createCorrection').path;
  // A scenario may report under another's check (filters checks list-newest-first on each filter).
  let stateful: StatefulReport | undefined;
  const walk = options.stateful
    ? [statefulScenario({ runs: statefulRuns, loopback, runId, ...(options.seed !== undefined ? { seed: options.seed } : {}) }, (report) => { stateful = report; }, { baseUrl: options.baseUrl, secrets })]
    : [];
  const scenarios = [...(options.scenarios ?? SCENARIOS), ...walk];
  const catalogue = new Map<string, CheckSource>([...SCENARIOS, ...(options.scenarios ?? []), ...walk].flatMap((s) => s.checks.map((c) => [c.name, c.source] as const)));

  try {
    if (ledger) {
      try {
        await ledger.sweep(housekeeping('writes cleanup'));
      } catch (error) {
        if (!(error instanceof TargetUnavailable)) throw error;
        // Leftovers stay for the next run; this one's checks may still run.
        unavailable.push({ scenario: 'writes cleanup', request: error.request, attempts: error.attempts, retryAfter: error.retryAfter, message: error.message });
      }
    }
    for (const scenario of scenarios) {
      const missing = scenario.needs?.writes && !allowWrites ? 'needs --allow-writes'
        : scenario.needs?.otherTenant && !options.tokens.otherTenant ? 'needs a second tenant\'s token'
          : scenario.needs?.narrow && !options.tokens.narrow ? 'needs a narrow token' : undefined;
      if (missing) {
        skipped.push({ scenario: scenario.name, reason: missing });
        options.onProgress?.({ scenario: scenario.name, state: 'skipped', reason: missing });
        continue;
      }
      options.onProgress?.({ scenario: scenario.name, state: 'start' });
      const ownSources = new Map(scenario.checks.map((c) => [c.name, c.source]));
      let skippedBecause: string | undefined;
      const session: Session = {
        tokens: options.tokens,
        allowWrites,
        againstMock,
        writeTag: writeTagFor(runId),
        operation: (id) => validators.operation(id),
        memo: <T>(key: string, compute: () => Promise<T>) => {
          if (!memos.has(key)) {
            const computed = compute();
            // A value the target could not give (a 503 storm, the budget) is asked for again by
            // the next scenario: it gets its own chance, as with its own requests.
            computed.catch(() => memos.delete(key));
            memos.set(key, computed);
          }
          return memos.get(key) as Promise<T>;
        },
        async send(method, path, { token, body, headers = {}, retry503 } = {}) {
          if (method === 'POST' && path === createPath && !String((body as { why?: unknown } | undefined)?.why ?? '').includes(session.writeTag)) {
            throw new Error(`a correction the suite creates carries ${session.writeTag} in its why (scenario ${scenario.name})`);
          }
          const exchange = await client.send(scenario.name, method, path, { ...headers, ...bearer(token === null ? undefined : (token ?? options.tokens.primary)) }, body, retry503 === false ? { retry503 } : {});
          ledger?.record(exchange);
          if (options.answeredByProxy) collectProxyFindings(exchange);
          if (proxyAnswered.has(exchange)) return exchange;
          for (const check of EXCHANGE_CHECKS) {
            if (!check.appliesTo(exchange)) continue;
            checksRun.add(check.name);
            sources[check.name] ??= check.source;
            const found = check.run(exchange, { validators });
            if (found) failures.push(failureOf(check.name, exchange, found.expected, found.actual, found.severity ?? 'error', found.source ?? sourceOf(check, exchange)));
          }
          return exchange;
        },
        noteSuperseded(id) {
          ledger?.noteSuperseded(id);
        },
        async tidy(method, path) {
          const exchange = await housekeeping(scenario.name)(method, path);
          ledger?.record(exchange);
          return exchange;
        },
        fail(check, exchange, expected, actual, { severity = 'error', source, sequence } = {}) {
          // The proxy answered in the deployment's place: that is the proxy's finding, not the deployment's.
          if (exchange && proxyAnswered.has(exchange)) return;
          const rests = source ?? ownSources.get(check) ?? catalogue.get(check);
          if (!rests) throw new Error(`scenario ${scenario.name} failed ${check}, which no scenario lists among its checks`);
          failures.push({ ...failureOf(check, exchange, expected, actual, severity, rests), ...(sequence ? { sequence } : {}) });
        },
        observe(seen) {
          Object.assign(record, seen);
        },
        skip(reason) {
          skippedBecause ??= reason;
        },
      };
      try {
        await scenario.run(session);
        if (skippedBecause !== undefined) {
          skipped.push({ scenario: scenario.name, reason: skippedBecause });
          options.onProgress?.({ scenario: scenario.name, state: 'skipped', reason: skippedBecause });
          continue;
        }
        for (const check of scenario.checks) {
          checksRun.add(check.name);
          sources[check.name] ??= check.source;
        }
        scenariosRun.push(scenario.name);
        options.onProgress?.({ scenario: scenario.name, state: 'done' });
      } catch (error) {
        if (error instanceof TargetUnavailable) {
          // A busy target is not a broken one: the scenario is neither passed nor failed, and the
          // next one gets its own chance (the storm may have passed).
          unavailable.push({ scenario: scenario.name, request: error.request, attempts: error.attempts, retryAfter: error.retryAfter, message: error.message });
          options.onProgress?.({ scenario: scenario.name, state: 'unavailable', reason: error.message });
          continue;
        }
        if (!(error instanceof BudgetExhausted)) throw error;
        skipped.push({ scenario: scenario.name, reason: error.message });
        options.onProgress?.({ scenario: scenario.name, state: 'skipped', reason: error.message });
        break;
      }
    }
  } finally {
    // Even when a scenario threw: what the run created is removed before it reports.
    if (ledger) await removeCreatedSafely();
  }

  async function removeCreatedSafely(): Promise<void> {
    try {
      await ledger!.removeCreated(housekeeping('writes cleanup'));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      for (const id of ledger!.report.created) {
        const settled = [ledger!.report.removedByChecks, ledger!.report.removedAtEnd, ledger!.report.superseded].some((list) => list.includes(id));
        if (!settled && !ledger!.report.notRemoved.some((n) => n.id === id)) ledger!.report.notRemoved.push({ id, why });
      }
    }
  }

  function collectProxyFindings(exchange: Exchange): void {
    const request = `${exchange.request.method} ${exchange.request.path}`;
    const header = exchange.response.headers['sl-violations'];
    if (header) {
      try {
        for (const v of JSON.parse(header) as Array<{ location?: string[]; severity?: string; message?: string }>) {
          proxy.violations.push({ request, location: (v.location ?? []).join('.'), severity: v.severity ?? 'Error', message: v.message ?? '' });
        }
      } catch {
        proxy.violations.push({ request, location: 'sl-violations', severity: 'Error', message: header });
      }
    }
    if (options.answeredByProxy?.(exchange)) {
      proxyAnswered.add(exchange);
      const body = exchange.response.body as { type?: string; detail?: string };
      proxy.answered.push({ request, status: exchange.response.status, type: String(body.type).replace(/^.*#/, ''), detail: body.detail ?? '' });
    }
  }

  function failureOf(check: string, exchange: Exchange | undefined, expected: string, actual: string, severity: Severity, source: CheckSource): Failure {
    const weighed = weigh(severity, source, verdict);
    return {
      check,
      request: exchange ? `${exchange.request.method} ${exchange.request.path}` : '(several requests)',
      expected,
      actual,
      severity: weighed,
      source,
      ...(weighed !== severity ? { demoted: true as const } : {}),
      curl: exchange ? curlFor(options.baseUrl, exchange, secrets) : '',
    };
  }

  return {
    failures,
    checksRun: [...checksRun].sort(),
    sources,
    scenariosRun,
    skipped,
    unavailable,
    requests: client.sent,
    retried: client.retried,
    durationMs: clock.now() - started,
    target: record,
    ...(ledger ? { writes: ledger.report } : {}),
    proxy,
    ...(stateful ? { stateful } : {}),
  };
}
