// Sends the suite's requests within a budget of requests and time, under a requests-per-second
// ceiling, retrying a 503 that says when to come back; turns each answer into an exchange
// matched to its spec operation.
import { templatePattern, type SpecOperation } from '../src/spec/operations.ts';
import { createPacer, systemClock, type Clock } from './pace.ts';
import type { Exchange } from './types.ts';

export class BudgetExhausted extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'BudgetExhausted';
  }
}

/** The target kept answering 503 with Retry-After past the retry bound: it is unavailable, which says nothing of its conformance. */
export class TargetUnavailable extends Error {
  constructor(readonly request: string, readonly attempts: number, readonly retryAfter: string, why: string) {
    super(`${request} answered 503 (Retry-After: ${retryAfter}) ${attempts} times; ${why}`);
    this.name = 'TargetUnavailable';
  }
}

export interface Budget {
  maxRequests: number;
  deadline: number;
}

/** How many times a 503 with Retry-After is sent again, and the longest wait taken for one (a longer Retry-After is given up at once, never cut short). */
export const RETRY_503_TIMES = 3;
export const RETRY_503_MAX_WAIT_MS = 30_000;

export interface ClientOptions {
  timeoutMs?: number;
  /** A ceiling on requests per second; undefined for none. */
  rps?: number;
  clock?: Clock;
}

export interface SendFlags {
  /** False: a 503 is the answer wanted (Prefer: code=503), not retried. */
  retry503?: boolean;
  /** Housekeeping (removing what the suite wrote) that must run even when the budget is spent. */
  unbudgeted?: boolean;
}

export interface HttpClient {
  readonly sent: number;
  /** 503s that were retried (each one a request sent again). */
  readonly retried: number;
  send(scenario: string, method: string, path: string, headers: Record<string, string>, body?: unknown, flags?: SendFlags): Promise<Exchange>;
}

export function createHttpClient(baseUrl: string, operations: readonly SpecOperation[], budget: Budget, options: ClientOptions = {}): HttpClient {
  const routes = operations.map((operation) => ({ operation, pattern: templatePattern(operation.path) }));
  const clock = options.clock ?? systemClock;
  const pacer = createPacer(options.rps, clock);
  const timeoutMs = options.timeoutMs ?? 15_000;
  let sent = 0;
  let retried = 0;

  async function once(scenario: string, method: string, path: string, headers: Record<string, string>, body: unknown, flags: SendFlags): Promise<Exchange> {
    if (!flags.unbudgeted) {
      if (sent >= budget.maxRequests) throw new BudgetExhausted(`the request budget (${budget.maxRequests}) is used up`);
      if (clock.now() >= budget.deadline) throw new BudgetExhausted('the time limit is reached');
    }
    await pacer.wait();
    sent += 1;
    const requestHeaders = { ...headers, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) };
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers: requestHeaders,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const pathname = path.split('?')[0]!;
    const operation = routes.find((r) => r.operation.method === method.toLowerCase() && r.pattern.test(pathname))?.operation;
    return {
      ...(operation ? { operation } : {}),
      request: { method, path, headers: requestHeaders, ...(body !== undefined ? { body } : {}) },
      response: { status: response.status, headers: Object.fromEntries(response.headers), text, body: parsed },
      scenario,
    };
  }

  return {
    get sent() {
      return sent;
    },
    get retried() {
      return retried;
    },
    async send(scenario, method, path, headers, body, flags = {}) {
      for (let attempt = 1; ; attempt += 1) {
        const exchange = await once(scenario, method, path, headers, body, flags);
        const retryAfter = exchange.response.headers['retry-after'];
        // Only a 503 that says when to come back is a busy server; one without Retry-After is an
        // answer like any other, and retry-after-on-503 judges it.
        if (exchange.response.status !== 503 || flags.retry503 === false || retryAfter === undefined || !/^\d+$/.test(retryAfter)) return exchange;
        const request = `${method} ${path}`;
        if (attempt > RETRY_503_TIMES) throw new TargetUnavailable(request, attempt, retryAfter, `given up after ${RETRY_503_TIMES} retries`);
        // Never sooner than asked: a wait longer than the kit takes is given up at once.
        const waitMs = Number(retryAfter) * 1000;
        if (waitMs > RETRY_503_MAX_WAIT_MS) throw new TargetUnavailable(request, attempt, retryAfter, `it asks for a wait longer than the ${RETRY_503_MAX_WAIT_MS / 1000} s the kit takes`);
        if (!flags.unbudgeted && clock.now() + waitMs >= budget.deadline) throw new TargetUnavailable(request, attempt, retryAfter, 'waiting again would pass the time limit');
        retried += 1;
        await clock.sleep(waitMs);
      }
    },
  };
}
