// The clock is kept with the state file (issue 36, item 7): a clock moved on by /__mock/clock, and
// writes stamped by it, used to block the next start ("the clock is before the world's newest
// record … or --dates now", which --state refuses). Now each PUT and advance under --state is a
// journalled entry, held to the entry checks, carried by a reset and a compaction, and a restart
// goes on from it; an explicit --clock wins and is kept in its turn.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/fixtures/load-world.ts';
import { createMock } from '../../src/index.ts';
import { StateFileError, worldFingerprint } from '../../src/store/state-file.ts';
import { encodeLine, headerLine } from '../../src/store/state-lines.ts';
import { freshRuns } from '../support/fixture-picks.ts';
import { faultyFileSystem } from '../support/faulty-file-system.ts';
import { mocksClosedAfterEach, silentLogger, type TestMock } from './support.ts';

const DAY = 24 * 60 * 60 * 1000;
const folder = mkdtempSync(join(tmpdir(), 'kindgi-state-clock-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;
const newStateFile = () => join(folder, `state-${(files += 1)}.jsonl`);
const { start, stop } = mocksClosedAfterEach();
const correct = async (server: TestMock, runId: string) => {
  const made = await server.request('POST', '/v1/corrections', { token: 'admin', body: { runId, answer: 'wrong', why: 'clock kept' } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: string; createdAt: string };
};
const clockOf = async (server: TestMock) => (await server.get('/__mock/clock')).body as { now: string; frozen: boolean };

describe('/__mock/clock under --state', () => {
  it('advanced two days and written at → a restart starts (it used to refuse), the clock running on from there', async () => {
    let real = Date.parse('2026-12-05T10:00:00.000Z');
    const file = newStateFile();
    const [run] = freshRuns(1);
    const one = await start({ stateFile: file, clock: () => real });
    expect((await one.request('POST', '/__mock/clock/advance', { body: { ms: 2 * DAY } })).status).toBe(200);
    const made = await correct(one, run!.id);
    expect(made.createdAt).toBe('2026-12-07T10:00:00.000Z');
    await stop(one);
    real += 60_000;
    const two = await start({ stateFile: file, clock: () => real });
    expect(await clockOf(two)).toEqual({ now: '2026-12-07T10:01:00.000Z', frozen: false });
    expect(two.mock.state!.restored.clock).toMatchObject({ frozen: false });
    expect((await two.get(`/v1/corrections/${made.id}`, 'admin')).status).toBe(200);
  });

  it('PUT a frozen time → a restart reads it frozen; a reset keeps it; so does a compaction', async () => {
    const file = newStateFile();
    const [first, second] = freshRuns(2);
    const one = await start({ stateFile: file, stateCompaction: { minBytes: 1, ratio: 1 } });
    expect((await one.request('PUT', '/__mock/clock', { body: { now: '2027-05-01T08:00:00Z', frozen: true } })).status).toBe(200);
    await correct(one, first!.id);
    // Each write compacted the file (minBytes 1): the clock is in the snapshot.
    expect(readFileSync(file, 'utf8').split('\n', 1)[0]).toContain('"snapshot"');
    await stop(one);
    const two = await start({ stateFile: file });
    expect(await clockOf(two)).toEqual({ now: '2027-05-01T08:00:00.000Z', frozen: true });
    expect((await two.request('POST', '/__mock/reset')).status).toBe(200);
    await correct(two, second!.id);
    await stop(two);
    const three = await start({ stateFile: file });
    expect(await clockOf(three)).toEqual({ now: '2027-05-01T08:00:00.000Z', frozen: true });
    expect(three.mock.state!.restoredWrites).toBe(1);
  });

  it('a clock the disk does not take → 503 state-write-failed and the clock is unchanged', async () => {
    const { fs, faults, clear } = faultyFileSystem();
    const server = await start({ stateFile: newStateFile(), stateFileSystem: fs, clock: { now: '2027-01-01T00:00:00Z', frozen: true } });
    faults.write = 'ENOSPC';
    const refused = await server.request('PUT', '/__mock/clock', { body: { now: '2027-06-01T00:00:00Z', frozen: true } });
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('state-write-failed');
    expect(await clockOf(server)).toEqual({ now: '2027-01-01T00:00:00.000Z', frozen: true });
    clear();
  });

  it('--clock given at a start wins over the kept one, and is kept in its turn; the same --clock again adds no line', async () => {
    const file = newStateFile();
    const one = await start({ stateFile: file, clock: { now: '2027-02-01T00:00:00Z', frozen: true } });
    expect((await one.request('PUT', '/__mock/clock', { body: { now: '2027-03-01T00:00:00Z', frozen: true } })).status).toBe(200);
    await stop(one);
    const two = await start({ stateFile: file, clock: { now: '2027-04-01T00:00:00Z', frozen: true } });
    expect(await clockOf(two)).toEqual({ now: '2027-04-01T00:00:00.000Z', frozen: true });
    await stop(two);
    const lines = readFileSync(file, 'utf8').split('\n').length;
    await stop(await start({ stateFile: file, clock: { now: '2027-04-01T00:00:00Z', frozen: true } }));
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(lines);
    expect(await clockOf(await start({ stateFile: file }))).toEqual({ now: '2027-04-01T00:00:00.000Z', frozen: true });
  });

  it('a start blocked by its clock with --state suggests --clock, not --dates now (which --state refuses)', async () => {
    const file = newStateFile();
    // A test's own clock is a source, not a setting: it is not kept, and the next start's is earlier.
    await stop(await start({ stateFile: file, clock: () => Date.parse('2027-06-01T00:00:00Z') }).then(async (server) => {
      await correct(server, freshRuns(1)[0]!.id);
      return server;
    }));
    let error: Error | undefined;
    try {
      createMock({ stateFile: file, clock: () => Date.parse('2027-01-01T00:00:00Z'), logger: silentLogger().logger }).close();
    } catch (caught) {
      error = caught as Error;
    }
    expect(error?.message).toContain('before the world\'s newest record');
    expect(error?.message).toContain('--clock');
    expect(error?.message).not.toContain('--dates now');
  });
});

describe('a clock entry is held to the entry checks', () => {
  const world = loadWorld();
  const fileWith = (value: unknown) => {
    const file = newStateFile();
    writeFileSync(file, Buffer.concat([headerLine(worldFingerprint(world)), encodeLine(value)]));
    return file;
  };
  it.each([
    ['a time past the clock\'s range', { clock: { now: 9e15, frozen: true, at: 0 } }, 'the clock reads times from 1970'],
    ['a key it does not have', { clock: { now: 0, frozen: true, at: 0, speed: 2 } }, 'speed'],
    ['frozen not a boolean', { clock: { now: 0, frozen: 'yes', at: 0 } }, 'frozen'],
    ['the clock beside changes', { clock: { now: 0, frozen: true, at: 0 }, corrections: [] }, 'corrections'],
  ])('%s → refused naming line 2', (_name, value, phrase) => {
    const file = fileWith(value);
    let error: Error | undefined;
    try {
      createMock({ stateFile: file, logger: silentLogger().logger }).close();
    } catch (caught) {
      error = caught as Error;
    }
    expect(error).toBeInstanceOf(StateFileError);
    expect(error!.message).toContain('line 2 cannot be restored');
    expect(error!.message).toContain(phrase);
  });
});
