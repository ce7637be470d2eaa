// `--state FILE`: a journal of every committed change, synced to disk before the write is
// answered, replayed on start. A file for another world, or corrupt before its last line, stops
// the start; a torn last line (a crash mid-write, never acknowledged) is dropped.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { World } from '../domain/world.ts';
import type { WorldChanges } from './world-changes.ts';

const FORMAT = 'kindgi-mock-state';
const VERSION = 1;

export class StateFileError extends Error {
  constructor(path: string, problem: string) {
    super(`--state ${path}: ${problem}`);
    this.name = 'StateFileError';
  }
}

export interface StateJournal {
  /** Every set of changes written so far, oldest first, to replay. */
  readonly entries: WorldChanges[];
  /** A line that was cut short by a crash and dropped, if any. */
  readonly droppedTornLine: boolean;
  /** Appends and syncs; returns once the changes are on disk. */
  append(changes: WorldChanges): void;
  /** Starts the journal again for the same world (after `/__mock/reset`). */
  restart(): void;
  close(): void;
}

export function worldFingerprint(world: World): string {
  return createHash('sha256').update(JSON.stringify(world)).digest('hex');
}

export function openStateJournal(path: string, world: World): StateJournal {
  const fingerprint = worldFingerprint(world);
  const header = `${JSON.stringify({ format: FORMAT, version: VERSION, world: fingerprint })}\n`;
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const entries: WorldChanges[] = [];
  let keepBytes = Buffer.byteLength(text);
  let droppedTornLine = false;

  if (text.length > 0) {
    const lines = text.split('\n');
    const complete = text.endsWith('\n');
    const last = complete ? lines.length - 2 : lines.length - 1;
    let parsedHeader: { format?: unknown; version?: unknown; world?: unknown } | undefined;
    try {
      parsedHeader = JSON.parse(lines[0] ?? '') as typeof parsedHeader;
    } catch {
      parsedHeader = undefined;
    }
    if (parsedHeader?.format !== FORMAT) throw new StateFileError(path, 'is not a kindgi-mock state file (its first line is not the state header); give another path or remove it');
    if (parsedHeader.version !== VERSION) throw new StateFileError(path, `has format version ${String(parsedHeader.version)}; this kindgi-mock writes ${VERSION}`);
    if (parsedHeader.world !== fingerprint) throw new StateFileError(path, 'was written for another world (other fixtures, seed or size); start with that world, or give another path');
    let offset = Buffer.byteLength(`${lines[0]}\n`);
    for (let i = 1; i <= last; i += 1) {
      const line = lines[i]!;
      const torn = i === last && !complete;
      try {
        if (torn) throw new Error('cut short');
        entries.push(JSON.parse(line) as WorldChanges);
      } catch {
        if (!torn) throw new StateFileError(path, `line ${i + 1} is corrupt; the state cannot be restored (nothing was changed)`);
        droppedTornLine = true;
        keepBytes = offset;
        break;
      }
      offset += Buffer.byteLength(`${line}\n`);
    }
  }

  let fd = openSync(path, existsSync(path) ? 'r+' : 'w+');
  if (text.length === 0) writeHeader();
  else if (droppedTornLine) ftruncateSync(fd, keepBytes);
  closeSync(fd);
  fd = openSync(path, 'a');

  function writeHeader(): void {
    ftruncateSync(fd, 0);
    writeSync(fd, header, 0);
    fsyncSync(fd);
  }

  return {
    entries,
    droppedTornLine,
    append(changes) {
      writeSync(fd, `${JSON.stringify(changes)}\n`);
      fsyncSync(fd);
    },
    restart() {
      closeSync(fd);
      fd = openSync(path, 'w');
      writeSync(fd, header);
      fsyncSync(fd);
      closeSync(fd);
      fd = openSync(path, 'a');
    },
    close() {
      closeSync(fd);
    },
  };
}
