// The contract kit's vocabulary: an exchange (one request and its answer), a failure, a check
// of one exchange, and a scenario that makes several exchanges to test one property.
import type { SpecOperation } from '../src/spec/operations.ts';
import type { SpecValidators } from '../src/spec/validators.ts';
import type { CheckSource } from './sources.ts';
import type { TargetObservations } from './target/record.ts';

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
  /** What the check rests on, for this failure (an exchange of an x-inferred operation is `inferred`). */
  source: CheckSource;
  /** The check's own severity was `error`, made a warning because its source is inferred and the target is not the mock. */
  demoted?: true;
  /** A curl line that reproduces the request (tokens shown as $KINDGI_TOKEN…). */
  curl: string;
  /** `--stateful`: the shortest sequence found that makes the target and the model part. */
  sequence?: FailedSequence;
}

/** A sequence of the stateful walk, shrunk, as it ran against the target. */
export interface FailedSequence {
  /** fast-check's seed: `--seed` with it generates the same sequences again. */
  seed: number;
  /** Each step, and the target's requests it made as curl lines (tokens as variables). */
  steps: Array<{ description: string; curl: string[] }>;
  /** The step (1-based) whose answer parted, and where in it. */
  diverged: { step: number; path: string };
  /** The two answers of that step, status line and body. */
  model: string;
  target: string;
  /** How many shrinking steps fast-check took to reach it. */
  shrinks: number;
}

export interface CheckContext {
  validators: SpecValidators;
}

/** A property of a single exchange. Every exchange the suite makes passes through every check that applies. */
export interface ExchangeCheck {
  name: string;
  description: string;
  source: CheckSource;
  /**
   * The check holds an answer to what its operation documents (statuses, schemas): on an
   * operation the document marks `x-inferred`, a failure is the mock's reading, `inferred`.
   */
  byOperation?: true;
  appliesTo(exchange: Exchange): boolean;
  /** What was expected and what came, when the exchange breaks the property (and its own source, when narrower than the check's). */
  run(exchange: Exchange, ctx: CheckContext): { expected: string; actual: string; severity?: Severity; source?: CheckSource } | undefined;
}

/** A check a scenario reports under, and what it rests on. */
export interface ScenarioCheck {
  name: string;
  source: CheckSource;
}

export interface Tokens {
  primary: string;
  otherTenant?: string;
  narrow?: string;
}

export interface SendOptions {
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  /** False for a request that asks for a 503 (`Prefer: code=503`): it is not retried. */
  retry503?: boolean;
}

export interface FailOptions {
  severity?: Severity;
  /** This failure's source, when narrower than the check's (e.g. an `inherit` query, x-inferred). */
  source?: CheckSource;
  sequence?: FailedSequence;
}

export interface Session {
  readonly tokens: Tokens;
  readonly allowWrites: boolean;
  /** The target is a kindgi-mock (it answers `/__mock/principals`). */
  readonly againstMock: boolean;
  /**
   * What every correction the suite creates carries in its `why`: the kit's mark and this run's
   * id, so a later run finds and removes what an interrupted one left behind.
   */
  readonly writeTag: string;
  /** Sends a request (counted against the budget), runs every exchange check on it, returns it. */
  send(method: string, path: string, options?: SendOptions): Promise<Exchange>;
  /** An operation of the spec, by id. */
  operation(operationId: string): SpecOperation;
  /**
   * Housekeeping (removing what the run wrote): sent with the primary token and the pace, outside
   * the checks and the budget, and noted by the writes ledger.
   */
  tidy(method: string, path: string): Promise<Exchange>;
  /** A correction the run made that a later one superseded: history the API keeps, which the cleanup leaves. */
  noteSuperseded(id: string): void;
  /** Computes a value once per run and shares it between scenarios (e.g. the unfiltered list). */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Records a failure of the scenario's own property. */
  fail(check: string, exchange: Exchange | undefined, expected: string, actual: string, options?: FailOptions): void;
  /** Notes what the scenario saw of the target, for the target record (sealed cursors, `Prefer`, replays). */
  observe(seen: Partial<TargetObservations>): void;
  /**
   * The target cannot show the scenario's property (e.g. it ignores `Prefer`): the scenario is
   * reported as skipped with `reason`, and its checks are not counted as run.
   */
  skip(reason: string): void;
}

/** A property that needs several exchanges (list order, filters, cursors, tenancy, writes). */
export interface Scenario {
  name: string;
  /** The checks this scenario reports under (each also listed in contracts/README.md), with their sources. */
  checks: readonly ScenarioCheck[];
  needs?: { writes?: boolean; otherTenant?: boolean; narrow?: boolean };
  run(session: Session): Promise<void>;
}
