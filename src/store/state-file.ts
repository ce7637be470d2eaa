// `--state FILE`: the journal of every committed change. A write is on disk (every byte, synced)
// before it is applied or answered; one that does not get there is cut off again, so the file
// always ends on a whole line. On start the file is read, checked, restored and only then mended
// (a torn last line dropped, a missing newline added, a version-1 file rewritten): a file that is
// refused is left exactly as it was. The line format is in state-lines.ts, the lock in state-lock.ts.
import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import type { World } from '../domain/world.ts';
import { StateFileError, StateWriteError } from './state-errors.ts';
import { nodeStateFileSystem, type StateFileSystem } from './state-fs.ts';
import { encodeLine, headerLine, isVersion1NoOp, parseStateFile, type JournalEntry } from './state-lines.ts';
import { acquireStateLock, type StateLock } from './state-lock.ts';
import type { WorldChanges } from './world-changes.ts';

export { StateFileError, StateWriteError } from './state-errors.ts';
export type { JournalEntry } from './state-lines.ts';

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

/** What the restore decided about the entries it was given. */
export interface RestoreVerdict {
  /** Why the last entry, which had no newline, breaks a rule: it is dropped. Unset: it is kept. */
  dropLast?: string;
}

export interface OpenStateJournalOptions {
  /** The file operations (node:fs by default); tests inject faults through it. */
  fileSystem?: StateFileSystem;
  /**
   * Rebuilds the state from the entries before the file is touched. Throwing refuses the file:
   * it is left as it was and the lock released. Without it, every entry that verifies is kept.
   */
  restore?: (entries: readonly JournalEntry[], version: 1 | 2) => RestoreVerdict | void;
}

export interface StateJournal {
  readonly path: string;
  /** What the start mended: a dropped torn line, an added newline, a rewritten file, a taken-over lock. */
  readonly notices: readonly StateNotice[];
  /**
   * Writes one line for `changes` and syncs it; returns once every byte is on disk.
   * - Throws StateWriteError when it did not get there (the file is cut back to its last whole
   *   line, or marked to be before the next append, which is refused until it can be).
   */
  append(changes: WorldChanges): void;
  /** Replaces the file by a new journal of the same world, atomically; StateWriteError leaves the old one. */
  reset(): void;
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
  const header = headerLine(fingerprint);
  const lock = acquireStateLock(path);
  try {
    const notices: StateNotice[] = lock.tookOver !== undefined ? [{ kind: 'took-over-lock', message: lock.tookOver }] : [];
    const opened = openAndMend(path, fingerprint, header, fs, options.restore, notices);
    return journalOn(path, header, fs, lock, opened, notices);
  } catch (error) {
    lock.release();
    throw error;
  }
}

interface OpenFile { fd: number; length: number }

/** Reads and restores, then (the restore accepted) mends the file and opens it for appending. */
function openAndMend(path: string, fingerprint: string, header: Buffer, fs: StateFileSystem, restore: OpenStateJournalOptions['restore'], notices: StateNotice[]): OpenFile {
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
  if (parsed.kind === 'new' || parsed.kind === 'torn-header') {
    restore?.([], 2);
    if (parsed.kind === 'torn-header') {
      notices.push({ kind: 'rewrote-torn-header', line: 1, bytes: parsed.bytes, message: `--state ${path}: line 1 was a header cut short (${parsed.bytes} bytes) holding no write; wrote a new header` });
    }
    return mending(() => writeFresh(path, [header], fs));
  }

  const verdict = restore?.(parsed.entries, parsed.version) ?? {};
  const last = parsed.entries[parsed.entries.length - 1];
  const dropLast = last !== undefined && !last.terminated && verdict.dropLast !== undefined;
  const kept = dropLast ? parsed.entries.slice(0, -1) : parsed.entries;
  const dropped = parsed.torn ?? (dropLast ? { line: last.line, start: last.start, bytes: last.bytes, why: `it breaks a rule: ${verdict.dropLast!}` } : undefined);
  if (dropped) {
    notices.push({
      kind: 'dropped-torn-line', line: dropped.line, bytes: dropped.bytes,
      message: `--state ${path}: dropped line ${dropped.line} (${dropped.bytes} bytes, no newline), a write never acknowledged: ${dropped.why}`,
    });
  }

  if (parsed.version === 1) {
    const lines = kept.filter((entry) => !isVersion1NoOp(entry.value)).map((entry) => encodeLine(entry.value));
    notices.push({
      kind: 'rewrote-version-1',
      message: `--state ${path}: a version-1 file (no checksums); its ${kept.length} line${kept.length === 1 ? '' : 's'} passed every check and it was rewritten as version 2`,
    });
    return mending(() => writeFresh(path, [header, ...lines], fs));
  }

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
      return { fd, length };
    } catch (error) {
      fs.close(fd);
      throw error;
    }
  });
}

function journalOn(path: string, header: Buffer, fs: StateFileSystem, lock: StateLock, opened: OpenFile, notices: StateNotice[]): StateJournal {
  let { fd, length: goodLength } = opened;
  // A failed write whose partial line could not be cut off yet: cut before anything else is written.
  let dirty = false;
  let closed = false;

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

  return {
    path,
    notices,
    append(changes) {
      refuseWhenClosed();
      const line = encodeLine(changes);
      if (dirty && !cutBack()) {
        throw new StateWriteError(path, 'partial-line', 'a failed write left a partial line that cannot be cut off yet; no write is kept until it is');
      }
      try {
        writeAll(fs, fd, line, goodLength);
        fs.fsync(fd);
      } catch (error) {
        cutBack();
        throw new StateWriteError(path, reasonOf(error), `a write did not reach the disk (${(error as Error).message}); it was not applied${dirty ? ', and its partial line is cut off before the next write' : ''}`);
      }
      goodLength += line.length;
    },
    reset() {
      refuseWhenClosed();
      let fresh: OpenFile;
      try {
        fresh = writeFresh(path, [header], fs);
      } catch (error) {
        throw new StateWriteError(path, reasonOf(error), `the reset did not reach the disk (${(error as Error).message}); the old state stays`);
      }
      closeQuietly(fs, fd);
      ({ fd, length: goodLength } = fresh);
      dirty = false;
    },
    close() {
      if (closed) return;
      closed = true;
      // A line answered 503 whose cut-back failed must not come back as a write at the next start.
      if (dirty) cutBack();
      closeQuietly(fs, fd);
      lock.release();
    },
  };
}

/**
 * Writes `lines` to `FILE.new` in the same folder, syncs it and renames it over the file: the
 * file is the old one or the new one, never a mix. Returns the new file, open for appending.
 */
function writeFresh(path: string, lines: Buffer[], fs: StateFileSystem): OpenFile {
  const temp = `${path}.new`;
  const bytes = Buffer.concat(lines);
  const fd = fs.open(temp, 'w');
  try {
    writeAll(fs, fd, bytes, 0);
    fs.fsync(fd);
    fs.rename(temp, path);
  } catch (error) {
    closeQuietly(fs, fd);
    try {
      fs.unlink(temp);
    } catch {
      // Left behind, it is overwritten by the next reset; the file itself is untouched.
    }
    throw error;
  }
  try {
    fs.syncDirectory(dirname(path));
  } catch {
    // The rename is done and every reader sees the new file; failing now would leave the disk
    // and the memory apart. Only a power cut before the folder reaches the disk could undo it.
  }
  return { fd, length: bytes.length };
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
