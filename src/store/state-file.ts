// `--state FILE`: the journal of every committed change. A write is on disk (every byte, synced)
// before it is applied or answered; one that does not get there is cut off again, so the file
// always ends on a whole line. On start the file is read, checked, restored and only then mended
// (a torn last line dropped, a missing newline added, a version-1 file rewritten): a file that is
// refused is left exactly as it was. The line format is in state-lines.ts, the lock in state-lock.ts.
//
// The file stays the size of the world, not of its history: once it is past COMPACT_RATIO times
// its last snapshot (and at least COMPACT_MIN_BYTES), the next write that lands is followed by a
// compaction, a snapshot of the world's changes written to FILE.new, synced, renamed over the
// file and the folder synced, as a reset is. A crash at any point leaves the old file or the new
// one, each holding every acknowledged write; a compaction that fails changes nothing and is
// tried again later. After a rename whose folder sync failed, the next write syncs the folder
// before it is acknowledged (a power cut could otherwise bring the old file back without it).
import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import type { World } from '../domain/world.ts';
import { StateFileError, StateWriteError } from './state-errors.ts';
import { nodeStateFileSystem, type StateFileSystem } from './state-fs.ts';
import { encodeLine, headerLine, isVersion1NoOp, parseStateFile, type JournalEntry, type JournalValue, type SnapshotMark } from './state-lines.ts';
import { acquireStateLock, type StateLock } from './state-lock.ts';

export { StateFileError, StateWriteError } from './state-errors.ts';
export type { JournalEntry, JournalValue, SnapshotMark } from './state-lines.ts';

export const STATE_NOTICE_KINDS = [
  'dropped-torn-line', 'added-newline', 'rewrote-torn-header', 'rewrote-version-1', 'took-over-lock',
] as const;
export type StateNoticeKind = (typeof STATE_NOTICE_KINDS)[number];

/** Something the start found and mended, for a warning: nothing acknowledged is in what it dropped. */
export interface StateNotice {
  kind: StateNoticeKind;
  /** The line it concerns (the header is line 1). */
  line?: number;
  /** How many bytes were dropped. */
  bytes?: number;
  /** A sentence naming the file, the line, the bytes and why. */
  message: string;
}

/** A compaction waits until the file is this large, so that small files are not rewritten again and again. */
export const COMPACT_MIN_BYTES = 1024 * 1024;
/**
 * …and this many times the last snapshot. 2, not more: the file is then at most twice a snapshot
 * (and so under 3× a fresh one unless the world shrank by a third since), for each byte appended
 * a compaction writes about one.
 */
export const COMPACT_RATIO = 2;

/** What the journal hands the restore beside the entries. */
export interface OpenedFile {
  /** Set when the file starts with a compaction's snapshot: its first `snapshot.lines` entries. */
  snapshot?: SnapshotMark;
  /** Keeps the lock alive (state-lock.ts); call it often during a long restore, it is cheap. */
  beat(): void;
}

/** A snapshot of the world, for a compaction: one set of changes per line. */
export interface Snapshot {
  /** Each line's value, made into JSON only as it is written. */
  values: readonly JournalValue[];
  /** How many writes it stands for: the restore counts them as restored. */
  writes: number;
}

export interface CompactionOptions {
  /** The world's changes now, every acknowledged write in them (the journal asks between writes). */
  snapshot(): Snapshot;
  /** Defaults COMPACT_MIN_BYTES and COMPACT_RATIO. */
  minBytes?: number;
  ratio?: number;
  /** Told of a compaction that did not reach the disk; the file stays as it was and every write in it. */
  onFailure?(error: StateWriteError): void;
}

export interface OpenStateJournalOptions {
  /** The file operations (node:fs by default); tests inject faults through it. */
  fileSystem?: StateFileSystem;
  /**
   * Rebuilds the state from the entries before the file is touched. Throwing refuses the file:
   * it is left as it was and the lock released. Without it, every entry that verifies is kept.
   */
  restore?: (entries: readonly JournalEntry[], version: 1 | 2, opened: OpenedFile) => void;
  /** Without it, the journal is never compacted. */
  compaction?: CompactionOptions;
}

export interface StateJournal {
  readonly path: string;
  /** What the start mended: a dropped torn line, an added newline, a rewritten file, a taken-over lock. */
  readonly notices: readonly StateNotice[];
  /**
   * Writes one line for `value` and syncs it; returns once every byte is on disk.
   * - Throws StateWriteError when it did not get there (the file is cut back to its last whole
   *   line, or marked to be before the next append, which is refused until it can be).
   */
  append(value: JournalValue): void;
  /** Replaces the file by a new journal of the same world holding `kept` (the clock), atomically; StateWriteError leaves the old one. */
  reset(kept?: readonly JournalValue[]): void;
  /** Replaces the file by a snapshot of the world (options.compaction), atomically; StateWriteError leaves the old one, whole. */
  compact(): void;
  /** Compacts when the file is past its size (see COMPACT_RATIO); a failure is told to `onFailure`, and tried again after `minBytes` more. */
  compactIfDue(): boolean;
  /** The file's length in bytes, as far as it is acknowledged. */
  size(): number;
  /** Closes the file and releases the lock; idempotent. */
  close(): void;
}

export function worldFingerprint(world: World): string {
  return createHash('sha256').update(JSON.stringify(world)).digest('hex');
}

/**
 * Opens (or creates) the journal at `path` for `world`: locks it, reads it, hands its entries
 * to `restore`, then mends what it found and reports it in `notices`.
 * - Throws StateFileError, naming the file and line, for a file held by another server, of
 *   another world or version, or corrupt before its last line; the file is then left as it was.
 */
export function openStateJournal(path: string, world: World, options: OpenStateJournalOptions = {}): StateJournal {
  const fs = options.fileSystem ?? nodeStateFileSystem;
  const fingerprint = worldFingerprint(world);
  const lock = acquireStateLock(path);
  try {
    const notices: StateNotice[] = lock.tookOver !== undefined ? [{ kind: 'took-over-lock', message: lock.tookOver }] : [];
    const opened = openAndMend(path, fingerprint, fs, lock, options.restore, notices);
    return journalOn(path, fingerprint, fs, lock, opened, notices, options.compaction);
  } catch (error) {
    lock.release();
    throw error;
  }
}

interface OpenFile {
  fd: number;
  length: number;
  /** The bytes of the header and the snapshot the file starts with (0 for a file not compacted). */
  snapshotBytes: number;
  /** False when the rename that made the file is not known to be on disk (its folder's sync failed). */
  folderSynced: boolean;
}

/** Reads and restores, then (the restore accepted) mends the file and opens it for appending. */
function openAndMend(path: string, fingerprint: string, fs: StateFileSystem, lock: StateLock, restore: OpenStateJournalOptions['restore'], notices: StateNotice[]): OpenFile {
  let bytes: Buffer | undefined;
  try {
    bytes = fs.readFile(path);
  } catch (error) {
    throw new StateFileError(path, `cannot be read: ${(error as Error).message}`);
  }
  const parsed = parseStateFile(path, bytes, fingerprint);
  const mending = <T>(mend: () => T): T => {
    try {
      return mend();
    } catch (error) {
      if (error instanceof StateFileError) throw error;
      throw new StateFileError(path, `could not be mended after it was read (${(error as Error).message}); nothing was served`);
    }
  };
  const header = headerLine(fingerprint);
  const beat = () => lock.beat?.();
  if (parsed.kind === 'new' || parsed.kind === 'torn-header') {
    restore?.([], 2, { beat });
    if (parsed.kind === 'torn-header') {
      notices.push({ kind: 'rewrote-torn-header', line: 1, bytes: parsed.bytes, message: `--state ${path}: line 1 was a header cut short (${parsed.bytes} bytes) holding no write; wrote a new header` });
    }
    return mending(() => writeFresh(path, [header], fs));
  }

  // A last line that verifies is whole, its newline aside: the last acknowledged write, kept
  // whatever the restore makes of it (a rule it breaks refuses the file, as for any other line).
  restore?.(parsed.entries, parsed.version, { ...(parsed.snapshot ? { snapshot: parsed.snapshot } : {}), beat });
  const last = parsed.entries[parsed.entries.length - 1];
  const dropped = parsed.torn;
  if (dropped) {
    notices.push({
      kind: 'dropped-torn-line', line: dropped.line, bytes: dropped.bytes,
      message: `--state ${path}: dropped line ${dropped.line} (${dropped.bytes} bytes, no newline), a write never acknowledged: ${dropped.why}`,
    });
  }

  if (parsed.version === 1) {
    const lines = parsed.entries.filter((entry) => !isVersion1NoOp(entry.value)).map((entry) => encodeLine(entry.value));
    notices.push({
      kind: 'rewrote-version-1',
      message: `--state ${path}: a version-1 file (no checksums); its ${parsed.entries.length} line${parsed.entries.length === 1 ? '' : 's'} passed every check and it was rewritten as version 2`,
    });
    return mending(() => writeFresh(path, [header, ...lines], fs));
  }

  const snapshotEnd = parsed.snapshot === undefined ? 0 : parsed.snapshot.lines === 0 ? parsed.entries[0]?.start ?? parsed.length : endOf(parsed.entries[parsed.snapshot.lines - 1]!);
  return mending(() => {
    const fd = fs.open(path, 'r+');
    try {
      let length = parsed.length;
      if (dropped) {
        fs.ftruncate(fd, dropped.start);
        length = dropped.start;
      } else if (last?.terminated === false || parsed.headerUnterminated) {
        // Every byte of the line came through but its newline: the line is whole, only unended.
        writeAll(fs, fd, Buffer.of(0x0a), length);
        length += 1;
        const line = last?.line ?? 1;
        notices.push({ kind: 'added-newline', line, message: `--state ${path}: line ${line} had every byte but its newline; kept it and added the newline` });
      }
      fs.fsync(fd);
      return { fd, length, snapshotBytes: snapshotEnd, folderSynced: true };
    } catch (error) {
      fs.close(fd);
      throw error;
    }
  });
}

/** Where an entry's line ends, its newline included (one added when it lacked it). */
const endOf = (entry: JournalEntry) => entry.start + entry.bytes + 1;

function journalOn(path: string, fingerprint: string, fs: StateFileSystem, lock: StateLock, opened: OpenFile, notices: StateNotice[], compaction: CompactionOptions | undefined): StateJournal {
  let { fd, length: goodLength, snapshotBytes } = opened;
  // A failed write whose partial line could not be cut off yet: cut before anything else is written.
  let dirty = false;
  let closed = false;
  // The rename that made this file may not be on disk yet: sync the folder before the next answer.
  let folderUnsynced = !opened.folderSynced;
  // After a failed compaction, the length the file must reach before the next attempt.
  let retryAt = 0;
  const minBytes = compaction?.minBytes ?? COMPACT_MIN_BYTES;
  const ratio = compaction?.ratio ?? COMPACT_RATIO;

  const cutBack = (): boolean => {
    try {
      fs.ftruncate(fd, goodLength);
      fs.fsync(fd);
      dirty = false;
    } catch {
      dirty = true;
    }
    return !dirty;
  };
  const refuseWhenClosed = () => {
    if (closed) throw new StateWriteError(path, 'closed', 'the state file is closed');
  };
  /** Puts a file writeFresh made in the place of the open one. */
  const replaceBy = (fresh: OpenFile) => {
    closeQuietly(fs, fd);
    ({ fd, length: goodLength, snapshotBytes } = fresh);
    folderUnsynced = !fresh.folderSynced;
    dirty = false;
    retryAt = 0;
  };

  const journal: StateJournal = {
    path,
    notices,
    append(value) {
      refuseWhenClosed();
      const line = encodeLine(value);
      if (dirty && !cutBack()) {
        throw new StateWriteError(path, 'partial-line', 'a failed write left a partial line that cannot be cut off yet; no write is kept until it is');
      }
      try {
        writeAll(fs, fd, line, goodLength);
        fs.fsync(fd);
        if (folderUnsynced) {
          fs.syncDirectory(dirname(path));
          folderUnsynced = false;
        }
      } catch (error) {
        cutBack();
        throw new StateWriteError(path, reasonOf(error), `a write did not reach the disk (${(error as Error).message}); it was not applied${dirty ? ', and its partial line is cut off before the next write' : ''}`);
      }
      goodLength += line.length;
    },
    reset(kept = []) {
      refuseWhenClosed();
      let fresh: OpenFile;
      try {
        fresh = writeFresh(path, [headerLine(fingerprint), ...kept.map((value) => encodeLine(value))], fs);
      } catch (error) {
        throw new StateWriteError(path, reasonOf(error), `the reset did not reach the disk (${(error as Error).message}); the old state stays`);
      }
      replaceBy(fresh);
    },
    compact() {
      refuseWhenClosed();
      if (!compaction) throw new Error('this journal was opened without compaction');
      let fresh: OpenFile;
      try {
        const { values, writes } = compaction.snapshot();
        const lines = function* () {
          yield headerLine(fingerprint, { lines: values.length, writes });
          for (const value of values) yield encodeLine(value);
        };
        fresh = writeFresh(path, lines(), fs);
      } catch (error) {
        throw new StateWriteError(path, reasonOf(error), `a compaction did not reach the disk (${(error as Error).message}); the file stays as it was, every write in it`);
      }
      replaceBy({ ...fresh, snapshotBytes: fresh.length });
    },
    compactIfDue() {
      if (closed || !compaction || dirty || goodLength < retryAt || goodLength <= Math.max(minBytes, ratio * snapshotBytes)) return false;
      try {
        journal.compact();
        return true;
      } catch (error) {
        retryAt = goodLength + minBytes;
        compaction.onFailure?.(error as StateWriteError);
        return false;
      }
    },
    size: () => goodLength,
    close() {
      if (closed) return;
      closed = true;
      // A line answered 503 whose cut-back failed must not come back as a write at the next start.
      if (dirty) cutBack();
      closeQuietly(fs, fd);
      lock.release();
    },
  };
  return journal;
}

/**
 * Writes `lines` to `FILE.new` in the same folder, syncs it, renames it over the file and syncs
 * the folder: the file is the old one or the new one, never a mix. Returns the new file, open
 * for appending (`folderSynced` false when only the folder's sync failed: the rename is done).
 */
function writeFresh(path: string, lines: Iterable<Buffer>, fs: StateFileSystem): OpenFile {
  const temp = `${path}.new`;
  let length = 0;
  const fd = fs.open(temp, 'w');
  try {
    for (const line of lines) {
      writeAll(fs, fd, line, length);
      length += line.length;
    }
    fs.fsync(fd);
    fs.rename(temp, path);
  } catch (error) {
    closeQuietly(fs, fd);
    try {
      fs.unlink(temp);
    } catch {
      // Left behind, it is overwritten by the next reset or compaction; the file itself is untouched.
    }
    throw error;
  }
  let folderSynced = true;
  try {
    fs.syncDirectory(dirname(path));
  } catch {
    // The rename is done and every reader sees the new file; failing now would leave the disk
    // and the memory apart. The next write syncs the folder before it is acknowledged.
    folderSynced = false;
  }
  return { fd, length, snapshotBytes: 0, folderSynced };
}

/** Writes every byte at `position`, however few each call takes; a call that takes none is a failure. */
function writeAll(fs: StateFileSystem, fd: number, bytes: Buffer, position: number): void {
  let written = 0;
  while (written < bytes.length) {
    const count = fs.write(fd, bytes, written, bytes.length - written, position + written);
    if (!(count > 0)) throw Object.assign(new Error(`the disk took ${written} of ${bytes.length} bytes`), { code: 'short-write' });
    written += count;
  }
}

function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return typeof code === 'string' && /^[A-Za-z0-9_-]{1,32}$/.test(code) ? code : 'io-error';
}

function closeQuietly(fs: StateFileSystem, fd: number): void {
  try {
    fs.close(fd);
  } catch {
    // Nothing more can be lost: every kept line was synced before it was acknowledged.
  }
}
