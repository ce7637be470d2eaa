// node:fs for the state journal with faults a test switches on and off (issue 11: a full disk,
// short writes, I/O errors), through the journal's file-access seam.
import { nodeStateFileSystem, type StateFileSystem } from '../../src/store/state-fs.ts';

export type Errno = 'ENOSPC' | 'EIO';

/** `short`: the next write reaches the disk half-way, and the disk is full after it. */
export interface Faults { write?: Errno | 'short'; fsync?: Errno; ftruncate?: Errno; rename?: Errno }

export interface FaultyFileSystem {
  fs: StateFileSystem;
  faults: Faults;
  /** The writes that reached the disk so far. */
  writes(): number;
  /** Every fault off. */
  clear(): void;
}

export function faultyFileSystem(): FaultyFileSystem {
  const faults: Faults = {};
  let writes = 0;
  const errno = (code: Errno) => Object.assign(new Error(`${code}: injected by the test`), { code });
  const failWith = (fault: Errno | undefined) => {
    if (fault) throw errno(fault);
  };
  const fs: StateFileSystem = {
    ...nodeStateFileSystem,
    write(fd, data, offset, length, position) {
      if (faults.write === 'short') {
        faults.write = 'ENOSPC';
        writes += 1;
        return nodeStateFileSystem.write(fd, data, offset, Math.ceil(length / 2), position);
      }
      failWith(faults.write);
      writes += 1;
      return nodeStateFileSystem.write(fd, data, offset, length, position);
    },
    fsync(fd) {
      failWith(faults.fsync);
      nodeStateFileSystem.fsync(fd);
    },
    ftruncate(fd, length) {
      failWith(faults.ftruncate);
      nodeStateFileSystem.ftruncate(fd, length);
    },
    rename(from, to) {
      failWith(faults.rename);
      nodeStateFileSystem.rename(from, to);
    },
  };
  return { fs, faults, writes: () => writes, clear: () => { for (const key of Object.keys(faults)) delete faults[key as keyof Faults]; } };
}
