// Answers written in batches (src/http/answer-batch.ts): later in the turn, in the order they
// came, every one even when one fails; out before the server closes; and out under a user's fake
// timers, which replace the global setImmediate.
import { get } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnswerBatch } from '../../src/http/answer-batch.ts';
import { createMock } from '../../src/index.ts';
import { silentLogger } from './support.ts';

/** A scheduler the test runs by hand: what the batch asked to run later, and how many times it asked. */
function handScheduler() {
  const scheduled: Array<() => void> = [];
  return { scheduled, schedule: (run: () => void) => void scheduled.push(run), runAll: () => { for (const run of scheduled.splice(0)) run(); } };
}

describe('createAnswerBatch', () => {
  it('runs nothing at once; later, every write of the turn in order with its own arguments, scheduled once per batch', () => {
    const { scheduled, schedule, runAll } = handScheduler();
    const batch = createAnswerBatch(schedule);
    const written: string[] = [];
    const write = (n: number, tag: string) => void written.push(`${n}${tag}`);
    for (const n of [1, 2, 3]) batch.add(write, n, n % 2 === 0 ? 'b' : 'a');
    expect(written).toEqual([]);
    expect(scheduled).toHaveLength(1);
    runAll();
    expect(written).toEqual(['1a', '2b', '3a']);
    batch.add((n: number) => void written.push(`other ${n}`), 4, undefined);
    expect(scheduled).toHaveLength(1);
    runAll();
    expect(written).toEqual(['1a', '2b', '3a', 'other 4']);
  });

  it('a write that throws stops none of the others; the first failure is thrown after them', () => {
    const { schedule, runAll } = handScheduler();
    const batch = createAnswerBatch(schedule);
    const written: string[] = [];
    const write = (name: string) => void written.push(name);
    const fail = (message: string) => { throw new Error(message); };
    batch.add(write, 'a', undefined);
    batch.add(fail, 'first', undefined);
    batch.add(fail, 'second', undefined);
    batch.add(write, 'd', undefined);
    expect(runAll).toThrow('first');
    expect(written).toEqual(['a', 'd']);
  });

  it('flush writes the pending ones now; the scheduled run then finds none', () => {
    const { schedule, runAll } = handScheduler();
    const batch = createAnswerBatch(schedule);
    const written: number[] = [];
    batch.add((n: number) => void written.push(n), 1, undefined);
    batch.flush();
    expect(written).toEqual([1]);
    runAll();
    expect(written).toEqual([1]);
  });
});

/** GET over node:http, which needs no timers of the global scope; status and body. */
function getText(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe("listen's server", () => {
  afterEach(() => { vi.useRealTimers(); });

  it("answers a test that runs under Vitest's fake timers", async () => {
    const mock = createMock({ logger: silentLogger().logger });
    const running = await mock.listen(0, '127.0.0.1');
    try {
      vi.useFakeTimers();
      const token = mock.store.principals().find((p) => p.token.startsWith('kgm_admin_'))!.token;
      const answer = await getText(`${running.url}/v1/corrections?limit=2`, { Authorization: `Bearer ${token}` });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).data).toHaveLength(2);
    } finally {
      vi.useRealTimers();
      await running.close();
    }
  });

  it('writes the answers of its batch before close ends the connections', async () => {
    const mock = createMock({ logger: silentLogger().logger });
    const running = await mock.listen(0, '127.0.0.1');
    let closing: Promise<void> | undefined;
    // The journal hears of an answer as the core makes it; a microtask then runs once the answer
    // waits in its batch, and closes the server before the batch's turn comes.
    mock.journal.subscribe(() => queueMicrotask(() => { closing ??= running.close(); }));
    const answer = await getText(`${running.url}/health`);
    await closing;
    expect(closing).toBeDefined();
    expect(answer).toEqual({ status: 200, body: '{"ok":true}' });
  });
});
