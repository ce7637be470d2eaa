// The file operations the state journal uses, and node:fs behind them: one seam through which
// tests inject short writes, a full disk or I/O errors (MockOptions.stateFileSystem).
import { closeSync, fsyncSync, ftruncateSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';

/**
 * Everything the journal does to its file and folder.
 * - Every call may throw (a Node `ErrnoException` with `code`, such as ENOSPC or EIO); `write`
 *   may also write fewer bytes than asked, and the journal writes the rest or gives up.
 */
export interface StateFileSystem {
  /** The whole file, or undefined when there is no such file. */
  readFile(path: string): Buffer | undefined;
  /** `r+` an existing file; `w` a new or emptied one. */
  open(path: string, flags: 'r+' | 'w'): number;
  /** Writes `length` bytes of `data` from `offset` at file `position`; returns how many it wrote. */
  write(fd: number, data: Uint8Array, offset: number, length: number, position: number): number;
  fsync(fd: number): void;
  ftruncate(fd: number, length: number): void;
  close(fd: number): void;
  rename(from: string, to: string): void;
  unlink(path: string): void;
  /** Makes a rename inside `dir` durable (an fsync of the folder). */
  syncDirectory(dir: string): void;
}

export const nodeStateFileSystem: StateFileSystem = {
  readFile(path) {
    try {
      return readFileSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  },
  open: (path, flags) => openSync(path, flags),
  write: (fd, data, offset, length, position) => writeSync(fd, data, offset, length, position),
  fsync: (fd) => fsyncSync(fd),
  ftruncate: (fd, length) => ftruncateSync(fd, length),
  close: (fd) => closeSync(fd),
  rename: (from, to) => renameSync(from, to),
  unlink: (path) => unlinkSync(path),
  syncDirectory(dir) {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  },
};
