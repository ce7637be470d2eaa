// The contract kit's vocabulary: an exchange (one request and its answer), a failure, a check
// of one exchange, and a scenario that makes several exchanges to test one property.
import type { SpecOperation } from '../src/spec/operations.ts';
import type { SpecValidators } from '../src/spec/validators.ts';

export interface Exchange {
  /** The spec operation the request matched; undefined for paths or methods the spec lacks. */
  operation?: SpecOperation;
  request: { method: string; path: string; headers: Record<string, string>; body?: unknown };
  response: { status: number; headers: Record<string, string>; text: string; body: unknown };
  /** The scenario that made it, for the report. */
  scenario: string;
}

export type Severity = 'error' | 'warning';

export interface Failure {
  check: string;
  /** The request line, e.g. `GET /v1/corrections?status=fixed`. */
  request: string;
  expected: string;
  actual: string;
  severity: Severity;
  /** A curl line that reproduces the request (tokens shown as $KINDGI_TOKEN…). */
  curl: string;
}

export interface CheckContext {
  validators: SpecValidators;
}

/** A property of a single exchange. Every exchange the suite makes passes through every check that applies. */
export interface ExchangeCheck {
  name: string;
  description: string;
  appliesTo(exchange: Exchange): boolean;
  /** What was expected and what came, when the exchange breaks the property. */
  run(exchange: Exchange, ctx: CheckContext): { expected: string; actual: string; severity?: Severity } | undefined;
}

export interface Tokens {
  primary: string;
  otherTenant?: string;
  narrow?: string;
}

export interface Session {
  readonly tokens: Tokens;
  readonly allowWrites: boolean;
  /** Sends a request (counted against the budget), runs every exchange check on it, returns it. */
  send(method: string, path: string, options?: { token?: string | null; body?: unknown; headers?: Record<string, string> }): Promise<Exchange>;
  /** An operation of the spec, by id. */
  operation(operationId: string): SpecOperation;
  /** Computes a value once per run and shares it between scenarios (e.g. the unfiltered list). */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Records a failure of the scenario's own property. */
  fail(check: string, exchange: Exchange | undefined, expected: string, actual: string, severity?: Severity): void;
  /**
   * The target cannot show the scenario's property (e.g. it ignores `Prefer`): the scenario is
   * reported as skipped with `reason`, and its checks are not counted as run.
   */
  skip(reason: string): void;
}

/** A property that needs several exchanges (list order, filters, cursors, tenancy, writes). */
export interface Scenario {
  name: string;
  /** The check names this scenario reports under (each also listed in contracts/README.md). */
  checks: string[];
  needs?: { writes?: boolean; otherTenant?: boolean; narrow?: boolean };
  run(session: Session): Promise<void>;
}
