// Model-based (issue 13): random interleavings of writes in several sessions and the base world of
// one mock. Each world's model is a mock of its own, started alone with the same world, seed and
// frozen clock, and sent that world's requests only: every answer must be the model's, byte for
// byte (request ids aside), and every world the model's world. So nothing crosses between worlds,
// and every session keeps every domain rule.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkWorld } from '../../src/domain/world-rules.ts';
import type { WorldStore } from '../../src/store/world-store.ts';
import { startMock, type TestMock, type TokenName } from '../http/support.ts';

const FROZEN = { now: '2026-12-01T09:00:00Z', frozen: true };
const CHECK_MS = 60_000;

/** One world of the shared mock: how to reach it, and its model. */
interface Pair {
  name: string;
  /** The shared mock's token for a fixtures principal name, in this world. */
  token(who: TokenName): string;
  /** Where its `/__mock` routes are: `/__mock` or `/__mock/sessions/{id}`. */
  admin: string;
  store(): WorldStore;
  model: TestMock;
}

let shared: TestMock;
let pairs: Pair[];

beforeAll(async () => {
  shared = await startMock({ deterministic: true, clock: FROZEN, checkMs: CHECK_MS });
  const session = async (name: string, seed: number): Promise<Pair> => {
    const opened = (await shared.request('POST', '/__mock/sessions', { body: { name, seed, ttlSeconds: 604_800 } })).body as { id: string; principals: Array<{ token: string; id: string }> };
    const model = await startMock(seed === 42 ? { deterministic: true, clock: FROZEN, checkMs: CHECK_MS } : { seed, clock: FROZEN, checkMs: CHECK_MS });
    return {
      name,
      // The session's own token of the principal `who` names in the model: the same id in both worlds.
      token: (who) => opened.principals.find((p) => p.id === model.mock.store.principalByToken(model.token(who))!.id)!.token,
      admin: `/__mock/sessions/${opened.id}`,
      store: () => shared.mock.sessions.world(opened.id)!.store,
      model,
    };
  };
  pairs = [
    { name: 'base', token: (who) => shared.token(who), admin: '/__mock', store: () => shared.mock.store, model: await startMock({ deterministic: true, clock: FROZEN, checkMs: CHECK_MS }) },
    await session('one', 42),
    await session('two', 42),
    await session('seven', 7),
  ];
});
afterAll(async () => {
  await shared.close();
  for (const pair of pairs ?? []) await pair.model.close();
});

type Step =
  | { kind: 'create'; who: TokenName; run: number; says: number }
  | { kind: 'patch'; who: TokenName; correction: number; sortedTo?: string; status?: string }
  | { kind: 'remove'; who: TokenName; correction: number }
  | { kind: 'action'; who: TokenName; change: number; action: 'check' | 'pin' | 'add-as-latest' | 'withdraw'; gated: boolean }
  | { kind: 'decide'; who: TokenName; decision: 'approve' | 'reject' | 'expire' }
  | { kind: 'test-run'; who: TokenName; correction: number; verdict: 'wrong' | 'right' }
  | { kind: 'list'; who: TokenName; status: string; pages: number }
  | { kind: 'wait'; minutes: number };

const who = fc.constantFrom<TokenName>('admin', 'member', 'expert', 'app', 'viewer', 'triage_bot', 'other_tenant');
const index = fc.nat({ max: 10_000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), who, run: index, says: fc.nat({ max: 3 }) }),
  fc.record({
    kind: fc.constant('patch' as const), who, correction: index,
    sortedTo: fc.option(fc.constantFrom('improve', 'developer', 'owner'), { nil: undefined }),
    status: fc.option(fc.constantFrom('open', 'being-fixed', 'with-owner', 'wont-fix'), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant('remove' as const), who, correction: index }),
  // Weighted, so that pins wait for a second person often enough to be decided.
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('action' as const), who, change: index, action: fc.constantFrom('check' as const, 'pin' as const, 'add-as-latest' as const, 'withdraw' as const), gated: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('decide' as const), who, decision: fc.constantFrom('approve' as const, 'reject' as const, 'expire' as const) }) },
  fc.record({ kind: fc.constant('test-run' as const), who, correction: index, verdict: fc.constantFrom('wrong' as const, 'right' as const) }),
  fc.record({ kind: fc.constant('list' as const), who, status: fc.constantFrom('open', 'fixed', 'wont-fix,removed', 'being-fixed,with-owner'), pages: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 30 }) }),
);
const SAYS = [{ answer: 'wrong', shouldSay: 'Refunds take 30 days.' }, { answer: 'right' }, { decisions: 'wrong', mustNotCall: ['issue_refund'] }, { answer: 'right', shouldSay: 'breaks a rule' }];
const at = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

interface Said { status: number; text: string }

/** One request to a world and the same to its model; their answers, request ids taken out. */
async function both(pair: Pair, method: string, path: string, who: TokenName | undefined, body?: unknown): Promise<[Said, Said]> {
  const send = async (server: TestMock, token: string | undefined, to: string) => {
    const response = await fetch(`${server.url}${to}`, {
      method,
      headers: { ...(token !== undefined ? { Authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const id = response.headers.get('x-request-id')!;
    return { status: response.status, text: (await response.text()).replaceAll(id, '<request id>') };
  };
  const modelPath = path.startsWith('/__mock/') && pair.admin !== '/__mock' ? path.replace(pair.admin, '/__mock') : path;
  return Promise.all([
    send(shared, who === undefined ? undefined : pair.token(who), path),
    send(pair.model, who === undefined ? undefined : pair.model.token(who), modelPath),
  ]);
}

async function perform(pair: Pair, s: Step, approvals: string[]): Promise<Array<[Said, Said]>> {
  const world = pair.model.mock.store.worldView();
  switch (s.kind) {
    case 'create':
      return [await both(pair, 'POST', '/v1/corrections', s.who, { runId: at(world.runs, s.run).id, ...at(SAYS, s.says), ...(s.who === 'app' ? { participantId: 'enduser_model' } : {}) })];
    case 'patch':
      return [await both(pair, 'PATCH', `/v1/corrections/${at(world.corrections, s.correction).id}`, s.who, { ...(s.sortedTo ? { sortedTo: s.sortedTo } : {}), ...(s.status ? { status: s.status } : {}) })];
    case 'remove':
      return [await both(pair, 'POST', `/v1/corrections/${at(world.corrections, s.correction).id}/remove`, s.who)];
    case 'action': {
      // Half the time one of a project that waits for a second person, so that pins wait to be decided.
      const gate = (agentId: string) => world.projects.find((p) => p.id === world.agents.find((a) => a.id === agentId)?.projectId)?.releaseGate;
      const gated = world.suggestedChanges.filter((c) => gate(c.agentId) === 'second-person');
      const changes = s.gated && gated.length > 0 ? gated : world.suggestedChanges;
      const body = s.action === 'withdraw' ? { reason: 'Model run.' } : s.action === 'add-as-latest' ? {} : undefined;
      const answers = await both(pair, 'POST', `/v1/suggested-changes/${at(changes, s.change).id}/${s.action}`, s.who, body);
      const approvalId = (JSON.parse(answers[1].text) as { approvalId?: string }).approvalId;
      if (answers[1].status === 200 && approvalId) approvals.push(approvalId);
      return [answers];
    }
    case 'decide': {
      const approval = approvals.pop();
      // With the token of the world it waits in: the route is the same for every world.
      return approval ? [await both(pair, 'POST', `/__mock/approvals/${approval}/${s.decision}`, s.who)] : [];
    }
    case 'test-run':
      return [await both(pair, 'POST', '/__mock/test-runs', s.who, { version: 'v9', how: 'pin', [s.verdict]: [at(world.corrections, s.correction).id] })];
    case 'list': {
      const answers: Array<[Said, Said]> = [];
      let cursor: string | undefined;
      for (let page = 0; page < s.pages; page += 1) {
        const answer = await both(pair, 'GET', `/v1/corrections?status=${s.status}&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, s.who);
        answers.push(answer);
        cursor = answer[1].status === 200 ? (JSON.parse(answer[1].text) as { nextCursor?: string }).nextCursor : undefined;
        if (!cursor) break;
      }
      return answers;
    }
    case 'wait':
      return [await both(pair, 'POST', `${pair.admin}/clock/advance`, undefined, { ms: s.minutes * 60_000 })];
  }
}

// A fixed number of runs: about 9 s alone on 2 cores, and the time limit only guards against a hang
// while the rest of the suite shares the cores.
it('random interleavings of writes in three sessions and the base world: each world answers as its model, and keeps every rule', async () => {
  const succeeded = new Map<string, number>();
  const interleaving = fc.array(fc.record({ world: fc.nat({ max: 3 }), step }), { minLength: 20, maxLength: 40 });
  await fc.assert(
    fc.asyncProperty(interleaving, async (steps) => {
      for (const pair of pairs) {
        const [reset, modelReset] = await both(pair, 'POST', `${pair.admin}/reset`, undefined);
        expect([reset.status, modelReset.status]).toEqual([200, 200]);
      }
      const approvals = pairs.map((): string[] => []);
      for (const { world, step: s } of steps) {
        const pair = pairs[world]!;
        for (const [said, modelSaid] of await perform(pair, s, approvals[world]!)) {
          expect(said, `${pair.name}: ${JSON.stringify(s)}`).toEqual(modelSaid);
          expect(said.status, said.text).toBeLessThan(500);
          if (said.status < 300 && s.kind !== 'wait' && s.kind !== 'list') succeeded.set(s.kind, (succeeded.get(s.kind) ?? 0) + 1);
          if (s.kind === 'list' && said.status === 200) succeeded.set('list', (succeeded.get('list') ?? 0) + 1);
        }
      }
      for (const pair of pairs) {
        const view = pair.store().worldView();
        expect(view, pair.name).toEqual(pair.model.mock.store.worldView());
        expect(checkWorld(view), pair.name).toEqual([]);
      }
    }),
    { numRuns: 20, seed: 20261203 },
  );
  // The interleavings must really change the worlds, not only be refused.
  for (const kind of ['create', 'patch', 'remove', 'action', 'decide', 'test-run', 'list']) {
    expect(succeeded.get(kind) ?? 0, `successful ${kind} steps`).toBeGreaterThan(0);
  }
}, 90_000);
