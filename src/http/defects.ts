// Named defects the contract kit's own tests switch on, to prove each check catches its bug.
// Reachable only through createMock({ defects }) — no flag, no environment variable — and applied
// after the mock's own response validation, as a broken real server would answer. Each is a
// small, realistic bug; test/contracts/defects.test.ts holds the checks each one fails.
import { utf8 } from '../digest.ts';
import { matchesFilter } from '../domain/correction-filter.ts';
import type { Correction, SuggestedChange } from '../domain/types.ts';
import type { Principal } from '../domain/world.ts';
import type { SpecOperation } from '../spec/operations.ts';
import { ApiError, envelope } from './api-error.ts';
import { worldOf, type MockContext, type Reply } from './context.ts';
import type { CursorBinding } from './cursor.ts';
import { behaviouralHandler, LIST_BEHAVIOURS, type ListBehaviour } from './defect-behaviours.ts';
import { byCreation, cursorAfter, forgetKeptPages, pageKeptByAddress, wrongListPage, type ListPage, type WrongList } from './defect-lists.ts';
import type { CoreResponse, Exchange } from './exchange.ts';
import type { OperationHandler } from './routes/read-handlers.ts';
import { jsonResponse } from './send.ts';

/**
 * Behavioural (defect-behaviours.ts): every answer passes the single-answer checks; only a
 * sequence of them, which `--stateful` walks, shows the bug.
 */
export const BEHAVIOURAL_DEFECTS = [
  'status-filter-keeps-superseded',
  'not-fixed-drops-changed-with-owner',
  'resort-not-kept',
  'resort-clears-reopenedIn',
  'resort-revives-removed',
  'fixed-correction-not-superseded',
  'status-change-keeps-reopenedIn',
  'key-reused-with-other-body-replays',
  'change-key-not-kept',
  'list-cache-kept-after-change',
] as const;

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
  'tampered-cursor-500',
  'tampered-cursor-422',
  'errors-as-problem-json',
  'bare-405-body',
  'cacheable-single-read',
  'sorted-by-updatedAt',
  'unfiltered-list-keeps-superseded',
  'unfiltered-list-keeps-removed',
  'inclusive-cursor',
  'next-cursor-on-last-page',
  'default-page-of-50',
  'until-inclusive',
  'status-list-cut-at-two',
  'comma-status-split-once',
  'scope-id-without-kind-ignored',
  'cursor-not-bound-to-filters',
  'cursor-not-bound-to-caller',
  'single-read-drops-why',
  'suggested-change-needs-prefixed-id',
  'unauthenticated-read',
  'unknown-token-gets-empty-workspace',
  'list-cache-ignores-caller',
  'not-found-says-permission-denied',
  'read-ignores-project',
  'non-numeric-limit-as-default',
  'run-id-must-look-like-an-id',
  'change-answer-drops-status-note',
  'removed-correction-change-ignored',
  'pin-final-change-answers-200',
  ...BEHAVIOURAL_DEFECTS,
] as const;

export type Defect = (typeof DEFECTS)[number];

const ALL_STATUSES = 'open,being-fixed,with-owner,fixed,wont-fix,removed';

type Query = Record<string, string | string[]>;

/** Request defects: each changes what a `GET /v1/corrections` asks for, before the handler sees it. */
const LIST_REQUEST_DEFECTS: Partial<Record<Defect, (query: Query) => void>> = {
  'ignore-status-filter': (query) => { delete query.status; },
  'leak-removed': (query) => { if (query.status === undefined) query.status = ALL_STATUSES; },
  '500-on-bad-limit': (query) => {
    if (query.limit !== undefined && !(Number(query.limit) >= 1 && Number(query.limit) <= 100)) throw new Error('defect 500-on-bad-limit: an unchecked limit reached the store');
  },
  // The default page drifted from page 001's 25.
  'default-page-of-50': (query) => { query.limit ??= '50'; },
  // `Number('abc')` is NaN, and NaN falls back to the default instead of being refused.
  'non-numeric-limit-as-default': (query) => { if (typeof query.limit === 'string' && Number.isNaN(Number(query.limit))) delete query.limit; },
  // `<=` where page 001 says `until` is exclusive.
  'until-inclusive': (query) => {
    const until = typeof query.until === 'string' ? Date.parse(query.until) : NaN;
    if (!Number.isNaN(until)) query.until = new Date(until + 1).toISOString();
  },
  // Both forms of `status` cut at two values: `not-fixed` (expanded by the server) alone stays whole.
  'status-list-cut-at-two': (query) => {
    if (Array.isArray(query.status)) query.status = query.status.slice(0, 2);
    else if (typeof query.status === 'string') query.status = query.status.split(',', 2).join(',');
  },
  // `value.split(',', 2)`: the comma form keeps two values, the repeated form all of them.
  'comma-status-split-once': (query) => { if (typeof query.status === 'string') query.status = query.status.split(',', 2).join(','); },
  // A scope needs both halves; the parser drops a lone `scopeId` rather than refusing it.
  'scope-id-without-kind-ignored': (query) => { if (query.scopeId !== undefined && query.scopeKind === undefined) delete query.scopeId; },
  // Ids are opaque (page 001), but this server validates their shape and refuses another.
  'run-id-must-look-like-an-id': (query) => {
    if (typeof query.runId === 'string' && !/^[A-Za-z0-9_-]+$/.test(query.runId)) throw new ApiError('bad-input', 'runId is not an id', { parameter: 'runId' });
  },
};

/**
 * Defects that change what the request asks for, before the handler sees it; returns the handler
 * that answers it: `handler`, or a buggy one of defect-behaviours.ts.
 */
export function defectRequest(defects: ReadonlySet<Defect>, exchange: Exchange, operation: SpecOperation, handler: OperationHandler): OperationHandler {
  if (operation.operationId !== 'listCorrections') return behaviouralHandler(defects, operation) ?? handler;
  const query: Query = { ...(exchange.query as Query) };
  for (const defect of defects) LIST_REQUEST_DEFECTS[defect]?.(query);
  exchange.query = query;
  return handler;
}

/** What a list's cursor is bound to, as the defects leave it (read-handlers.ts seals with it). */
export function listCursorBinding(defects: ReadonlySet<Defect>, caller: Principal, filters: Record<string, unknown>): CursorBinding {
  const binding = { tenantId: caller.tenantId, caller: `${caller.kind}:${caller.id}`, path: '/v1/corrections', filters };
  // Every list answer comes through here: without defects (always, outside the kit's tests) that is all.
  if (defects.size === 0) return binding;
  if (defects.has('unsealed-cursor')) return { tenantId: '', caller: '', path: '', filters: {} };
  if (defects.has('cursor-not-bound-to-filters')) return { ...binding, filters: {} };
  if (defects.has('cursor-not-bound-to-caller')) return { ...binding, tenantId: '', caller: '' };
  return binding;
}

/** An answer on its way out, which reply defects change in place. */
interface Draft {
  exchange: Exchange;
  operation: SpecOperation | undefined;
  ctx: MockContext;
  status: number;
  body: unknown;
  headers: Record<string, string>;
  /** Whether `body` is this draft's own copy yet (the reply's may be stored records, shared). */
  owned: boolean;
}

/** The draft's body, copied first if it is still the reply's: a defect that changes it calls this. */
function editable<T>(draft: Draft): T {
  if (!draft.owned) {
    draft.body = structuredClone(draft.body);
    draft.owned = true;
  }
  return draft.body as T;
}

const is = (draft: Draft, operationId: string) => draft.operation?.operationId === operationId;
const listed = (draft: Draft) => is(draft, 'listCorrections') && draft.status === 200;
const errorOf = (draft: Draft) => (draft.body as { error?: { code?: string; message?: string; details?: Record<string, unknown> } } | undefined)?.error;
const callerOf = (draft: Draft) => draft.exchange.principal as Principal;
const storedCorrection = (draft: Draft) => worldOf(draft.exchange, draft.ctx).store.lookup.correction(draft.exchange.params.correctionId ?? '');
const bindingOf = (draft: Draft) => (caller: Principal, filters: Record<string, unknown>) => listCursorBinding(draft.ctx.defects, caller, filters);

/** The corrections of a correction or list answer, to change. */
function correctionsIn(draft: Draft): Correction[] {
  if (draft.status >= 300 || typeof draft.body !== 'object' || draft.body === null) return [];
  if (is(draft, 'listCorrections')) return editable<{ data: Correction[] }>(draft).data;
  return draft.operation?.operationId.includes('Correction') ? [editable<Correction>(draft)] : [];
}

/** `correction` as the store serves it to a caller who may read its project. */
function readAnyway(draft: Draft, correction: Correction): Correction | undefined {
  const caller = { ...callerOf(draft), tenantId: correction.tenantId, readProjectIds: [correction.projectId] } as Principal;
  return worldOf(draft.exchange, draft.ctx).store.readCorrection(caller, correction.id);
}

function answer(draft: Draft, status: number, body: unknown): void {
  draft.status = status;
  draft.body = body;
  draft.owned = true;
}

const notFound = (draft: Draft, message: string, details: Record<string, unknown>) => answer(draft, 404, envelope('not-found', message, draft.exchange.requestId, details));

/** A list answered by `wrong` rather than by the store. */
const wrongList = (wrong: WrongList) => (draft: Draft) => {
  if (listed(draft)) answer(draft, 200, wrongListPage(draft.exchange, draft.ctx, wrong, bindingOf(draft)));
};

/** A list request with no filter at all (only `limit` and `cursor`): the path a fast "everything" query takes. */
const unfiltered = (draft: Draft) => Object.keys(draft.exchange.query).every((name) => name === 'limit' || name === 'cursor');

/** A cursor refused for its seal (edited, or not this server's), not for its binding or age. */
const tamperedCursor = (draft: Draft) => is(draft, 'listCorrections') && draft.status === 400 && errorOf(draft)?.details?.parameter === 'cursor'
  && !/belongs to another|expired/.test(errorOf(draft)?.message ?? '');

/** A list answered by a behavioural defect's page, when it has one. */
const listBehaviour = (behave: ListBehaviour) => (draft: Draft) => {
  if (!listed(draft)) return;
  const page = behave(draft.exchange, draft.ctx, draft.body as ListPage, bindingOf(draft));
  if (page) answer(draft, 200, page);
};

/** Reply defects, applied in this order (the envelope's and headers' last): each changes the answer after it was validated. */
const REPLY_DEFECTS: Partial<Record<Defect, (draft: Draft) => void>> = {
  'drop-required-field': (draft) => { for (const c of correctionsIn(draft)) delete (c as Partial<Correction>).madeBy; },
  'fixed-without-fixedIn': (draft) => { for (const c of correctionsIn(draft)) if (c.status === 'fixed') delete c.fixedIn; },
  'oldest-first': (draft) => { if (listed(draft)) editable<ListPage>(draft).data.reverse(); },
  'stale-derived-status': (draft) => {
    if (!draft.operation?.operationId.includes('SuggestedChange') || draft.status !== 200) return;
    const change = editable<SuggestedChange>(draft);
    change.status = change.status === 'checking' ? 'ready' : 'checking';
  },
  // The single read checks the project against the caller's list but not its tenant.
  'leak-other-tenant': (draft) => {
    const stored = is(draft, 'getCorrection') && draft.status === 404 ? storedCorrection(draft) : undefined;
    if (stored && stored.tenantId !== callerOf(draft).tenantId) answer(draft, 200, readAnyway(draft, stored));
  },
  // The single read checks the tenant but not the project.
  'read-ignores-project': (draft) => {
    const stored = is(draft, 'getCorrection') && draft.status === 404 ? storedCorrection(draft) : undefined;
    if (stored && stored.tenantId === callerOf(draft).tenantId) answer(draft, 200, readAnyway(draft, stored));
  },
  // The single read was registered without the auth middleware: no token, no tenant, read by id.
  'unauthenticated-read': (draft) => {
    if (!is(draft, 'getCorrection') || draft.status !== 401 || draft.exchange.header('Authorization') !== undefined) return;
    const stored = storedCorrection(draft);
    if (stored) answer(draft, 200, readAnyway(draft, stored));
  },
  // A token nobody holds is treated as a guest who may read nothing.
  'unknown-token-gets-empty-workspace': (draft) => {
    if (draft.status !== 401 || errorOf(draft)?.code !== 'auth-invalid') return;
    if (is(draft, 'listCorrections')) answer(draft, 200, { data: [], hasMore: false });
    else if (is(draft, 'getCorrection')) notFound(draft, 'no such correction', { correctionId: draft.exchange.params.correctionId });
  },
  'forbidden-not-404': (draft) => {
    if (draft.status === 404 && (is(draft, 'getCorrection') || is(draft, 'getSuggestedChange'))) {
      draft.status = 403;
      editable<{ error: { code: string } }>(draft).error.code = 'permission-denied';
    }
  },
  // The status is right, but the code tells the caller the correction exists.
  'not-found-says-permission-denied': (draft) => {
    const stored = is(draft, 'getCorrection') && draft.status === 404 ? storedCorrection(draft) : undefined;
    if (stored && stored.tenantId === callerOf(draft).tenantId) editable<{ error: { code: string } }>(draft).error.code = 'permission-denied';
  },
  // A list cache keyed by the address alone: the first caller's page is every caller's.
  'list-cache-ignores-caller': (draft) => { if (listed(draft)) answer(draft, 200, pageKeptByAddress(draft.exchange, draft.ctx, editable(draft))); },
  // The list is ordered by the last change, not by creation.
  'sorted-by-updatedAt': wrongList({ holds: matchesFilter, keyOf: (c) => ({ t: Date.parse(c.updatedAt), id: c.id }) }),
  // The unfiltered list takes a fast path over every stored correction and forgets to drop the superseded.
  'unfiltered-list-keeps-superseded': (draft) => {
    if (unfiltered(draft)) wrongList({ holds: (c, filter, orgOf) => matchesFilter({ ...c, supersededBy: undefined }, filter, orgOf), keyOf: byCreation })(draft);
  },
  // The same fast path forgets that `removed` is left out unless asked for.
  'unfiltered-list-keeps-removed': (draft) => {
    if (unfiltered(draft)) wrongList({ holds: (c, filter, orgOf) => matchesFilter(c, { ...filter, statuses: ['open', 'being-fixed', 'with-owner', 'fixed', 'wont-fix', 'removed'] }, orgOf), keyOf: byCreation })(draft);
  },
  // `<=` where `<` belongs: a page starts with the last correction of the page before.
  'inclusive-cursor': wrongList({ holds: matchesFilter, keyOf: byCreation, inclusiveCursor: true }),
  // nextCursor is made from the last correction of every page, the last page too.
  'next-cursor-on-last-page': (draft) => {
    if (!listed(draft) || (draft.body as ListPage).hasMore) return;
    const page = editable<ListPage>(draft);
    const cursor = cursorAfter(draft.exchange, draft.ctx, page.data, bindingOf(draft));
    if (cursor) page.nextCursor = cursor;
  },
  // An edited cursor throws while it is decoded: a 500 where page 001 says 400.
  'tampered-cursor-500': (draft) => {
    if (tamperedCursor(draft)) answer(draft, 500, envelope('internal-server-error', 'unexpected end of cursor data', draft.exchange.requestId));
  },
  // An edited cursor is a validation error of the framework's kind: 422, which no page documents.
  'tampered-cursor-422': (draft) => { if (tamperedCursor(draft)) draft.status = 422; },
  // The framework's own 405 body, not the platform's envelope.
  'bare-405-body': (draft) => { if (draft.status === 405) answer(draft, 405, { message: 'Method Not Allowed' }); },
  // The single read's projection leaves out `why`.
  'single-read-drops-why': (draft) => { if (is(draft, 'getCorrection') && draft.status === 200) delete editable<Correction>(draft).why; },
  // The route looks suggested changes up by their prefixed id; a link carries the bare one.
  'suggested-change-needs-prefixed-id': (draft) => {
    if (is(draft, 'getSuggestedChange') && draft.status === 200) notFound(draft, 'no such suggested change', { suggestedChangeId: draft.exchange.params.suggestedChangeId });
  },
  // The PATCH answers before the note is attached (the stored correction has it).
  'change-answer-drops-status-note': (draft) => { if (is(draft, 'changeCorrection') && draft.status === 200) delete editable<Correction>(draft).statusNote; },
  // A change to a removed correction is silently ignored: 200 and the correction as it was.
  'removed-correction-change-ignored': (draft) => {
    const stored = is(draft, 'changeCorrection') && draft.status === 409 ? storedCorrection(draft) : undefined;
    if (stored?.status === 'removed') answer(draft, 200, worldOf(draft.exchange, draft.ctx).store.readCorrection(callerOf(draft), stored.id));
  },
  // Pinning a change that can no longer be pinned answers 200 with the change as it is.
  'pin-final-change-answers-200': (draft) => {
    if (!is(draft, 'pinSuggestedChange') || draft.status !== 409) return;
    const id = String(errorOf(draft)?.details?.suggestedChangeId ?? draft.exchange.params.suggestedChangeId);
    const change = worldOf(draft.exchange, draft.ctx).store.readSuggestedChange(callerOf(draft), id);
    if (change) answer(draft, 200, change);
  },
  ...Object.fromEntries(Object.entries(LIST_BEHAVIOURS).map(([defect, behave]) => [defect, listBehaviour(behave)])),
  'wrong-error-envelope': (draft) => {
    const error = errorOf(draft);
    if (draft.status >= 400 && error) answer(draft, draft.status, { code: error.code, message: error.message });
  },
  'missing-request-id': (draft) => { delete draft.exchange.headers['X-Request-Id']; },
  // A server that knows only routes, not methods: an undocumented method is "no such route", as
  // the platform's conventions say of an unmatched route (the 405 is the mock's reading).
  'method-not-allowed-as-404': (draft) => {
    if (draft.status !== 405) return;
    answer(draft, 404, { error: { ...errorOf(draft), code: 'route-not-found', message: `no route ${draft.exchange.method} ${draft.exchange.request.path}`, details: undefined } });
    dropHeader(draft.headers, 'Allow');
  },
  'drop-retry-after': (draft) => { if (draft.status === 503) dropHeader(draft.headers, 'Retry-After'); },
};

/** Response defects: each changes the answer's headers as sent. */
const RESPONSE_DEFECTS: Partial<Record<Defect, (response: CoreResponse, exchange: Exchange, operation: SpecOperation | undefined) => void>> = {
  // RFC 9457's media type on a body that is not a problem document.
  'errors-as-problem-json': (response) => { if (response.status >= 400) setHeader(response.headers, 'Content-Type', 'application/problem+json; charset=utf-8'); },
  // The single read is cached by browsers and proxies, against the conventions' no-store.
  'cacheable-single-read': (response, _exchange, operation) => {
    if (operation?.operationId === 'getCorrection' && response.status === 200) setHeader(response.headers, 'Cache-Control', 'private, max-age=60');
  },
};

function dropHeader(headers: Record<string, string>, name: string): void {
  for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
}

function setHeader(headers: Record<string, string>, name: string, value: string): void {
  dropHeader(headers, name);
  headers[name] = value;
}

/** The answer to send with the defects in place (send.ts calls it instead of jsonResponse when any is on). */
export function defectResponse(defects: ReadonlySet<Defect>, exchange: Exchange, operation: SpecOperation | undefined, reply: Reply, ctx: MockContext): CoreResponse {
  if (operation && operation.method !== 'get' && defects.has('list-cache-ignores-caller')) forgetKeptPages(ctx);
  const draft: Draft = { exchange, operation, ctx, status: reply.status, body: reply.body, headers: { ...reply.headers }, owned: false };
  for (const [defect, apply] of Object.entries(REPLY_DEFECTS)) if (defects.has(defect as Defect)) apply(draft);
  const response = jsonResponse(exchange, { status: draft.status, headers: draft.headers }, utf8(JSON.stringify(draft.body)));
  for (const [defect, apply] of Object.entries(RESPONSE_DEFECTS)) if (defects.has(defect as Defect)) apply(response, exchange, operation);
  return response;
}
