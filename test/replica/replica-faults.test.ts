// Issue 35: what a replica acknowledged survives the replica's death and the store's. (a) Two CLI
// replicas under write load, one SIGKILLed mid-load: every 201 either answered is read back through
// the survivor and through a replica started afterwards. (b) The store's server SIGKILLed and
// restarted under load through two in-process replicas: meanwhile they answer 503
// store-unavailable with Retry-After, afterwards they serve again by themselves, and no
// acknowledged write is lost.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMock } from '../../src/index.ts';
import type { TestMock } from '../http/support.ts';
import { mockCliEnv } from '../support/run-node.ts';
import { startStoreServer, type StoreServer } from '../support/store-server.ts';
import { closeAll, freshStore, startReplica } from './support.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+)/;
const folder = mkdtempSync(join(tmpdir(), 'kgm-replica-faults-'));
const children: ChildProcess[] = [];

/** The fixtures' admin token and the runs it may correct: the same in every replica of the default world. */
const fixtures = (() => {
  const mock = createMock({ deterministic: true });
  return { admin: mock.store.principals().find((p) => p.token.startsWith('kgm_admin_'))!.token, runs: mock.store.worldView().runs.filter((run) => run.finished && run.tenantId === 'ten_northwind').map((run) => run.id) };
})();

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
  rmSync(folder, { recursive: true, force: true });
});

/** A CLI replica on `store`; its URL once it prints that it listens. */
function spawnReplica(store: string, replicaId: string): { child: ChildProcess; url: Promise<string>; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', '--port', '0', '--deterministic', '--store', store, '--replica-id', replicaId], { cwd: ROOT, env: mockCliEnv(join(folder, 'checked-worlds')), stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line in 30 s:\n${output}`)), 30_000);
    const hear = (chunk: string) => {
      output += chunk;
      const match = LISTENING.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.setEncoding('utf8').on('data', hear);
    child.stderr!.setEncoding('utf8').on('data', hear);
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`exited before listening:\n${output}`));
    });
  });
  return { child, url, output: () => output };
}

interface Sent { status: number; id?: string; code?: string; retryAfter?: string | null }

/** One correction written through `url`; a refused connection (a dead replica) is status 0. */
async function writeOne(url: string, n: number): Promise<Sent> {
  try {
    const response = await fetch(`${url}/v1/corrections`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${fixtures.admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ runId: fixtures.runs[n % fixtures.runs.length], answer: 'wrong', shouldSay: `Under load ${n}.` }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json()) as { id?: string; error?: { code: string } };
    return { status: response.status, ...(body.id ? { id: body.id } : {}), ...(body.error ? { code: body.error.code } : {}), retryAfter: response.headers.get('retry-after') };
  } catch {
    return { status: 0 };
  }
}

/** Writers, `perUrl` of them for each URL, each writing one correction after another until stopped. */
function writeLoad(urls: () => readonly string[], perUrl = 2) {
  const answers: Sent[] = [];
  let stopped = false;
  let n = 0;
  const writer = async (which: number) => {
    while (!stopped) {
      const url = urls()[which];
      if (url === undefined) return;
      answers.push(await writeOne(url, (n += 1)));
    }
  };
  const running = Promise.all(urls().flatMap((_, which) => Array.from({ length: perUrl }, () => writer(which))));
  return { answers, stop: async () => { stopped = true; await running; } };
}

async function readBack(url: string, ids: readonly string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const id of ids) {
    const response = await fetch(`${url}/v1/corrections/${id}`, { headers: { Authorization: `Bearer ${fixtures.admin}` } });
    if (response.status !== 200) missing.push(`${id}: ${response.status}`);
    await response.body?.cancel();
  }
  return missing;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a replica killed with SIGKILL under write load', () => {
  it('loses no acknowledged write: the survivor and a replica started afterwards read every one', async () => {
    const store = await freshStore();
    const first = spawnReplica(store, 'first');
    const second = spawnReplica(store, 'second');
    const urls = [await first.url, await second.url];
    const load = writeLoad(() => urls);
    await sleep(1500);
    process.kill(first.child.pid!, 'SIGKILL');
    await sleep(1000);
    await load.stop();

    const acknowledged = load.answers.filter((a) => a.status === 201).map((a) => a.id!);
    const others = load.answers.filter((a) => a.status !== 201 && a.status !== 0);
    expect(acknowledged.length).toBeGreaterThan(20);
    expect(others, JSON.stringify(others.slice(0, 5))).toEqual([]);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    expect(await readBack(urls[1]!, acknowledged)).toEqual([]);
    const late = spawnReplica(store, 'late');
    expect(await readBack(await late.url, acknowledged)).toEqual([]);
    console.info(`replica SIGKILL: ${acknowledged.length} acknowledged writes, 0 lost; ${load.answers.filter((a) => a.status === 0).length} refused connections to the dead replica`);
  }, 60_000);
});

describe('the store server killed with SIGKILL and restarted under write load', () => {
  let server: StoreServer | undefined;
  let replicas: TestMock[] = [];
  afterAll(async () => {
    await closeAll(replicas);
    await server?.remove();
  });

  it('answers 503 store-unavailable with Retry-After meanwhile, serves again by itself, and loses no acknowledged write', async () => {
    server = await startStoreServer({ persistent: true });
    const store = await server.freshDatabase();
    replicas = [await startReplica(store, 'a'), await startReplica(store, 'b')];
    const load = writeLoad(() => replicas.map((r) => r.url));
    await sleep(1000);
    await server.kill9();
    await sleep(1500);
    await server.restart();
    // Back by itself: each replica answers 201 again within a few probes.
    const backAt = Date.now();
    for (const replica of replicas) {
      for (let tries = 0; (await writeOne(replica.url, 1_000_000 + tries)).status !== 201; tries += 1) {
        expect(Date.now() - backAt, `${replica.url} still refuses`).toBeLessThan(15_000);
        await sleep(200);
      }
    }
    await sleep(500);
    await load.stop();

    const acknowledged = load.answers.filter((a) => a.status === 201).map((a) => a.id!);
    const refused = load.answers.filter((a) => a.status !== 201);
    expect(refused.length, 'requests during the outage').toBeGreaterThan(0);
    for (const answer of refused) expect(answer, JSON.stringify(answer)).toMatchObject({ status: 503, code: 'store-unavailable', retryAfter: '1' });
    for (const replica of replicas) expect(await readBack(replica.url, acknowledged), replica.url).toEqual([]);
    const late = await startReplica(store, 'late');
    replicas.push(late);
    expect(await readBack(late.url, acknowledged)).toEqual([]);
    console.info(`store SIGKILL + restart: ${acknowledged.length} acknowledged writes, 0 lost; ${refused.length} answered 503 store-unavailable`);
  }, 60_000);
});

describe('a CLI replica whose store server is killed with SIGKILL under write load', () => {
  it('keeps running, answers 503 store-unavailable, and serves again once the store is back (3 rounds)', async () => {
    const server = await startStoreServer({ persistent: true });
    try {
      const replica = spawnReplica(await server.freshDatabase(), 'cli');
      const url = await replica.url;
      let exit: string | undefined;
      replica.child.once('exit', (code, signal) => { exit = `exited with code ${code}, signal ${signal}`; });
      for (let round = 0; round < 3; round += 1) {
        const load = writeLoad(() => [url], 3);
        await sleep(400);
        await server.kill9();
        await sleep(1000);
        await server.restart();
        await sleep(1500);
        await load.stop();
        // A store that died must cost a replica its answers for a while, never its process.
        expect(exit, `round ${round}: ${replica.output().slice(-1500)}`).toBeUndefined();
        for (const answer of load.answers.filter((a) => a.status !== 201)) expect(answer).toMatchObject({ status: 503, code: 'store-unavailable', retryAfter: '1' });
        expect((await writeOne(url, round)).status).toBe(201);
      }
    } finally {
      await server.remove();
    }
  }, 60_000);
});
