// The request journal: the last requests the mock answered, newest first, to see what an app
// sent and why it was refused (`GET /__mock/requests`, its stream, `mock.journal`). A bounded
// ring of bounded entries: each keeps its first JOURNAL_BODY_BYTES of each body, copied (a slice
// would hold on to a whole page) into the memory of the entry it replaces, and makes its text only
// when read.
import { fromUtf8, utf8 } from '../digest.ts';
import type { components } from '../types/mock-admin-api.ts';

export const DEFAULT_JOURNAL_SIZE = 1000;
export const MAX_JOURNAL_SIZE = 100_000;
/** Bytes of each body an entry shows; past it, the text is cut and `…Truncated` says so. */
export const JOURNAL_BODY_BYTES = 8 * 1024;

/** What the HTTP layer hands the journal when an answer has gone out. */
export interface AnsweredRequest {
  requestId: string;
  at: number;
  method: string;
  path: string;
  status: number;
  ms: number;
  principalId?: string;
  sessionId?: string;
  authorization?: string;
  /** The parsed request body, as the handlers saw it. */
  requestBody?: unknown;
  /** The bytes sent. */
  responseBytes?: Uint8Array;
  /** The violations of an answer that broke the document (`response-invalid`). */
  violations?: unknown[];
}

/** What the ring holds of an answered request: its bodies cut to JOURNAL_BODY_BYTES. */
interface KeptRequest extends Omit<AnsweredRequest, 'requestBody' | 'responseBytes'> {
  request?: KeptBody;
  response?: KeptBody;
  errorCode?: string;
}

interface KeptBody {
  bytes: Uint8Array;
  truncated: boolean;
}

/** One entry as the routes answer it, as spec/mock-admin.yaml's `JournalEntry` says it. */
export type JournalEntry = components['schemas']['JournalEntry'];

export interface JournalFilter {
  limit?: number;
  /** An exact status (`404`) or a class (`4` for 4xx). */
  status?: { exact: number } | { class: number };
  /** Entries whose path (with its query) contains this. */
  path?: string;
}

export interface RequestJournal {
  /** How many entries it keeps at most; 0 keeps none. */
  readonly capacity: number;
  record(answered: AnsweredRequest): void;
  /** Newest first. */
  list(filter?: JournalFilter): JournalEntry[];
  /** Called with each entry from now on; returns the unsubscribe. */
  subscribe(listener: (entry: JournalEntry) => void): () => void;
}

export function createRequestJournal(capacity = DEFAULT_JOURNAL_SIZE): RequestJournal {
  const ring: Array<KeptRequest | undefined> = new Array(capacity);
  let next = 0;
  let count = 0;
  const listeners = new Set<(entry: JournalEntry) => void>();
  return {
    capacity,
    record(answered) {
      const kept = keep(answered, ring[next]);
      if (capacity > 0) {
        ring[next] = kept;
        next = (next + 1) % capacity;
        count = Math.min(count + 1, capacity);
      }
      if (listeners.size > 0) {
        const entry = entryOf(kept);
        for (const listener of listeners) listener(entry);
      }
    },
    list(filter = {}) {
      const found: JournalEntry[] = [];
      const limit = filter.limit ?? 100;
      for (let i = 1; i <= count && found.length < limit; i += 1) {
        const answered = ring[(next - i + capacity) % capacity]!;
        if (matchesFilter(answered, filter)) found.push(entryOf(answered));
      }
      return found;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Whether a request (answered, or an entry) is one the filter's status and path keep. */
export function matchesFilter(request: { status: number; path: string }, filter: JournalFilter): boolean {
  const { status, path } = filter;
  if (status && ('exact' in status ? request.status !== status.exact : Math.floor(request.status / 100) !== status.class)) return false;
  return path === undefined || request.path.includes(path);
}

/** `replaced`: the entry this one takes the place of in the ring, whose memory it reuses. */
function keep(answered: AnsweredRequest, replaced: KeptRequest | undefined): KeptRequest {
  const { requestBody, responseBytes } = answered;
  // Named, not spread: this runs for every answer.
  const kept: KeptRequest = { requestId: answered.requestId, at: answered.at, method: answered.method, path: answered.path, status: answered.status, ms: answered.ms };
  if (answered.principalId !== undefined) kept.principalId = answered.principalId;
  if (answered.sessionId !== undefined) kept.sessionId = answered.sessionId;
  if (answered.authorization !== undefined) kept.authorization = answered.authorization;
  if (answered.violations !== undefined) kept.violations = answered.violations;
  if (requestBody !== undefined) kept.request = cut(utf8(JSON.stringify(requestBody) ?? 'null'), replaced?.request);
  if (responseBytes !== undefined && responseBytes.length > 0) kept.response = cut(responseBytes, replaced?.response);
  if (answered.status >= 400 && responseBytes) {
    const errorCode = errorCodeOf(responseBytes);
    if (errorCode !== undefined) kept.errorCode = errorCode;
  }
  return kept;
}

/** The first JOURNAL_BODY_BYTES of `bytes`, copied into `reused`'s memory when it is large enough: a fresh array per entry cost more than the copy. */
function cut(bytes: Uint8Array, reused: KeptBody | undefined): KeptBody {
  const length = Math.min(bytes.length, JOURNAL_BODY_BYTES);
  const memory = reused !== undefined && reused.bytes.buffer.byteLength >= length ? new Uint8Array(reused.bytes.buffer, 0, length) : new Uint8Array(length);
  memory.set(bytes.subarray(0, length));
  return { bytes: memory, truncated: bytes.length > length };
}

function entryOf(kept: KeptRequest): JournalEntry {
  const request = kept.request && { text: fromUtf8(kept.request.bytes), truncated: kept.request.truncated };
  const response = kept.response && { text: fromUtf8(kept.response.bytes), truncated: kept.response.truncated };
  return {
    requestId: kept.requestId,
    at: new Date(kept.at).toISOString(),
    method: kept.method,
    path: kept.path,
    status: kept.status,
    ms: kept.ms,
    ...(kept.principalId !== undefined ? { principalId: kept.principalId } : {}),
    ...(kept.sessionId !== undefined ? { sessionId: kept.sessionId } : {}),
    ...(kept.errorCode !== undefined ? { errorCode: kept.errorCode } : {}),
    ...(kept.violations ? { violations: kept.violations } : {}),
    ...(kept.authorization !== undefined ? { authorization: masked(kept.authorization) } : {}),
    ...(request ? { requestBody: request.text, ...(request.truncated ? { requestBodyTruncated: true as const } : {}) } : {}),
    ...(response ? { responseBody: response.text, ...(response.truncated ? { responseBodyTruncated: true as const } : {}) } : {}),
  };
}

function errorCodeOf(bytes: Uint8Array): string | undefined {
  try {
    const code = (JSON.parse(fromUtf8(bytes)) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** `Bearer kgm_admin_5ea5a8ddb1c740ce0b4e` → `Bearer kgm_admin_…`: enough to tell whose, not enough to use. */
export function masked(authorization: string): string {
  const [scheme, ...rest] = authorization.split(' ');
  const credential = rest.join(' ');
  if (credential === '') return `${(scheme ?? '').slice(0, 10)}…`;
  return `${scheme} ${credential.slice(0, Math.min(10, Math.floor(credential.length / 2)))}…`;
}
