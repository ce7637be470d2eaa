// Walks a list page by page, and the shared unfiltered walk the filter checks compare against.
import { newestFirst } from '../../src/domain/correction-filter.ts';
import type { Correction } from '../../src/domain/types.ts';
import type { Exchange, Session } from '../types.ts';

export const WALK_PAGE_LIMIT = 100;
/** At most this many pages of the unfiltered list; a larger tenant is checked over its newest part. */
export const MAX_WALK_PAGES = 20;

export interface Walk {
  items: Correction[];
  pages: Exchange[];
  /** False when the walk stopped at MAX_WALK_PAGES, or a page failed. */
  complete: boolean;
}

export async function walk(session: Session, query: string, options: { token?: string; limit?: number; maxPages?: number } = {}): Promise<Walk> {
  const items: Correction[] = [];
  const pages: Exchange[] = [];
  let cursor: string | undefined;
  const limit = options.limit ?? WALK_PAGE_LIMIT;
  for (let page = 0; page < (options.maxPages ?? MAX_WALK_PAGES); page += 1) {
    const parts = [query, `limit=${limit}`, cursor ? `cursor=${encodeURIComponent(cursor)}` : ''].filter(Boolean).join('&');
    const exchange = await session.send('GET', `/v1/corrections?${parts}`, options.token !== undefined ? { token: options.token } : {});
    pages.push(exchange);
    const body = exchange.response.body as { data?: Correction[]; hasMore?: boolean; nextCursor?: string } | undefined;
    if (exchange.response.status !== 200 || !Array.isArray(body?.data)) return { items, pages, complete: false };
    items.push(...body.data);
    if (!body.hasMore || !body.nextCursor) return { items, pages, complete: true };
    cursor = body.nextCursor;
  }
  return { items, pages, complete: false };
}

export interface Baseline {
  /** Every listed correction (removed ones included) newer than `since`, newest first. */
  items: Correction[];
  /** The unfiltered walk itself, as the target listed it (to the list's last page, unless the tenant is large). */
  live: Walk;
  /** The query to add to every walk compared with the baseline: empty, or `since=…` for a large tenant. */
  window: string;
  since?: number;
}

/** The unfiltered list plus the removed ones, for the primary token: what filters are compared with. */
export function baseline(session: Session): Promise<Baseline> {
  return session.memo('baseline', async () => {
    const live = await walk(session, '');
    let since: number | undefined;
    if (!live.complete && live.items.length > 0) since = Date.parse(live.items[live.items.length - 1]!.createdAt) + 1;
    const window = since === undefined ? '' : `since=${encodeURIComponent(new Date(since).toISOString())}`;
    const removed = await walk(session, ['status=removed', window].filter(Boolean).join('&'));
    const inWindow = (c: Correction) => since === undefined || Date.parse(c.createdAt) >= since;
    const items = [...live.items.filter(inWindow), ...removed.items.filter(inWindow)]
      .sort(newestFirst);
    return { items, live, window, ...(since !== undefined ? { since } : {}) };
  });
}
