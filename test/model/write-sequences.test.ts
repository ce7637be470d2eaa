// Model-based: random sequences of writes, as a frontend might send them, never break a domain
// rule, never get a 500, and every answer matches the spec (the mock turns a mismatch into a 500).
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkWorld } from '../../src/domain/world-rules.ts';
import type { World } from '../../src/domain/world.ts';
import { startMock, type TestMock, type TokenName } from '../http/support.ts';

let now = Date.parse('2026-12-01T09:00:00Z');
let server: TestMock;
let loaded: World;

beforeAll(async () => {
  server = await startMock({ clock: () => now, checkMs: 60_000 });
  loaded = server.mock.store.exportWorld();
});
afterAll(async () => { await server.close(); });

const WRITERS: TokenName[] = ['admin', 'member', 'expert', 'app', 'viewer', 'triage_bot', 'other_tenant'];

type Step =
  | { kind: 'create'; who: TokenName; run: number; says: number; group: number }
  | { kind: 'patch'; who: TokenName; correction: number; sortedTo?: string; status?: string; note: boolean }
  | { kind: 'remove'; who: TokenName; correction: number }
  | { kind: 'action'; who: TokenName; change: number; action: 'check' | 'pin' | 'add-as-latest' | 'withdraw' }
  | { kind: 'decide'; who: TokenName; decision: 'approve' | 'reject' | 'expire' }
  | { kind: 'test-run'; who: TokenName; correction: number; how: string; verdict: 'wrong' | 'right' }
  | { kind: 'wait'; minutes: number };

const who = fc.constantFrom(...WRITERS);
const index = fc.nat({ max: 10_000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), who, run: index, says: fc.nat({ max: 5 }), group: fc.nat({ max: 3 }) }),
  fc.record({
    kind: fc.constant('patch' as const), who, correction: index,
    sortedTo: fc.option(fc.constantFrom('improve', 'developer', 'owner'), { nil: undefined }),
    status: fc.option(fc.constantFrom('open', 'being-fixed', 'with-owner', 'wont-fix', 'fixed'), { nil: undefined }),
    note: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('remove' as const), who, correction: index }),
  fc.record({ kind: fc.constant('action' as const), who, change: index, action: fc.constantFrom('check' as const, 'pin' as const, 'add-as-latest' as const, 'withdraw' as const) }),
  fc.record({ kind: fc.constant('decide' as const), who, decision: fc.constantFrom('approve' as const, 'reject' as const, 'expire' as const) }),
  fc.record({ kind: fc.constant('test-run' as const), who, correction: index, how: fc.constantFrom('pin', 'went-back', 'unpin', 'latest'), verdict: fc.constantFrom('wrong' as const, 'right' as const) }),
  fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 120 }) }),
);

const SAYS = [
  { answer: 'wrong', shouldSay: 'Refunds take 30 days.' },
  { answer: 'right' },
  { decisions: 'wrong', mustNotCall: ['issue_refund'] },
  { decisions: 'right', answer: 'wrong', why: 'Quoted the old policy.' },
  { answer: 'right', shouldSay: 'breaks a rule' },
  { decisions: 'wrong', shouldCall: [{ tool: 'lookup_order', args: { orderId: 'NW-1' } }] },
];
const GROUPS = [undefined, 'cg_support_leads', 'cg_qa_reviewers', 'cg_widget_customers'];

const at = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

async function perform(s: Step, approvals: string[]): Promise<{ status: number; body: any }> {
  const world = server.mock.store.exportWorld();
  switch (s.kind) {
    case 'create': {
      const run = at(world.runs, s.run);
      const group = at(GROUPS, s.group);
      return server.request('POST', '/v1/corrections', { token: s.who, body: { runId: run.id, ...at(SAYS, s.says), ...(group ? { correctorGroupId: group } : {}), ...(s.who === 'app' ? { participantId: 'enduser_model' } : {}) } });
    }
    case 'patch': {
      const body = { ...(s.sortedTo ? { sortedTo: s.sortedTo } : {}), ...(s.status ? { status: s.status, ...(s.note ? { note: 'Set in a model run.' } : {}) } : {}) };
      return server.request('PATCH', `/v1/corrections/${at(world.corrections, s.correction).id}`, { token: s.who, body });
    }
    case 'remove':
      return server.request('POST', `/v1/corrections/${at(world.corrections, s.correction).id}/remove`, { token: s.who });
    case 'action': {
      const change = at(world.suggestedChanges, s.change);
      const body = s.action === 'withdraw' ? { reason: 'Model run.' } : s.action === 'add-as-latest' ? {} : undefined;
      const answer = await server.request('POST', `/v1/suggested-changes/${change.id}/${s.action}`, { token: s.who, ...(body ? { body } : {}) });
      if (answer.body?.approvalId) approvals.push(answer.body.approvalId);
      return answer;
    }
    case 'decide': {
      const approval = approvals.pop();
      if (!approval) return { status: 204, body: undefined };
      return server.request('POST', `/__mock/approvals/${approval}/${s.decision}`, { token: s.who });
    }
    case 'test-run': {
      const correction = at(world.corrections, s.correction);
      return server.request('POST', '/__mock/test-runs', { token: s.who, body: { version: 'v9', how: s.how, [s.verdict]: [correction.id] } });
    }
    case 'wait':
      now += s.minutes * 60_000;
      return server.get('/health');
  }
}

it('random sequences of writes keep every domain rule and every answer on the spec', async () => {
  const succeeded = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
      await server.request('POST', '/__mock/reset');
      const approvals: string[] = [];
      for (const s of steps) {
        const answer = await perform(s, approvals);
        expect(answer.status, `${JSON.stringify(s)} → ${JSON.stringify(answer.body)}`).toBeLessThan(500);
        if (answer.status < 300) succeeded.set(s.kind, (succeeded.get(s.kind) ?? 0) + 1);
      }
      const violations = checkWorld(server.mock.store.exportWorld());
      expect(violations, JSON.stringify(steps)).toEqual([]);
    }),
    { numRuns: 40, seed: 20261202 },
  );
  // The sequences must really change the world, not only be refused.
  for (const kind of ['create', 'patch', 'remove', 'action', 'test-run', 'decide']) {
    expect(succeeded.get(kind) ?? 0, `successful ${kind} steps`).toBeGreaterThan(0);
  }
});

it('a reset brings back the loaded world exactly', async () => {
  await server.request('POST', '/__mock/reset');
  expect(server.mock.store.exportWorld()).toEqual(loaded);
});
