// Each filter of page 001 returns exactly the corrections that match it, computed from the
// unfiltered list with the same predicate the mock uses (src/domain/correction-filter.ts).
import { expandStatuses, matchesFilter, type CorrectionFilter, type StatusFilterValue } from '../../src/domain/correction-filter.ts';
import type { Correction, CorrectionStatus, SortedTo } from '../../src/domain/types.ts';
import { inferred, page, type CheckSource } from '../sources.ts';
import type { Scenario, Session } from '../types.ts';
import { newestFirstViolation } from './list-properties.ts';
import { baseline, walk } from './list-walk.ts';

interface FilterCase {
  query: string;
  /** Set for a case that rests on the mock's reading rather than on page 001. */
  source?: CheckSource;
  filter: Omit<CorrectionFilter, 'from'> & { from?: CorrectionFilter['from'] };
}

/** `inherit` is named by the page without a type: what it does is the mock's reading. */
export const INHERIT = inferred('/paths/~1v1~1corrections/get/parameters/16', '`inherit` takes true or false and changes nothing on this list; anything else is 400 scope-invalid');

/** Page 001 names the malformed combinations; an unknown scopeKind answering scope-invalid is the platform parser's way. */
export const SCOPE_PARSER = inferred('/x-inferred-behaviours/scope-parser', 'an unknown scopeKind is 400 scope-invalid, as the platform\'s scope parser answers, not bad-input');

/** Filters worth checking on this deployment's data: each value picked from what is there. */
export function filterCases(items: Correction[]): FilterCase[] {
  const cases: FilterCase[] = [];
  const pick = <T>(f: (c: Correction) => T | undefined) => items.map(f).find((v) => v !== undefined);
  const enc = encodeURIComponent;
  const runId = pick((c) => c.runId);
  if (runId) cases.push({ query: `runId=${enc(runId)}`, filter: { runId } });
  const agent = pick((c) => (c.subject.kind === 'agent' ? c.subject : undefined));
  if (agent) {
    cases.push({ query: `agentId=${enc(agent.id)}`, filter: { agentId: agent.id } });
    cases.push({ query: `agentId=${enc(agent.id)}&agentVersion=${enc(agent.version)}`, filter: { agentId: agent.id, agentVersion: agent.version } });
    cases.push({ query: `status=not-fixed&agentId=${enc(agent.id)}`, filter: { agentId: agent.id, statuses: expandStatuses(['not-fixed']) } });
  }
  const flow = pick((c) => (c.subject.kind === 'flow' ? c.subject.id : undefined));
  if (flow) cases.push({ query: `flowId=${enc(flow)}`, filter: { flowId: flow } });
  const statuses: StatusFilterValue[] = ['open', 'being-fixed', 'with-owner', 'fixed', 'wont-fix', 'removed', 'not-fixed'];
  for (const status of statuses) cases.push({ query: `status=${status}`, filter: { statuses: expandStatuses([status]) } });
  cases.push({ query: 'status=open,removed', filter: { statuses: ['open', 'removed'] as CorrectionStatus[] } });
  for (const sortedTo of [['none'], ['owner'], ['none', 'improve']] as Array<Array<SortedTo | 'none'>>) {
    cases.push({ query: `sortedTo=${sortedTo.join(',')}`, filter: { sortedTo } });
  }
  for (const from of ['experts', 'end-users', 'all'] as const) cases.push({ query: `from=${from}`, filter: { from } });
  const group = pick((c) => c.correctorGroupId);
  if (group) cases.push({ query: `correctorGroupId=${enc(group)}`, filter: { correctorGroupId: group } });
  const participant = pick((c) => c.participantId);
  if (participant) cases.push({ query: `participantId=${enc(participant)}`, filter: { participantId: participant } });
  const middle = items[Math.floor(items.length / 2)];
  if (middle) {
    const at = Date.parse(middle.createdAt);
    cases.push({ query: `since=${enc(middle.createdAt)}`, filter: { since: at } });
    cases.push({ query: `until=${enc(middle.createdAt)}`, filter: { until: at } });
  }
  const project = pick((c) => c.projectId);
  if (project) cases.push({ query: `scopeKind=project&scopeId=${enc(project)}`, filter: { projectId: project } });
  cases.push({ query: 'scopeKind=tenant', filter: {} });
  // The third of page 001's scope triplet: on a content list it changes nothing.
  for (const inherit of ['true', 'false']) cases.push({ query: `inherit=${inherit}`, filter: {}, source: INHERIT });
  return cases;
}

async function compare(session: Session, query: string, expected: Correction[], source?: CheckSource): Promise<void> {
  const options = source ? { source } : {};
  const { window } = await baseline(session);
  const result = await walk(session, [query, window].filter(Boolean).join('&'));
  const last = result.pages[result.pages.length - 1];
  if (!result.complete) {
    session.fail('filter-exactness', last, `a complete list for ?${query}`, `${last?.response.status} after ${result.pages.length} pages`, options);
    return;
  }
  const order = newestFirstViolation(result.items);
  if (order) session.fail('list-newest-first', last, `?${query} newest first`, order, options);
  const got = new Set(result.items.map((c) => c.id));
  const want = new Set(expected.map((c) => c.id));
  const missing = [...want].filter((id) => !got.has(id));
  const extra = [...got].filter((id) => !want.has(id));
  if (missing.length > 0 || extra.length > 0) {
    session.fail('filter-exactness', last, `?${query} lists exactly the ${want.size} matching corrections`,
      `${got.size} listed; missing ${missing.slice(0, 5).join(', ') || 'none'}; not matching ${extra.slice(0, 5).join(', ') || 'none'}`, options);
  }
}

export const filters: Scenario = {
  name: 'filters',
  checks: [
    { name: 'filter-exactness', source: page('001', 'Filter by run, agent (and version), flow, status, sorting, who made them, when, corrector group or participant; `?scopeKind + ?scopeId` narrow to a project.') },
    { name: 'not-fixed-equals-its-statuses', source: page('001', '`not-fixed` is short for `open`, `being-fixed` and `with-owner`.') },
    { name: 'status-repeated-equals-comma', source: page('001', 'Only corrections in these statuses: one, or several, repeated or comma-separated.') },
    { name: 'scope-invalid', source: page('001', 'Malformed combinations return 400 scope-invalid.') },
  ],
  async run(session) {
    const { items } = await baseline(session);
    const orgOf = () => undefined;
    for (const { query, filter, source } of filterCases(items)) {
      const expected = items.filter((c) => matchesFilter(c, { from: 'all', ...filter }, orgOf));
      await compare(session, query, expected, source);
    }
    // madeBy=me: whoever the caller is, every one of theirs and nothing else.
    const mine = await walk(session, 'madeBy=me', { maxPages: 3 });
    const me = mine.items[0]?.madeBy;
    if (me) await compare(session, 'madeBy=me', items.filter((c) => matchesFilter(c, { from: 'all', madeBy: me }, orgOf)));

    // Two ways of asking must list the same set; a list that did not complete is reported on its last page.
    const same = async (check: string, first: string, second: string) => {
      const [a, b] = [await walk(session, first), await walk(session, second)];
      const incomplete = [a, b].find((w) => !w.complete);
      if (incomplete) return session.fail(check, incomplete.pages[incomplete.pages.length - 1], 'a complete list', 'the list stopped early');
      const ids = (w: typeof a) => w.items.map((c) => c.id).sort().join();
      if (ids(a) !== ids(b)) session.fail(check, b.pages[0], `?${first} and ?${second} list the same corrections`, `${a.items.length} and ${b.items.length} listed, not the same`);
    };
    await same('not-fixed-equals-its-statuses', 'status=not-fixed', 'status=open&status=being-fixed&status=with-owner');
    await same('status-repeated-equals-comma', 'status=open&status=being-fixed&status=with-owner', 'status=open,being-fixed,with-owner');

    // A malformed member of the triplet too: the platform's scope parser answers scope-invalid.
    // The page names the combinations; that an unknown scopeKind or a bad inherit is scope-invalid
    // too (not bad-input) is the platform parser's way, which the mock reads into the page.
    for (const [query, source] of [['scopeId=anything'], ['scopeKind=tenant&scopeId=anything'], ['scopeKind=project'], ['scopeKind=org'], ['scopeKind=planet', SCOPE_PARSER], ['inherit=maybe', INHERIT]] as Array<[string, CheckSource?]>) {
      const answer = await session.send('GET', `/v1/corrections?${query}`);
      const code = (answer.response.body as { error?: { code?: string } } | undefined)?.error?.code;
      if (answer.response.status !== 400 || code !== 'scope-invalid') session.fail('scope-invalid', answer, '400 scope-invalid', `${answer.response.status} ${String(code)}`, source ? { source } : {});
    }
  },
};
