// Sessions: isolated worlds for parallel tests, reached by their own tokens. A session's tokens
// are random strings of its own (`<session id>_<32 hex digits>`), each standing for a principal of
// its world, so that no string made from one world's token reaches another world. Sessions live
// in memory (`--state` keeps the base world's writes; with a store, the log opens, uses and ends
// them on every replica: SessionLog), and one left idle for its TTL, on the mock's clock, ends by
// itself: a sweep frees its world without waiting for a request. A session may start at another
// size (`corrections`) and with scenarios applied, all or none.
import type { Principal } from '../domain/world.ts';
import type { MockWorld } from '../http/context.ts';
import type { KeptClock, MockClock } from './mock-clock.ts';
import type { components } from '../types/mock-admin-api.ts';
import { listedPrincipal } from './principal-listing.ts';
import { isSeed, MAX_SEED } from '../seeded-random.ts';
import { randomHexes } from '../digest.ts';
import { ScenarioRefusal, type ScenarioCatalogue, type ScenarioResult } from '../scenarios/contract.ts';

export const DEFAULT_SESSION_TTL_SECONDS = 30 * 60;
export const MAX_SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Open sessions at most: each holds its writes, and a runaway suite should hear about it, not exhaust memory. */
export const MAX_OPEN_SESSIONS = 10_000;
const MAX_NAME_LENGTH = 200;
/** The largest world a session may ask for: one that still generates in seconds. */
export const MAX_SESSION_CORRECTIONS = 100_000;
/** Scenarios one session request may apply. */
export const MAX_SESSION_SCENARIOS = 100;
/**
 * What one session request may ask its scenarios to make, added up over their `count`s (1 where a
 * scenario has none): one scenario's most. A larger world is `corrections: N`, generated far faster,
 * or further applications, so that no single request holds the server for long.
 */
export const MAX_SESSION_SCENARIO_RECORDS = 10_000;
const SESSION_FIELDS = ['name', 'seed', 'ttlSeconds', 'corrections', 'scenarios'];
/** A session's token: its id, then 128 random bits. The id says whose it is; only the random part, matched whole, lets one in. */
const SESSION_TOKEN = /^(ses_[0-9a-f]{16})_[0-9a-f]{32}$/;
/**
 * The longest an expired session waits for the sweep that ends it. A clock set or advanced (or a
 * test's own clock function) can move past an expiry at any moment, which no timer can foresee.
 */
export const SESSION_SWEEP_MS = 1000;

/** The session a token names by its form (`ses_…_…`), whether or not it is open; undefined for any other token. */
export const sessionIdOfToken = (token: string): string | undefined => SESSION_TOKEN.exec(token)?.[1];

/** The timers the sweep runs on: the server passes Node's own, so that a test's fake timers neither hold it back nor loop on it. */
export interface SweepTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

// Taken when this module loads, before a test can fake the global ones.
const loadTimeTimers: SweepTimers = {
  setTimeout: globalThis.setTimeout.bind(globalThis),
  clearTimeout: globalThis.clearTimeout.bind(globalThis) as (timer: unknown) => void,
};

/** What a session takes (`POST /__mock/sessions`' body), as spec/mock-admin.yaml says it. */
export type SessionOptions = components['schemas']['SessionRequest'];

/** One scenario of a session request, applied as it opens. */
export type SessionScenario = components['schemas']['SessionScenario'];

/** A session as `GET /__mock/sessions` lists it. */
export type SessionSummary = components['schemas']['SessionSummary'];

/** A new session: its id, a token of its own for each principal, and when it expires. */
export type Session = components['schemas']['Session'];

/**
 * `details` of a refused scenario of the request: which (`scenario`, its index; `name`), and the
 * scenario's own details (`field` of its parameters, or the `rule` that would break).
 */
export interface RefusedScenarioDetails {
  scenario: number;
  name: string;
  [detail: string]: unknown;
}

/** Why a session could not be opened: a field of the options, one of its scenarios, or too many open. */
export class SessionRefusal extends Error {
  /** `details`: `{ field }` for a bad value, `{ fields }` for unknown ones, as the /__mock routes' errors say it. */
  constructor(readonly code: 'bad-input' | 'unknown-field' | 'validation-failed' | 'too-many-sessions', message: string, readonly details?: { field: string } | { fields: string[] } | RefusedScenarioDetails) {
    super(message);
    this.name = 'SessionRefusal';
  }
}

/** A session as a shared store's log carries it (src/replica): what every replica needs to open the same one. */
export interface SessionRecord {
  summary: Omit<SessionSummary, 'expiresAt' | 'writes'>;
  corrections?: number;
  scenarios?: SessionScenario[];
  lastUsed: number;
  /** Its own tokens, each with the world's token it stands for. */
  tokens: [string, string][];
  cursorSecret?: string;
  /** Its clock as it opened, with the real time then, so that a replica that learns of it later runs it on alike. */
  clock?: KeptClock;
}

/**
 * Where the sessions of a replica tell what every replica must learn (src/replica). With it, a
 * session ends only by the log: one idle past its TTL is refused at once, and `expired` asks
 * for its end, which every replica then applies.
 */
export interface SessionLog {
  opened(record: SessionRecord, world: MockWorld): void;
  ended(id: string): void;
  /**
   * A request let in with one of its tokens at `at`. With a log, the session's last use is the
   * last one the log holds (`lastUsed`), so that every replica counts its idle time alike: the
   * replica logs this one when the last is old enough.
   */
  used(id: string, at: number, lastUsed: number, ttlSeconds: number): void;
  /** Idle for its TTL as this replica knows at `at`. */
  expired(id: string, at: number): void;
  /** A cursor secret for a session without a seed, to be carried in its record. */
  newCursorSecret(): string;
}

export interface Sessions {
  /** Throws SessionRefusal for options it does not take, or past MAX_OPEN_SESSIONS. */
  create(options?: SessionOptions): Session;
  list(): SessionSummary[];
  /** The open session, with its principals; undefined when it ended or expired. A use: it stays open for another TTL. */
  get(id: string): Session | undefined;
  /** Its world; undefined when it ended or expired. A use, as `get`. */
  world(id: string): MockWorld | undefined;
  /** Ends it; false when it was not open. */
  end(id: string): boolean;
  /**
   * What a bearer token names: `undefined` for a token that is not a session's (the base world's
   * own, or none at all); else the session it names, its world (undefined when it ended or
   * expired) and the world's token it stands for (undefined when it is none of the session's).
   * Not a use of the session: see touch.
   */
  resolveToken(token: string): { sessionId: string; world: MockWorld | undefined; token: string | undefined } | undefined;
  /** A request with one of its tokens was let in: it stays open for another TTL. */
  touch(id: string): void;
  /**
   * A scenario's result as the session's caller must read it: each principal it names with the
   * session's own token for it (minted now for a principal the scenario added). Not a use.
   */
  inSession(id: string, result: ScenarioResult): ScenarioResult;
  /** How many are open now. */
  size(): number;
  /** Stops the sweep (the mock's close): an expired session is then forgotten only when next looked at. */
  close(): void;
  /** For a replica: opens the session a log entry holds, as it opened on another. */
  adopt(record: SessionRecord): MockWorld;
  /** For a replica: the log ended it; with `at` (an expiry), only if no use the log holds came since. */
  drop(id: string, at?: number): void;
  /** For a replica: a use the log holds. */
  usedAt(id: string, at: number): void;
  /** For a replica: its world, open or expired, without using it. */
  peekWorld(id: string): MockWorld | undefined;
  /** For a replica about to read the log again: forgets every session. */
  clear(): void;
  /** For a replica's snapshot: each session kept, as a log entry opens it, with its last use. */
  records(): SessionRecord[];
}

interface OpenSession {
  summary: Omit<SessionSummary, 'expiresAt' | 'writes'>;
  /** With a log: what opened it, for a snapshot. */
  record?: SessionRecord;
  world: MockWorld;
  lastUsed: number;
  /** Its own tokens, in the order of its world's principals, each to the world's token it stands for. */
  tokens: Map<string, string>;
}

/**
 * - `openWorld`: a fresh world for a new session (the loaded one, or the seed's; `corrections`: at that size).
 * - `clock`: the mock's own clock, which idle time is measured on.
 * - `timers`: what the sweep that ends expired sessions runs on (unref'd where the timer can be:
 *   it never keeps a process alive).
 * - `catalogue`: the scenarios a session request may apply; without it, a request with
 *   `scenarios` is refused.
 */
export function createSessions(
  openWorld: (id: string, seed: number | undefined, corrections?: number, cursorSecret?: string) => MockWorld,
  clock: MockClock,
  timers: SweepTimers = loadTimeTimers,
  catalogue?: ScenarioCatalogue,
  log?: SessionLog,
): Sessions {
  const open = new Map<string, OpenSession>();
  const expiresAt = (session: OpenSession) => session.lastUsed + session.summary.ttlSeconds * 1000;
  // Alone, an expired session is forgotten at once; with a log, its end is asked for, and it goes when the log says.
  const expire = (id: string, now: number) => (log ? log.expired(id, now) : open.delete(id));
  /** The open session; `use`: it stays open for another TTL from now. */
  const live = (id: string, use = true): OpenSession | undefined => {
    const session = open.get(id);
    if (!session) return undefined;
    const now = clock.now();
    if (expiresAt(session) <= now) {
      expire(id, now);
      return undefined;
    }
    if (use) {
      if (log) log.used(id, now, session.lastUsed, session.summary.ttlSeconds);
      else session.lastUsed = Math.max(session.lastUsed, now);
    }
    return session;
  };
  /** Forgets the expired ones; returns when the first of the others expires (Infinity when none is open). */
  const forgetExpired = (): number => {
    const now = clock.now();
    let next = Infinity;
    for (const [id, session] of open) {
      const expiry = expiresAt(session);
      if (expiry <= now) expire(id, now);
      else next = Math.min(next, expiry);
    }
    return next;
  };
  const openCount = () => {
    if (!log) return open.size;
    const now = clock.now();
    let count = 0;
    for (const session of open.values()) if (expiresAt(session) > now) count += 1;
    return count;
  };
  const keep = (session: OpenSession) => {
    open.set(session.summary.id, session);
    armSweep(expiresAt(session) - clock.now());
  };

  // One timer for every session: due at the first expiry, and never further off than
  // SESSION_SWEEP_MS, since the mock's clock may be moved on at any time. None while none is open.
  let sweep: unknown;
  let closed = false;
  const armSweep = (ms: number) => {
    if (closed || sweep !== undefined) return;
    sweep = timers.setTimeout(runSweep, Math.max(0, Math.min(ms, SESSION_SWEEP_MS)));
    (sweep as { unref?: () => void }).unref?.();
  };
  const runSweep = () => {
    sweep = undefined;
    const next = forgetExpired();
    if (open.size > 0) armSweep(next - clock.now());
  };

  const summaryOf = (session: OpenSession): SessionSummary => ({
    ...session.summary,
    expiresAt: new Date(expiresAt(session)).toISOString(),
    writes: session.world.store.writeCount(),
  });
  // A scenario changes principals (grants a project), never makes one: a session's tokens, made as
  // it opens, name every principal its world will have.
  const withPrincipals = (session: OpenSession): Session => ({
    ...summaryOf(session),
    principals: [...session.tokens].map(([own, token]) => listedPrincipal(session.world.store.principalByToken(token)!, own)),
  });

  return {
    create(options = {}) {
      checkSessionOptions(options);
      forgetExpired();
      if (openCount() >= MAX_OPEN_SESSIONS) {
        throw new SessionRefusal('too-many-sessions', `${MAX_OPEN_SESSIONS} sessions are open, the most the mock keeps: end some (DELETE /__mock/sessions/{id}) or give them a shorter ttlSeconds`);
      }
      const id = `ses_${randomHexes(8, 1)[0]!}`;
      const now = clock.now();
      const cursorSecret = log && options.seed === undefined ? log.newCursorSecret() : undefined;
      const world = openWorld(id, options.seed, options.corrections, cursorSecret);
      // Before the session is kept: one refused, and it never opened.
      const applied = applyRequested(world, options.scenarios ?? [], catalogue);
      if (applied.length > 0) reapplyOnReset(world, options.scenarios!, catalogue!);
      const session: OpenSession = {
        summary: {
          id,
          ...(options.name !== undefined ? { name: options.name } : {}),
          ...(options.seed !== undefined ? { seed: options.seed } : {}),
          ttlSeconds: options.ttlSeconds ?? DEFAULT_SESSION_TTL_SECONDS,
          createdAt: new Date(now).toISOString(),
        },
        world,
        lastUsed: now,
        tokens: ownTokens(id, world.store.principals()),
      };
      if (log) {
        session.record = {
          summary: session.summary,
          ...(options.corrections !== undefined ? { corrections: options.corrections } : {}),
          ...(applied.length > 0 ? { scenarios: options.scenarios! } : {}),
          lastUsed: now,
          tokens: [...session.tokens],
          ...(cursorSecret !== undefined ? { cursorSecret } : {}),
        };
        log.opened(session.record, world);
      }
      keep(session);
      const opened = withPrincipals(session);
      return { ...opened, ...(options.scenarios !== undefined ? { scenarios: applied.map((result) => withOwnTokens(session, result)) } : {}) };
    },
    list() {
      forgetExpired();
      const now = clock.now();
      // With a log, an expired session waits in `open` for its end: it is not listed meanwhile.
      return [...open.values()].filter((session) => expiresAt(session) > now).map(summaryOf);
    },
    get(id) {
      const session = live(id);
      return session && withPrincipals(session);
    },
    world: (id) => live(id)?.world,
    end(id) {
      if (live(id, false) === undefined) return false;
      open.delete(id);
      log?.ended(id);
      return true;
    },
    resolveToken(token) {
      const sessionId = sessionIdOfToken(token);
      if (sessionId === undefined) return undefined;
      // Not a use yet: only a token that names one of its principals keeps it open (touch).
      const session = live(sessionId, false);
      return { sessionId, world: session?.world, token: session?.tokens.get(token) };
    },
    touch: (id) => {
      live(id);
    },
    inSession(id, result) {
      const session = live(id, false);
      return session ? withOwnTokens(session, result) : result;
    },
    size: openCount,
    close() {
      closed = true;
      if (sweep !== undefined) timers.clearTimeout(sweep);
      sweep = undefined;
    },
    adopt(record) {
      const { summary } = record;
      const world = openWorld(summary.id, summary.seed, record.corrections, record.cursorSecret);
      if (record.scenarios && catalogue) reapplyOnReset(world, record.scenarios, catalogue);
      keep({ summary, record, world, lastUsed: record.lastUsed, tokens: new Map(record.tokens) });
      return world;
    },
    drop(id, at) {
      const session = open.get(id);
      if (session && (at === undefined || expiresAt(session) <= at)) open.delete(id);
    },
    usedAt(id, at) {
      const session = open.get(id);
      if (session) session.lastUsed = Math.max(session.lastUsed, at);
    },
    peekWorld: (id) => open.get(id)?.world,
    clear: () => open.clear(),
    records: () => [...open.values()].flatMap((session) => (session.record ? [{ ...session.record, lastUsed: session.lastUsed }] : [])),
  };
}

/** `result` with the session's own token for each principal it names (the world's token reaches no session). */
function withOwnTokens(session: OpenSession, result: ScenarioResult): ScenarioResult {
  if (!result.principals) return result;
  const own = new Map<string, string>();
  for (const [ownToken, token] of session.tokens) own.set(token, ownToken);
  const principals = Object.fromEntries(Object.entries(result.principals).map(([role, p]) => [role, { ...p, token: own.get(p.token) ?? p.token }]));
  return { ...result, principals };
}

/**
 * Applies the request's scenarios to a new session's world, in order.
 * - Throws SessionRefusal for the first one refused, naming it (`details.scenario`, its index,
 *   and `name`): an unknown name is `bad-input`, and a refusal keeps its own code and details.
 */
function applyRequested(world: MockWorld, requested: readonly SessionScenario[], catalogue: ScenarioCatalogue | undefined): ScenarioResult[] {
  if (requested.length > 0 && !catalogue) throw new SessionRefusal('bad-input', 'this mock applies no scenarios', { field: 'scenarios' });
  return requested.map(({ name, params }, index) => {
    const which = { scenario: index, name };
    if (!catalogue!.has(name)) {
      throw new SessionRefusal('bad-input', `scenarios[${index}]: no scenario ${name}; GET /__mock/scenarios lists them`, { ...which, field: `scenarios[${index}].name` });
    }
    try {
      return catalogue!.apply(world, name, params ?? {});
    } catch (error) {
      if (!(error instanceof ScenarioRefusal)) throw error;
      const code = error.code === 'validation-failed' ? 'validation-failed' : 'bad-input';
      const field = typeof error.details?.field === 'string' ? { field: `scenarios[${index}].params.${error.details.field}` } : {};
      throw new SessionRefusal(code, `scenarios[${index}] (${name}): ${error.message}; no session was opened`, { ...error.details, ...which, ...field });
    }
  });
}

/**
 * A reset of a session opened with scenarios goes back to the world as it opened: as loaded, then
 * the same scenarios (with a seed, on the same ids).
 */
function reapplyOnReset(world: MockWorld, requested: readonly SessionScenario[], catalogue: ScenarioCatalogue): void {
  const resetToLoaded = () => world.resetToLoaded();
  world.reset = () => {
    resetToLoaded();
    try {
      for (const { name, params } of requested) catalogue.apply(world, name, params ?? {});
    } catch (error) {
      // Never half of them: a scenario of the user's that fails now leaves the world as loaded.
      resetToLoaded();
      throw error;
    }
  };
}

/** A session's own token for each principal of its world (128 random bits each), to the world's token it stands for. */
function ownTokens(sessionId: string, principals: readonly Principal[]): Map<string, string> {
  const random = randomHexes(16, principals.length);
  return new Map(principals.map((p, i) => [`${sessionId}_${random[i]!}`, p.token]));
}

/** Throws SessionRefusal naming the first field of `options` that is not what a session takes. */
export function checkSessionOptions(options: unknown): asserts options is SessionOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new SessionRefusal('bad-input', 'send a JSON object (or no body): { "name"?, "seed"?, "ttlSeconds"?, "corrections"?, "scenarios"? }');
  }
  const fields = options as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((field) => !SESSION_FIELDS.includes(field));
  if (unknown.length > 0) throw new SessionRefusal('unknown-field', `unknown field ${unknown.map((f) => `"${f}"`).join(', ')}; a session takes name, seed, ttlSeconds, corrections and scenarios`, { fields: unknown });
  const { name, seed, ttlSeconds, corrections, scenarios } = fields;
  if (name !== undefined && (typeof name !== 'string' || name.length === 0 || name.length > MAX_NAME_LENGTH)) {
    throw new SessionRefusal('bad-input', `name is a string of 1 to ${MAX_NAME_LENGTH} characters`, { field: 'name' });
  }
  if (seed !== undefined && !isSeed(seed)) {
    throw new SessionRefusal('bad-input', `seed is a whole number from 0 to ${MAX_SEED}`, { field: 'seed' });
  }
  if (ttlSeconds !== undefined && !(Number.isInteger(ttlSeconds) && (ttlSeconds as number) >= 1 && (ttlSeconds as number) <= MAX_SESSION_TTL_SECONDS)) {
    throw new SessionRefusal('bad-input', `ttlSeconds is whole seconds from 1 to ${MAX_SESSION_TTL_SECONDS} (7 days)`, { field: 'ttlSeconds' });
  }
  if (corrections !== undefined && !(Number.isInteger(corrections) && (corrections as number) >= 0 && (corrections as number) <= MAX_SESSION_CORRECTIONS)) {
    throw new SessionRefusal('bad-input', `corrections is the world's size, a whole number from 0 to ${MAX_SESSION_CORRECTIONS}`, { field: 'corrections' });
  }
  if (scenarios !== undefined) checkSessionScenarios(scenarios);
}

/** `scenarios`: a list of `{ name, params? }`, their names and parameters checked when applied. */
function checkSessionScenarios(scenarios: unknown): void {
  if (!Array.isArray(scenarios) || scenarios.length > MAX_SESSION_SCENARIOS) {
    throw new SessionRefusal('bad-input', `scenarios is a list of at most ${MAX_SESSION_SCENARIOS} { "name", "params"? }`, { field: 'scenarios' });
  }
  scenarios.forEach((step: unknown, index) => {
    const at = `scenarios[${index}]`;
    const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
    if (!isObject(step)) throw new SessionRefusal('bad-input', `${at} is an object: { "name", "params"? }`, { field: at });
    const unknown = Object.keys(step).filter((field) => field !== 'name' && field !== 'params');
    if (unknown.length > 0) throw new SessionRefusal('unknown-field', `unknown field ${unknown.map((f) => `"${at}.${f}"`).join(', ')}; a scenario takes name and params`, { fields: unknown.map((f) => `${at}.${f}`) });
    if (typeof step.name !== 'string' || step.name === '') throw new SessionRefusal('bad-input', `${at}.name names a scenario (GET /__mock/scenarios)`, { field: `${at}.name` });
    if (step.params !== undefined && !isObject(step.params)) throw new SessionRefusal('bad-input', `${at}.params is the scenario's parameters object`, { field: `${at}.params` });
  });
  // Before anything is built; a `count` that is not a number is the scenario's own bad-input later.
  const asked = scenarios.reduce((sum: number, step: { params?: { count?: unknown } }) => sum + (typeof step.params?.count === 'number' && step.params.count > 1 ? step.params.count : 1), 0);
  if (asked > MAX_SESSION_SCENARIO_RECORDS) {
    throw new SessionRefusal('bad-input', `scenarios ask for ${asked} records in all (their counts added up); one request makes at most ${MAX_SESSION_SCENARIO_RECORDS}: ask for a larger world with "corrections", or apply more scenarios afterwards (POST /__mock/sessions/{id}/scenarios/{name})`, { field: 'scenarios' });
  }
}
