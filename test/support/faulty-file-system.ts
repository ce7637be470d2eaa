// node:fs for the state journal with faults a test switches on and off (issue 11: a full disk,
// short writes, I/O errors), through the journal's file-access seam; and a record of what reached
// the disk, so that a test can ask whether everything written so far was synced (issue 36: a
// write's fsync, a rename's folder sync) and stop the "machine" at any call to see what a crash
// there would leave.
import { nodeStateFileSystem, type StateFileSystem } from '../../src/store/state-fs.ts';

export type Errno = 'ENOSPC' | 'EIO';

/**
 * `short`: the next write reaches the disk half-way, and the disk is full after it.
 * `open`: opening a file to write it afresh (`FILE.new`); an existing one's `r+` is not refused.
 */
export interface Faults {
  open?: Errno; write?: Errno | 'short'; fsync?: Errno; ftruncate?: Errno; rename?: Errno; syncDirectory?: Errno;
  /** The faults hit only `FILE.new` (a reset's or a compaction's new file): the journal's own appends go through. */
  onlyNewFile?: boolean;
}

export interface FaultyFileSystem {
  fs: StateFileSystem;
  faults: Faults;
  /** The writes that reached the disk so far. */
  writes(): number;
  /** Every fault off. */
  clear(): void;
  /** Every call so far, in order (`write`, `fsync`, `rename`, `syncDirectory`, …), with the file it named. */
  calls(): readonly string[];
  /**
   * What is not yet known to be on disk: files written since their last fsync, and renames not
   * followed by a sync of their folder. Empty when an answer may be sent.
   */
  unsynced(): string[];
  /** From the `n`-th call on (counted from now, the first is 1), every call throws, as if the machine stopped there. */
  crashAt(n: number): void;
}

export function faultyFileSystem(): FaultyFileSystem {
  const faults: Faults = {};
  let writes = 0;
  const calls: string[] = [];
  const pathOf = new Map<number, string>();
  const dirtyFiles = new Set<string>();
  const unsyncedRenames = new Set<string>();
  let crashAfter = Number.POSITIVE_INFINITY;
  const errno = (code: Errno) => Object.assign(new Error(`${code}: injected by the test`), { code });
  const hits = (target: string | undefined) => !faults.onlyNewFile || (target ?? '').endsWith('.new');
  const failWith = (fault: Errno | undefined, target?: string) => {
    if (fault && hits(target)) throw errno(fault);
  };
  /** Counts the call, and stops it when the machine has "crashed". */
  const call = (name: string, target: string) => {
    if (calls.length >= crashAfter) throw Object.assign(new Error(`the machine stopped before ${name} ${target} (injected by the test)`), { code: 'EIO' });
    calls.push(`${name} ${target}`);
  };
  const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
  const fs: StateFileSystem = {
    ...nodeStateFileSystem,
    readFile(path) {
      call('readFile', path);
      return nodeStateFileSystem.readFile(path);
    },
    open(path, flags) {
      call(`open ${flags}`, path);
      if (flags === 'w') failWith(faults.open, path);
      const fd = nodeStateFileSystem.open(path, flags);
      pathOf.set(fd, path);
      return fd;
    },
    write(fd, data, offset, length, position) {
      call('write', pathOf.get(fd) ?? String(fd));
      if (faults.write === 'short' && hits(pathOf.get(fd))) {
        faults.write = 'ENOSPC';
        writes += 1;
        dirtyFiles.add(pathOf.get(fd) ?? String(fd));
        return nodeStateFileSystem.write(fd, data, offset, Math.ceil(length / 2), position);
      }
      failWith(faults.write === 'short' ? undefined : faults.write, pathOf.get(fd));
      writes += 1;
      dirtyFiles.add(pathOf.get(fd) ?? String(fd));
      return nodeStateFileSystem.write(fd, data, offset, length, position);
    },
    fsync(fd) {
      call('fsync', pathOf.get(fd) ?? String(fd));
      failWith(faults.fsync, pathOf.get(fd));
      nodeStateFileSystem.fsync(fd);
      dirtyFiles.delete(pathOf.get(fd) ?? String(fd));
    },
    ftruncate(fd, length) {
      call('ftruncate', pathOf.get(fd) ?? String(fd));
      failWith(faults.ftruncate, pathOf.get(fd));
      nodeStateFileSystem.ftruncate(fd, length);
      dirtyFiles.add(pathOf.get(fd) ?? String(fd));
    },
    close(fd) {
      call('close', pathOf.get(fd) ?? String(fd));
      nodeStateFileSystem.close(fd);
      pathOf.delete(fd);
    },
    rename(from, to) {
      call('rename', `${from} ${to}`);
      failWith(faults.rename, from);
      nodeStateFileSystem.rename(from, to);
      // The open descriptor now names the file it was renamed to.
      for (const [fd, path] of pathOf) if (path === from) pathOf.set(fd, to);
      if (dirtyFiles.delete(from)) dirtyFiles.add(to);
      unsyncedRenames.add(folderOf(to));
    },
    unlink(path) {
      call('unlink', path);
      nodeStateFileSystem.unlink(path);
      dirtyFiles.delete(path);
    },
    syncDirectory(dir) {
      call('syncDirectory', dir);
      failWith(faults.syncDirectory);
      nodeStateFileSystem.syncDirectory(dir);
      unsyncedRenames.delete(dir);
    },
  };
  return {
    fs,
    faults,
    writes: () => writes,
    clear: () => {
      for (const key of Object.keys(faults)) delete faults[key as keyof Faults];
    },
    calls: () => calls,
    unsynced: () => [...[...dirtyFiles].map((file) => `${file}: written since its last fsync`), ...[...unsyncedRenames].map((dir) => `${dir}: a rename in it not followed by a sync of the folder`)],
    crashAt: (n) => {
      crashAfter = calls.length + n - 1;
    },
  };
}
