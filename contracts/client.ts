// Sends the suite's requests within a budget of requests and time, and turns each into an
// exchange matched to its spec operation.
import { templatePattern, type SpecOperation } from '../src/spec/operations.ts';
import type { Exchange } from './types.ts';

export class BudgetExhausted extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'BudgetExhausted';
  }
}

export interface Budget {
  maxRequests: number;
  deadline: number;
}

export interface HttpClient {
  readonly sent: number;
  send(scenario: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Exchange>;
}

export function createHttpClient(baseUrl: string, operations: readonly SpecOperation[], budget: Budget, timeoutMs = 15_000): HttpClient {
  const routes = operations.map((operation) => ({ operation, pattern: templatePattern(operation.path) }));
  let sent = 0;
  return {
    get sent() {
      return sent;
    },
    async send(scenario, method, path, headers, body) {
      if (sent >= budget.maxRequests) throw new BudgetExhausted(`the request budget (${budget.maxRequests}) is used up`);
      if (Date.now() >= budget.deadline) throw new BudgetExhausted('the time limit is reached');
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
    },
  };
}
