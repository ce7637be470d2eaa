// The transport-neutral request and response the mock's core answers (core.ts), and the exchange:
// one request on its way through the core's stages, with what each stage learned about it.
// Adapters (Express, MSW) translate to and from these; nothing here knows a server or a socket.
import type { Principal } from '../domain/world.ts';
import type { SpecOperation } from '../spec/operations.ts';
import type { SpecValidators } from '../spec/validators.ts';
import type { ApiError } from './api-error.ts';
import { parseQuery, type ParsedQuery } from './query-string.ts';
import type { MockWorld } from './context.ts';

export interface CoreRequest {
  /** In upper case. */
  method: string;
  /** The path as sent, still percent-encoded, without the query. */
  path: string;
  /** The query as sent, without its `?`; empty when there is none. */
  query: string;
  /** By lower-case name; a repeated header's values joined with ", ". */
  headers: Readonly<Record<string, string | undefined>>;
  /** The body's bytes; undefined when the request has no body. */
  body?: Uint8Array;
  /** Why the adapter could not read the body (too large, an encoding it cannot undo): raised where a body is read. */
  bodyProblem?: ApiError;
  /** The caller's address, as the transport saw it; undefined when there is no network (MSW): a caller of this machine. */
  remoteAddress?: string;
  /** `1.1` and such; undefined when the transport has none. */
  httpVersion?: string;
  /**
   * Where an assembled body (a list page) is written, when the adapter reuses memory between
   * answers; it must not reuse it before the answer is out. Fresh memory when undefined.
   */
  bodyMemory?: (length: number) => Uint8Array;
}

/** The adapter's end of a stream: where its chunks go, and how far behind its reader is. */
export interface StreamReader {
  write(chunk: string): void;
  /** Bytes written that the reader has not taken yet and the server still holds (not those in the network's buffers). */
  unsentBytes(): number;
  /** Writes `last` if the reader takes it soon, then ends the stream (cut off if it does not): the reader is gone for good. */
  end(last: string): void;
}

/**
 * What the mock answers to a stream route (`/__mock/requests/stream`): a first chunk, then one
 * per event until the caller goes, or falls too far behind and is dropped. Subscribed before it
 * is answered, so that a failure to subscribe is still an answer in the envelope; what comes
 * before `attach` waits for it.
 */
export interface EventStream {
  first: string;
  /** Delivers every chunk from now on to `reader`, those that waited first. */
  attach(reader: StreamReader): void;
  /** The caller went: no more chunks. */
  close(): void;
}

export interface CoreResponse {
  status: number;
  /** By the header's own spelling (`Content-Type`). */
  headers: Record<string, string>;
  /** Undefined for an answer without a body (204, a preflight). */
  body?: Uint8Array;
  /** Instead of a body, for a stream route. */
  stream?: EventStream;
}

export class Exchange {
  readonly method: string;
  /** Headers to answer with, whatever the answer: the request id, CORS, caching. */
  readonly headers: Record<string, string> = {};
  requestId = '';
  /** The operation the request was matched to, and the validators of its document. */
  operation?: SpecOperation;
  validators?: SpecValidators;
  /** Whether the operation is one of the mock's own (`/__mock`), held to that document. */
  mockAdmin = false;
  params: Record<string, string> = {};
  /** The parsed JSON body; undefined when there is none (or the operation takes none). */
  body: unknown;
  world?: MockWorld;
  worldToken?: string;
  sessionId?: string;
  principal?: Principal;
  /** A write's Idempotency-Key slot, once taken (idempotency.ts). */
  idempotencyKey?: { slot: string; fingerprint: string; expires: number };
  /** The spec violations of the answer, when it broke the spec (send.ts). */
  violations?: unknown[];
  /** Run when the answer is out: releases what the request held. */
  readonly cleanups: Array<() => void> = [];
  private parsedQuery?: ParsedQuery;

  constructor(readonly request: CoreRequest) {
    // HEAD is answered as GET; the adapter leaves the body out.
    this.method = request.method.toUpperCase();
  }

  header(name: string): string | undefined {
    return this.request.headers[name.toLowerCase()];
  }

  /** The query, parsed once (query-string.ts). */
  get query(): ParsedQuery {
    return (this.parsedQuery ??= parseQuery(this.request.query));
  }

  set query(query: ParsedQuery) {
    this.parsedQuery = query;
  }

  /** Whether the request carries a body: bytes, or one the adapter could not read. */
  get hasBody(): boolean {
    return this.request.body !== undefined || this.request.bodyProblem !== undefined;
  }
}
