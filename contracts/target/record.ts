// What the kit saw of the target before and while it checked it: is it the mock, the document it
// serves and how that differs from spec/openapi.yaml, and which optional behaviours it honours.
import type { OpenApiDocument } from '../../src/spec/openapi-types.ts';
import type { Exchange } from '../types.ts';
import { diffDocuments, type DocumentDiff } from './document-diff.ts';

/** A behaviour the kit probed, and what it saw. */
export interface Probed {
  honoured: boolean;
  how: string;
}

/** What scenarios note as they run (each absent when nothing showed it). */
export interface TargetObservations {
  /** An edited cursor was refused (sealed) or taken. */
  cursorsSealed: { sealed: boolean; how: string };
  /** `Prefer: code=503` (the provoked-503 scenario). */
  prefer: Probed;
  /** A repeated write with the same `Idempotency-Key` answered `X-Idempotent-Replay: true` (needs --allow-writes). */
  idempotencyReplay: Probed;
}

export interface ServedDocument {
  status: number;
  /** Why no document could be read (the target was unavailable). */
  error?: string;
  /** The served document's `openapi` and `info`, when it answered one. */
  openapi?: string;
  info?: Record<string, unknown>;
  /** Against spec/openapi.yaml; undefined when nothing usable was served. */
  diff?: DocumentDiff;
}

export interface TargetRecord extends Partial<TargetObservations> {
  baseUrl: string;
  /** `mock`: a kindgi-mock, told by its `/__mock` routes (see isMockAnswer). */
  kind: 'mock' | 'other';
  kindHow: string;
  document: ServedDocument;
  /** The requests-per-second ceiling, and why (`--rps`, or the default for a non-loopback target). */
  pace: { rps: number | undefined; why: string };
  strict: boolean;
}

/** Codes the mock's guard answers a caller it keeps out of `/__mock` with (it still is the mock). */
const MOCK_GUARD_CODES = new Set(['mock-admin-only', 'host-not-allowed']);

/**
 * How the kit tells the mock from any other deployment: `GET /__mock/principals`, a route that
 * only a kindgi-mock serves, answers 200 with its principals (`{ data: [{ token, tenantId … }] }`),
 * or, to a caller it keeps out, 403 with its own `mock-admin-only` / `host-not-allowed` code. A
 * staging server has no such route: 404, or anything else, is "not the mock".
 */
export function isMockAnswer(exchange: Exchange): { mock: boolean; how: string } {
  const { status, body } = exchange.response;
  const data = (body as { data?: unknown } | undefined)?.data;
  if (status === 200 && Array.isArray(data) && data.every((p) => typeof (p as { token?: unknown })?.token === 'string' && typeof (p as { tenantId?: unknown }).tenantId === 'string')) {
    return { mock: true, how: `GET /__mock/principals answered 200 with ${data.length} principals` };
  }
  const code = (body as { error?: { code?: unknown } } | undefined)?.error?.code;
  if (status === 403 && typeof code === 'string' && MOCK_GUARD_CODES.has(code)) return { mock: true, how: `GET /__mock/principals answered 403 ${code}` };
  return { mock: false, how: `GET /__mock/principals answered ${status}: no kindgi-mock there` };
}

/** The served document (GET /v1/openapi.json) as the record states it, compared with the committed one. */
export function servedDocument(exchange: Exchange, committed: OpenApiDocument): ServedDocument {
  const body = exchange.response.body as { openapi?: unknown; info?: unknown; paths?: unknown } | undefined;
  if (exchange.response.status !== 200 || typeof body !== 'object' || body === null || typeof body.paths !== 'object') return { status: exchange.response.status };
  return {
    status: 200,
    ...(typeof body.openapi === 'string' ? { openapi: body.openapi } : {}),
    ...(typeof body.info === 'object' && body.info !== null ? { info: body.info as Record<string, unknown> } : {}),
    diff: diffDocuments(body, committed),
  };
}

/** A hostname that names this machine: 127.0.0.0/8, ::1, localhost and *.localhost. */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || host === '::1' || host === 'localhost' || host.endsWith('.localhost');
}
