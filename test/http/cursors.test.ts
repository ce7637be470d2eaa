// Sealed cursors of GET /v1/corrections (page 001, conventions "Lists"): walking pages never
// repeats or skips, a cursor is bound to its list, filters and caller for a day, and anything
// else is refused with 400 bad-input. Expected lists come from the fixtures JSON, worked out here.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Correction } from '../../src/domain/types.ts';
import type { Principal } from '../../src/domain/world.ts';
import { createCursorSealer, CURSOR_LIFETIME_MS } from '../../src/http/cursor.ts';
import { startMock, type Answer, type TestMock, type TokenName } from './support.ts';

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8')) as T;
const CORRECTIONS = fixture<Correction[]>('corrections.json');
const PRINCIPALS = fixture<Principal[]>('principals.json');

const DAY_MS = 24 * 60 * 60 * 1000;
const START_AGAIN = 'Start the list again without a cursor.';

const principal = (name: TokenName): Principal => {
  const found = PRINCIPALS.find((p) => p.token.startsWith(`kgm_${name}_`));
  if (!found) throw new Error(`no principal ${name} in principals.json`);
  return found;
};

/** Newest first by createdAt; equal times by id, descending. */
const newestFirst = (a: Pick<Correction, 'createdAt' | 'id'>, b: Pick<Correction, 'createdAt' | 'id'>) => {
  const byTime = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
};

/** The list for `who` by page 001's base rules (own tenant, readable project, live, not removed), then `keep`. */
function expectedIds(who: TokenName, keep: (c: Correction) => boolean = () => true, statuses?: readonly string[]): string[] {
  const caller = principal(who);
  return CORRECTIONS
    .filter((c) => c.tenantId === caller.tenantId && caller.readProjectIds.includes(c.projectId))
    .filter((c) => c.supersededBy === undefined)
    .filter((c) => (statuses ? statuses.includes(c.status) : c.status !== 'removed'))
    .filter(keep)
    .sort(newestFirst)
    .map((c) => c.id);
}

interface Page {
  data: Correction[];
  hasMore: boolean;
  nextCursor?: string;
}

const path = (query: string, limit: number, cursor?: string) =>
  `/v1/corrections?${[query, `limit=${limit}`, cursor !== undefined ? `cursor=${encodeURIComponent(cursor)}` : ''].filter(Boolean).join('&')}`;

async function fetchPage(server: TestMock, query: string, who: TokenName, limit: number, cursor?: string): Promise<Page> {
  const answer = await server.get<Page>(path(query, limit, cursor), who);
  if (answer.status !== 200) throw new Error(`?${query} limit ${limit}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Every page of a list, from `cursor` (or the start) to the page that says hasMore: false. */
async function walkPages(server: TestMock, query: string, who: TokenName, limit: number, cursor?: string): Promise<Page[]> {
  const pages: Page[] = [];
  let next = cursor;
  for (let i = 0; i < 1000; i += 1) {
    const page = await fetchPage(server, query, who, limit, next);
    pages.push(page);
    if (!page.hasMore) return pages;
    next = page.nextCursor;
  }
  throw new Error('more than 1000 pages');
}

const idsOf = (pages: Page[]) => pages.flatMap((p) => p.data.map((c) => c.id));

/** Every page but the last is full, says hasMore and carries a cursor; the last says hasMore: false and has none. */
function expectWellFormedPages(pages: Page[], limit: number) {
  pages.forEach((page, i) => {
    const last = i === pages.length - 1;
    expect(page.hasMore, `page ${i} hasMore`).toBe(!last);
    if (last) {
      expect(page.nextCursor, `page ${i} nextCursor`).toBeUndefined();
      expect('nextCursor' in page, `page ${i} has no nextCursor key`).toBe(false);
      expect(page.data.length).toBeLessThanOrEqual(limit);
    } else {
      expect(typeof page.nextCursor, `page ${i} nextCursor`).toBe('string');
      expect(page.data.length, `page ${i} is full`).toBe(limit);
    }
  });
}

function expectCursorRefused(answer: Answer<any>) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.error.code).toBe('bad-input');
  expect(answer.body.error.message.endsWith(START_AGAIN), answer.body.error.message).toBe(true);
  expect(answer.body.error.requestId).toBe(answer.headers.get('x-request-id'));
}

let server: TestMock;
beforeAll(async () => { server = await startMock(); });
afterAll(async () => { await server.close(); });

describe('walking every page', () => {
  const FLOW = 'flowId=flw_enrichment';
  const ofFlow = (id: string) => (c: Correction) => c.subject.kind === 'flow' && c.subject.id === id;

  it(`GET /v1/corrections?${FLOW}&limit=1 page after page neither repeats nor skips`, async () => {
    const expected = expectedIds('admin', ofFlow('flw_enrichment'));
    expect(expected.length).toBeGreaterThan(3);
    const pages = await walkPages(server, FLOW, 'admin', 1);
    expect(pages).toHaveLength(expected.length);
    expectWellFormedPages(pages, 1);
    expect(idsOf(pages)).toEqual(expected);
  });

  it('GET /v1/corrections?limit=7 page after page neither repeats nor skips', async () => {
    const expected = expectedIds('admin');
    const pages = await walkPages(server, '', 'admin', 7);
    expect(pages).toHaveLength(Math.ceil(expected.length / 7));
    expectWellFormedPages(pages, 7);
    expect(idsOf(pages)).toEqual(expected);
  });

  it('GET /v1/corrections?limit=100 page after page neither repeats nor skips', async () => {
    const expected = expectedIds('admin');
    const pages = await walkPages(server, '', 'admin', 100);
    expect(pages).toHaveLength(Math.ceil(expected.length / 100));
    expectWellFormedPages(pages, 100);
    expect(idsOf(pages)).toEqual(expected);
  });

  it('GET /v1/corrections?status=not-fixed&limit=7 as member page after page neither repeats nor skips', async () => {
    const expected = expectedIds('member', (c) => ['open', 'being-fixed', 'with-owner'].includes(c.status), ['open', 'being-fixed', 'with-owner']);
    const pages = await walkPages(server, 'status=not-fixed', 'member', 7);
    expectWellFormedPages(pages, 7);
    expect(idsOf(pages)).toEqual(expected);
  });

  it('GET /v1/corrections?flowId=flw_rma with a limit that divides the list: the last full page says hasMore false', async () => {
    const expected = expectedIds('admin', ofFlow('flw_rma'));
    const limit = [2, 3, 4, 5].find((d) => expected.length % d === 0 && d < expected.length);
    expect(limit, `a divisor of ${expected.length}`).toBeDefined();
    const pages = await walkPages(server, 'flowId=flw_rma', 'admin', limit!);
    expect(pages).toHaveLength(expected.length / limit!);
    expectWellFormedPages(pages, limit!);
    expect(pages[pages.length - 1]!.data).toHaveLength(limit!);
    expect(idsOf(pages)).toEqual(expected);

    const single = await walkPages(server, 'flowId=flw_rma', 'admin', expected.length);
    expect(single).toHaveLength(1);
    expectWellFormedPages(single, expected.length);
    expect(idsOf(single)).toEqual(expected);
  });

  it('GET /v1/corrections?limit=5, then the cursor with limit=11, then limit=3: changing only limit keeps the cursor valid', async () => {
    const expected = expectedIds('admin');
    const first = await fetchPage(server, '', 'admin', 5);
    const second = await fetchPage(server, '', 'admin', 11, first.nextCursor);
    const third = await fetchPage(server, '', 'admin', 3, second.nextCursor);
    expect(idsOf([first, second, third])).toEqual(expected.slice(0, 19));
    const rest = await walkPages(server, '', 'admin', 100, third.nextCursor);
    expect(idsOf([first, second, third, ...rest])).toEqual(expected);
  });
});

describe('a cursor is bound to its filters and caller', () => {
  it('GET /v1/corrections?status=fixed&cursor=<from the unfiltered list> → 400 bad-input, start again', async () => {
    const first = await fetchPage(server, '', 'admin', 5);
    expectCursorRefused(await server.get(path('status=fixed', 5, first.nextCursor), 'admin'));
  });

  it('GET /v1/corrections?cursor=<from ?agentId=agt_orders> → 400 bad-input: dropping a filter is another list', async () => {
    const first = await fetchPage(server, 'agentId=agt_orders', 'admin', 5);
    expectCursorRefused(await server.get(path('', 5, first.nextCursor), 'admin'));
  });

  it('GET /v1/corrections?agentId=agt_refunds&cursor=<from ?agentId=agt_orders> → 400 bad-input: another value is another list', async () => {
    const first = await fetchPage(server, 'agentId=agt_orders', 'admin', 5);
    expectCursorRefused(await server.get(path('agentId=agt_refunds', 5, first.nextCursor), 'admin'));
  });

  it("GET /v1/corrections?cursor=<admin's> as expert → 400 bad-input, though both read the same projects", async () => {
    expect(principal('expert').readProjectIds).toEqual(principal('admin').readProjectIds);
    const first = await fetchPage(server, '', 'admin', 5);
    expectCursorRefused(await server.get(path('', 5, first.nextCursor), 'expert'));
  });

  it("GET /v1/corrections?cursor=<admin's> as other_tenant → 400 bad-input", async () => {
    const first = await fetchPage(server, '', 'admin', 5);
    expectCursorRefused(await server.get(path('', 5, first.nextCursor), 'other_tenant'));
  });

  it('GET /v1/corrections?status=open&agentId=agt_orders&cursor=<from ?agentId=agt_orders&status=open> → accepted: order does not matter', async () => {
    const expected = expectedIds('admin', (c) => c.status === 'open' && c.subject.kind === 'agent' && c.subject.id === 'agt_orders', ['open']);
    const first = await fetchPage(server, 'agentId=agt_orders&status=open', 'admin', 5);
    const rest = await walkPages(server, 'status=open&agentId=agt_orders', 'admin', 5, first.nextCursor);
    expect(idsOf([first, ...rest])).toEqual(expected);
  });

  it('GET /v1/corrections?status=wont-fix,fixed&cursor=<from ?status=fixed&status=wont-fix> → accepted: repeated equals comma-separated', async () => {
    const expected = expectedIds('admin', (c) => c.status === 'fixed' || c.status === 'wont-fix', ['fixed', 'wont-fix']);
    const first = await fetchPage(server, 'status=fixed&status=wont-fix', 'admin', 10);
    const rest = await walkPages(server, 'status=wont-fix,fixed', 'admin', 10, first.nextCursor);
    expect(idsOf([first, ...rest])).toEqual(expected);
  });

  it('GET /v1/corrections?status=fixed&status=wont-fix&cursor=<from ?status=fixed,wont-fix> → accepted', async () => {
    const expected = expectedIds('admin', (c) => c.status === 'fixed' || c.status === 'wont-fix', ['fixed', 'wont-fix']);
    const first = await fetchPage(server, 'status=fixed,wont-fix', 'admin', 10);
    const rest = await walkPages(server, 'status=fixed&status=wont-fix', 'admin', 10, first.nextCursor);
    expect(idsOf([first, ...rest])).toEqual(expected);
  });

  // inherit changes nothing on this list, yet the platform binds every parameter but cursor and
  // limit; only spellings of one value are one binding, and the page gives inherit no default.
  it('GET /v1/corrections?inherit=true&cursor=<from ?inherit=true> → accepted, and continues the list', async () => {
    const first = await fetchPage(server, 'inherit=true', 'admin', 10);
    const rest = await walkPages(server, 'inherit=true', 'admin', 100, first.nextCursor);
    expect(idsOf([first, ...rest])).toEqual(expectedIds('admin'));
  });

  it('GET /v1/corrections?inherit=false&cursor=<from ?inherit=true> → 400 bad-input: another value is another list', async () => {
    const first = await fetchPage(server, 'inherit=true', 'admin', 5);
    expectCursorRefused(await server.get(path('inherit=false', 5, first.nextCursor), 'admin'));
  });

  it('GET /v1/corrections?cursor=<from ?inherit=false> → 400 bad-input; ?inherit=false&cursor=<from the list without inherit> → 400', async () => {
    const withInherit = await fetchPage(server, 'inherit=false', 'admin', 5);
    expectCursorRefused(await server.get(path('', 5, withInherit.nextCursor), 'admin'));
    const without = await fetchPage(server, '', 'admin', 5);
    expectCursorRefused(await server.get(path('inherit=false', 5, without.nextCursor), 'admin'));
  });

  it('GET /v1/corrections?sortedTo=owner,none&cursor=<from ?sortedTo=none&sortedTo=owner> → accepted', async () => {
    const expected = expectedIds('admin', (c) => c.sortedTo === undefined || c.sortedTo === 'owner');
    const first = await fetchPage(server, 'sortedTo=none&sortedTo=owner', 'admin', 10);
    const rest = await walkPages(server, 'sortedTo=owner,none', 'admin', 10, first.nextCursor);
    expect(idsOf([first, ...rest])).toEqual(expected);
  });
});

describe('a cursor the server did not hand out as it is', () => {
  it('GET /v1/corrections?cursor=<one character of the payload flipped> → 400 bad-input, start again', async () => {
    const first = await fetchPage(server, '', 'admin', 5);
    const cursor = first.nextCursor!;
    const dot = cursor.indexOf('.');
    expect(dot).toBeGreaterThan(0);
    const at = Math.floor(dot / 2);
    const edited = `${cursor.slice(0, at)}${cursor[at] === 'A' ? 'B' : 'A'}${cursor.slice(at + 1)}`;
    expect(edited).not.toBe(cursor);
    expect(edited.slice(dot)).toBe(cursor.slice(dot));
    expectCursorRefused(await server.get(path('', 5, edited), 'admin'));
  });

  it('GET /v1/corrections?cursor=<one character of the signature flipped> → 400 bad-input', async () => {
    const first = await fetchPage(server, '', 'admin', 5);
    const cursor = first.nextCursor!;
    const at = cursor.indexOf('.') + 3;
    const edited = `${cursor.slice(0, at)}${cursor[at] === 'A' ? 'B' : 'A'}${cursor.slice(at + 1)}`;
    expectCursorRefused(await server.get(path('', 5, edited), 'admin'));
  });

  it('GET /v1/corrections?cursor=abc → 400 bad-input, start again', async () => {
    expectCursorRefused(await server.get('/v1/corrections?cursor=abc', 'admin'));
  });

  it('GET /v1/corrections?cursor=a.b.c → 400 bad-input', async () => {
    expectCursorRefused(await server.get('/v1/corrections?cursor=a.b.c', 'admin'));
  });
});

describe('a cursor lasts a day', () => {
  let now = Date.parse('2026-12-01T09:00:00.000Z');
  let clocked: TestMock;
  beforeAll(async () => { clocked = await startMock({ clock: () => now }); });
  afterAll(async () => { await clocked.close(); });

  it('GET /v1/corrections?cursor=<sealed just under 24 h ago> → accepted; <sealed over 24 h ago> → 400 bad-input', async () => {
    const expected = expectedIds('admin');
    const sealedAt = now;
    const first = await fetchPage(clocked, '', 'admin', 10);

    now = sealedAt + DAY_MS - 1000;
    const second = await fetchPage(clocked, '', 'admin', 10, first.nextCursor);
    expect(idsOf([first, second])).toEqual(expected.slice(0, 20));

    now = sealedAt + DAY_MS + 1000;
    expectCursorRefused(await clocked.get(path('', 10, first.nextCursor), 'admin'));

    // The cursor of the second page was sealed later, so it is still good.
    const third = await fetchPage(clocked, '', 'admin', 10, second.nextCursor);
    expect(idsOf([third])).toEqual(expected.slice(20, 30));
  });
});

describe('cursors across mock instances', () => {
  let sharedA: TestMock;
  let sharedB: TestMock;
  let other: TestMock;
  beforeAll(async () => {
    sharedA = await startMock({ cursorSecret: 'cursor-test-shared-secret' });
    sharedB = await startMock({ cursorSecret: 'cursor-test-shared-secret' });
    other = await startMock({ cursorSecret: 'cursor-test-another-secret' });
  });
  afterAll(async () => {
    await sharedA.close();
    await sharedB.close();
    await other.close();
  });

  it('GET /v1/corrections?cursor=<sealed by a mock with another secret> → 400 bad-input', async () => {
    const first = await fetchPage(sharedA, '', 'admin', 10);
    expectCursorRefused(await other.get(path('', 10, first.nextCursor), 'admin'));
  });

  it('GET /v1/corrections?cursor=<sealed by a mock with a random secret> on another mock → 400 bad-input', async () => {
    const first = await fetchPage(server, '', 'admin', 10);
    expectCursorRefused(await sharedA.get(path('', 10, first.nextCursor), 'admin'));
  });

  it('GET /v1/corrections?cursor=<sealed by a mock with the same cursorSecret> → accepted, and continues the list', async () => {
    const expected = expectedIds('admin');
    const first = await fetchPage(sharedA, '', 'admin', 10);
    const rest = await walkPages(sharedB, '', 'admin', 50, first.nextCursor);
    expect(idsOf([first, ...rest])).toEqual(expected);
  });
});

describe('pagination under inserts', () => {
  let changing: TestMock;
  beforeAll(async () => { changing = await startMock(); });
  afterAll(async () => { await changing.close(); });

  it('GET /v1/corrections?cursor=<page 1> after newer corrections were saved neither repeats nor skips; a fresh page 1 shows them first', async () => {
    const before = expectedIds('admin');
    const first = await fetchPage(changing, '', 'admin', 10);
    expect(idsOf([first])).toEqual(before.slice(0, 10));

    const template = CORRECTIONS.find((c) => c.tenantId === 'ten_northwind' && c.status === 'open' && c.supersededBy === undefined
      && c.sortedTo === undefined && c.reopenedIn === undefined && c.statusNote === undefined && c.participantId === undefined);
    expect(template).toBeDefined();
    const latest = Math.max(...CORRECTIONS.flatMap((c) => [Date.parse(c.createdAt), Date.parse(c.updatedAt)]));
    const at = (minutes: number) => new Date(latest + minutes * 60_000).toISOString();
    const inserted = [
      { id: 'cor_test_newer_1', time: at(1) },
      // Two at the same instant: the higher id comes first.
      { id: 'cor_test_newer_2a', time: at(2) },
      { id: 'cor_test_newer_2b', time: at(2) },
    ];
    for (const { id, time } of inserted) {
      changing.mock.store.saveCorrection({ ...structuredClone(template!), id, createdAt: time, updatedAt: time });
    }

    const rest = await walkPages(changing, '', 'admin', 10, first.nextCursor);
    expectWellFormedPages(rest, 10);
    expect(idsOf([first, ...rest])).toEqual(before);

    const fresh = await fetchPage(changing, '', 'admin', 5);
    expect(idsOf([fresh])).toEqual(['cor_test_newer_2b', 'cor_test_newer_2a', 'cor_test_newer_1', ...before.slice(0, 2)]);
    const all = await walkPages(changing, '', 'admin', 100);
    expect(idsOf(all)).toEqual(['cor_test_newer_2b', 'cor_test_newer_2a', 'cor_test_newer_1', ...before]);
  });
});

describe("the sealer's memos change no answer", () => {
  const binding = { tenantId: 'ten_a', caller: 'user:usr_a', path: '/v1/corrections', filters: { from: 'all' } };

  it('the same position sealed in the same millisecond is the same cursor, in the next one another; both open', () => {
    let now = 1_000;
    const cursors = createCursorSealer('memo-secret', () => now).bind(binding);
    const first = cursors.seal({ t: 5, id: 'cor_a' });
    expect(cursors.seal({ t: 5, id: 'cor_a' })).toBe(first);
    now += 1;
    const next = cursors.seal({ t: 5, id: 'cor_a' });
    expect(next).not.toBe(first);
    for (const cursor of [first, next]) expect(cursors.open(cursor)).toEqual({ ok: true, position: { t: 5, id: 'cor_a' } });
  });

  it('a cursor opened before is still refused for another binding, once expired, and when one character is changed; past the bound of kept cursors it still opens', () => {
    let now = 1_000;
    const sealer = createCursorSealer('memo-secret', () => now);
    const cursors = sealer.bind(binding);
    const cursor = cursors.seal({ t: 5, id: 'cor_a' });
    expect(cursors.open(cursor).ok).toBe(true);
    expect(sealer.bind({ ...binding, filters: { from: 'all', status: ['fixed'] } }).open(cursor)).toEqual({ ok: false, reason: 'it belongs to another list, other filters or another caller' });
    const flipped = `${cursor.slice(0, -1)}${cursor.endsWith('A') ? 'B' : 'A'}`;
    expect(cursors.open(flipped)).toEqual({ ok: false, reason: 'it was changed, or sealed by another server or key' });
    for (let i = 0; i < 3000; i += 1) cursors.open(cursors.seal({ t: i, id: `cor_${i}` }));
    expect(cursors.open(cursor)).toEqual({ ok: true, position: { t: 5, id: 'cor_a' } });
    now += CURSOR_LIFETIME_MS;
    expect(cursors.open(cursor)).toEqual({ ok: false, reason: 'it expired (cursors last a day)' });
  });
});
