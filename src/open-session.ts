// `openSession(url, options)`: a session of a running mock (`POST /__mock/sessions`), as a test
// wants it: its tokens by role, its scenarios applied, `apply` for more, and `end`.
// Only the global fetch, so the same helper runs in Node 20, a browser and Playwright's page.
import type { ListedPrincipal } from './worlds/principal-listing.ts';
import type { ScenarioResult } from './scenarios/contract.ts';
// Types only: nothing of the mock itself is loaded where this runs (a browser, a test runner).
import type { ScenarioName, ScenarioParamsOf } from './scenarios/index.ts';

/** One scenario the session applies as it opens: a built-in's parameters are typed, as `apply`'s are. */
export interface SessionScenarioStep<Name extends ScenarioName = ScenarioName> {
  name: Name;
  params?: ScenarioParamsOf<Name>;
}

/** Each step of `scenarios` checked against its own name's parameters (a union of names would let a step take another's). */
export type CheckedSteps<Steps extends readonly { name: string }[]> = { [Index in keyof Steps]: SessionScenarioStep<Steps[Index]['name']> };

export interface OpenSessionOptions<Steps extends readonly { name: string }[] = readonly SessionScenarioStep[]> {
  /** Shown in `GET /__mock/sessions`, e.g. the test's name. */
  name?: string;
  /** Start from the world generated from this seed; new ids come from its sequence. */
  seed?: number;
  /** How long the session lives without a request (default 1800). */
  ttlSeconds?: number;
  /** A world of this many corrections (the seed's, or the default seed's); `0`: the mock's world with its tenants, projects, principals, agents and runs but no correction or suggested change. */
  corrections?: number;
  /** Applied in order as the session opens; what each made is in `scenarios` of the answer. */
  scenarios?: Steps & CheckedSteps<Steps>;
  /** Sent as `X-Mock-Admin-Token`, for a mock on another machine started with `--admin-token`. */
  adminToken?: string;
}

/**
 * A session token for each kind of caller a test usually wants, picked from the session's
 * principals in the order `/__mock/principals` lists them, skipping any with an expiry or a
 * revocation (those exist to be refused):
 * - `admin`: the first user with role admin; `member`: the first user with role member who may
 *   change some project;
 * - `service`: the first service token that does not act for end users; `app`: the first that does
 *   (send `participantId` with it). Absent when the world has none.
 */
export interface SessionTokens {
  admin: string;
  member: string;
  service?: string;
  app?: string;
}

export interface OpenedSession {
  id: string;
  tokens: SessionTokens;
  /** Every principal of the session's world, each with the session's own token. */
  principals: ListedPrincipal[];
  /** What each of `options.scenarios` made, in order. */
  scenarios: ScenarioResult[];
  /** Applies a scenario to this session's world (`POST /__mock/sessions/{id}/scenarios/{name}`). */
  apply<Name extends ScenarioName>(name: Name, params?: ScenarioParamsOf<Name>): Promise<ScenarioResult<ScenarioParamsOf<Name>>>;
  /** Ends the session (`DELETE /__mock/sessions/{id}`): its tokens are 401 from then on. Ending one already ended is not an error. */
  end(): Promise<void>;
}

/** A `/__mock` answer that was not 2xx, with the envelope's code, message and details. */
export class MockAdminError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'MockAdminError';
  }
}

interface SessionAnswer {
  id: string;
  principals: ListedPrincipal[];
  scenarios?: ScenarioResult[];
}

/**
 * Opens a session of the mock at `url` (its root, e.g. `http://127.0.0.1:4010`).
 * - Rejects with MockAdminError for a refused request (a bad option, an unknown scenario, a
 *   scenario the world cannot hold), with the status and the envelope's code and message; a
 *   session whose scenarios were refused is not left open.
 * - Rejects with a plain Error when the session's world has no admin or member user to give a token.
 */
export async function openSession<const Steps extends readonly { name: string }[] = []>(url: string, options: OpenSessionOptions<Steps> = {}): Promise<OpenedSession> {
  const { adminToken, ...request } = options;
  const call = adminCaller(url, adminToken);
  const answer = await call<SessionAnswer>('POST', '/__mock/sessions', request);
  const end = async () => {
    try {
      await call('DELETE', `/__mock/sessions/${answer.id}`);
    } catch (error) {
      if (!(error instanceof MockAdminError && error.status === 404)) throw error;
    }
  };
  let tokens: SessionTokens;
  try {
    tokens = tokensOf(answer.principals);
  } catch (error) {
    await end();
    throw error;
  }
  return {
    id: answer.id,
    tokens,
    principals: answer.principals,
    scenarios: answer.scenarios ?? [],
    apply: (name, params) => call('POST', `/__mock/sessions/${answer.id}/scenarios/${encodeURIComponent(name)}`, params ?? {}),
    end,
  };
}

/** The picks `SessionTokens` documents. */
export function tokensOf(principals: readonly ListedPrincipal[]): SessionTokens {
  const usable = principals.filter((p) => p.expiresAt === undefined && p.revokedAt === undefined);
  const admin = usable.find((p) => p.kind === 'user' && p.role === 'admin');
  const member = usable.find((p) => p.kind === 'user' && p.role === 'member' && p.writableProjectIds.length > 0);
  if (!admin || !member) throw new Error(`openSession: the session's world has no usable ${admin ? 'member' : 'admin'} user to give a token (its principals: ${principals.map((p) => p.id).join(', ')})`);
  const service = usable.find((p) => p.kind === 'service' && !p.actsForEndUsers);
  const app = usable.find((p) => p.kind === 'service' && p.actsForEndUsers);
  return { admin: admin.token, member: member.token, ...(service ? { service: service.token } : {}), ...(app ? { app: app.token } : {}) };
}

/** Calls `/__mock` routes of the mock at `url`, answering the parsed body or throwing MockAdminError. */
function adminCaller(url: string, adminToken: string | undefined) {
  const root = url.replace(/\/+$/, '');
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${root}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(adminToken !== undefined ? { 'X-Mock-Admin-Token': adminToken } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    const parsed = parseJson(text);
    if (!response.ok) throw refusalOf(method, path, response.status, parsed, text);
    return parsed as T;
  };
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The envelope's code and message; a body that is not one (a proxy's page) is named as such. */
function refusalOf(method: string, path: string, status: number, parsed: unknown, text: string): MockAdminError {
  const error = (parsed as { error?: { code?: unknown; message?: unknown; details?: Record<string, unknown>; requestId?: unknown } } | undefined)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    return new MockAdminError(status, error.code, `${method} ${path}: ${status} ${error.code}: ${error.message}`, error.details, typeof error.requestId === 'string' ? error.requestId : undefined);
  }
  return new MockAdminError(status, 'not-an-envelope', `${method} ${path}: ${status}, and a body that is not the mock's error envelope: ${text.slice(0, 200)}`);
}
