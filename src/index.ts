// kindgi-mock's public entry: createMock(options) builds the stateful mock for tests and embedding.
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { clearTimeout, setTimeout } from 'node:timers';
import type { Express } from 'express';
import type { World } from './domain/world.ts';
import { generateWorld } from './fixtures/generate-world.ts';
import { checkedWorldsIn, checkingCodeDigest, DEFAULT_CHECKED_WORLDS_DIR } from './fixtures/checked-worlds.ts';
import { loadSharedWorldFolder, validateWorld, type LoadedWorld } from './fixtures/load-world.ts';
import { createHash } from 'node:crypto';
import { randomHexes } from './digest.ts';
import { createAnswerBatch, type AnswerBatch } from './http/answer-batch.ts';
import { createCursorSealer } from './http/cursor.ts';
import { createReplica, type Replica, type ReplicaWorldSettings } from './replica/replica.ts';
import { watchWorlds } from './replica/world-watch.ts';
import { worldFingerprint } from './store/state-file.ts';
import { cursorSecretOf } from './worlds/id-sequence.ts';
import { coreListener, createNodeCore, expressAppAround } from './http/app.ts';
import type { MockCore } from './http/core.ts';
import { createMockServer } from './http/client-error.ts';
import { checkMockOptions } from './mock-options.ts';
import type { FaultSettings, Logger, MockContext, MockWorld } from './http/context.ts';
import type { Defect } from './http/defects.ts';
import { READ_HANDLERS } from './http/routes/read-handlers.ts';
import { WRITE_HANDLERS } from './http/routes/write-handlers.ts';
import type { OpenApiDocument } from './spec/openapi-types.ts';
import { compiledSpecCacheIn, type CompiledSpecCache } from './spec/compiled-spec-cache.ts';
import { loadCompiledSpec } from './spec/load-compiled-spec.ts';
import { loadSpec, SPEC_PATH } from './spec/load-spec.ts';
import { STATE_ENTRY_SCHEMAS } from './store/state-entry-rules.ts';
import type { StateJournal, StateNotice } from './store/state-file.ts';
import type { StateFileSystem } from './store/state-fs.ts';
import { openRestoredState, type RestoreProgress, type RestoreSummary } from './store/state-restore.ts';
import { createWorldStore, type WorldStore } from './store/world-store.ts';
import { DEFAULT_SEED } from './fixtures/generate-world.ts';
import { WORLD_NOW } from './fixtures/generate/random.ts';
import { shiftWorldDates } from './fixtures/world-dates.ts';
import { newestTimeOf } from './store/held-records.ts';
import { clockRangeProblem, clockSettingOf, keptClock, resumedClock, type ClockSetting, type MockClock } from './worlds/mock-clock.ts';
import { clockProblem, createMockWorld, createWorldClock, DEFAULT_CHECK_MS, type WorldSettings } from './worlds/mock-world.ts';
import { MAX_ADVANCE_MS } from './http/routes/clock-bodies.ts';
import { nodeHmacSha256 } from './node-hmac.ts';
import { createRequestJournal, DEFAULT_JOURNAL_SIZE, type RequestJournal } from './http/request-journal.ts';
import { seededSessionWorld, worldWithoutCorrections } from './worlds/seeded-worlds.ts';
import { sessionWorldOpener } from './worlds/session-worlds.ts';
import { createSessions, type Session, type SessionOptions, type Sessions } from './worlds/sessions.ts';
import type { ScenarioListing } from './scenarios/contract.ts';
import { applierOf, inProcessSession, type InProcessSession, type MockScenarios, type OwnScenarios } from './scenario-appliers.ts';
import { createScenarioCatalogue } from './scenarios/apply.ts';
import type { Scenario } from './scenarios/define.ts';

// The world a mock serves (the fixtures format, fixtures/README.md) and who may call it.
export type {
  Agent, AssertableBy, Block, CorrectorGroup, Flow, Org, Principal, Project, ReleaseGate, Role, Run, StoredSuggestedChange, Tenant, TestSet, World,
} from './domain/world.ts';
export type { WorldStore } from './store/world-store.ts';
export type { MockContext } from './http/context.ts';
export type { FaultSettings, Logger } from './http/context.ts';
export type { StateNotice } from './store/state-file.ts';
export type { StateFileSystem } from './store/state-fs.ts';
export type { Session, SessionOptions, SessionScenario, SessionSummary } from './worlds/sessions.ts';
export { SessionRefusal } from './worlds/sessions.ts';
export type { ScenarioCatalogue, ScenarioCreated, ScenarioListing, ScenarioResult } from './scenarios/contract.ts';
export type { InProcessSession, MockScenarios, OwnScenarios, ScenarioApplier, ScenarioName, ScenarioParamsOf } from './scenario-appliers.ts';
export { ScenarioRefusal } from './scenarios/contract.ts';
export type { MockClock, ClockSetting } from './worlds/mock-clock.ts';
export type { ListedPrincipal } from './worlds/principal-listing.ts';
export type { JournalEntry, JournalFilter, RequestJournal } from './http/request-journal.ts';

export { DEFAULT_CHECK_MS } from './worlds/mock-world.ts';
export { MockAdminError, openSession, type OpenedSession, type OpenSessionOptions, type SessionScenarioStep, type SessionTokens } from './open-session.ts';

export interface MockOptions {
  /** Serve this world as it is. */
  world?: World;
  /** Generate the world from this seed (and `corrections`) instead of loading fixtures. */
  seed?: number;
  /**
   * The generated world's size: its main tenant's corrections. `0`: the world with its tenants,
   * projects, principals, agents and runs, and no correction and no suggested change.
   */
  corrections?: number;
  /**
   * Your own scenarios (defineScenario from kindgi-mock/scenarios), applied like the built-in ones
   * (`mock.scenarios.apply`, `POST /__mock/scenarios/{name}`, a session's `scenarios`) and listed
   * after them. A name used twice, or a built-in's, throws a TypeError.
   */
  scenarios?: readonly Scenario[];
  /** A fixtures folder; the embedded one when neither this, `world` nor `seed` is given. */
  fixturesDir?: string;
  /**
   * Where fixtures folders that passed every check are remembered, so that the checks are skipped
   * when the same bytes are loaded again with the same spec and code (checked-worlds.ts); and the
   * spec's validators, compiled once, as code (`spec-*` files: compiled-spec-cache.ts), so that a
   * later process does not compile them again.
   * - Unset: `KINDGI_MOCK_CHECKED_WORLDS`, else the user's cache (`~/.cache/kindgi-mock/checked-worlds`).
   * - `false`: remember nothing and write nothing; every mock checks its world (some 40 ms for the
   *   embedded one once the process has checked a world before, seconds for a large one) and
   *   each process compiles the spec (about half a second).
   */
  checkedWorldsDir?: string | false;
  /** Check the fixtures even when they passed before (and remember them again). */
  recheckWorld?: boolean;
  /**
   * Share one secret across instances so their cursors are interchangeable. By default one
   * derived from the seed in a deterministic mock (`seed`, `deterministic`), else random per start.
   */
  cursorSecret?: string;
  /**
   * The clock of writes, cursors, checks and tokens' expiry:
   * - a function (a test's own clock, in epoch ms), which the mock clock runs at;
   * - `{ now, frozen? }` (`--clock`): set to `now` at start, running on from there unless frozen.
   *   It may not be before the world's newest record (a write would be stamped before the record
   *   it changes); that throws a RangeError.
   */
  clock?: (() => number) | { now: string | number; frozen?: boolean };
  /**
   * New ids from the seed's sequence (`seed`, else the embedded world's seed, 42), and the cursor
   * secret derived from it, so that the same requests on the same clock answer the same bytes.
   * On with `seed`.
   */
  deterministic?: boolean;
  /**
   * `world` (default): the world's own dates. `now`: every date moved by one offset, so that the
   * newest record is as old at start as it was when the world was made (the embedded and
   * generated worlds were made at 2026-11-30T12:00:00Z; any other is taken as made at its newest
   * record). Not with `stateFile`, whose writes carry an earlier start's dates.
   */
  dates?: 'world' | 'now';
  /**
   * Keep every write in this file, and restore them from it on start. The file is locked
   * (`FILE.lock`) until `close()`; a corrupt one, or one another server holds, throws StateFileError.
   */
  stateFile?: string;
  /**
   * The URL people reach the mock at when it is not this machine's name (a demo host, a
   * container's published name): `/__mock` then answers requests addressed to its host, and
   * pages from its origin. Throws a TypeError for a value that is not an http(s) URL.
   */
  publicUrl?: string;
  /** How many answered requests the request journal keeps (`--journal`; default 1 000, 0 keeps none). */
  journalSize?: number;
  /**
   * Opens `/__mock` to callers that are not on this machine when they send it in
   * `X-Mock-Admin-Token` (`--admin-token`, `KINDGI_MOCK_ADMIN_TOKEN`); without it, they get
   * 403 `mock-admin-only`. Loopback callers need nothing.
   */
  adminToken?: string;
  /** Test-only: the state file's file operations (node:fs by default), to inject a full disk, short writes or I/O errors. */
  stateFileSystem?: StateFileSystem;
  /** Told how far restoring the state file has got, about once a second when it takes more than one (the CLI prints it). */
  onStateProgress?: (progress: RestoreProgress) => void;
  /** Test-only: when the state file compacts itself (by default past 1 MiB and twice its last snapshot). */
  stateCompaction?: { minBytes?: number; ratio?: number };
  /** How long a suggested change's check runs (default 1500 ms). */
  checkMs?: number;
  /**
   * How long a pin waits for a second person before its approval expires by itself, on the
   * world's clock (`--approval-ms`). The pages give approvals no lifetime, so by default one
   * waits until it is decided (`/__mock/approvals/{id}/expire` expires it at once).
   */
  approvalMs?: number;
  /** `error` (default): a response that breaks the spec becomes 500 response-invalid. `warn`: sent, and logged. */
  onInvalidResponse?: 'error' | 'warn';
  faults?: FaultSettings;
  /** Seed of the random faults. */
  faultSeed?: number;
  logger?: Logger;
  /** Test-only: defects the contract kit's tests inject to prove each check catches its bug. */
  defects?: readonly Defect[];
  /**
   * A shared store (`--store`, KINDGI_MOCK_STORE): a PostgreSQL URL. Every mock started on it
   * serves the same worlds (README, "Replicas"); without it, nothing is shared.
   */
  store?: string;
  /** How this replica is named in the log and the journal (`--replica-id`); host:pid by default. */
  replicaId?: string;
  /** Log entries between the store's snapshots (joining replicas read at most about this many after one); 10 000 by default. */
  storeCompactEvery?: number;
}

export interface RunningMock {
  url: string;
  port: number;
  /** Stops listening, then closes the mock (its state file and lock). */
  close(): Promise<void>;
}

export interface Mock<Own extends OwnScenarios = []> {
  /** What `listen` serves, as an Express app: to test with, or to serve from a server of your own. */
  app: Express;
  /** `remembered`: the fixtures passed every check before, so they were not checked again (see `checkedWorldsDir`). */
  worldChecks: 'ran' | 'remembered';
  store: WorldStore;
  context: MockContext;
  /** What the start found in the state file and mended (a dropped torn line, …); each was also logged as a warning. */
  stateNotices: readonly StateNotice[];
  /** With `stateFile`: the file, how many of its writes were restored over the world at start, and what else the restore found. */
  state?: { file: string; restoredWrites: number; restored: RestoreSummary };
  /** Listens on `host` (127.0.0.1 by default) and `port` (0: any free one). */
  listen(port?: number, host?: string): Promise<RunningMock>;
  /** Resolves once the mock can answer: at once, or with a store when this replica has joined the deployment (it rejects with the reason it cannot). */
  ready(): Promise<void>;
  /** Closes the state file and releases its lock, and stops the sweep that ends expired sessions (a mock that never listened too); idempotent. */
  close(): void;
  /**
   * Opens a session (as `POST /__mock/sessions`): an isolated world, reached by its own tokens,
   * with `apply` to build a scenario in it (and in nothing else).
   * Throws SessionRefusal for an option it does not take, a scenario of `options.scenarios`
   * refused (none of them is kept, and no session opens), or when too many are open.
   */
  createSession(options?: SessionOptions): InProcessSession<Own>;
  /** The scenarios (built-in and yours): list them, and apply one to the base world. */
  scenarios: MockScenarios<Own>;
  /** Every open session: list, look up, end them. */
  sessions: Sessions;
  /** The base world's clock (`/__mock/clock`): read, set and advance it. */
  clock: MockClock;
  /** The last requests answered, newest first (`GET /__mock/requests`), and new ones as they come. */
  journal: RequestJournal;
}

/**
 * Builds the mock: loads and checks the world, compiles every validator, restores the state file, wires the app.
 * - Cheap after the first in a process: the spec's validators and a fixtures folder's world (the
 *   embedded one by default) are shared, read only, by every mock of the process, and a world
 *   that passed its checks is remembered (see `checkedWorldsDir`). Each mock has its own store,
 *   writes, cursors, faults and state file.
 * - Throws TypeError for an option it does not take, or a value of the wrong kind.
 * - Throws WorldLoadError for a broken world, naming file, record, field and rule.
 * - Throws StateFileError for a state file another server holds, or one that cannot be restored,
 *   naming the file, the line and what is wrong (the file is left as it was).
 */
export function createMock<const Own extends OwnScenarios = []>(options: MockOptions & { scenarios?: Own } = {}): Mock<Own> {
  checkMockOptions(options);
  if (options.store !== undefined) refuseWithStore(options);
  if (options.dates === 'now' && options.stateFile !== undefined) {
    throw new TypeError('dates "now" (--dates now) moves the world\'s dates on every start, and a state file (--state) keeps writes made against an earlier start\'s dates: use one or the other');
  }
  const logger = options.logger ?? { warn: (m) => console.warn(m), error: (m) => console.error(m) };
  const compiledSpecs = compiledSpecsOf(options);
  // The state file's entry checks are kept with the spec's validators: a warm restart compiles nothing.
  const { document, validators, rememberError } = loadCompiledSpec(SPEC_PATH, loadSpec, compiledSpecs, STATE_ENTRY_SCHEMAS);
  if (rememberError) logger.warn(`kindgi-mock: the spec's compiled validators could not be kept in ${compiledSpecs!.dir}: ${rememberError.message}`);
  const loaded = worldFor(options, document, logger);
  const checkMs = options.checkMs ?? DEFAULT_CHECK_MS;
  const clockSource = typeof options.clock === 'function' ? options.clock : Date.now;
  const clockStart = typeof options.clock === 'object' ? clockSettingOf(options.clock) : undefined;
  const startNow = clockStart?.now ?? clockSource();
  const datesOffset = options.dates === 'now' ? startNow - (loaded.madeAt ?? newestTimeOf(loaded.world)) : 0;
  // A seed's world was made at WORLD_NOW, whatever the loaded world's age: it moves by its own offset.
  const seedDatesOffset = options.dates === 'now' ? startNow - WORLD_NOW : 0;
  // One World object for the base world and every session without a seed: its index is built once and shared.
  const world = datesOffset === 0 ? loaded.world : shiftWorldDates(loaded.world, datesOffset);
  const idSeed = options.seed ?? (options.deterministic ? DEFAULT_SEED : undefined);
  const replica = options.store === undefined ? undefined : replicaFor(options, world, idSeed, clockSource, clockStart, logger, checkMs);
  const settings: WorldSettings = {
    ...(replica ? { replication: watchWorlds(replica.capture, clockSource) } : {}),
    hmac: nodeHmacSha256,
    clockSource,
    ...(clockStart ? { clockStart } : {}),
    faults: options.faults ?? {},
    ...(idSeed !== undefined ? { seed: idSeed } : {}),
    ...(options.cursorSecret !== undefined ? { cursorSecret: options.cursorSecret } : {}),
    ...(options.faultSeed !== undefined ? { faultSeed: options.faultSeed } : {}),
  };
  // Checked and compiled before the state file is opened, so a failure here leaves no lock behind.
  const publicHosts = options.publicUrl === undefined ? [] : [publicHostOf(options.publicUrl)];
  // The user's scenarios are checked here (a TypeError naming one), their params schemas compiled.
  const scenarios = createScenarioCatalogue(options.scenarios ? { scenarios: options.scenarios as ReadonlyArray<Scenario<string, never>> } : {});
  const baseClock = createWorldClock(settings);
  const { store, journal, restoredWrites, summary, keepClock } = replica
    ? { store: createWorldStore(world, { clock: baseClock.now, ...settings.replication!.storeHooks('') }), journal: undefined, restoredWrites: undefined, summary: undefined, keepClock: undefined }
    : storeFor(world, options, document, baseClock, logger);
  // With a state file the clock is kept there (`/__mock/clock`, `--clock`), so a restart goes on from it.
  const clock = keepClock ? keptClock(baseClock, clockSource, keepClock) : baseClock;
  const base = createMockWorld(settings, clock, store, { idEpoch: restoredWrites ?? 0 });
  for (const notice of journal?.notices ?? []) logger.warn(notice.message);
  // Whatever the clock, set or real: one before the world (a future-dated world, or a state file
  // written while the clock was set on) would stamp writes before the records they change.
  // The time as given when the clock was set, not a few ms later as a running clock reads it.
  const startProblem = clockProblem(base, clockStart?.now ?? base.clock.now());
  if (startProblem) {
    journal?.close();
    throw new RangeError(`${startProblem}${clockStart ? '' : ` (start with clock / --clock at that time or later${options.stateFile === undefined ? ', or dates "now" / --dates now' : ''})`}`);
  }
  if (keepClock && clockStart && (summary?.clock?.now !== clockStart.now || summary.clock.frozen !== clockStart.frozen)) {
    try {
      // When it was set (before the restore), so that a running clock is kept as it runs.
      keepClock({ ...clockStart, at: clockSource() - (clockStart.frozen ? 0 : baseClock.now() - clockStart.now) });
    } catch (error) {
      journal?.close();
      throw error;
    }
  }
  const embeddedWorld = () => loadSharedWorldFolder(undefined, document).world;
  const seededWorld = (seed: number, corrections?: number) => seededSessionWorld(seed, corrections ?? options.corrections, seedDatesOffset, document, embeddedWorld);
  const openSessionWorld = sessionWorldOpener(world, settings, seededWorld);
  // Node's own timers: a test's fake ones would hold back (or loop on) the sweep that ends expired sessions.
  const sessions = createSessions(openSessionWorld, base.clock, { setTimeout, clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout) }, scenarios, replica?.sessionLog);
  const requests = createRequestJournal(options.journalSize ?? DEFAULT_JOURNAL_SIZE);
  const context: MockContext = {
    document,
    validators,
    logger,
    onInvalidResponse: options.onInvalidResponse ?? 'error',
    checkMs,
    ...(options.approvalMs !== undefined ? { approvalMs: options.approvalMs } : {}),
    base,
    sessions,
    scenarios,
    journal: requests,
    defects: new Set(options.defects ?? []),
    publicHosts,
    ...(options.adminToken !== undefined ? { adminToken: options.adminToken } : {}),
    ...(replica ? { replica } : {}),
  };
  let core: MockCore;
  try {
    core = createNodeCore(context, { ...READ_HANDLERS, ...WRITE_HANDLERS }, compiledSpecs ? { compiledSpecs } : {});
  } catch (error) {
    journal?.close();
    throw error;
  }
  // A replica joins the deployment in the background; listen() waits for it and fails with its reason.
  const ready = replica
    ? replica.start({ base, sessions, journal: requests, useCursorSecret: (secret) => (base.cursors = createCursorSealer(secret, base.clock.now, nodeHmacSha256)) })
    : Promise.resolve();
  ready.catch(() => {});
  const close = () => {
    sessions.close();
    journal?.close();
    void replica?.close();
  };
  const inProcess = <T extends (...args: never[]) => unknown>(what: string, write: T): T =>
    (replica ? () => { throw new TypeError(`${what} changes only this process's worlds, and with a store (store, --store) every replica must see each change: ${REPLICA_OVER_HTTP}`); } : write) as T;
  return {
    app: expressAppAround(coreListener(core, context)),
    worldChecks: loaded.checks,
    store: base.store,
    context,
    stateNotices: journal?.notices ?? [],
    ...(options.stateFile !== undefined && summary ? { state: { file: options.stateFile, restoredWrites: restoredWrites ?? 0, restored: summary } } : {}),
    listen: async (port = 0, host = '127.0.0.1') => {
      await ready;
      const answers = createAnswerBatch();
      const running = await listen(coreListener(core, context, { reuseBodyMemory: true, answers }), answers, port, host, close);
      return replica ? { ...running, close: () => running.close().then(() => replica.close()) } : running;
    },
    ready: () => ready,
    close,
    createSession: inProcess('createSession', (sessionOptions?: SessionOptions) => inProcessSession(sessions, scenarios, sessions.create(sessionOptions))),
    scenarios: { list: () => scenarios.list(), apply: inProcess('scenarios.apply', applierOf<Own>(scenarios, () => base).apply) },
    sessions: replica ? { ...sessions, create: inProcess('sessions.create', sessions.create), end: inProcess('sessions.end', sessions.end) } : sessions,
    journal: requests,
    clock: replica ? replicaClock(base) : guardedClock(base),
  };
}

/** The base world's clock as `mock.clock` hands it out: refusing what the clock routes refuse. */
const REPLICA_OVER_HTTP = 'make it over HTTP (POST /__mock/sessions, /__mock/scenarios, /__mock/clock) or with openSession(url), which go through the store';

/** With a store, the clock is read here and set over HTTP, so that the log holds every setting. */
function replicaClock(world: MockWorld): MockClock {
  const refuse = () => {
    throw new TypeError(`mock.clock changes only this process's clock, and with a store (store, --store) every replica must see each change: ${REPLICA_OVER_HTTP}`);
  };
  return { now: world.clock.now, read: world.clock.read, set: refuse, advance: refuse };
}

/** The options a store rules out: each would keep or make a world of its own. */
function refuseWithStore(options: MockOptions): void {
  if (!/^postgres(ql)?:\/\//.test(options.store!)) {
    throw new TypeError(`store (--store, KINDGI_MOCK_STORE) is a PostgreSQL URL, postgres://user:password@host:5432/database, not one that starts "${options.store!.split(':')[0]}:"`);
  }
  if (options.stateFile !== undefined) throw new TypeError('store (--store) keeps every write in the shared store, and a state file (--state) in one process: use one or the other');
  if (options.dates === 'now') throw new TypeError('dates "now" (--dates now) moves the world\'s dates to each start, so replicas started at different times would serve different worlds: with a store, keep dates "world" and set the clock (--clock)');
  if (typeof options.clock === 'function') throw new TypeError('a clock function is this process\'s own time, and replicas sharing a store must share one: give clock as { now, frozen } (--clock), or none');
}

/** A replica of the deployment on `options.store`, which must serve this world with these settings. */
function replicaFor(options: MockOptions, world: World, idSeed: number | undefined, clockSource: () => number, clockStart: ClockSetting | undefined, logger: Logger, checkMs: number): Replica {
  const given = options.cursorSecret ?? (idSeed !== undefined ? cursorSecretOf(idSeed) : undefined);
  // What makes replicas answer alike: the world, and each setting that decides an answer.
  const worldSettings: ReplicaWorldSettings = {
    world: worldFingerprint(world),
    seed: idSeed ?? null,
    checkMs,
    approvalMs: options.approvalMs ?? null,
    clock: clockStart ?? null,
    faults: options.faults ?? {},
    cursorSecret: given === undefined ? null : createHash('sha256').update(given).digest('hex'),
    scenarios: (options.scenarios ?? []).map((scenario) => scenario.name),
  };
  return createReplica({
    url: options.store!,
    ...(options.replicaId !== undefined ? { replicaId: options.replicaId } : {}),
    worldSettings,
    cursorSecret: given ?? randomHexes(32, 1)[0]!,
    cursorSecretGiven: given !== undefined,
    clockSource,
    ...(clockStart ? { startClock: clockStart } : {}),
    startFaults: options.faults ?? {},
    logger,
    ...(options.storeCompactEvery !== undefined ? { compactEvery: options.storeCompactEvery } : {}),
  });
}

function guardedClock(world: MockWorld): MockClock {
  return {
    now: world.clock.now,
    read: world.clock.read,
    set(setting) {
      const problem = clockProblem(world, setting.now);
      if (problem) throw new RangeError(problem);
      world.clock.set(setting);
    },
    advance(ms) {
      if (!Number.isInteger(ms) || ms < 0 || ms > MAX_ADVANCE_MS) throw new RangeError(`advance takes whole milliseconds from 0 to ${MAX_ADVANCE_MS}, not ${ms}`);
      const problem = clockRangeProblem(world.clock.now() + ms);
      if (problem) throw new RangeError(problem);
      world.clock.advance(ms);
    },
  };
}

/** The host name of `--public-url`, as `Host` headers carry it (lower case, no port, IPv6 unbracketed). */
export function publicHostOf(publicUrl: string): string {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    throw new TypeError(`the public URL "${publicUrl}" (publicUrl, --public-url) is not a URL; give one such as https://demo.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`the public URL "${publicUrl}" (publicUrl, --public-url) is not an http or https URL`);
  return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/** The store, restored from the state file (and journalling to it) when there is one; the clock it kept set on `clock` unless `--clock` sets it. */
function storeFor(world: World, options: MockOptions, document: OpenApiDocument, clock: MockClock, logger: Logger): Partial<ReturnType<typeof openRestoredState>> & { store: WorldStore } {
  if (options.stateFile === undefined) return { store: createWorldStore(world, { clock: clock.now }) };
  const source = typeof options.clock === 'function' ? options.clock : Date.now;
  return openRestoredState(options.stateFile, world, {
    document,
    clock: clock.now,
    ...(options.stateFileSystem ? { fileSystem: options.stateFileSystem } : {}),
    ...(typeof options.clock === 'object' ? {} : { onClock: (kept) => clock.set(resumedClock(kept, source())) }),
    ...(options.onStateProgress ? { onProgress: options.onStateProgress } : {}),
    ...(options.stateCompaction ? { compaction: options.stateCompaction } : {}),
    onCompactionFailure: (error) => logger.warn(`kindgi-mock: ${error.message}; it is tried again later`),
  });
}

/** The world to serve, checked like a loaded one whatever its source. */
function worldFor(options: MockOptions, document: OpenApiDocument, logger: Logger): Pick<LoadedWorld, 'world' | 'checks'> & { madeAt?: number } {
  if (options.world === undefined && options.seed === undefined && options.corrections === undefined) {
    const dir = checkedWorldsDirOf(options);
    const checkedWorlds = dir === undefined ? undefined : checkedWorldsIn(dir);
    // Shared with the other mocks of this process that load the same bytes: the store never
    // changes a loaded record in place (world-store.ts), so one parsed copy serves them all.
    const loaded = loadSharedWorldFolder(options.fixturesDir, document, checkedWorlds, options.recheckWorld);
    if (loaded.rememberError) logger.warn(`kindgi-mock: the world passed its checks but could not be remembered in ${checkedWorlds!.dir}: ${loaded.rememberError.message}`);
    return { world: loaded.world, checks: loaded.checks, ...(options.fixturesDir === undefined ? { madeAt: WORLD_NOW } : {}) };
  }
  // A world the caller gives stays the caller's: the store keeps the records it is given uncopied.
  const world = options.world !== undefined ? structuredClone(options.world) : generatedWorld(options.seed, options.corrections);
  validateWorld(world, document);
  return { world, checks: 'ran', ...(options.world === undefined ? { madeAt: WORLD_NOW } : {}) };
}

/** The world of `seed` at `corrections`; at 0, the default size's with neither corrections nor suggested changes. */
function generatedWorld(seed: number | undefined, corrections: number | undefined): World {
  const seedOption = seed !== undefined ? { seed } : {};
  if (corrections === 0) return worldWithoutCorrections(generateWorld(seedOption));
  return generateWorld({ ...seedOption, ...(corrections !== undefined ? { corrections } : {}) });
}

/** Beside the checked worlds; none for `checkedWorldsDir: false`. */
function compiledSpecsOf(options: MockOptions): CompiledSpecCache | undefined {
  const dir = checkedWorldsDirOf(options);
  return dir === undefined ? undefined : compiledSpecCacheIn(dir, checkingCodeDigest());
}

/** `checkedWorldsDir`, else KINDGI_MOCK_CHECKED_WORLDS (read on each call, so tests may set it), else the user's cache; undefined for `false`. */
function checkedWorldsDirOf(options: MockOptions): string | undefined {
  if (options.checkedWorldsDir === false) return undefined;
  return options.checkedWorldsDir ?? (process.env.KINDGI_MOCK_CHECKED_WORLDS || DEFAULT_CHECKED_WORLDS_DIR);
}

/** `answers`: the listener's batch, written out before the connections close. */
function listen(listener: RequestListener, answers: AnswerBatch, port: number, host: string, closeMock: () => void): Promise<RunningMock> {
  return new Promise((resolve, reject) => {
    const server: Server = createMockServer(listener);
    server.listen(port, host);
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        url: `http://${shownHost}:${address.port}`,
        port: address.port,
        close: () => new Promise<void>((done, fail) => {
          server.close((error) => {
            closeMock();
            if (error) fail(error);
            else done();
          });
          answers.flush();
          server.closeAllConnections();
        }),
      });
    });
  });
}
