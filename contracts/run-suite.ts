// Runs every scenario against a deployment within its budget, passing every exchange through
// every exchange check, and returns what failed, what ran and what could not.
import { loadSpec } from '../src/spec/load-spec.ts';
import { compileSpecValidators } from '../src/spec/validators.ts';
import { EXCHANGE_CHECKS } from './checks/index.ts';
import { BudgetExhausted, createHttpClient } from './client.ts';
import { curlFor } from './report/curl.ts';
import { SCENARIOS } from './scenarios/index.ts';
import type { Exchange, Failure, Scenario, Session, Tokens } from './types.ts';

export interface SuiteOptions {
  baseUrl: string;
  tokens: Tokens;
  allowWrites?: boolean;
  maxRequests?: number;
  timeLimitMs?: number;
  scenarios?: readonly Scenario[];
  /**
   * Through a validating proxy (Prism): answers the proxy made itself are kept apart, not checked
   * as the deployment's, and the proxy's `sl-violations` headers are collected.
   */
  answeredByProxy?: (exchange: Exchange) => boolean;
  /** Called as each scenario starts and ends, for progress. */
  onProgress?: (event: { scenario: string; state: 'start' | 'done' | 'skipped'; reason?: string }) => void;
}

export interface SuiteResult {
  failures: Failure[];
  /** Every check that ran on at least one exchange or scenario. */
  checksRun: string[];
  scenariosRun: string[];
  skipped: Array<{ scenario: string; reason: string }>;
  requests: number;
  durationMs: number;
  /** Answers the proxy gave itself, and violations it reported in `sl-violations`. */
  proxy: { answered: ProxyAnswer[]; violations: ProxyViolation[] };
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

export async function runSuite(options: SuiteOptions): Promise<SuiteResult> {
  const started = Date.now();
  const validators = compileSpecValidators(loadSpec());
  const client = createHttpClient(options.baseUrl, validators.operations, {
    maxRequests: options.maxRequests ?? DEFAULT_MAX_REQUESTS,
    deadline: started + (options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS),
  });
  const failures: Failure[] = [];
  const checksRun = new Set<string>();
  const skipped: SuiteResult['skipped'] = [];
  const scenariosRun: string[] = [];
  const memos = new Map<string, Promise<unknown>>();
  const secrets = Object.entries(options.tokens).filter(([, token]) => token !== undefined) as Array<[string, string]>;
  const allowWrites = options.allowWrites === true;
  const proxy: SuiteResult['proxy'] = { answered: [], violations: [] };
  const proxyAnswered = new WeakSet<Exchange>();

  for (const scenario of options.scenarios ?? SCENARIOS) {
    const missing = scenario.needs?.writes && !allowWrites ? 'needs --allow-writes'
      : scenario.needs?.otherTenant && !options.tokens.otherTenant ? 'needs a second tenant\'s token'
        : scenario.needs?.narrow && !options.tokens.narrow ? 'needs a narrow token' : undefined;
    if (missing) {
      skipped.push({ scenario: scenario.name, reason: missing });
      options.onProgress?.({ scenario: scenario.name, state: 'skipped', reason: missing });
      continue;
    }
    options.onProgress?.({ scenario: scenario.name, state: 'start' });
    let skippedBecause: string | undefined;
    const session: Session = {
      tokens: options.tokens,
      allowWrites,
      operation: (id) => validators.operation(id),
      memo: <T>(key: string, compute: () => Promise<T>) => {
        if (!memos.has(key)) memos.set(key, compute());
        return memos.get(key) as Promise<T>;
      },
      async send(method, path, { token, body, headers = {} } = {}) {
        const bearer = token === null ? undefined : (token ?? options.tokens.primary);
        const exchange = await client.send(scenario.name, method, path, { ...headers, ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) }, body);
        if (options.answeredByProxy) collectProxyFindings(exchange);
        if (proxyAnswered.has(exchange)) return exchange;
        for (const check of EXCHANGE_CHECKS) {
          if (!check.appliesTo(exchange)) continue;
          checksRun.add(check.name);
          const found = check.run(exchange, { validators });
          if (found) failures.push(failureOf(check.name, exchange, found.expected, found.actual, found.severity ?? 'error'));
        }
        return exchange;
      },
      fail(check, exchange, expected, actual, severity = 'error') {
        // The proxy answered in the deployment's place: that is the proxy's finding, not the deployment's.
        if (exchange && proxyAnswered.has(exchange)) return;
        failures.push(failureOf(check, exchange, expected, actual, severity));
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
      for (const check of scenario.checks) checksRun.add(check);
      scenariosRun.push(scenario.name);
      options.onProgress?.({ scenario: scenario.name, state: 'done' });
    } catch (error) {
      if (!(error instanceof BudgetExhausted)) throw error;
      skipped.push({ scenario: scenario.name, reason: error.message });
      options.onProgress?.({ scenario: scenario.name, state: 'skipped', reason: error.message });
      break;
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

  function failureOf(check: string, exchange: Exchange | undefined, expected: string, actual: string, severity: Failure['severity']): Failure {
    return {
      check,
      request: exchange ? `${exchange.request.method} ${exchange.request.path}` : '(several requests)',
      expected,
      actual,
      severity,
      curl: exchange ? curlFor(options.baseUrl, exchange, secrets) : '',
    };
  }

  return { failures, checksRun: [...checksRun].sort(), scenariosRun, skipped, requests: client.sent, durationMs: Date.now() - started, proxy };
}
