// A collection held as the bytes of its file, not as objects: each record is decoded and parsed
// the first time it is asked for, and that object is kept, so it stays the same object (the view
// and JSON caches key on it) and is parsed once. A world's runs are most of its bytes and few of
// them are ever served, so most are never parsed at all.
// Only for bytes that passed the world's checks: a record is trusted as the type it is held as.
import type { RecordLines } from '../fixtures/record-lines.ts';
import type { StringTable } from './string-table.ts';

/** Where the bytes are: in memory, or in a file read a record at a time (record-file.ts). */
export interface RecordBytes {
  text(start: number, end: number): string;
  /**
   * Fills `target` with the bytes from `position` on, as many as there are; how many it read. For
   * a walk over all the records, read a piece at a time; a source in memory needs none.
   */
  readInto?(target: Buffer, position: number): number;
}

/** What a walk reads at once: large enough that a read serves many records, small enough to stay in cache. */
const WALK_PIECE_BYTES = 1 << 20;

export class SlicedRecords<T extends { id: string }> implements ReadonlyMap<string, T> {
  private readonly parsed = new Map<string, T>();

  private constructor(
    private readonly bytes: RecordBytes,
    private readonly lines: RecordLines,
    /** Each id's line, in the file's order: a string table, not a string and Map entry per record. */
    private readonly ids: StringTable,
  ) {}

  /** The records of `lines` in `bytes`; undefined when a record does not begin with its id, or an id repeats. */
  static of<T extends { id: string }>(bytes: RecordBytes, lines: RecordLines): SlicedRecords<T> | undefined {
    return lines.ids ? new SlicedRecords<T>(bytes, lines, lines.ids) : undefined;
  }

  get(id: string): T | undefined {
    const kept = this.parsed.get(id);
    if (kept !== undefined) return kept;
    const line = this.ids.indexOf(id);
    if (line < 0) return undefined;
    const record = this.parse(line);
    this.parsed.set(id, record);
    return record;
  }

  has(id: string): boolean {
    return this.ids.indexOf(id) >= 0;
  }

  get size(): number {
    return this.ids.size;
  }

  /** How many records have been parsed and kept so far. */
  get parsedCount(): number {
    return this.parsed.size;
  }

  *keys(): MapIterator<string> {
    for (let line = 0; line < this.ids.size; line += 1) yield this.ids.at(line);
  }

  /**
   * Every record in the file's order. One not yet kept is parsed for the walk and not kept: a
   * walk over all of them (an export, the operator's counts) leaves the memory as it was.
   */
  *values(): MapIterator<T> {
    for (const [, record] of this.entries()) yield record;
  }

  *entries(): MapIterator<[string, T]> {
    // A file is read a piece at a time for the walk, into one buffer: not a read per record, and
    // not the whole file into fresh memory on every walk (which the operator's counts make).
    const text = this.bytes.readInto ? piecewiseText(this.bytes as Required<RecordBytes>) : undefined;
    for (let line = 0; line < this.ids.size; line += 1) {
      const id = this.ids.at(line);
      yield [id, this.parsed.get(id) ?? this.parse(line, text)];
    }
  }

  [Symbol.iterator](): MapIterator<[string, T]> {
    return this.entries();
  }

  forEach(callback: (value: T, key: string, map: ReadonlyMap<string, T>) => void): void {
    for (const [id, record] of this.entries()) callback(record, id, this);
  }

  private parse(line: number, text?: (start: number, end: number) => string): T {
    const start = this.lines.starts[line]!;
    const end = this.lines.ends[line]!;
    return JSON.parse(text ? text(start, end) : this.bytes.text(start, end)) as T;
  }
}

/** Text of records asked for in the file's order, read into one buffer a piece at a time. */
function piecewiseText(bytes: Required<RecordBytes>): (start: number, end: number) => string {
  let piece = Buffer.allocUnsafe(WALK_PIECE_BYTES);
  let pieceStart = 0;
  let pieceEnd = 0;
  return (start, end) => {
    if (start < pieceStart || end > pieceEnd) {
      if (end - start > piece.length) piece = Buffer.allocUnsafe(end - start);
      pieceStart = start;
      pieceEnd = start + bytes.readInto(piece, start);
      if (end > pieceEnd) return bytes.text(start, end);
    }
    return piece.toString('utf8', start - pieceStart, end - pieceStart);
  };
}
