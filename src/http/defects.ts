// Named defects the contract kit's own tests switch on, to prove each check catches its bug.
// Reachable only through createMock({ defects }) — no flag, no environment variable — and applied
// after the mock's own response validation, as a broken real server would answer.
import type { Correction, SuggestedChange } from '../domain/types.ts';
import type { SpecOperation } from '../spec/operations.ts';
import { worldOf, type MockContext, type Reply } from './context.ts';
import type { Exchange } from './exchange.ts';

export const DEFECTS = [
  'drop-required-field',
  'ignore-status-filter',
  'leak-removed',
  'oldest-first',
  'unsealed-cursor',
  'forbidden-not-404',
  'missing-request-id',
  'wrong-error-envelope',
  '500-on-bad-limit',
  'leak-other-tenant',
  'fixed-without-fixedIn',
  'stale-derived-status',
  'drop-retry-after',
  'method-not-allowed-as-404',
] as const;

export type Defect = (typeof DEFECTS)[number];

const ALL_STATUSES = 'open,being-fixed,with-owner,fixed,wont-fix,removed';

/** Defects that change what the request asks for, before the handler sees it. */
export function defectRequest(defects: ReadonlySet<Defect>, exchange: Exchange, operation: SpecOperation): void {
  if (operation.operationId !== 'listCorrections') return;
  const query: Record<string, string | string[]> = { ...exchange.query };
  if (defects.has('ignore-status-filter')) delete query.status;
  if (defects.has('leak-removed') && query.status === undefined) query.status = ALL_STATUSES;
  if (defects.has('500-on-bad-limit') && query.limit !== undefined && !(Number(query.limit) >= 1 && Number(query.limit) <= 100)) {
    throw new Error('defect 500-on-bad-limit: an unchecked limit reached the store');
  }
  exchange.query = query;
}

/** Defects that change the answer after it was validated. */
export function defectReply(defects: ReadonlySet<Defect>, exchange: Exchange, operation: SpecOperation | undefined, reply: Reply, ctx: MockContext): Reply {
  let { status, body } = reply;
  const corrections = (): Correction[] => {
    if (status >= 300 || typeof body !== 'object' || body === null) return [];
    if (operation?.operationId === 'listCorrections') return (body as { data: Correction[] }).data;
    return operation?.operationId.includes('Correction') ? [body as Correction] : [];
  };
  body = structuredClone(body);
  if (defects.has('drop-required-field')) for (const c of corrections()) delete (c as Partial<Correction>).madeBy;
  if (defects.has('fixed-without-fixedIn')) for (const c of corrections()) if (c.status === 'fixed') delete c.fixedIn;
  if (defects.has('oldest-first') && operation?.operationId === 'listCorrections' && status === 200) (body as { data: Correction[] }).data.reverse();
  if (defects.has('stale-derived-status') && operation?.operationId.includes('SuggestedChange') && status === 200) {
    const change = body as SuggestedChange;
    change.status = change.status === 'checking' ? 'ready' : 'checking';
  }
  if (defects.has('leak-other-tenant') && operation?.operationId === 'getCorrection' && status === 404) {
    const id = exchange.params.correctionId ?? '';
    const { store } = worldOf(exchange, ctx);
    const stored = store.lookup.correction(id);
    if (stored) {
      const anyone = { ...(exchange.principal as object), tenantId: stored.tenantId, readProjectIds: [stored.projectId] } as Parameters<typeof store.readCorrection>[0];
      status = 200;
      body = store.readCorrection(anyone, id);
    }
  }
  if (defects.has('forbidden-not-404') && status === 404 && (operation?.operationId === 'getCorrection' || operation?.operationId === 'getSuggestedChange')) {
    status = 403;
    (body as { error: { code: string } }).error.code = 'permission-denied';
  }
  if (defects.has('wrong-error-envelope') && status >= 400) {
    const { error } = body as { error: { code: string; message: string } };
    body = { code: error.code, message: error.message };
  }
  if (defects.has('missing-request-id')) delete exchange.headers['X-Request-Id'];
  let headers = reply.headers;
  // A server that knows only routes, not methods: an undocumented method is "no such route", as
  // the platform's conventions say of an unmatched route (the 405 is the mock's reading).
  if (defects.has('method-not-allowed-as-404') && status === 405) {
    status = 404;
    body = { error: { ...(body as { error: object }).error, code: 'route-not-found', message: `no route ${exchange.method} ${exchange.request.path}`, details: undefined } };
    headers = Object.fromEntries(Object.entries(headers ?? {}).filter(([name]) => name.toLowerCase() !== 'allow'));
  }
  if (defects.has('drop-retry-after') && status === 503) {
    headers = Object.fromEntries(Object.entries(headers ?? {}).filter(([name]) => name.toLowerCase() !== 'retry-after'));
  }
  return { ...reply, status, body, ...(headers ? { headers } : {}) };
}
