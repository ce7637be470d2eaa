// What the HTTP layer is given: the store, the compiled spec, and the mock's own settings.
import type { OpenApiDocument } from '../spec/openapi-types.ts';
import type { SpecValidators } from '../spec/validators.ts';
import type { WorldStore } from '../store/world-store.ts';
import type { CursorSealer } from './cursor.ts';
import type { Defect } from './defects.ts';
import type { InFlightKeys } from './middleware/idempotency.ts';

export interface FaultSettings {
  /** Answer `503 database-busy` to this share of `/v1` requests, with `Retry-After`. */
  databaseBusy?: { rate: number; retryAfter: number };
  /** Wait this long (uniformly between min and max) before answering a `/v1` request. */
  latencyMs?: { min: number; max: number };
  /** Make every suggested change check started from now on fail (`check-failed`). */
  failChecks?: boolean;
}

export interface Logger {
  warn(message: string): void;
  error(message: string): void;
}

export interface MockContext {
  store: WorldStore;
  document: OpenApiDocument;
  validators: SpecValidators;
  cursors: CursorSealer;
  /** Mutable: `/__mock/faults` changes it while the server runs. */
  faults: FaultSettings;
  /** Seeded, so a run with random faults can be repeated. */
  random: () => number;
  logger: Logger;
  onInvalidResponse: 'error' | 'warn';
  /** Time for writes, cursors and checks; tests move it. */
  clock: () => number;
  /** How long a suggested change's check runs before it is done. */
  checkMs: number;
  /** A new id with a prefix (`cor`, `apr`, …), or a UUID for `uuid`. */
  newId: (prefix: string) => string;
  /** Idempotency-Key slots whose request is still being answered. */
  idempotencyInFlight: InFlightKeys;
  /** Host names the mock is served as besides this machine's (`--public-url`): `/__mock` answers them too. */
  publicHosts?: readonly string[];
  /** Test-only injected defects (see defects.ts); empty in normal use. */
  defects: ReadonlySet<Defect>;
}

/** What a handler answers; `send` validates it against the spec before it leaves. */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /**
   * The body is an object the store hands out unchanged until its record changes (never changed
   * in place): `send` validates and serializes it once per object.
   */
  stored?: boolean;
}
