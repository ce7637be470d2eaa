// `kindgi-mock/msw`: the mock as MSW request handlers, for unit and component tests (`msw/node`)
// and for Storybook or a dev server (`msw/browser`), with no port: the same core the server runs
// (core.ts), so the same statuses, bodies, headers, rules, cursors, idempotency and Prefer.
// Nothing here needs Node: the document and the world are data, hashing is plain JavaScript.
// There is no `/__mock` here (no server to administer): scenarios are applied in process, with
// `apply` and a session's `apply`, through the same catalogue the server's routes call.
import { http, type HttpHandler } from 'msw';
import type { World } from '../domain/world.ts';
import { validateWorld } from '../fixtures/validate-world.ts';
import type { FaultSettings, Logger, MockContext } from '../http/context.ts';
import { createCore } from '../http/core.ts';
import type { Defect } from '../http/defects.ts';
import { createRequestJournal } from '../http/request-journal.ts';
import { READ_HANDLERS } from '../http/routes/read-handlers.ts';
import { WRITE_HANDLERS } from '../http/routes/write-handlers.ts';
import { checkHandlerOptions } from '../mock-options.ts';
import { applierOf, inProcessSession, type InProcessSession, type OwnScenarios, type ScenarioApplier } from '../scenario-appliers.ts';
import { createScenarioCatalogue } from '../scenarios/apply.ts';
import type { Scenario } from '../scenarios/define.ts';
import { embeddedDocument } from '../spec/embedded-document.ts';
import { compileSpecValidators } from '../spec/validators.ts';
import { createWorldStore, type WorldStore } from '../store/world-store.ts';
import { DEFAULT_SEED } from '../fixtures/generate-world.ts';
import { clockSettingOf } from '../worlds/mock-clock.ts';
import { clockProblem, createMockWorld, createWorldClock, DEFAULT_CHECK_MS, type WorldSettings } from '../worlds/mock-world.ts';
import { listedPrincipal, type ListedPrincipal } from '../worlds/principal-listing.ts';
import { seededSessionWorld } from '../worlds/seeded-worlds.ts';
import { sessionWorldOpener } from '../worlds/session-worlds.ts';
import { createSessions, type Session, type SessionOptions } from '../worlds/sessions.ts';
import { fetchResponseOf, mockRequestOf } from './fetch-exchange.ts';

export interface HandlersOptions<Own extends OwnScenarios = OwnScenarios> {
  /** Where the app under test sends its requests: `https://api.kindgi.test`, or a path of the page's own origin (`http://localhost:6006/api`). */
  baseUrl: string;
  /** Serve this world (the fixtures format), checked as the server checks one; the embedded world (`kindgi-mock/world`) by default. */
  world?: World;
  /** Generate the world from this seed (and `corrections`), with ids from its sequence, instead. */
  seed?: number;
  corrections?: number;
  /** Random faults, as `/__mock/faults` takes them; none by default. */
  faults?: FaultSettings;
  /** The clock of writes, cursors, checks and tokens' expiry: a function (epoch ms), or `{ now, frozen? }`. */
  clock?: (() => number) | { now: string | number; frozen?: boolean };
  cursorSecret?: string;
  /** How long a suggested change's check runs (default 1500 ms, on the clock above). */
  checkMs?: number;
  approvalMs?: number;
  onInvalidResponse?: 'error' | 'warn';
  faultSeed?: number;
  logger?: Logger;
  /** Your own scenarios (defineScenario from kindgi-mock/scenarios), applied like the built-in ones; their names and parameters type `apply`. */
  scenarios?: Own;
}

/**
 * `apply(name, params)` builds a scenario in the base world, all or nothing, as
 * `POST /__mock/scenarios/{name}` does on a server: the app's next fetch sees it, `reset()` undoes it.
 */
export interface MockHandlers<Own extends OwnScenarios = []> extends ScenarioApplier<Own> {
  /** For `setupServer(...handlers)` (msw/node) or `setupWorker(...handlers)` (msw/browser). */
  handlers: HttpHandler[];
  /** Who may call, with their tokens, as `GET /__mock/principals` lists them. */
  principals: ListedPrincipal[];
  /** The world's store: read what the app under test wrote. */
  store: WorldStore;
  /** Back to the world as it was made: every write undone, every session ended (the faults and the clock stay). */
  reset(): void;
  /**
   * An isolated world of its own, reached by its own tokens (as `POST /__mock/sessions`, with
   * `corrections` and `scenarios`), with `apply` for its world alone; throws SessionRefusal for
   * an option it does not take or a scenario refused (and then no session opens).
   */
  createSession(options?: SessionOptions): InProcessSession<Own>;
}

/**
 * The mock as MSW handlers answering every operation of the API's document under `baseUrl`.
 * - Async because the embedded world is loaded only when it is served (a bundler splits it off).
 * - Throws TypeError for an option it does not take (a scenario of yours with a name taken, or
 *   params that are no JSON Schema of an object, too), WorldLoadError for a broken `world`, and
 *   RangeError for a clock before the world's newest record.
 */
export async function createHandlers<const Own extends OwnScenarios = []>(options: HandlersOptions<Own>): Promise<MockHandlers<Own>> {
  checkHandlerOptions(options);
  if (options.baseUrl === undefined) throw new TypeError('createHandlers needs a baseUrl: where the app under test sends its requests, such as https://api.kindgi.test');
  const document = embeddedDocument();
  const validators = compileSpecValidators(document);
  const logger = options.logger ?? { warn: (m) => console.warn(m), error: (m) => console.error(m) };
  const embedded = (await import('../world/embedded-world.ts')).default;
  const world = options.world !== undefined ? checkedWorld(structuredClone(options.world), document)
    : options.seed !== undefined || options.corrections !== undefined ? seededSessionWorld(options.seed ?? DEFAULT_SEED, options.corrections, 0, document, () => embedded)
      : embedded;
  const clockStart = typeof options.clock === 'object' ? clockSettingOf(options.clock) : undefined;
  const settings: WorldSettings = {
    clockSource: typeof options.clock === 'function' ? options.clock : Date.now,
    ...(clockStart ? { clockStart } : {}),
    faults: options.faults ?? {},
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.cursorSecret !== undefined ? { cursorSecret: options.cursorSecret } : {}),
    ...(options.faultSeed !== undefined ? { faultSeed: options.faultSeed } : {}),
  };
  const clock = createWorldClock(settings);
  const base = createMockWorld(settings, clock, createWorldStore(world, { clock: clock.now }));
  const startProblem = clockProblem(base, clockStart?.now ?? clock.now());
  if (startProblem) throw new RangeError(startProblem);
  const seededWorld = (seed: number, corrections?: number) => seededSessionWorld(seed, corrections ?? options.corrections, 0, document, () => embedded);
  // As createMock builds it, so that the same names, parameters and refusals hold here.
  const scenarios = createScenarioCatalogue(options.scenarios ? { scenarios: options.scenarios as ReadonlyArray<Scenario<string, never>> } : {});
  const sessions = createSessions(sessionWorldOpener(world, settings, seededWorld), base.clock, undefined, scenarios);
  const ctx: MockContext = {
    document,
    validators,
    logger,
    onInvalidResponse: options.onInvalidResponse ?? 'error',
    checkMs: options.checkMs ?? DEFAULT_CHECK_MS,
    ...(options.approvalMs !== undefined ? { approvalMs: options.approvalMs } : {}),
    base,
    sessions,
    scenarios,
    // No `/__mock` here, so nothing reads a journal.
    journal: createRequestJournal(0),
    defects: new Set<Defect>(),
  };
  const core = createCore(ctx, { ...READ_HANDLERS, ...WRITE_HANDLERS });
  const prefix = baseUrlPrefix(options.baseUrl);
  const handler = http.all(`${prefix.origin}${prefix.path}/*`, async ({ request }) => fetchResponseOf(request, await core.handle(await mockRequestOf(request, prefix.path))));
  return {
    handlers: [handler],
    principals: base.store.principals().map((principal) => listedPrincipal(principal)),
    store: base.store,
    reset() {
      base.reset();
      for (const session of sessions.list()) sessions.end(session.id);
    },
    createSession: (sessionOptions) => inProcessSession<Own>(sessions, scenarios, sessions.create(sessionOptions)),
    apply: applierOf<Own>(scenarios, () => base).apply,
  };
}

/** Worlds a test passes are checked as the server checks a loaded one, so a broken fixture fails at setup, not in a handler. */
function checkedWorld(world: World, document: ReturnType<typeof embeddedDocument>): World {
  validateWorld(world, document);
  return world;
}

/** `https://api.kindgi.test/` → origin and path `''`; `http://localhost:6006/api/` → path `/api`. */
function baseUrlPrefix(baseUrl: string): { origin: string; path: string } {
  const url = new URL(baseUrl);
  if (url.search !== '' || url.hash !== '') throw new TypeError(`createHandlers option baseUrl is where the API's paths start (${url.origin}${url.pathname}): leave out its query and fragment`);
  return { origin: url.origin, path: url.pathname.replace(/\/+$/, '') };
}

export { SessionRefusal } from '../worlds/sessions.ts';
export type { Session, SessionOptions } from '../worlds/sessions.ts';
export { ScenarioRefusal } from '../scenarios/contract.ts';
export type { ScenarioResult } from '../scenarios/contract.ts';
export type { InProcessSession } from '../scenario-appliers.ts';
export type { ListedPrincipal } from '../worlds/principal-listing.ts';
export type { FaultSettings, Logger } from '../http/context.ts';
export type { World } from '../domain/world.ts';
export type { WorldStore } from '../store/world-store.ts';
