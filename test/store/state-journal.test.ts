// The state journal on its own (issue 11): every append fully on disk or refused with the file cut
// back to a whole line (short writes, ENOSPC, EIO on write or fsync, a truncate that fails too);
// an atomic reset; torn lines handled in bytes; version-1 files rewritten; a refused file untouched.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { World } from '../../src/domain/world.ts';
import { openStateJournal, StateFileError, StateWriteError, worldFingerprint, type JournalEntry, type StateJournal } from '../../src/store/state-file.ts';
import type { StateFileSystem } from '../../src/store/state-fs.ts';
import { faultyFileSystem, type Faults } from '../support/faulty-file-system.ts';
import { encodeLine, headerLine } from '../../src/store/state-lines.ts';
import type { WorldChanges } from '../../src/store/world-changes.ts';

// The journal only fingerprints the world: any value serves.
const WORLD = { tenants: [{ id: 'ten_journal_test', name: 'Journal test' }] } as unknown as World;
const HEADER = headerLine(worldFingerprint(WORLD));

const folder = mkdtempSync(join(tmpdir(), 'kindgi-journal-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;
const newFile = () => join(folder, `journal-${(files += 1)}.jsonl`);

const opened: StateJournal[] = [];
afterEach(() => {
  for (const journal of opened.splice(0)) journal.close();
});

/** Opens `file`, returning the journal and the entries it handed to restore. */
function open(file: string, fileSystem?: StateFileSystem): { journal: StateJournal; entries: JournalEntry[]; version?: 1 | 2 } {
  const seen: { entries: JournalEntry[]; version?: 1 | 2 } = { entries: [] };
  const journal = openStateJournal(file, WORLD, {
    ...(fileSystem ? { fileSystem } : {}),
    restore(entries, version) {
      seen.entries = [...entries];
      seen.version = version;
    },
  });
  opened.push(journal);
  return { journal, ...seen };
}
const reopenedValues = (file: string) => {
  const again = open(file);
  again.journal.close();
  return again.entries.map((e) => e.value);
};
const change = (n: number): WorldChanges => ({ finishedChecks: [`check-${n}`] });

function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected it to throw');
}

describe('openStateJournal: the line format', () => {
  it('a new file gets a header; each append is one line "<16 hex> <json>\\n"; a second open hands them back in order', () => {
    const file = newFile();
    const { journal } = open(file);
    journal.append(change(1));
    journal.append(change(2));
    journal.close();
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^[0-9a-f]{16} \{"format":"kindgi-mock-state","version":2,"world":"[0-9a-f]{64}"\}$/);
    expect(lines[1]).toMatch(/^[0-9a-f]{16} \{"finishedChecks":\["check-1"\]\}$/);
    expect(lines[3]).toBe('');
    expect(reopenedValues(file)).toEqual([change(1), change(2)]);
  });
});

const FAULTS: Array<{ name: string; set: (f: Faults) => void; reason: string }> = [
  { name: 'a short write, then ENOSPC', set: (f) => { f.write = 'short'; }, reason: 'ENOSPC' },
  { name: 'ENOSPC on write', set: (f) => { f.write = 'ENOSPC'; }, reason: 'ENOSPC' },
  { name: 'EIO on write', set: (f) => { f.write = 'EIO'; }, reason: 'EIO' },
  { name: 'EIO on fsync', set: (f) => { f.fsync = 'EIO'; }, reason: 'EIO' },
];

describe('append when the disk fails', () => {
  for (const fault of FAULTS) {
    it(`${fault.name} → StateWriteError ${fault.reason}; the file is cut back to its last whole line; the next append works; a reopen has exactly the acknowledged ones`, () => {
      const file = newFile();
      const { fs, faults } = faultyFileSystem();
      const { journal } = open(file, fs);
      journal.append(change(1));
      const before = readFileSync(file);
      fault.set(faults);
      const error = thrown(() => journal.append(change(2)));
      expect(error).toBeInstanceOf(StateWriteError);
      expect((error as StateWriteError).reason).toBe(fault.reason);
      expect(error.message).toContain(file);
      expect(readFileSync(file)).toEqual(before);
      for (const key of Object.keys(faults)) delete faults[key as keyof Faults];
      journal.append(change(3));
      journal.close();
      expect(readFileSync(file, 'utf8').endsWith('\n')).toBe(true);
      expect(reopenedValues(file)).toEqual([change(1), change(3)]);
    });
  }

  it('a failed write whose truncate fails too → the journal refuses appends (without writing) until the truncate works, then goes on whole', () => {
    const file = newFile();
    const { fs, faults, writes } = faultyFileSystem();
    const { journal } = open(file, fs);
    journal.append(change(1));
    const whole = readFileSync(file);
    faults.write = 'short';
    faults.ftruncate = 'EIO';
    expect(thrown(() => journal.append(change(2)))).toBeInstanceOf(StateWriteError);
    // Half a line is left on disk: nothing may be written after it.
    expect(readFileSync(file).length).toBeGreaterThan(whole.length);
    delete faults.write;
    const writesBefore = writes();
    const refused = thrown(() => journal.append(change(3)));
    expect((refused as StateWriteError).reason).toBe('partial-line');
    expect(writes()).toBe(writesBefore);
    delete faults.ftruncate;
    journal.append(change(4));
    journal.close();
    expect(readFileSync(file).subarray(0, whole.length)).toEqual(whole);
    expect(reopenedValues(file)).toEqual([change(1), change(4)]);
  });

  it('a write refused with fsync and truncate both failing, then a close once the disk is back → the refused line is cut, not restored', () => {
    const file = newFile();
    const { fs, faults, clear } = faultyFileSystem();
    const { journal } = open(file, fs);
    journal.append(change(1));
    faults.fsync = 'EIO';
    faults.ftruncate = 'EIO';
    expect(thrown(() => journal.append(change(2)))).toBeInstanceOf(StateWriteError);
    clear();
    journal.close();
    expect(reopenedValues(file)).toEqual([change(1)]);
  });

  it('after close → StateWriteError closed', () => {
    const { journal } = open(newFile());
    journal.close();
    expect((thrown(() => journal.append(change(1))) as StateWriteError).reason).toBe('closed');
  });
});

describe('reset', () => {
  it('replaces the file by a header alone; appends go on after it', () => {
    const file = newFile();
    const { journal } = open(file);
    journal.append(change(1));
    journal.reset();
    expect(readFileSync(file)).toEqual(HEADER);
    journal.append(change(2));
    journal.close();
    expect(reopenedValues(file)).toEqual([change(2)]);
  });

  for (const [name, set] of [['the rename fails', (f: Faults) => { f.rename = 'EIO'; }], ['the new file cannot be written', (f: Faults) => { f.write = 'ENOSPC'; }]] as const) {
    it(`${name} → StateWriteError; the old journal is whole and kept, no temporary file is left, appends go on in it`, () => {
      const file = newFile();
      const { fs, faults } = faultyFileSystem();
      const { journal } = open(file, fs);
      journal.append(change(1));
      const before = readFileSync(file);
      set(faults);
      expect(thrown(() => journal.reset())).toBeInstanceOf(StateWriteError);
      expect(readFileSync(file)).toEqual(before);
      expect(existsSync(`${file}.new`)).toBe(false);
      delete faults.rename;
      delete faults.write;
      journal.append(change(2));
      journal.close();
      expect(reopenedValues(file)).toEqual([change(1), change(2)]);
    });
  }
});

describe('torn lines, in bytes', () => {
  /** A journal file of `count` appended changes, closed. */
  function written(count: number): { file: string; bytes: Buffer } {
    const file = newFile();
    const { journal } = open(file);
    for (let n = 1; n <= count; n += 1) journal.append(change(n));
    journal.close();
    return { file, bytes: readFileSync(file) };
  }

  it('a torn last line ending in invalid UTF-8 → dropped to the exact byte and reported (line, bytes, why); the next write is not glued to stray bytes', () => {
    const { file, bytes } = written(2);
    const tail = Buffer.concat([Buffer.from('0123456789abcdef {"finishedChecks":["caf', 'latin1'), Buffer.of(0xc3)]);
    writeFileSync(file, Buffer.concat([bytes, tail]));
    const { journal, entries } = open(file);
    expect(entries.map((e) => e.value)).toEqual([change(1), change(2)]);
    expect(journal.notices).toEqual([expect.objectContaining({ kind: 'dropped-torn-line', line: 4, bytes: tail.length })]);
    expect(journal.notices[0]!.message).toMatch(/line 4 .*\d+ bytes.*cut short/);
    expect(readFileSync(file)).toEqual(bytes);
    journal.append(change(3));
    journal.close();
    expect(readFileSync(file)).toEqual(Buffer.concat([bytes, encodeLine(change(3))]));
    expect(reopenedValues(file)).toEqual([change(1), change(2), change(3)]);
  });

  it('a last line that lost only its newline → kept as a whole entry, the newline added and reported', () => {
    const { file, bytes } = written(2);
    writeFileSync(file, bytes.subarray(0, -1));
    const { journal, entries } = open(file);
    expect(entries.map((e) => [e.value, e.terminated])).toEqual([[change(1), true], [change(2), false]]);
    expect(journal.notices).toEqual([expect.objectContaining({ kind: 'added-newline', line: 3 })]);
    expect(readFileSync(file)).toEqual(bytes);
    journal.close();
  });

  it('a last line with a newline but a changed byte → refused naming the line; the file is left as it was', () => {
    const { file, bytes } = written(2);
    const changed = Buffer.from(bytes);
    changed[changed.length - 4]! ^= 0x01;
    writeFileSync(file, changed);
    const error = thrown(() => open(file));
    expect(error).toBeInstanceOf(StateFileError);
    expect(error.message).toContain('line 3 is corrupt: its checksum does not match');
    expect(readFileSync(file)).toEqual(changed);
  });

  it('a whole header with no newline → the newline is added; writes after it are kept', () => {
    const file = newFile();
    writeFileSync(file, HEADER.subarray(0, -1));
    const { journal } = open(file);
    expect(journal.notices).toEqual([expect.objectContaining({ kind: 'added-newline', line: 1 })]);
    journal.append(change(1));
    journal.close();
    expect(reopenedValues(file)).toEqual([change(1)]);
  });

  for (const [name, torn] of [
    ['a version-2 header cut short', HEADER.subarray(0, 40)],
    ['a version-1 header cut short', Buffer.from('{"format":"kindgi-mock-state","vers')],
  ] as const) {
    it(`${name} (the whole file, no write in it) → a new header is written and it is reported`, () => {
      const file = newFile();
      writeFileSync(file, torn);
      const { journal, entries } = open(file);
      expect(entries).toEqual([]);
      expect(journal.notices).toEqual([expect.objectContaining({ kind: 'rewrote-torn-header', line: 1, bytes: torn.length })]);
      expect(readFileSync(file)).toEqual(HEADER);
      journal.close();
    });
  }

  it('an empty file → a header, nothing reported; a one-line foreign file with no newline → refused, left as it was', () => {
    const empty = newFile();
    writeFileSync(empty, '');
    const { journal } = open(empty);
    expect(journal.notices).toEqual([]);
    expect(readFileSync(empty)).toEqual(HEADER);
    journal.close();
    const foreign = newFile();
    writeFileSync(foreign, 'hello');
    expect(thrown(() => open(foreign)).message).toContain('not a kindgi-mock state file');
    expect(readFileSync(foreign, 'utf8')).toBe('hello');
  });
});

describe('restore verdicts and refusals', () => {
  it('restore throws → the error passes through, the file is untouched (its torn tail too) and the lock released', () => {
    const file = newFile();
    const { journal } = open(file);
    journal.append(change(1));
    journal.close();
    const bytes = Buffer.concat([readFileSync(file), Buffer.from('abc')]);
    writeFileSync(file, bytes);
    const refusal = new StateFileError(file, 'line 2: refused by the test');
    expect(thrown(() => openStateJournal(file, WORLD, { restore: () => { throw refusal; } }))).toBe(refusal);
    expect(readFileSync(file)).toEqual(bytes);
    expect(existsSync(`${file}.lock`)).toBe(false);
    open(file).journal.close();
  });

  it('a last line that verifies but lost its newline is handed over whole; a restore that refuses it → the refusal passes through and the file is left as it was (item 6: never dropped)', () => {
    const file = newFile();
    const { journal } = open(file);
    journal.append(change(1));
    journal.append(change(2));
    journal.close();
    const unended = readFileSync(file).subarray(0, -1);
    writeFileSync(file, unended);
    const refusal = new StateFileError(file, 'line 3: refused by the test');
    let seen: JournalEntry[] = [];
    expect(thrown(() => openStateJournal(file, WORLD, { restore: (entries) => { seen = [...entries]; throw refusal; } }))).toBe(refusal);
    expect(seen.map((e) => [e.value, e.terminated])).toEqual([[change(1), true], [change(2), false]]);
    expect(readFileSync(file)).toEqual(unended);
  });

  it('a version-1 file (bare JSON lines, a no-op `{}` among them) → handed over as version 1, rewritten as version 2 without the no-op, and reported', () => {
    const file = newFile();
    const v1Header = JSON.stringify({ format: 'kindgi-mock-state', version: 1, world: worldFingerprint(WORLD) });
    writeFileSync(file, [v1Header, JSON.stringify(change(1)), '{}', JSON.stringify(change(2)), ''].join('\n'));
    const { journal, entries, version } = open(file);
    expect(version).toBe(1);
    expect(entries.map((e) => e.value)).toEqual([change(1), {}, change(2)]);
    expect(journal.notices).toEqual([expect.objectContaining({ kind: 'rewrote-version-1' })]);
    journal.close();
    expect(readFileSync(file)).toEqual(Buffer.concat([HEADER, encodeLine(change(1)), encodeLine(change(2))]));
    expect(existsSync(`${file}.new`)).toBe(false);
  });

  it('a version-1 file with a corrupt middle line → refused naming it; with a torn last line → dropped and reported', () => {
    const v1Header = JSON.stringify({ format: 'kindgi-mock-state', version: 1, world: worldFingerprint(WORLD) });
    const corrupt = newFile();
    const content = [v1Header, '{"finishedChecks": [', JSON.stringify(change(2)), ''].join('\n');
    writeFileSync(corrupt, content);
    expect(thrown(() => open(corrupt)).message).toContain('line 2 is corrupt: it is not JSON');
    expect(readFileSync(corrupt, 'utf8')).toBe(content);
    const torn = newFile();
    writeFileSync(torn, [v1Header, JSON.stringify(change(1)), '{"finishedChe'].join('\n'));
    const { journal, entries } = open(torn);
    expect(entries.map((e) => e.value)).toEqual([change(1)]);
    expect(journal.notices.map((n) => n.kind)).toEqual(['dropped-torn-line', 'rewrote-version-1']);
    journal.close();
    expect(readFileSync(torn)).toEqual(Buffer.concat([HEADER, encodeLine(change(1))]));
  });
});
