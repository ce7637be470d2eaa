// What the HTTP layer is given: the compiled spec, the mock's own settings, and its worlds (the
// base world and the sessions'), each with its store, faults, clock, cursors and ids.
import type { OpenApiDocument } from '../spec/openapi-types.ts';
import type { SpecValidators } from '../spec/validators.ts';
import type { WorldStore } from '../store/world-store.ts';
import type { CursorSealer } from './cursor.ts';
import type { Defect } from './defects.ts';
import type { InFlightKeys } from './stages/idempotency.ts';
import type { MockClock } from '../worlds/mock-clock.ts';
import type { IdMaker } from '../worlds/id-sequence.ts';
import type { Sessions } from '../worlds/sessions.ts';
import type { RequestJournal } from './request-journal.ts';
import type { Exchange } from './exchange.ts';
import type { ScenarioCatalogue } from '../scenarios/contract.ts';
import type { ReplicaGate } from '../replica/replica.ts';

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

/** One world the mock serves: the base world, or a session's. Everything in it is its own. */
export interface MockWorld {
  /** The session's id; undefined for the base world. */
  sessionId?: string;
  store: WorldStore;
  /** Mutable: `/__mock/faults` changes it while the server runs. */
  faults: FaultSettings;
  /** Time for writes, cursors, checks and tokens' expiry; `/__mock/clock` sets it. */
  clock: MockClock;
  cursors: CursorSealer;
  /** A new id with a prefix (`cor`, `apr`, …), or a UUID for `uuid`: random, or a seed's sequence. */
  newId: IdMaker;
  /** Seeded, so a run with random faults can be repeated. */
  random: () => number;
  /** Idempotency-Key slots whose request is still being answered. */
  idempotencyInFlight: InFlightKeys;
  /** Back to the world as loaded, its id sequence and random faults started again (the faults and the clock stay). */
  reset(): void;
  /** The same, without what a session's reset does again (its scenarios): a replica replaying a reset the log holds. */
  resetToLoaded(): void;
}

export interface MockContext {
  document: OpenApiDocument;
  validators: SpecValidators;
  logger: Logger;
  onInvalidResponse: 'error' | 'warn';
  /** How long a suggested change's check runs before it is done. */
  checkMs: number;
  /** How long a pin waits for a second person before its approval expires; never when undefined. */
  approvalMs?: number;
  /** The world the loaded world's own tokens reach (the one `--state` keeps). */
  base: MockWorld;
  /** The sessions' worlds, reached by their tokens. */
  sessions: Sessions;
  /** The scenarios the mock applies (`/__mock/scenarios`): the built-in catalogue and the user's own. */
  scenarios: ScenarioCatalogue;
  /** The last requests answered (`--journal`), for `/__mock/requests`. */
  journal: RequestJournal;
  /** The secret that opens `/__mock` to callers that are not on this machine (`--admin-token`). */
  adminToken?: string;
  /** Host names the mock is served as besides this machine's (`--public-url`): `/__mock` answers them too. */
  publicHosts?: readonly string[];
  /** Test-only injected defects (see defects.ts); empty in normal use. */
  defects: ReadonlySet<Defect>;
  /** With a shared store (`--store`): the replica every request takes its turn through. */
  replica?: ReplicaGate;
}

/** The world a request was bound to (by its token, or its `/__mock/sessions/{id}` path); the base world before that. */
export const worldOf = (exchange: Exchange, ctx: MockContext): MockWorld => exchange.world ?? ctx.base;

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
