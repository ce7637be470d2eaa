// `--stateful` against targets that are right: the clean mock in another process, 200 sequences
// with no divergence; the same while other people write on the very runs the walk corrects; and
// after either, nothing the walk made is left live. Then what a report says of the walk.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverTokens } from '../../contracts/discover.ts';
import { failed } from '../../contracts/index.ts';
import { runSuite, type SuiteResult } from '../../contracts/run-suite.ts';
import type { Correction } from '../../src/domain/types.ts';
import { startMock, type TestMock } from '../http/support.ts';
import { mockCliEnv } from '../support/run-node.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LIVE = 'open,being-fixed,with-owner,fixed,wont-fix';

/** The caller's live corrections that carry `tag` in their why, every page. */
async function liveTagged(baseUrl: string, token: string, tag: string): Promise<Correction[]> {
  const found: Correction[] = [];
  let cursor: string | undefined;
  do {
    const response = await fetch(`${baseUrl}/v1/corrections?madeBy=me&status=${LIVE}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: { Authorization: `Bearer ${token}` } });
    const page = await response.json() as { data: Correction[]; nextCursor?: string };
    found.push(...page.data.filter((c) => c.why?.includes(tag)));
    cursor = page.nextCursor;
  } while (cursor);
  return found;
}

describe('the stateful walk against the clean mock, in another process', () => {
  const checkedWorlds = mkdtempSync(join(tmpdir(), 'kindgi-stateful-verdicts-'));
  let child: ChildProcess;
  let baseUrl: string;

  beforeAll(async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', '--port', '0'], { cwd: ROOT, env: mockCliEnv(checkedWorlds), stdio: ['ignore', 'pipe', 'pipe'] });
    baseUrl = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no listening line:\n${out}`)), 30_000);
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    });
  }, 40_000);

  afterAll(() => {
    child?.kill('SIGTERM');
    rmSync(checkedWorlds, { recursive: true, force: true });
  });

  it('parts from it in none of 200 sequences, and leaves nothing it made live', async () => {
    const tokens = (await discoverTokens(baseUrl))!;
    const result = await runSuite({ baseUrl, tokens, allowWrites: true, stateful: true, statefulRuns: 200, seed: 3400, scenarios: [], maxRequests: 50_000, timeLimitMs: 600_000 });
    expect(result.failures).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect(result.stateful).toMatchObject({ seed: 3400, runs: 200, sequences: 200 });
    expect(result.stateful!.stopped).toBeUndefined();
    // It did walk: hundreds of corrections made, each removed (or superseded, which the API keeps).
    expect(result.writes!.created.length).toBeGreaterThan(300);
    expect(result.writes!.notRemoved).toEqual([]);
    expect(await liveTagged(baseUrl, tokens.primary, result.writes!.tag)).toEqual([]);
  }, 600_000);
});

describe('the stateful walk while other people write on the same runs', () => {
  let server: TestMock;
  beforeAll(async () => { server = await startMock(); });
  afterAll(async () => { await server.close(); });

  it('raises no false alarm', async () => {
    const tokens = (await discoverTokens(server.url))!;
    const primary = server.mock.store.principals().find((p) => p.token === tokens.primary)!;
    // Every principal of the tenant but the walk's caller writes on the newest runs, the walk's among them.
    const others = server.mock.store.principals().filter((p) => p.tenantId === primary.tenantId && p.id !== primary.id && !p.expiresAt && !p.revokedAt);
    const newest = (await server.get<{ data: Correction[] }>('/v1/corrections?limit=100', tokens.primary)).body.data;
    const runs = [...new Set(newest.map((c) => c.runId))].slice(0, 12);
    let writing = true;
    let writes = 0;
    const writer = (async () => {
      for (let round = 0; writing; round += 1) {
        const who = others[round % others.length]!.token;
        const runId = runs[round % runs.length]!;
        const made = await server.request<Correction>('POST', '/v1/corrections', { token: who, body: { runId, answer: 'wrong', shouldSay: 'Someone else says so.' } });
        if (made.status !== 201) continue;
        writes += 1;
        await server.request('PATCH', `/v1/corrections/${made.body.id}`, { token: who, body: round % 2 ? { sortedTo: 'owner', status: 'with-owner' } : { status: 'wont-fix', note: 'Not ours.' } });
        if (round % 3 === 0) await server.request('POST', `/v1/corrections/${made.body.id}/remove`, { token: who });
      }
    })();
    let result: SuiteResult;
    try {
      result = await runSuite({ baseUrl: server.url, tokens, allowWrites: true, stateful: true, statefulRuns: 60, seed: 3401, scenarios: [], maxRequests: 20_000 });
    } finally {
      writing = false;
      await writer;
    }
    expect(writes).toBeGreaterThan(50);
    expect(result.failures).toEqual([]);
    expect(result.stateful!.targetRuns.every((run) => runs.includes(run))).toBe(true);
    expect(await liveTagged(server.url, tokens.primary, result.writes!.tag)).toEqual([]);
  }, 300_000);
});

describe('the stateful walk against a mock whose clock is frozen', () => {
  let server: TestMock;
  beforeAll(async () => { server = await startMock({ clock: { now: '2027-01-01T00:00:00Z', frozen: true } }); });
  afterAll(async () => { await server.close(); });

  it('is skipped, saying why, and leaves its probes removed', async () => {
    const tokens = (await discoverTokens(server.url))!;
    const result = await runSuite({ baseUrl: server.url, tokens, allowWrites: true, stateful: true, scenarios: [] });
    expect(result.failures).toEqual([]);
    expect(result.skipped).toEqual([{ scenario: 'stateful walk', reason: expect.stringMatching(/^no run to walk on: the target's clock did not move between two writes 1001 ms apart \(both made at 2027-01-01T00:00:00\.000Z\)/) }]);
    expect(await liveTagged(server.url, tokens.primary, result.writes!.tag)).toEqual([]);
  });
});

describe.each([
  // A server that keeps times in steps of 10 ms: the walk spaces its writes a step apart.
  ['keeps times in steps of 10 ms', () => Math.floor(Date.now() / 10) * 10],
  // A server whose clock runs a day ahead of the Date its answers carry.
  ['runs a day ahead of its Date header', () => Date.now() + 86_400_000],
])('the stateful walk against a mock whose clock %s', (_what, clock) => {
  let server: TestMock;
  beforeAll(async () => { server = await startMock({ clock }); });
  afterAll(async () => { await server.close(); });

  it('raises no false alarm in 60 sequences', async () => {
    const tokens = (await discoverTokens(server.url))!;
    const result = await runSuite({ baseUrl: server.url, tokens, allowWrites: true, stateful: true, statefulRuns: 60, seed: 3402, scenarios: [] });
    expect(result.failures).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect(result.stateful!.sequences).toBe(60);
  }, 120_000);
});

describe('the stateful walk cut short', () => {
  let server: TestMock;
  beforeAll(async () => { server = await startMock(); });
  afterAll(async () => { await server.close(); });

  it('by the budget: what ran passed, a warning says how little, and its own seed is one a flag takes', async () => {
    const tokens = (await discoverTokens(server.url))!;
    const result = await runSuite({ baseUrl: server.url, tokens, allowWrites: true, stateful: true, statefulRuns: 50, maxRequests: 150, scenarios: [] });
    expect(result.stateful!.stopped).toBe('the request budget (150) is used up');
    expect(result.stateful!.sequences).toBeLessThan(50);
    expect(result.failures.map((f) => [f.check, f.severity, f.expected])).toEqual([['stateful-walk', 'warning', '50 sequences (--stateful-runs)']]);
    expect(result.failures[0]!.actual).toMatch(/^\d+ sent before the request budget \(150\) is used up: raise --max-requests or --time-limit, or lower --stateful-runs$/);
    expect(failed(result)).toBe(false);
    expect(result.stateful!.seed).toBeGreaterThanOrEqual(0);
    expect(await liveTagged(server.url, tokens.primary, result.writes!.tag)).toEqual([]);
  }, 60_000);

  it('refuses its settings without stateful, as the command does', async () => {
    const tokens = (await discoverTokens(server.url))!;
    await expect(runSuite({ baseUrl: server.url, tokens, allowWrites: true, statefulRuns: 5, scenarios: [] })).rejects.toThrow('statefulRuns is for the stateful walk: add stateful: true');
    await expect(runSuite({ baseUrl: server.url, tokens, allowWrites: true, seed: 5, scenarios: [] })).rejects.toThrow('seed is for the stateful walk: add stateful: true');
    await expect(runSuite({ baseUrl: server.url, tokens, stateful: true, scenarios: [] })).rejects.toThrow('stateful needs allowWrites');
  });
});
