// The state file's entry schemas are kept with the spec's validators in the compiled spec's cache
// (issue 36, "a restart under 3 s"): a restart that finds them kept compiles neither, judges every
// entry as the compiled ones do, with the same messages, and a kept module made from other entry
// schemas is never used.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { checkingCodeDigest } from '../../src/fixtures/checked-worlds.ts';
import { createMock } from '../../src/index.ts';
import { compiledSpecCacheIn } from '../../src/spec/compiled-spec-cache.ts';
import { readCompiledSpec } from '../../src/spec/load-compiled-spec.ts';
import { loadSpec, SPEC_PATH } from '../../src/spec/load-spec.ts';
import { entryChecker, STATE_ENTRY_SCHEMAS } from '../../src/store/state-entry-rules.ts';
import { freshRuns } from '../support/fixture-picks.ts';
import { mocksClosedAfterEach } from '../http/support.ts';

const root = mkdtempSync(join(tmpdir(), 'kindgi-entry-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const freshDir = () => join(root, `cache-${(folders += 1)}`);
afterEach(() => vi.restoreAllMocks());
const { start, stop } = mocksClosedAfterEach();

const entrySchemas = new Set<unknown>(STATE_ENTRY_SCHEMAS.map(({ schema }) => schema));
/** Counts Ajv compiles of the entry schemas from now on. */
function entryCompiles(): () => number {
  const compile = vi.spyOn(Ajv2020.prototype, 'compile');
  return () => compile.mock.calls.filter(([schema]) => entrySchemas.has(schema)).length;
}

/** The document as a start with a warm cache has it: recalled, its entry validators adopted with it. */
function recalledDocument() {
  const cache = compiledSpecCacheIn(freshDir(), checkingCodeDigest());
  readCompiledSpec(SPEC_PATH, loadSpec, cache, STATE_ENTRY_SCHEMAS);
  const read = readCompiledSpec(SPEC_PATH, loadSpec, cache, STATE_ENTRY_SCHEMAS);
  expect(read.recalled).toBe(true);
  return read.spec.document;
}

describe('the state file\'s entry checks from the compiled spec\'s cache', () => {
  it('a restart with the cache warm compiles neither entry schema, and restores the changes and the clock', async () => {
    const dir = freshDir();
    readCompiledSpec(SPEC_PATH, loadSpec, compiledSpecCacheIn(dir, checkingCodeDigest()), STATE_ENTRY_SCHEMAS);
    const stateFile = join(root, 'warm.state');
    const [run] = freshRuns(1);
    const one = await start({ stateFile, checkedWorldsDir: dir });
    expect((await one.request('PUT', '/__mock/clock', { body: { now: '2027-05-01T08:00:00Z', frozen: true } })).status).toBe(200);
    expect((await one.request('POST', '/v1/corrections', { token: 'admin', body: { runId: run!.id, answer: 'wrong', why: 'kept checks' } })).status).toBe(201);
    await stop(one);
    const compiles = entryCompiles();
    const two = await start({ stateFile, checkedWorldsDir: dir });
    expect(two.mock.state!.restoredWrites).toBe(1);
    expect(two.mock.state!.restored.clock).toMatchObject({ frozen: true });
    expect(compiles()).toBe(0);
  });

  it('without the cache, the entry schemas are compiled as before', () => {
    const compiles = entryCompiles();
    entryChecker(loadSpec(SPEC_PATH));
    expect(compiles()).toBe(2);
  });

  it('kept or compiled, every entry gets the same verdict and the same messages', () => {
    const mock = createMock({ checkedWorldsDir: false });
    const lookup = mock.store.lookup;
    const correction = mock.store.worldView().corrections[0]!;
    const kept = entryChecker(recalledDocument());
    const compiled = entryChecker(loadSpec(SPEC_PATH));
    const entries: unknown[] = [
      { corrections: [correction] },
      { corrections: [{ ...correction, status: 'nope' }] },
      { corrections: [{ ...correction, unexpected: 1 }] },
      { replies: [{ slot: 's', fingerprint: 'f', status: 99, text: '', expires: 1 }] },
      { approvals: [{ id: 'apr_1', suggestedChangeId: 'sc_1', pinnedBy: { kind: 'robot' }, pinChangeId: 'p' }] },
      { checks: [{ suggestedChangeId: '', endsAt: 'later', fails: 'no' }] },
      { clock: { now: Date.parse('2027-01-01T00:00:00Z'), frozen: true, at: 0 } },
      { clock: { now: 'tomorrow', frozen: 1 } },
      { clock: { now: 1, frozen: true, at: 1, extra: true } },
    ];
    let refused = 0;
    for (const entry of entries) {
      const problems = compiled(entry, lookup);
      expect(kept(entry, lookup), JSON.stringify(entry)).toEqual(problems);
      if (problems.length > 0) refused += 1;
    }
    expect(refused).toBeGreaterThanOrEqual(entries.length - 3);
    mock.close();
  });

  it('a kept module made from other entry schemas is not used: the document is compiled again', () => {
    const cache = compiledSpecCacheIn(freshDir(), checkingCodeDigest());
    readCompiledSpec(SPEC_PATH, loadSpec, cache, STATE_ENTRY_SCHEMAS);
    const changed = STATE_ENTRY_SCHEMAS.map((entry, at) => (at === 0 ? { ...entry, schema: { ...entry.schema, minProperties: 1 } } : entry));
    expect(readCompiledSpec(SPEC_PATH, loadSpec, cache, changed).recalled).toBe(false);
    expect(readCompiledSpec(SPEC_PATH, loadSpec, cache, changed).recalled).toBe(true);
    expect(readCompiledSpec(SPEC_PATH, loadSpec, cache, STATE_ENTRY_SCHEMAS).recalled).toBe(true);
    expect(readCompiledSpec(SPEC_PATH, loadSpec, cache).recalled).toBe(false);
  });
});
