// Model-based, with `--state FILE` (issue 11): after random sequences of writes a restart on the
// same file is accepted by every check of the restore and serves exactly the world that was
// acknowledged, kept Idempotency-Key answers included. The stricter restore never refuses a file
// the mock itself wrote.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { startMock, type TestMock, type TokenName } from './support.ts';

const folder = mkdtempSync(join(tmpdir(), 'kindgi-state-model-'));
const file = join(folder, 'state.jsonl');
let now = Date.parse('2031-07-01T09:00:00Z');
let server: TestMock | undefined;
afterAll(async () => {
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});
// Issue 36: the same with a file that compacts itself after every write.
let compaction: { minBytes: number; ratio: number } | undefined;
const start = () => startMock({ stateFile: file, clock: () => now, checkMs: 60_000, ...(compaction ? { stateCompaction: compaction } : {}) });

type Step =
  | { kind: 'create'; who: TokenName; run: number; key: boolean }
  | { kind: 'patch'; who: TokenName; correction: number; status: string }
  | { kind: 'remove'; who: TokenName; correction: number }
  | { kind: 'action'; who: TokenName; change: number; action: 'check' | 'pin' | 'add-as-latest' | 'withdraw' }
  | { kind: 'decide'; who: TokenName; decision: 'approve' | 'reject' }
  | { kind: 'test-run'; who: TokenName; correction: number; verdict: 'wrong' | 'right' }
  | { kind: 'wait'; minutes: number };

const who = fc.constantFrom<TokenName>('admin', 'member', 'expert', 'triage_bot');
const index = fc.nat({ max: 10_000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), who, run: index, key: fc.boolean() }),
  fc.record({ kind: fc.constant('patch' as const), who, correction: index, status: fc.constantFrom('open', 'being-fixed', 'wont-fix', 'fixed') }),
  fc.record({ kind: fc.constant('remove' as const), who, correction: index }),
  fc.record({ kind: fc.constant('action' as const), who, change: index, action: fc.constantFrom('check' as const, 'pin' as const, 'add-as-latest' as const, 'withdraw' as const) }),
  fc.record({ kind: fc.constant('decide' as const), who, decision: fc.constantFrom('approve' as const, 'reject' as const) }),
  fc.record({ kind: fc.constant('test-run' as const), who, correction: index, verdict: fc.constantFrom('wrong' as const, 'right' as const) }),
  fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 120 }) }),
);
const at = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

async function perform(mock: TestMock, s: Step, approvals: string[]): Promise<number> {
  const world = mock.mock.store.worldView();
  switch (s.kind) {
    case 'create': {
      const run = at(world.runs, s.run);
      return (await mock.request('POST', '/v1/corrections', { token: s.who, body: { runId: run.id, answer: 'wrong', why: 'model' }, headers: s.key ? { 'Idempotency-Key': `model-${run.id}` } : {} })).status;
    }
    case 'patch':
      return (await mock.request('PATCH', `/v1/corrections/${at(world.corrections, s.correction).id}`, { token: s.who, body: { status: s.status } })).status;
    case 'remove':
      return (await mock.request('POST', `/v1/corrections/${at(world.corrections, s.correction).id}/remove`, { token: s.who })).status;
    case 'action': {
      const body = s.action === 'withdraw' ? { reason: 'Model run.' } : s.action === 'add-as-latest' ? {} : undefined;
      const answer = await mock.request('POST', `/v1/suggested-changes/${at(world.suggestedChanges, s.change).id}/${s.action}`, { token: s.who, ...(body ? { body } : {}) });
      if (answer.body?.approvalId) approvals.push(answer.body.approvalId);
      return answer.status;
    }
    case 'decide': {
      const approval = approvals.pop();
      return approval ? (await mock.request('POST', `/__mock/approvals/${approval}/${s.decision}`, { token: s.who })).status : 204;
    }
    case 'test-run':
      return (await mock.request('POST', '/__mock/test-runs', { token: s.who, body: { version: 'v9', how: 'pin', [s.verdict]: [at(world.corrections, s.correction).id] } })).status;
    case 'wait':
      now += s.minutes * 60_000;
      return (await mock.get('/health')).status;
  }
}

for (const compacting of [false, true]) it(`random write sequences, then a restart on the same file${compacting ? ' (compacted after every write)' : ''} → accepted, and the same world, checks and kept answers`, { timeout: 60_000 }, async () => {
  let written = 0;
  compaction = compacting ? { minBytes: 1, ratio: 1 } : undefined;
  await server?.close();
  server = await start();
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 30 }), async (steps) => {
      await server!.request('POST', '/__mock/reset');
      const writtenBefore = written;
      const approvals: string[] = [];
      for (const s of steps) {
        const status = await perform(server!, s, approvals);
        expect(status, JSON.stringify(s)).toBeLessThan(500);
        if (status < 300 && s.kind !== 'wait') written += 1;
      }
      const before = { world: server!.mock.store.exportWorld(), checks: server!.mock.store.lookup.runningChecks(), replies: server!.mock.store.keptReplyCount() };
      await server!.close();
      server = await start();
      expect(server.mock.stateNotices).toEqual([]);
      if (compacting && written > writtenBefore) expect(readFileSync(file, 'utf8').split('\n', 1)[0]).toContain('"snapshot"');
      expect(server.mock.store.exportWorld()).toEqual(before.world);
      expect(server.mock.store.lookup.runningChecks()).toEqual(before.checks);
      expect(server.mock.store.keptReplyCount()).toBe(before.replies);
    }),
    { numRuns: 8, seed: 20310701 },
  );
  expect(written).toBeGreaterThan(20);
});
