// GET /v1/corrections (page 001) over HTTP: every filter, the refusals, the page bounds and
// tenancy. Expected lists are worked out here from the fixtures JSON with plain predicates,
// never with the server's own filter code.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Correction } from '../../src/domain/types.ts';
import type { Principal, Project } from '../../src/domain/world.ts';
import { startMock, walkList, type Answer, type TestMock, type TokenName } from './support.ts';

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8')) as T;
const CORRECTIONS = fixture<Correction[]>('corrections.json');
const PRINCIPALS = fixture<Principal[]>('principals.json');
const PROJECTS = fixture<Project[]>('projects.json');

const PROJECT = {
  customerSupport: '5fb9220d-9b0f-4d32-a248-6492457c3890',
  returnsDesk: '21ffc41a-7170-4e4a-9488-2fcfe9e13056',
  salesAssist: 'd5482c1f-c30d-4bbc-b151-d95145bae71b',
  partnerOnboarding: '8c786010-a58e-436c-8314-2ecadc2e8ce5',
  globexHelpdesk: '36dd0863-15f5-48b5-bff4-74409804e327',
} as const;

const principal = (name: TokenName): Principal => {
  const found = PRINCIPALS.find((p) => p.token.startsWith(`kgm_${name}_`));
  if (!found) throw new Error(`no principal ${name} in principals.json`);
  return found;
};
const orgOf = (projectId: string) => PROJECTS.find((p) => p.id === projectId)?.orgId;

/** Newest first by createdAt; equal times by id, descending. */
const newestFirst = (a: Correction, b: Correction) => {
  const byTime = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
};

/**
 * What the list must hold for `who`: its tenant's corrections of projects it may read, never
 * superseded ones, removed ones only when `statuses` asks for them; then `keep`; newest first.
 */
function expectedCorrections(
  who: TokenName,
  keep: (c: Correction) => boolean = () => true,
  statuses?: readonly string[],
  corrections: readonly Correction[] = CORRECTIONS,
): Correction[] {
  const caller = principal(who);
  return corrections
    .filter((c) => c.tenantId === caller.tenantId && caller.readProjectIds.includes(c.projectId))
    .filter((c) => c.supersededBy === undefined)
    .filter((c) => (statuses ? statuses.includes(c.status) : c.status !== 'removed'))
    .filter(keep)
    .sort(newestFirst);
}
const expectedIds = (who: TokenName, keep?: (c: Correction) => boolean, statuses?: readonly string[], corrections?: readonly Correction[]) =>
  expectedCorrections(who, keep, statuses, corrections).map((c) => c.id);

let server: TestMock;
beforeAll(async () => { server = await startMock(); });
afterAll(async () => { await server.close(); });

/** The ids of every page of `?query`, in the order the server lists them. */
const listed = async (query: string, who: TokenName = 'admin') => (await walkList(server, query, who)).map((c) => c.id);

function expectRefusal(answer: Answer<any>, status: number, code: string, details?: Record<string, unknown>) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error.code).toBe(code);
  expect(typeof answer.body.error.message).toBe('string');
  expect(answer.body.error.requestId).toBeTruthy();
  expect(answer.body.error.requestId).toBe(answer.headers.get('x-request-id'));
  if (details) expect(answer.body.error.details).toMatchObject(details);
}

describe('the list without filters', () => {
  it('GET /v1/corrections lists every readable, live correction newest first, page after page', async () => {
    const items = await walkList(server, '', 'admin');
    const expected = expectedCorrections('admin');
    expect(expected.length).toBeGreaterThan(100);
    expect(items.map((c) => c.id)).toEqual(expected.map((c) => c.id));
    // Each comes back exactly as the fixtures hold it.
    expect(items).toEqual(expected);
  });

  it('GET /v1/corrections lists no superseded and no removed correction', async () => {
    const ids = new Set(await listed(''));
    const hidden = CORRECTIONS.filter((c) => c.tenantId === 'ten_northwind' && (c.supersededBy !== undefined || c.status === 'removed'));
    expect(hidden.some((c) => c.supersededBy !== undefined)).toBe(true);
    expect(hidden.some((c) => c.status === 'removed')).toBe(true);
    for (const c of hidden) expect(ids.has(c.id), c.id).toBe(false);
  });
});

interface FilterCase {
  query: string;
  says: string;
  who?: TokenName;
  keep: (c: Correction) => boolean;
  /** The statuses asked for, when the query asks for some. */
  statuses?: readonly string[];
}

const FILTERS: FilterCase[] = [
  { query: 'runId=run_nor000010', says: 'lists only the live corrections of that run', keep: (c) => c.runId === 'run_nor000010' },
  { query: 'agentId=agt_refunds', says: 'lists only corrections of runs of that agent', keep: (c) => c.subject.kind === 'agent' && c.subject.id === 'agt_refunds' },
  {
    query: 'agentId=agt_orders&agentVersion=v3',
    says: 'lists only corrections of runs of that agent at that version',
    keep: (c) => c.subject.kind === 'agent' && c.subject.id === 'agt_orders' && c.subject.version === 'v3',
  },
  { query: 'flowId=flw_rma', says: 'lists only corrections of runs of that flow', keep: (c) => c.subject.kind === 'flow' && c.subject.id === 'flw_rma' },
  { query: 'status=open', says: 'lists only open ones', keep: (c) => c.status === 'open', statuses: ['open'] },
  { query: 'status=fixed&status=wont-fix', says: 'lists fixed and wont-fix ones', keep: (c) => c.status === 'fixed' || c.status === 'wont-fix', statuses: ['fixed', 'wont-fix'] },
  {
    query: 'status=not-fixed',
    says: 'lists open, being-fixed and with-owner',
    keep: (c) => c.status === 'open' || c.status === 'being-fixed' || c.status === 'with-owner',
    statuses: ['open', 'being-fixed', 'with-owner'],
  },
  { query: 'status=removed', says: 'lists the removed ones, which only come back when asked for', keep: (c) => c.status === 'removed', statuses: ['removed'] },
  { query: 'status=removed&status=open', says: 'lists removed and open ones', keep: (c) => c.status === 'removed' || c.status === 'open', statuses: ['removed', 'open'] },
  { query: 'sortedTo=improve', says: 'lists only corrections sorted to Improve', keep: (c) => c.sortedTo === 'improve' },
  { query: 'sortedTo=none', says: 'lists only unsorted corrections', keep: (c) => c.sortedTo === undefined },
  { query: 'sortedTo=none&sortedTo=owner', says: 'lists unsorted ones and those sorted to the owner', keep: (c) => c.sortedTo === undefined || c.sortedTo === 'owner' },
  { query: 'from=experts', says: 'lists only corrections recorded under a restricted group (expert)', keep: (c) => c.expert === true },
  { query: 'from=end-users', says: "lists only app end users' corrections (participantId, not expert)", keep: (c) => c.participantId !== undefined && c.expert !== true },
  { query: 'from=all', says: 'lists every correction, like no from at all', keep: () => true },
  { query: 'madeBy=me', says: "lists only the admin's own corrections", keep: (c) => c.madeBy.kind === 'user' && c.madeBy.id === 'usr_ada_admin' },
  {
    query: 'madeBy=me',
    who: 'app',
    says: "with the app's token lists only the app's own corrections",
    keep: (c) => c.madeBy.kind === 'service' && c.madeBy.id === 'svc_helpdesk_widget',
  },
  { query: 'correctorGroupId=cg_qa_reviewers', says: 'lists only corrections recorded under that group', keep: (c) => c.correctorGroupId === 'cg_qa_reviewers' },
  { query: 'participantId=enduser_997cc4efccb0', says: "lists only that end user's corrections", keep: (c) => c.participantId === 'enduser_997cc4efccb0' },
  {
    query: 'participantId=enduser_ae4ba1866fef&status=removed',
    says: "lists that end user's removed correction when removed is asked for",
    keep: (c) => c.participantId === 'enduser_ae4ba1866fef',
    statuses: ['removed'],
  },
  { query: 'scopeKind=tenant', says: "lists every correction of the caller's tenant", keep: () => true },
  { query: 'scopeKind=org&scopeId=org_northwind_sales', says: "lists only that org's projects' corrections", keep: (c) => orgOf(c.projectId) === 'org_northwind_sales' },
  { query: `scopeKind=project&scopeId=${PROJECT.returnsDesk}`, says: "lists only that project's corrections", keep: (c) => c.projectId === PROJECT.returnsDesk },
  { query: 'inherit=true', says: 'lists every correction, like no inherit: on a content list it changes nothing', keep: () => true },
  { query: 'inherit=false', says: 'lists every correction, like no inherit', keep: () => true },
  {
    query: `scopeKind=project&scopeId=${PROJECT.returnsDesk}&inherit=true`,
    says: "lists only that project's corrections, as without inherit",
    keep: (c) => c.projectId === PROJECT.returnsDesk,
  },
  {
    query: 'status=not-fixed&agentId=agt_orders',
    says: 'lists only not-fixed corrections of that agent',
    keep: (c) => ['open', 'being-fixed', 'with-owner'].includes(c.status) && c.subject.kind === 'agent' && c.subject.id === 'agt_orders',
    statuses: ['open', 'being-fixed', 'with-owner'],
  },
];

describe('each filter returns exactly the corrections it describes', () => {
  for (const { query, says, who = 'admin', keep, statuses } of FILTERS) {
    it(`GET /v1/corrections?${query} ${says}`, async () => {
      const expected = expectedIds(who, keep, statuses);
      expect(expected.length, 'the fixtures hold matches for this filter').toBeGreaterThan(0);
      expect(await listed(query, who)).toEqual(expected);
    });
  }

  it('GET /v1/corrections?runId=run_nor000010 leaves out the superseded corrections of that run', async () => {
    const ofRun = CORRECTIONS.filter((c) => c.runId === 'run_nor000010');
    expect(ofRun.some((c) => c.supersededBy !== undefined)).toBe(true);
    const ids = await listed('runId=run_nor000010');
    expect(ids).toEqual(expectedIds('admin', (c) => c.runId === 'run_nor000010'));
    expect(ids.length).toBeLessThan(ofRun.length);
  });

  it('GET /v1/corrections?status=fixed,wont-fix equals status=fixed&status=wont-fix', async () => {
    const comma = await listed('status=fixed,wont-fix');
    expect(comma).toEqual(await listed('status=fixed&status=wont-fix'));
    expect(comma).toEqual(expectedIds('admin', (c) => c.status === 'fixed' || c.status === 'wont-fix', ['fixed', 'wont-fix']));
  });

  it('GET /v1/corrections?status=not-fixed equals status=open&status=being-fixed&status=with-owner', async () => {
    expect(await listed('status=not-fixed')).toEqual(await listed('status=open&status=being-fixed&status=with-owner'));
  });

  it('GET /v1/corrections?participantId=enduser_ae4ba1866fef lists nothing, as its only correction is removed', async () => {
    expect(CORRECTIONS.find((c) => c.participantId === 'enduser_ae4ba1866fef')?.status).toBe('removed');
    expect(await listed('participantId=enduser_ae4ba1866fef')).toEqual([]);
  });

  it('GET /v1/corrections?scopeKind=org&scopeId=org_northwind_sales&inherit=true and &inherit=false equal the list without inherit', async () => {
    const scoped = 'scopeKind=org&scopeId=org_northwind_sales';
    const without = await listed(scoped);
    expect(without.length).toBeGreaterThan(0);
    expect(await listed(`${scoped}&inherit=true`)).toEqual(without);
    expect(await listed(`${scoped}&inherit=false`)).toEqual(without);
  });

  it('GET /v1/corrections?from=all equals GET /v1/corrections', async () => {
    expect(await listed('from=all')).toEqual(await listed(''));
  });

  // Exact createdAt values from corrections.json.
  const SINCE = { id: 'cor_nor000315', createdAt: '2026-10-08T13:50:29.799Z' };
  const UNTIL = { id: 'cor_nor000203', createdAt: '2026-08-10T10:52:14.426Z' };

  it('the since and until instants are createdAt values of the fixtures', () => {
    expect(CORRECTIONS.find((c) => c.id === SINCE.id)?.createdAt).toBe(SINCE.createdAt);
    expect(CORRECTIONS.find((c) => c.id === UNTIL.id)?.createdAt).toBe(UNTIL.createdAt);
  });

  it(`GET /v1/corrections?since=${SINCE.createdAt} lists corrections made at or after it, that one included`, async () => {
    const ids = await listed(`since=${SINCE.createdAt}`);
    expect(ids).toEqual(expectedIds('admin', (c) => Date.parse(c.createdAt) >= Date.parse(SINCE.createdAt)));
    expect(ids).toContain(SINCE.id);
    expect(ids[ids.length - 1]).toBe(SINCE.id);
  });

  it(`GET /v1/corrections?until=${UNTIL.createdAt} lists corrections made before it, that one excluded`, async () => {
    const ids = await listed(`until=${UNTIL.createdAt}`);
    expect(ids).toEqual(expectedIds('admin', (c) => Date.parse(c.createdAt) < Date.parse(UNTIL.createdAt)));
    expect(ids).not.toContain(UNTIL.id);
    expect(ids.length).toBeGreaterThan(0);
  });

  it(`GET /v1/corrections?since=${UNTIL.createdAt}&until=${SINCE.createdAt} lists the window: since included, until excluded`, async () => {
    const ids = await listed(`since=${UNTIL.createdAt}&until=${SINCE.createdAt}`);
    const from = Date.parse(UNTIL.createdAt);
    const to = Date.parse(SINCE.createdAt);
    expect(ids).toEqual(expectedIds('admin', (c) => Date.parse(c.createdAt) >= from && Date.parse(c.createdAt) < to));
    expect(ids[0]).not.toBe(SINCE.id);
    expect(ids).not.toContain(SINCE.id);
    expect(ids[ids.length - 1]).toBe(UNTIL.id);
  });
});

interface RefusalCase {
  query: string;
  code: string;
  details?: Record<string, unknown>;
}

const REFUSALS: RefusalCase[] = [
  { query: 'agentVersion=v2', code: 'bad-input', details: { parameter: 'agentVersion' } },
  { query: `scopeId=${PROJECT.customerSupport}`, code: 'scope-invalid' },
  { query: 'scopeKind=tenant&scopeId=x', code: 'scope-invalid' },
  { query: 'scopeKind=org', code: 'scope-invalid' },
  { query: 'scopeKind=project', code: 'scope-invalid' },
  { query: 'limit=0', code: 'bad-input', details: { parameter: 'limit' } },
  { query: 'limit=101', code: 'bad-input', details: { parameter: 'limit' } },
  { query: 'limit=abc', code: 'bad-input', details: { parameter: 'limit' } },
  { query: 'limit=1.5', code: 'bad-input', details: { parameter: 'limit' } },
  { query: 'limit=5&limit=6', code: 'bad-input', details: { parameter: 'limit' } },
  { query: 'status=nope', code: 'bad-input', details: { parameter: 'status' } },
  { query: 'status=open,nope', code: 'bad-input', details: { parameter: 'status' } },
  { query: 'sortedTo=nobody', code: 'bad-input', details: { parameter: 'sortedTo' } },
  { query: 'from=robots', code: 'bad-input', details: { parameter: 'from' } },
  { query: 'madeBy=you', code: 'bad-input', details: { parameter: 'madeBy' } },
  // The platform's scope parser answers scope-invalid for any malformed member of the triplet.
  { query: 'scopeKind=galaxy', code: 'scope-invalid', details: { parameter: 'scopeKind' } },
  { query: 'scopeKind=', code: 'scope-invalid', details: { parameter: 'scopeKind' } },
  { query: 'scopeKind=org&scopeKind=project&scopeId=x', code: 'scope-invalid', details: { parameter: 'scopeKind' } },
  { query: 'scopeKind=project&scopeId=', code: 'scope-invalid', details: { parameter: 'scopeId' } },
  { query: 'inherit=yes', code: 'scope-invalid', details: { parameter: 'inherit' } },
  { query: 'inherit=TRUE', code: 'scope-invalid', details: { parameter: 'inherit' } },
  { query: 'inherit=1', code: 'scope-invalid', details: { parameter: 'inherit' } },
  { query: 'inherit=', code: 'scope-invalid', details: { parameter: 'inherit' } },
  { query: 'inherit=true&inherit=false', code: 'scope-invalid', details: { parameter: 'inherit' } },
  { query: 'scopeKind=tenant&inherit=maybe', code: 'scope-invalid', details: { parameter: 'inherit' } },
  { query: 'since=yesterday', code: 'bad-input', details: { parameter: 'since' } },
  { query: 'until=tomorrow', code: 'bad-input', details: { parameter: 'until' } },
  { query: 'colour=red', code: 'bad-input', details: { parameter: 'colour' } },
];

describe('refusals', () => {
  for (const { query, code, details } of REFUSALS) {
    it(`GET /v1/corrections?${query} → 400 ${code}${details ? ` (details.parameter ${String(details.parameter)})` : ''}`, async () => {
      expectRefusal(await server.get(`/v1/corrections?${query}`, 'admin'), 400, code, details);
    });
  }

  it('GET /v1/corrections?limit=0 with X-Request-Id: req-list-test echoes it in the error body', async () => {
    const answer = await server.get('/v1/corrections?limit=0', 'admin', { 'X-Request-Id': 'req-list-test' });
    expectRefusal(answer, 400, 'bad-input', { parameter: 'limit' });
    expect(answer.body.error.requestId).toBe('req-list-test');
  });
});

describe('page size', () => {
  it('GET /v1/corrections?limit=1 answers one correction, the newest', async () => {
    const answer = await server.get('/v1/corrections?limit=1', 'admin');
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((c: Correction) => c.id)).toEqual(expectedIds('admin').slice(0, 1));
    expect(answer.body.hasMore).toBe(true);
  });

  it('GET /v1/corrections?limit=100 answers at most 100, the newest', async () => {
    const answer = await server.get('/v1/corrections?limit=100', 'admin');
    expect(answer.status).toBe(200);
    expect(answer.body.data.length).toBeLessThanOrEqual(100);
    expect(answer.body.data.map((c: Correction) => c.id)).toEqual(expectedIds('admin').slice(0, 100));
  });

  it('GET /v1/corrections answers 25 by default', async () => {
    const answer = await server.get('/v1/corrections', 'admin');
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((c: Correction) => c.id)).toEqual(expectedIds('admin').slice(0, 25));
    expect(answer.body.hasMore).toBe(true);
    expect(typeof answer.body.nextCursor).toBe('string');
  });
});

describe('tenancy and readable projects', () => {
  it("GET /v1/corrections as other_tenant lists only Globex's corrections, none of ten_northwind's", async () => {
    const items = await walkList(server, '', 'other_tenant');
    const ids = items.map((c) => c.id);
    expect(ids).toEqual(expectedIds('other_tenant'));
    expect(ids.length).toBeGreaterThan(0);
    const northwind = new Set(CORRECTIONS.filter((c) => c.tenantId === 'ten_northwind').map((c) => c.id));
    for (const id of ids) expect(northwind.has(id), id).toBe(false);
    for (const item of items as unknown as Correction[]) expect(item.tenantId).toBe('ten_globex');
  });

  it('GET /v1/corrections?status=removed as other_tenant lists none of ten_northwind\'s removed corrections', async () => {
    const items = (await walkList(server, 'status=removed', 'other_tenant')) as unknown as Correction[];
    for (const item of items) expect(item.tenantId).toBe('ten_globex');
    expect(items.map((c) => c.id)).toEqual(expectedIds('other_tenant', () => true, ['removed']));
  });

  it(`GET /v1/corrections?scopeKind=project&scopeId=${PROJECT.customerSupport} as other_tenant → 200 with an empty list`, async () => {
    const answer = await server.get(`/v1/corrections?scopeKind=project&scopeId=${PROJECT.customerSupport}`, 'other_tenant');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: [], hasMore: false });
  });

  it('GET /v1/corrections as member lists only Customer Support and Returns Desk corrections', async () => {
    const items = (await walkList(server, '', 'member')) as unknown as Correction[];
    expect(items.map((c) => c.id)).toEqual(expectedIds('member'));
    for (const item of items) expect([PROJECT.customerSupport, PROJECT.returnsDesk]).toContain(item.projectId);
    expect(new Set(items.map((c) => c.projectId))).toEqual(new Set([PROJECT.customerSupport, PROJECT.returnsDesk]));
  });

  it('GET /v1/corrections as viewer lists only Sales Assist corrections', async () => {
    const items = (await walkList(server, '', 'viewer')) as unknown as Correction[];
    expect(items.map((c) => c.id)).toEqual(expectedIds('viewer'));
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.projectId).toBe(PROJECT.salesAssist);
  });

  it('GET /v1/corrections?scopeKind=org&scopeId=org_globex_ops as admin, another tenant\'s org → 200 with an empty list', async () => {
    const answer = await server.get('/v1/corrections?scopeKind=org&scopeId=org_globex_ops', 'admin');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: [], hasMore: false });
  });

  it('GET /v1/corrections?scopeKind=org&scopeId=org_northwind_service as viewer → 200 with an empty list', async () => {
    const answer = await server.get('/v1/corrections?scopeKind=org&scopeId=org_northwind_service', 'viewer');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: [], hasMore: false });
  });

  it(`GET /v1/corrections?scopeKind=project&scopeId=${PROJECT.customerSupport} as viewer, who cannot read it → 200 with an empty list`, async () => {
    const answer = await server.get(`/v1/corrections?scopeKind=project&scopeId=${PROJECT.customerSupport}`, 'viewer');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: [], hasMore: false });
  });

  it(`GET /v1/corrections?scopeKind=project&scopeId=${PROJECT.partnerOnboarding} as member, who cannot read it → 200 with an empty list`, async () => {
    const answer = await server.get(`/v1/corrections?scopeKind=project&scopeId=${PROJECT.partnerOnboarding}`, 'member');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: [], hasMore: false });
  });

  it('GET /v1/corrections?madeBy=me as app lists only its own corrections of Customer Support', async () => {
    const items = (await walkList(server, 'madeBy=me', 'app')) as unknown as Correction[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.madeBy).toEqual({ kind: 'service', id: 'svc_helpdesk_widget' });
      expect(item.projectId).toBe(PROJECT.customerSupport);
    }
  });
});

describe('an expert correction made for an end user (saved into a mock of its own)', () => {
  // The fixtures hold no correction that is both an end user's and expert; this one is, and it
  // shares its createdAt with the correction it is copied from, so the tie goes by id.
  let changed: TestMock;
  let withExtra: Correction[];
  const template = CORRECTIONS.find((c) => c.projectId === PROJECT.customerSupport && c.status === 'open' && c.supersededBy === undefined && c.participantId !== undefined);
  const extra: Correction = {
    ...structuredClone(template!),
    id: 'cor_test_expert_end_user',
    participantId: 'enduser_test_expert',
    correctorGroupId: 'cg_support_leads',
    expert: true,
  };
  const walk = async (query: string) => (await walkList(changed, query, 'admin')).map((c) => c.id);

  beforeAll(async () => {
    expect(template).toBeDefined();
    changed = await startMock();
    changed.mock.store.saveCorrection(extra);
    withExtra = [...CORRECTIONS, extra];
  });
  afterAll(async () => { await changed.close(); });

  it('GET /v1/corrections lists it right before the correction with the same createdAt and a lower id', async () => {
    const ids = await walk('');
    expect(ids).toEqual(expectedIds('admin', () => true, undefined, withExtra));
    expect(ids.indexOf(extra.id) + 1).toBe(ids.indexOf(template!.id));
  });

  it("GET /v1/corrections?from=end-users leaves it out: an expert's correction is not an end user's", async () => {
    const ids = await walk('from=end-users');
    expect(ids).toEqual(expectedIds('admin', (c) => c.participantId !== undefined && c.expert !== true, undefined, withExtra));
    expect(ids).not.toContain(extra.id);
  });

  it('GET /v1/corrections?from=experts lists it', async () => {
    const ids = await walk('from=experts');
    expect(ids).toEqual(expectedIds('admin', (c) => c.expert === true, undefined, withExtra));
    expect(ids).toContain(extra.id);
  });

  it('GET /v1/corrections?participantId=enduser_test_expert lists it alone', async () => {
    expect(await walk('participantId=enduser_test_expert')).toEqual([extra.id]);
  });
});
