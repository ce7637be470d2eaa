// Planted list defects that need the whole list rather than one page (see defects.ts): a list
// that selects or orders wrongly yet pages consistently, as a real server's would, and a page
// cache that forgets whose page it kept.
import { matchesFilter, type CorrectionFilter } from '../domain/correction-filter.ts';
import type { Correction } from '../domain/types.ts';
import type { Principal } from '../domain/world.ts';
import { compareKeys, type SortKey } from '../store/keyset.ts';
import { worldOf, type MockContext } from './context.ts';
import type { CursorBinding } from './cursor.ts';
import type { Exchange } from './exchange.ts';
import { parseListQuery } from './list-query.ts';

/** How a planted list goes wrong. */
export interface WrongList {
  /** Whether the list holds `correction` for `filter` (the right answer: `matchesFilter`). */
  holds(correction: Correction, filter: CorrectionFilter, orgOf: (projectId: string) => string | undefined): boolean;
  /** The key the list is ordered and paged by, newest first (the right one: createdAt, id). */
  keyOf(correction: Correction): SortKey;
  /** A cursor's own correction opens the next page again (`<=` where `<` belongs). */
  inclusiveCursor?: boolean;
}

/** The list's own order, newest first: creation time, then id. */
export const byCreation = (c: Correction): SortKey => ({ t: Date.parse(c.createdAt), id: c.id });

export interface ListPage {
  data: Correction[];
  hasMore: boolean;
  nextCursor?: string;
}

/**
 * The page `exchange` asks for, of the list `wrong` describes: the caller's readable corrections
 * it holds, in its order, after the request's cursor, `limit` of them, with a cursor sealed as
 * the mock seals its own (`binding`).
 * - Pages join up (nothing repeats or is skipped unless `inclusiveCursor`), whatever the page
 *   size: a defect planted here is caught by the check of its property, not by the paging checks.
 * - For a request the handler answered 200: its query and cursor were valid.
 */
export function wrongListPage(exchange: Exchange, ctx: MockContext, wrong: WrongList, bindingOf: (caller: Principal, filters: Record<string, unknown>) => CursorBinding): ListPage {
  const caller = exchange.principal as Principal;
  const request = parseListQuery(exchange.query, caller, ctx.validators);
  const world = worldOf(exchange, ctx);
  const cursors = world.cursors.bind(bindingOf(caller, request.cursorFilters));
  const orgOf = (projectId: string) => world.store.lookup.project(projectId)?.orgId;
  const listed = [...world.store.allCorrections()]
    .filter((c) => c.tenantId === caller.tenantId && caller.readProjectIds.includes(c.projectId) && wrong.holds(c, request.filter, orgOf))
    .sort((a, b) => compareKeys(wrong.keyOf(b), wrong.keyOf(a)));
  const opened = request.cursor === undefined ? undefined : cursors.open(request.cursor);
  let start = 0;
  if (opened?.ok) {
    const after = listed.findIndex((c) => {
      const order = compareKeys(wrong.keyOf(c), opened.position);
      return wrong.inclusiveCursor ? order <= 0 : order < 0;
    });
    start = after === -1 ? listed.length : after;
  }
  const data = listed.slice(start, start + request.limit);
  const last = data[data.length - 1];
  const hasMore = start + request.limit < listed.length && last !== undefined;
  return { data, hasMore, ...(hasMore ? { nextCursor: cursors.seal(wrong.keyOf(last)) } : {}) };
}

/** A cursor for the last correction of `data`, sealed as the mock seals its own. */
export function cursorAfter(exchange: Exchange, ctx: MockContext, data: readonly Correction[], bindingOf: (caller: Principal, filters: Record<string, unknown>) => CursorBinding): string | undefined {
  const last = data[data.length - 1];
  if (!last) return undefined;
  const caller = exchange.principal as Principal;
  const request = parseListQuery(exchange.query, caller, ctx.validators);
  return worldOf(exchange, ctx).cursors.bind(bindingOf(caller, request.cursorFilters)).seal({ t: Date.parse(last.createdAt), id: last.id });
}

// Per mock: a cache's life is its server's.
const keptPages = new WeakMap<MockContext, Map<string, unknown>>();

/**
 * A page cache keyed by the request's path and query alone, as a cache that forgets the caller
 * is: the first caller's page is every later caller's, until a write empties it.
 */
export function pageKeptByAddress(exchange: Exchange, ctx: MockContext, body: unknown): unknown {
  let pages = keptPages.get(ctx);
  if (!pages) keptPages.set(ctx, (pages = new Map()));
  const address = `${exchange.request.path}?${exchange.request.query}`;
  if (!pages.has(address)) pages.set(address, body);
  return structuredClone(pages.get(address));
}

/** A write empties the cache (the one thing such a cache gets right). */
export function forgetKeptPages(ctx: MockContext): void {
  keptPages.get(ctx)?.clear();
}
