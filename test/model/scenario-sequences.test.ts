// Model-based (issue 32): random sequences of scenarios, with random valid parameters drawn from
// their listed JSON Schemas, and of API writes (corrections made, changed and removed, test runs,
// pins, approvals decided) in sessions never break a rule. After each step every domain rule
// holds in the session's world and no answer is a 500 (the mock turns an answer off the spec into
// one); a scenario refused leaves its world as it was, to the write.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkWorld } from '../../src/domain/world-rules.ts';
import type { ScenarioListing } from '../../src/scenarios/contract.ts';
import { startMock, type TestMock } from '../http/support.ts';
import type { Applied, ListedPrincipal } from '../support/scenario-sessions.ts';

let now = Date.parse('2026-12-01T09:00:00Z');
let server: TestMock;
let listing: ScenarioListing[];

beforeAll(async () => {
  server = await startMock({ clock: () => now, checkMs: 60_000 });
  listing = (await server.request('GET', '/__mock/scenarios')).body.data;
});
afterAll(async () => {
  await server?.close();
});

type Params = Record<string, unknown>;

/**
 * Random valid parameters of a scenario, from its schema: each parameter left out or drawn from
 * its type and range (counts kept small, so that a run stays quick). A project id is drawn as an
 * index into the session's projects, resolved when the step runs.
 */
function paramsOf(schema: { properties?: Record<string, any> }): fc.Arbitrary<Params> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (name === 'projectId') fields[name] = fc.nat({ max: 100 }).map((i) => ({ projectIndex: i }));
    else if (Array.isArray(property.enum)) fields[name] = fc.constantFrom(...property.enum);
    else if (property.type === 'boolean') fields[name] = fc.boolean();
    else if (property.type === 'integer') fields[name] = fc.integer({ min: property.minimum ?? 0, max: Math.min(property.maximum ?? 5, (property.minimum ?? 0) + 4) });
    else if (property.type === 'string') fields[name] = fc.constantFrom(`A ${name} of a model run`, `Another ${name}`);
  }
  return fc.record(fields, { requiredKeys: [] });
}

type Step =
  | { kind: 'scenario'; name: string; params: Params }
  | { kind: 'create'; who: number; run: number; says: number; endUser: boolean }
  | { kind: 'patch'; who: number; correction: number; sortedTo?: string; status?: string; note: boolean }
  | { kind: 'remove'; who: number; correction: number }
  | { kind: 'action'; who: number; change: number; action: 'check' | 'pin' | 'add-as-latest' | 'withdraw' }
  | { kind: 'decide'; who: number; decision: 'approve' | 'reject' | 'expire' }
  | { kind: 'test-run'; who: number; correction: number; how: string; verdict: 'wrong' | 'right' }
  | { kind: 'wait'; minutes: number };

const SAYS = [
  { answer: 'wrong', shouldSay: 'Refunds take 30 days.' },
  { answer: 'right' },
  { decisions: 'wrong', mustNotCall: ['issue_refund'] },
  { decisions: 'right', answer: 'wrong', why: 'Quoted the old policy.' },
];

const at = <T>(list: readonly T[], i: number): T | undefined => (list.length === 0 ? undefined : list[i % list.length]);

function stepOf(): fc.Arbitrary<Step> {
  const who = fc.nat({ max: 100 });
  // Odd: among what the scenarios made in this run (when they made any); even: the whole world.
  const index = fc.nat({ max: 10_000 });
  const scenario = fc.oneof(...listing.map((s) => paramsOf(s.params as { properties?: Record<string, unknown> }).map((params): Step => ({ kind: 'scenario', name: s.name, params }))));
  return fc.oneof(
    { weight: 4, arbitrary: scenario },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('create' as const), who, run: index, says: fc.nat({ max: SAYS.length - 1 }), endUser: fc.boolean() }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('patch' as const), who, correction: index,
        sortedTo: fc.option(fc.constantFrom('improve', 'developer', 'owner'), { nil: undefined }),
        status: fc.option(fc.constantFrom('open', 'being-fixed', 'with-owner', 'wont-fix', 'fixed'), { nil: undefined }),
        note: fc.boolean(),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), who, correction: index }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('action' as const), who, change: index, action: fc.constantFrom('check' as const, 'pin' as const, 'add-as-latest' as const, 'withdraw' as const) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('decide' as const), who, decision: fc.constantFrom('approve' as const, 'reject' as const, 'expire' as const) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('test-run' as const), who, correction: index, how: fc.constantFrom('pin', 'went-back', 'unpin', 'latest'), verdict: fc.constantFrom('wrong' as const, 'right' as const) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 120 }) }) },
  );
}

/** One session of a run: its id, its principals (its own tokens), what its scenarios made, the approvals waiting. */
interface Run {
  id: string;
  principals: ListedPrincipal[];
  made: { corrections: string[]; suggestedChanges: string[]; runs: string[] };
  approvals: string[];
}

const worldOf = (run: Run) => server.mock.sessions.world(run.id)!;

/** An id of what the scenarios made when `i` is odd and they made some, else of the whole world. */
const pick = (made: readonly string[], all: readonly { id: string }[], i: number): string | undefined => (i % 2 === 1 && made.length > 0 ? at(made, i >> 1) : at(all, i >> 1)?.id);

async function perform(run: Run, s: Step): Promise<{ status: number; body: any }> {
  const view = worldOf(run).store.worldView();
  const token = (i: number) => at(run.principals, i)!.token;
  switch (s.kind) {
    case 'scenario': {
      const projects = (await server.request('GET', `/__mock/sessions/${run.id}/projects`)).body.data as Array<{ id: string }>;
      const params = Object.fromEntries(Object.entries(s.params).map(([name, value]) => [name, name === 'projectId' ? at(projects, (value as { projectIndex: number }).projectIndex)!.id : value]));
      const writesBefore = worldOf(run).store.writeCount();
      const answer = await server.request('POST', `/__mock/sessions/${run.id}/scenarios/${s.name}`, { body: params });
      if (answer.status === 201) {
        const created = (answer.body as Applied).created;
        run.made.corrections.push(...created.corrections);
        run.made.suggestedChanges.push(...created.suggestedChanges);
        run.made.runs.push(...created.runs);
        run.approvals.push(...created.approvals);
        // A scenario may widen who reads what (a new project): the tokens stay, their listing changes.
        run.principals = (await server.request('GET', `/__mock/sessions/${run.id}`)).body.principals;
      } else {
        // Refused: all or nothing, so nothing.
        expect(worldOf(run).store.writeCount(), `${s.name} ${JSON.stringify(params)} refused yet wrote`).toBe(writesBefore);
        expect(answer.body.error.code).toMatch(/^(bad-input|validation-failed)$/);
      }
      return answer;
    }
    case 'create': {
      const runId = pick(run.made.runs, view.runs.filter((r) => r.finished), s.run);
      return server.request('POST', '/v1/corrections', { token: token(s.who), body: { runId, ...at(SAYS, s.says), ...(s.endUser ? { participantId: 'enduser_model' } : {}) } });
    }
    case 'patch': {
      const body = { ...(s.sortedTo ? { sortedTo: s.sortedTo } : {}), ...(s.status ? { status: s.status, ...(s.note ? { note: 'Set in a model run.' } : {}) } : {}) };
      return server.request('PATCH', `/v1/corrections/${pick(run.made.corrections, view.corrections, s.correction)}`, { token: token(s.who), body });
    }
    case 'remove':
      return server.request('POST', `/v1/corrections/${pick(run.made.corrections, view.corrections, s.correction)}/remove`, { token: token(s.who) });
    case 'action': {
      const id = pick(run.made.suggestedChanges, view.suggestedChanges, s.change);
      if (id === undefined) return { status: 204, body: undefined };
      const body = s.action === 'withdraw' ? { reason: 'Model run.' } : s.action === 'add-as-latest' ? {} : undefined;
      const answer = await server.request('POST', `/v1/suggested-changes/${id}/${s.action}`, { token: token(s.who), ...(body ? { body } : {}) });
      if (answer.body?.approvalId) run.approvals.push(answer.body.approvalId);
      return answer;
    }
    case 'decide': {
      const approval = run.approvals.pop();
      if (!approval) return { status: 204, body: undefined };
      return server.request('POST', `/__mock/approvals/${approval}/${s.decision}`, { token: token(s.who) });
    }
    case 'test-run': {
      const id = pick(run.made.corrections, view.corrections, s.correction);
      return server.request('POST', '/__mock/test-runs', { token: token(s.who), body: { version: 'v9', how: s.how, [s.verdict]: [id] } });
    }
    case 'wait':
      now += s.minutes * 60_000;
      return server.get('/health');
  }
}

it('random sequences of scenarios and API writes in sessions keep every domain rule, and no answer is a 500', { timeout: 300_000 }, async () => {
  const succeeded = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(fc.array(stepOf(), { minLength: 1, maxLength: 12 }), fc.boolean(), async (steps, empty) => {
      // Half the runs in a session with no correction at all, where scenarios make the whole world.
      const opened = (await server.request('POST', '/__mock/sessions', { body: { name: 'scenario sequence', ttlSeconds: 604_800, ...(empty ? { corrections: 0 } : {}) } })).body;
      const run: Run = { id: opened.id, principals: opened.principals, made: { corrections: [], suggestedChanges: [], runs: [] }, approvals: [] };
      try {
        for (const s of steps) {
          const answer = await perform(run, s);
          expect(answer.status, `${JSON.stringify(s)} → ${JSON.stringify(answer.body)}`).toBeLessThan(500);
          if (answer.status >= 200 && answer.status < 300 && answer.status !== 204) {
            const kind = s.kind === 'scenario' ? `scenario ${s.name}` : s.kind;
            succeeded.set(kind, (succeeded.get(kind) ?? 0) + 1);
          }
          expect(checkWorld(worldOf(run).store.worldView()), `after ${JSON.stringify(s)}`).toEqual([]);
        }
      } finally {
        await server.request('DELETE', `/__mock/sessions/${run.id}`);
      }
    }),
    { numRuns: 30, seed: 20261232 },
  );
  // The sequences must really build and change the worlds, not only be refused.
  for (const kind of [...listing.map((s) => `scenario ${s.name}`), 'create', 'patch', 'action', 'test-run']) {
    expect(succeeded.get(kind) ?? 0, `successful ${kind} steps`).toBeGreaterThan(0);
  }
});
