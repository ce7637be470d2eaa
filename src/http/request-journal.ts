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
  /** With a store (`--store`): the replica that answered it. */
  replica?: string;
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
  /** Another replica's entry: its Authorization as that replica masked it. */
  maskedAuthorization?: string;
  /** Which entry of the journal's life it was (1, 2, …), so a replica can tell which it has shared. */
  number: number;
  /** Another replica's entry (recordEntry): this one does not share it again. */
  elsewhere?: true;
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
  /** Keeps an entry another replica answered (src/replica), as it listed it. */
  recordEntry(entry: JournalEntry): void;
  /**
   * This process's own entries recorded after `mark` (a count of entries, 0 at first) that the
   * journal still holds, oldest first, as listed but each successful answer's body cut to
   * `responseBytes`; and the mark to ask from next time. For a replica to share them.
   */
  ownSince(mark: number, responseBytes: number): { entries: JournalEntry[]; mark: number };
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
  let recorded = 0;
  /** Other replicas' entries taken: they come a little late, so the ring is not in time order then. */
  let fromElsewhere = 0;
  // Newest first by the time each request came, whichever replica answered it (the same order on every replica).
  const listByTime = (filter: JournalFilter, limit: number): JournalEntry[] => {
    const matching: KeptRequest[] = [];
    for (let i = 1; i <= count; i += 1) {
      const kept = ring[(next - i + capacity) % capacity]!;
      if (matchesFilter(kept, filter)) matching.push(kept);
    }
    return matching
      .sort((a, b) => b.at - a.at || (a.requestId < b.requestId ? 1 : -1))
      .slice(0, limit)
      .map(entryOf);
  };
  const ringIn = (kept: KeptRequest) => {
    recorded += 1;
    kept.number = recorded;
    if (capacity > 0) {
      ring[next] = kept;
      next = (next + 1) % capacity;
      count = Math.min(count + 1, capacity);
    }
    if (listeners.size > 0) {
      const entry = entryOf(kept);
      for (const listener of listeners) listener(entry);
    }
  };
  return {
    capacity,
    record(answered) {
      ringIn(keep(answered, ring[next]));
    },
    recordEntry(entry) {
      fromElsewhere += 1;
      ringIn(keptOf(entry));
    },
    ownSince(mark, responseBytes) {
      const entries: JournalEntry[] = [];
      for (let i = Math.min(recorded - mark, count); i >= 1; i -= 1) {
        const kept = ring[(next - i + capacity) % capacity]!;
        if (!kept.elsewhere) entries.push(entryOf(kept.status < 400 && kept.response ? { ...kept, response: cutShared(kept.response, responseBytes) } : kept));
      }
      return { entries, mark: recorded };
    },
    list(filter = {}) {
      const limit = filter.limit ?? 100;
      if (fromElsewhere > 0) return listByTime(filter, limit);
      const found: JournalEntry[] = [];
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
  const kept: KeptRequest = { requestId: answered.requestId, at: answered.at, method: answered.method, path: answered.path, status: answered.status, ms: answered.ms, number: 0 };
  if (answered.principalId !== undefined) kept.principalId = answered.principalId;
  if (answered.sessionId !== undefined) kept.sessionId = answered.sessionId;
  if (answered.authorization !== undefined) kept.authorization = answered.authorization;
  if (answered.replica !== undefined) kept.replica = answered.replica;
  if (answered.violations !== undefined) kept.violations = answered.violations;
  if (requestBody !== undefined) kept.request = cut(utf8(JSON.stringify(requestBody) ?? 'null'), replaced?.request);
  if (responseBytes !== undefined && responseBytes.length > 0) kept.response = cut(responseBytes, replaced?.response);
  if (answered.status >= 400 && responseBytes) {
    const errorCode = errorCodeOf(responseBytes);
    if (errorCode !== undefined) kept.errorCode = errorCode;
  }
  return kept;
}

/** Another replica's entry, kept as it listed it. */
function keptOf(entry: JournalEntry): KeptRequest {
  const kept: KeptRequest = { requestId: entry.requestId, at: Date.parse(entry.at), method: entry.method, path: entry.path, status: entry.status, ms: entry.ms, number: 0, elsewhere: true };
  if (entry.principalId !== undefined) kept.principalId = entry.principalId;
  if (entry.sessionId !== undefined) kept.sessionId = entry.sessionId;
  if (entry.authorization !== undefined) kept.maskedAuthorization = entry.authorization;
  if (entry.replica !== undefined) kept.replica = entry.replica;
  if (entry.violations !== undefined) kept.violations = entry.violations;
  if (entry.errorCode !== undefined) kept.errorCode = entry.errorCode;
  if (entry.requestBody !== undefined) kept.request = { bytes: utf8(entry.requestBody), truncated: entry.requestBodyTruncated === true };
  if (entry.responseBody !== undefined) kept.response = { bytes: utf8(entry.responseBody), truncated: entry.responseBodyTruncated === true };
  return kept;
}

/** A body as shared with other replicas: its first `bytes` (no copy: the text is made from it at once). */
function cutShared(body: KeptBody, bytes: number): KeptBody {
  return body.bytes.length <= bytes ? body : { bytes: body.bytes.subarray(0, bytes), truncated: true };
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
    ...(kept.maskedAuthorization !== undefined ? { authorization: kept.maskedAuthorization } : {}),
    ...(kept.replica !== undefined ? { replica: kept.replica } : {}),
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
