// The real file operations behind the journal (issue 36): a no-op fsync, or a folder sync that
// syncs nothing, is invisible to a kill -9 test (the process dies, not the machine), so this asks
// node:fs itself whether each call reached it.
import { mkdtempSync, rmSync } from 'node:fs';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { nodeStateFileSystem } from '../../src/store/state-fs.ts';

vi.mock('node:fs', async (original) => {
  const real = await original<typeof import('node:fs')>();
  return { ...real, fsyncSync: vi.fn(real.fsyncSync) };
});

const folder = mkdtempSync(join(tmpdir(), 'kindgi-state-fs-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('nodeStateFileSystem', () => {
  it('fsync(fd) is fsyncSync of that very descriptor', () => {
    const fd = nodeStateFileSystem.open(join(folder, 'file'), 'w');
    vi.mocked(fs.fsyncSync).mockClear();
    nodeStateFileSystem.fsync(fd);
    expect(fs.fsyncSync).toHaveBeenCalledWith(fd);
    nodeStateFileSystem.close(fd);
  });

  it('syncDirectory(dir) fsyncs a descriptor opened on the folder, and closes it', () => {
    vi.mocked(fs.fsyncSync).mockClear();
    const opened: number[] = [];
    const spy = vi.mocked(fs.fsyncSync).mockImplementation((fd) => {
      opened.push(fd);
      expect(fs.fstatSync(fd).isDirectory()).toBe(true);
    });
    nodeStateFileSystem.syncDirectory(folder);
    spy.mockReset();
    expect(opened).toHaveLength(1);
    expect(() => fs.fstatSync(opened[0]!)).toThrow();
  });
});
