// --allow-writes leaves no correction behind, even when a run is killed: the test starts the
// kit's command as a child, kills it (SIGKILL, by its PID) the moment the mock has answered its
// first POST /v1/corrections with 201, then runs the command again, which finds the killed run's
// correction by the tag in its why and removes it, and removes its own at the end.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverTokens } from '../../contracts/discover.ts';
import { summarize } from '../../contracts/report/summary.ts';
import { runSuite } from '../../contracts/run-suite.ts';
import { writes } from '../../contracts/scenarios/writes.ts';
import { WRITE_TAG_MARK } from '../../contracts/writes-ledger.ts';
import type { Correction } from '../../src/domain/types.ts';
import { startMock, walkList, type TestMock } from '../http/support.ts';
import { runNode } from '../support/run-node.ts';
import { startTargetProxy, type TargetProxy } from '../support/target-proxy.ts';

const CLI = ['--import', 'tsx', 'src/bin.ts', 'contracts'];
const LIVE = 'status=open,being-fixed,with-owner,fixed,wont-fix';

let mock: TestMock;
let primary: string;
beforeAll(async () => {
  mock = await startMock();
  primary = (await discoverTokens(mock.url))!.primary;
});
afterAll(async () => { await mock.close(); });

/** The kit's corrections that are still live (listed, not removed): what a run must not leave. */
async function liveTagged(): Promise<Array<{ id: string; why?: string }>> {
  const mine = await walkList(mock, `madeBy=me&${LIVE}`, primary) as Array<{ id: string; why?: string }>;
  return mine.filter((c) => c.why?.includes(`[${WRITE_TAG_MARK}`));
}

/** Every correction the mock created with 201 for anyone, from its request journal. */
async function everyCreated(): Promise<string[]> {
  const journal = await mock.get<{ data: Array<{ method: string; path: string; status: number; responseBody?: string }> }>('/__mock/requests?limit=1000');
  return journal.body.data.filter((e) => e.method === 'POST' && e.path === '/v1/corrections' && e.status === 201).map((e) => (JSON.parse(e.responseBody!) as Correction).id);
}

describe('kindgi-mock contracts --allow-writes, killed after its first correction and run again', () => {
  let proxy: TargetProxy;
  let killed: { code: number | null; signal: NodeJS.Signals | null; stdout: string };
  let leftId: string;

  beforeAll(async () => {
    let child: ReturnType<typeof spawn> | undefined;
    let exited!: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
    // The answer to the first created correction waits until the command is dead: it never sees it.
    proxy = await startTargetProxy(mock.url, {
      beforeReply: async (request, upstream) => {
        if (request.method !== 'POST' || request.url !== '/v1/corrections' || upstream.status !== 201 || !child?.pid) return;
        leftId = (JSON.parse(upstream.body) as Correction).id;
        process.kill(child.pid, 'SIGKILL');
        await exited;
      },
    });
    child = spawn(process.execPath, [...CLI, '--base-url', proxy.url, '--allow-writes'], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout!.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr!.resume();
    exited = new Promise((resolve) => child!.on('exit', (code, signal) => resolve({ code, signal })));
    killed = { ...(await exited), stdout };
  }, 60_000);
  afterAll(async () => { await proxy.close(); });

  it('the killed run died by SIGKILL before it could report, and left its correction live, tagged with its run', async () => {
    expect(killed.signal).toBe('SIGKILL');
    expect(killed.stdout).not.toContain('Checks:');
    const left = await liveTagged();
    expect(left.map((c) => c.id)).toEqual([leftId]);
    expect(left[0]!.why).toMatch(/\[kindgi-contracts-run:[0-9a-f]{12}\]$/);
  });

  it('the next run removes what the killed one left, says so, removes its own at the end, and leaves no live correction', async () => {
    const result = await runNode([...CLI, '--base-url', mock.url, '--allow-writes']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const killedRun = /\[kindgi-contracts-run:([0-9a-f]{12})\]/.exec((await mock.get<Correction>(`/v1/corrections/${leftId}`, primary)).body.why ?? '')![1]!;
    expect(result.stdout).toContain(`Left behind by an interrupted run and removed now: ${leftId} (run ${killedRun})`);
    expect(result.stdout).toMatch(/^Writes \(--allow-writes, each correction tagged \[kindgi-contracts-run:[0-9a-f]{12}\] in its why\): created 2 \(cor_\w+, cor_\w+\); removed by the checks: cor_\w+; superseded, kept by the API as history and in no list: cor_\w+; removed at the end \(POST …\/remove\): none$/m);
    expect(await liveTagged()).toEqual([]);
    // Every correction either run created is removed, or superseded by one that is.
    const created = await everyCreated();
    expect(created).toHaveLength(3);
    for (const id of created) {
      const correction = (await mock.get<Correction>(`/v1/corrections/${id}`, primary)).body;
      const last = correction.supersededBy ? (await mock.get<Correction>(`/v1/corrections/${correction.supersededBy}`, primary)).body : correction;
      expect([id, last.status]).toEqual([id, 'removed']);
    }
  });
});

describe('a run whose write checks stop half way (every PATCH answers 503, Retry-After: 0)', () => {
  it('removes the correction it created at the end, and says so', async () => {
    const busy = await startTargetProxy(mock.url, {
      answer: (r) => (r.method === 'PATCH' ? { status: 503, headers: { 'Retry-After': '0', 'X-Request-Id': 'req-busy' }, body: { error: { code: 'database-busy', message: 'busy', requestId: 'req-busy' } } } : undefined),
    });
    try {
      const tokens = (await discoverTokens(mock.url))!;
      const result = await runSuite({ baseUrl: busy.url, tokens, allowWrites: true, scenarios: [writes], runId: 'half-way' });
      expect(result.unavailable.map((u) => u.scenario)).toEqual(['writes']);
      expect(result.writes).toEqual(expect.objectContaining({ tag: '[kindgi-contracts-run:half-way]', removedByChecks: [], superseded: [], notRemoved: [] }));
      expect(result.writes!.created).toHaveLength(1);
      expect(result.writes!.removedAtEnd).toEqual(result.writes!.created);
      expect(summarize(result)).toContain(`removed at the end (POST …/remove): ${result.writes!.created[0]}`);
      expect(await liveTagged()).toEqual([]);
    } finally {
      await busy.close();
    }
  });
});
