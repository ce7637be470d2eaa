// Sessions: isolated worlds for parallel tests, reached by their own tokens. A session's token is
// `<session id>.<a token of its world>`, so the app under test changes nothing but the token it
// sends. Sessions live in memory only (`--state` keeps the base world's writes), and one left idle
// for its TTL, on the mock's clock, ends by itself.
import type { MockWorld } from '../http/context.ts';
import type { MockClock } from './mock-clock.ts';
import type { components } from '../types/mock-admin-api.ts';
import { listedPrincipal } from './principal-listing.ts';

export const DEFAULT_SESSION_TTL_SECONDS = 30 * 60;
export const MAX_SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Open sessions at most: each holds its writes, and a runaway suite should hear about it, not exhaust memory. */
export const MAX_OPEN_SESSIONS = 10_000;
const MAX_NAME_LENGTH = 200;
const SESSION_ID = /^ses_[0-9a-f]{16}$/;

/** What a session takes (`POST /__mock/sessions`' body), as spec/mock-admin.yaml says it. */
export type SessionOptions = components['schemas']['SessionRequest'];

/** A session as `GET /__mock/sessions` lists it. */
export type SessionSummary = components['schemas']['SessionSummary'];

/** A new session: its id, a token of its own for each principal, and when it expires. */
export type Session = components['schemas']['Session'];

/** Why a session could not be opened: a field of the options, or too many open. */
export class SessionRefusal extends Error {
  /** `details`: `{ field }` for a bad value, `{ fields }` for unknown ones, as the /__mock routes' errors say it. */
  constructor(readonly code: 'bad-input' | 'unknown-field' | 'too-many-sessions', message: string, readonly details?: { field: string } | { fields: string[] }) {
    super(message);
    this.name = 'SessionRefusal';
  }
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
   * own, or none at all); else the session's world (undefined when it ended or expired) and the
   * token within that world. Not a use of the session: see touch.
   */
  resolveToken(token: string): { sessionId: string; world: MockWorld | undefined; token: string } | undefined;
  /** A request with one of its tokens was let in: it stays open for another TTL. */
  touch(id: string): void;
  /** How many are open now. */
  size(): number;
}

interface OpenSession {
  summary: Omit<SessionSummary, 'expiresAt' | 'writes'>;
  world: MockWorld;
  lastUsed: number;
}

/**
 * - `openWorld`: a fresh world for a new session (the loaded one, or the seed's).
 * - `clock`: the mock's own clock, which idle time is measured on.
 */
export function createSessions(openWorld: (id: string, seed: number | undefined) => MockWorld, clock: MockClock): Sessions {
  const open = new Map<string, OpenSession>();
  const expiresAt = (session: OpenSession) => session.lastUsed + session.summary.ttlSeconds * 1000;
  /** The open session; `use`: it stays open for another TTL from now. */
  const live = (id: string, use = true): OpenSession | undefined => {
    const session = open.get(id);
    if (!session) return undefined;
    const now = clock.now();
    if (expiresAt(session) <= now) {
      open.delete(id);
      return undefined;
    }
    if (use) session.lastUsed = Math.max(session.lastUsed, now);
    return session;
  };
  const forgetExpired = () => {
    const now = clock.now();
    for (const [id, session] of open) if (expiresAt(session) <= now) open.delete(id);
  };
  const summaryOf = (session: OpenSession): SessionSummary => ({
    ...session.summary,
    expiresAt: new Date(expiresAt(session)).toISOString(),
    writes: session.world.store.writeCount(),
  });
  const withPrincipals = (session: OpenSession): Session => ({
    ...summaryOf(session),
    principals: session.world.store.principals().map((p) => listedPrincipal(p, `${session.summary.id}.${p.token}`)),
  });

  return {
    create(options = {}) {
      checkSessionOptions(options);
      forgetExpired();
      if (open.size >= MAX_OPEN_SESSIONS) {
        throw new SessionRefusal('too-many-sessions', `${MAX_OPEN_SESSIONS} sessions are open, the most the mock keeps: end some (DELETE /__mock/sessions/{id}) or give them a shorter ttlSeconds`);
      }
      const id = `ses_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
      const now = clock.now();
      const session: OpenSession = {
        summary: {
          id,
          ...(options.name !== undefined ? { name: options.name } : {}),
          ...(options.seed !== undefined ? { seed: options.seed } : {}),
          ttlSeconds: options.ttlSeconds ?? DEFAULT_SESSION_TTL_SECONDS,
          createdAt: new Date(now).toISOString(),
        },
        world: openWorld(id, options.seed),
        lastUsed: now,
      };
      open.set(id, session);
      return withPrincipals(session);
    },
    list() {
      forgetExpired();
      return [...open.values()].map(summaryOf);
    },
    get(id) {
      const session = live(id);
      return session && withPrincipals(session);
    },
    world: (id) => live(id)?.world,
    end: (id) => live(id) !== undefined && open.delete(id),
    resolveToken(token) {
      const dot = token.indexOf('.');
      if (dot < 0 || !SESSION_ID.test(token.slice(0, dot))) return undefined;
      const sessionId = token.slice(0, dot);
      // Not a use yet: only a token that names one of its principals keeps it open (touch).
      return { sessionId, world: live(sessionId, false)?.world, token: token.slice(dot + 1) };
    },
    touch: (id) => {
      live(id);
    },
    size: () => open.size,
  };
}

/** Throws SessionRefusal naming the first field of `options` that is not what a session takes. */
export function checkSessionOptions(options: unknown): asserts options is SessionOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new SessionRefusal('bad-input', 'send a JSON object (or no body): { "name"?, "seed"?, "ttlSeconds"? }');
  }
  const fields = options as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((field) => !['name', 'seed', 'ttlSeconds'].includes(field));
  if (unknown.length > 0) throw new SessionRefusal('unknown-field', `unknown field ${unknown.map((f) => `"${f}"`).join(', ')}; a session takes name, seed and ttlSeconds`, { fields: unknown });
  const { name, seed, ttlSeconds } = fields;
  if (name !== undefined && (typeof name !== 'string' || name.length === 0 || name.length > MAX_NAME_LENGTH)) {
    throw new SessionRefusal('bad-input', `name is a string of 1 to ${MAX_NAME_LENGTH} characters`, { field: 'name' });
  }
  if (seed !== undefined && !(Number.isInteger(seed) && (seed as number) >= 0 && (seed as number) <= 2_147_483_647)) {
    throw new SessionRefusal('bad-input', 'seed is a whole number from 0 to 2147483647', { field: 'seed' });
  }
  if (ttlSeconds !== undefined && !(Number.isInteger(ttlSeconds) && (ttlSeconds as number) >= 1 && (ttlSeconds as number) <= MAX_SESSION_TTL_SECONDS)) {
    throw new SessionRefusal('bad-input', `ttlSeconds is whole seconds from 1 to ${MAX_SESSION_TTL_SECONDS} (7 days)`, { field: 'ttlSeconds' });
  }
}
