// Issue 35: a running clock is the deployment's, not each replica's: a replica started later, or
// one that reads the log again, runs the base world's clock and each session's on from where the
// first replica started them, and a replica started with another clock is refused.
import { afterAll, describe, expect, it } from 'vitest';
import type { TestMock } from '../http/support.ts';
import { closeAll, freshStore, startReplica } from './support.ts';

const started: TestMock[] = [];
afterAll(() => closeAll(started));

const START = '2026-12-01T09:00:00.000Z';
const clockOf = async (server: TestMock, path = '/__mock/clock') => Date.parse((await server.get(path)).body.now as string);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a running clock across replicas', () => {
  it('a replica started later runs the base world\'s clock and a session\'s on from the first start, not its own', async () => {
    const store = await freshStore();
    const clock = { now: START, frozen: false };
    const a = await startReplica(store, 'a', { clock });
    started.push(a);
    const opened = await a.request('POST', '/__mock/sessions', { body: {} });
    expect(opened.status).toBe(201);
    const sessionClock = `/__mock/sessions/${opened.body.id}/clock`;
    // Long enough that a clock started anew would be far behind; the comparison allows a tenth of it.
    await pause(1500);
    const b = await startReplica(store, 'b', { clock });
    started.push(b);
    const [onA, onB] = [await clockOf(a), await clockOf(b)];
    expect(onA - Date.parse(START)).toBeGreaterThan(1400);
    expect(Math.abs(onB - onA)).toBeLessThan(300);
    const [sessionOnA, sessionOnB] = [await clockOf(a, sessionClock), await clockOf(b, sessionClock)];
    expect(Math.abs(sessionOnB - sessionOnA)).toBeLessThan(300);
  });

  it('refuses a replica started with another clock, naming both digests', async () => {
    const store = await freshStore();
    const a = await startReplica(store, 'a', { clock: { now: START, frozen: true } });
    started.push(a);
    const refused = startReplica(store, 'b', { clock: { now: '2026-12-02T09:00:00.000Z', frozen: true } });
    await expect(refused).rejects.toThrow(/this replica loaded world [0-9a-f]{16}, the deployment serves world [0-9a-f]{16}: they differ in --clock;/);
  });
});
