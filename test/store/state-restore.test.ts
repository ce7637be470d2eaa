// Restoring a state file over the embedded world (issue 11): every entry is held to the rules a
// write is held to, the world is checked after the replay, a refusal names the line and leaves the
// file as it was; no single-bit flip anywhere in a journal starts silently with changed data.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { isLive } from '../../src/domain/correction-transitions.ts';
import type { Correction } from '../../src/domain/types.ts';
import { loadWorld } from '../../src/fixtures/load-world.ts';
import { loadSpec } from '../../src/spec/load-spec.ts';
import { changeCorrection, createCorrection } from '../../src/store/correction-writes.ts';
import type { Outcome } from '../../src/store/outcome.ts';
import { StateFileError, worldFingerprint, type StateJournal } from '../../src/store/state-file.ts';
import { encodeLine, headerLine } from '../../src/store/state-lines.ts';
import { openRestoredState } from '../../src/store/state-restore.ts';
import { MAX_KEPT_REPLIES, type KeptReply } from '../../src/store/world-changes.ts';
import type { WorldStore } from '../../src/store/world-store.ts';

const DAY = 24 * 60 * 60 * 1000;
const document = loadSpec();
const world = loadWorld(undefined, document);
const HEADER = headerLine(worldFingerprint(world));

const support = world.projects.find((p) => p.name === 'Customer Support');
const [runA, runB] = world.runs.filter((r) => r.projectId === support?.id && r.finished && r.capturedAt === undefined);
const openOne = world.corrections.find((c) => c.projectId === support?.id && c.supersededBy === undefined && c.status === 'open' && c.sortedTo === undefined && c.reopenedIn === undefined);
const admin = world.principals.find((p) => p.token.startsWith('kgm_admin_') && p.writeProjectIds.includes(support?.id ?? ''));
const liveOne = world.corrections.find((c) => isLive(c) && c.link === undefined);
if (!runA || !runB || !openOne || !admin || !liveOne) throw new Error('the fixtures lack two fresh Customer Support runs, an open correction, an admin or a live unlinked correction');

const folder = mkdtempSync(join(tmpdir(), 'kindgi-restore-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;
const newFile = () => join(folder, `state-${(files += 1)}.jsonl`);

let now = Date.parse('2031-03-01T09:00:00Z');
const clock = () => now;
const at = () => new Date((now += 1000)).toISOString();

const opened: StateJournal[] = [];
afterEach(() => {
  for (const journal of opened.splice(0)) journal.close();
});
function open(file: string, clockOf: () => number = clock): { store: WorldStore; journal: StateJournal } {
  const restored = openRestoredState(file, world, { document, clock: clockOf });
  opened.push(restored.journal);
  return restored;
}
function refusal(file: string): StateFileError {
  try {
    open(file);
  } catch (error) {
    if (error instanceof StateFileError) return error;
    throw error;
  }
  throw new Error(`${file} was restored; expected a StateFileError`);
}
function commit<T>(store: WorldStore, outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`the test's write was refused: ${outcome.message}`);
  store.commit(outcome.changes);
  return outcome.value;
}
/** The restored state in one value: the world's records and the kept replies. */
const digest = (store: WorldStore) => `${createHash('sha256').update(JSON.stringify(store.worldView())).digest('hex')}|${store.keptReplyCount()}`;
const reply = (slot: string, expires: number): KeptReply => ({ slot, fingerprint: 'f', status: 201, text: '{}', expires });

/** A journal of four writes; the digest of the state before and after each. */
function writeJournal(): { file: string; bytes: Buffer; states: string[]; lines: Buffer[] } {
  const file = newFile();
  const { store, journal } = open(file);
  const states = [digest(store)];
  commit(store, createCorrection(store.lookup, admin!, { runId: runA!.id, answer: 'wrong', why: 'restore a' }, at(), 'cor_restore00000000a'));
  states.push(digest(store));
  commit(store, changeCorrection(store.lookup, admin!, openOne!.id, { status: 'wont-fix', note: 'kept on disk' }, at()));
  states.push(digest(store));
  commit(store, createCorrection(store.lookup, admin!, { runId: runB!.id, answer: 'wrong', why: 'restore b' }, at(), 'cor_restore00000000b'));
  states.push(digest(store));
  store.commit({ replies: [reply('slot-restore', now + DAY)] });
  states.push(digest(store));
  journal.close();
  const bytes = readFileSync(file);
  const lines: Buffer[] = [];
  for (let start = 0; start < bytes.length;) {
    const end = bytes.indexOf(0x0a, start) + 1;
    lines.push(bytes.subarray(start, end));
    start = end;
  }
  return { file, bytes, states, lines };
}
const journalled = writeJournal();
const bodyOf = (line: Buffer) => JSON.parse(line.subarray(17).toString('utf8')) as Record<string, unknown>;
const v1Of = (lines: Buffer[]) => Buffer.concat([
  Buffer.from(`${JSON.stringify({ format: 'kindgi-mock-state', version: 1, world: worldFingerprint(world) })}\n`),
  ...lines.slice(1).map((line) => line.subarray(17)),
]);

describe('a journal of four writes', () => {
  it('restores to the state after its last write', () => {
    expect(journalled.lines).toHaveLength(5);
    const { store } = open(journalled.file);
    expect(digest(store)).toBe(journalled.states[4]);
  });

  it('no single-bit flip starts silently: each is refused naming the flipped line, or (the last newline) dropped and reported', () => {
    const { bytes, states } = journalled;
    const file = newFile();
    const lineOf = (byte: number) => bytes.subarray(0, byte).filter((b) => b === 0x0a).length + 1;
    const lastNewline = bytes.length - 1;
    const outcomes = { refused: 0, dropped: 0 };
    fc.assert(fc.property(fc.integer({ min: 0, max: bytes.length * 8 - 1 }), (bit) => {
      const byte = bit >> 3;
      const flipped = Buffer.from(bytes);
      flipped[byte]! ^= 1 << (bit & 7);
      writeFileSync(file, flipped);
      let restored: { store: WorldStore; journal: StateJournal } | undefined;
      try {
        restored = openRestoredState(file, world, { document, clock });
      } catch (error) {
        if (!(error instanceof StateFileError)) throw error;
        expect(error.message).toMatch(new RegExp(`line ${lineOf(byte)}\\b`));
        expect(byte).not.toBe(lastNewline);
        expect(readFileSync(file)).toEqual(flipped);
        outcomes.refused += 1;
        return;
      }
      restored.journal.close();
      expect(byte).toBe(lastNewline);
      expect(restored.journal.notices).toEqual([expect.objectContaining({ kind: 'dropped-torn-line', line: 5 })]);
      expect(digest(restored.store)).toBe(states[3]);
      outcomes.dropped += 1;
    }), {
      numRuns: 120,
      // The header's first byte, each line's first byte and newline, and the last newline.
      examples: [[0], ...journalled.lines.flatMap((_, i) => {
        const start = journalled.lines.slice(0, i).reduce((n, l) => n + l.length, 0);
        return [[start * 8 + 3], [(start + journalled.lines[i]!.length - 1) * 8]];
      }), [lastNewline * 8 + 5]],
    });
    expect(outcomes.refused).toBeGreaterThan(100);
    expect(outcomes.dropped).toBeGreaterThanOrEqual(2);
  });
});

describe('entries that break a rule: refused naming the file and the line, the file left as it was', () => {
  const craft = (...entries: Buffer[]) => {
    const file = newFile();
    writeFileSync(file, Buffer.concat([HEADER, journalled.lines[1]!, ...entries]));
    return file;
  };
  const expectRefused = (file: string, ...phrases: string[]) => {
    const before = readFileSync(file);
    const error = refusal(file);
    expect(error.message).toContain(file);
    for (const phrase of phrases) expect(error.message).toContain(phrase);
    expect(readFileSync(file)).toEqual(before);
    // Refused and unlocked: the lock went with the refusal.
    expect(refusal(file).message).toBe(error.message);
  };

  it.each([
    ['null', null, 'it is null'],
    ['{}', {}, 'it changes nothing'],
    ['[]', [], 'it is a list'],
    ['42', 42, 'it is a number'],
    ['{"corrections": 1}', { corrections: 1 }, 'corrections is not a list'],
    ['{"bogus": []}', { bogus: [] }, '"bogus"'],
  ])('a checksummed line %s → "line 3 cannot be restored: …"', (_name, value, phrase) => {
    expectRefused(craft(encodeLine(value)), 'line 3 cannot be restored', phrase);
  });

  const patched = bodyOf(journalled.lines[2]!);
  const flipStatusKey = (json: string) => {
    expect(json).toContain('"status":"wont-fix"');
    return json.replace('"status":"wont-fix"', '"stAtus":"wont-fix"');
  };

  it('a correction whose "status" key had a bit flipped (checksum recomputed) → refused naming line 3 and status', () => {
    expectRefused(craft(encodeLine(JSON.parse(flipStatusKey(JSON.stringify(patched))))), 'line 3 cannot be restored', "'status'", 'stAtus');
  });

  it('the same in a version-1 file (no checksums) → refused naming line 3', () => {
    const file = newFile();
    const v1 = v1Of(journalled.lines).toString('utf8');
    writeFileSync(file, flipStatusKey(v1));
    expectRefused(file, 'line 3 cannot be restored', "'status'");
  });

  it('a correction moved to a project that does not exist → refused naming the project', () => {
    const moved = structuredClone(patched) as { corrections: Correction[] };
    const project = randomUUID();
    moved.corrections[0]!.projectId = project;
    expectRefused(craft(encodeLine(moved)), 'line 3 cannot be restored', `no project ${project}`);
  });

  // Issue 32: a set of changes may bring projects and principals, held to their schemas and references.
  it('a principal of a kind the world does not know → refused naming line 3 and the field', () => {
    const robot = { ...admin!, kind: 'robot' };
    expectRefused(craft(encodeLine({ principals: [robot] })), 'line 3 cannot be restored', `principals[0] (${admin!.id}) › kind`);
  });

  it('a principal granted a project the world does not have → refused naming line 3 and the project', () => {
    const stray = randomUUID();
    expectRefused(craft(encodeLine({ principals: [{ ...admin!, readProjectIds: [...admin!.readProjectIds, stray] }] })), 'line 3 cannot be restored', `no project ${stray}`);
  });

  it('a principal under another principal\'s token → refused naming line 3', () => {
    expectRefused(craft(encodeLine({ principals: [{ ...admin!, id: 'usr_impostor' }] })), 'line 3 cannot be restored', 'own-token');
  });

  it('a project of an org the world does not have → refused naming line 3 and the org', () => {
    const project = { id: randomUUID(), tenantId: admin!.tenantId, orgId: 'org_nowhere', name: 'Nowhere', followsLatest: false, releaseGate: 'none' };
    expectRefused(craft(encodeLine({ projects: [project] })), 'line 3 cannot be restored', 'no org org_nowhere');
  });

  it('a second live correction for the same run and maker (a rule of the world) → refused naming the line that wrote it', () => {
    const twin = { ...liveOne!, id: `${liveOne!.id}_twin` };
    expectRefused(craft(encodeLine({ corrections: [twin] }), journalled.lines[2]!), 'line 3 cannot be restored', 'one-live-per-run-maker-participant', twin.id);
  });

  it('the same as a last line that lost only its newline → still refused naming line 3 (it verifies: a whole write, not one cut short), the file left as it was', () => {
    const twin = { ...liveOne!, id: `${liveOne!.id}_twin` };
    expectRefused(craft(encodeLine({ corrections: [twin] }).subarray(0, -1)), 'line 3 cannot be restored', 'one-live-per-run-maker-participant', twin.id);
  });
});

describe('a version-1 file', () => {
  it('is checked, restored to the same state, and rewritten as the same version-2 bytes, with a notice', () => {
    const file = newFile();
    writeFileSync(file, v1Of(journalled.lines));
    const { store, journal } = open(file);
    expect(digest(store)).toBe(journalled.states[4]);
    expect(journal.notices).toEqual([expect.objectContaining({ kind: 'rewrote-version-1' })]);
    expect(journal.notices[0]!.message).toContain('rewritten as version 2');
    journal.close();
    expect(readFileSync(file)).toEqual(journalled.bytes);
  });
});

describe('Idempotency-Key answers on restore', () => {
  it('one expired by the clock at the start is not loaded; one still valid is', () => {
    const file = newFile();
    writeFileSync(file, Buffer.concat([HEADER, encodeLine({ replies: [reply('old', now - 1)] }), encodeLine({ replies: [reply('new', now + DAY)] })]));
    const { store } = open(file);
    expect(store.keptReplyCount()).toBe(1);
    expect(store.lookup.reply('new', now)).toBeDefined();
    expect(store.lookup.reply('old', 0)).toBeUndefined();
  });

  it(`more than MAX_KEPT_REPLIES (${MAX_KEPT_REPLIES}) in the file → the newest ${MAX_KEPT_REPLIES} are kept`, () => {
    const file = newFile();
    const count = MAX_KEPT_REPLIES + 5;
    writeFileSync(file, Buffer.concat([HEADER, ...Array.from({ length: count }, (_, i) => encodeLine({ replies: [reply(`slot-${i}`, now + DAY)] }))]));
    const { store } = open(file);
    expect(store.keptReplyCount()).toBe(MAX_KEPT_REPLIES);
    expect(store.lookup.reply('slot-4', now)).toBeUndefined();
    expect(store.lookup.reply('slot-5', now)).toBeDefined();
    expect(store.lookup.reply(`slot-${count - 1}`, now)).toBeDefined();
  });
});
