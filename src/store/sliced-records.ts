// A collection held as the bytes of its file, not as objects: each record is decoded and parsed
// the first time it is asked for, and that object is kept, so it stays the same object (the view
// and JSON caches key on it) and is parsed once. A world's runs are most of its bytes and few of
// them are ever served, so most are never parsed at all.
// Only for bytes that passed the world's checks: a record is trusted as the type it is held as.
import { leadingIdOf, type RecordLines } from '../fixtures/record-lines.ts';

export class SlicedRecords<T extends { id: string }> implements ReadonlyMap<string, T> {
  private readonly parsed = new Map<string, T>();

  private constructor(
    private readonly bytes: Buffer,
    private readonly lines: RecordLines,
    /** Each id's line, in the file's order. */
    private readonly lineOf: ReadonlyMap<string, number>,
  ) {}

  /** The records of `lines`; undefined when a record does not begin with its id, or an id repeats. */
  static of<T extends { id: string }>(bytes: Buffer, lines: RecordLines): SlicedRecords<T> | undefined {
    const lineOf = new Map<string, number>();
    for (let line = 0; line < lines.starts.length; line += 1) {
      const id = leadingIdOf(bytes, lines.starts[line]!, lines.ends[line]!);
      if (id === undefined || lineOf.has(id)) return undefined;
      lineOf.set(id, line);
    }
    return new SlicedRecords<T>(bytes, lines, lineOf);
  }

  get(id: string): T | undefined {
    const kept = this.parsed.get(id);
    if (kept !== undefined) return kept;
    const line = this.lineOf.get(id);
    if (line === undefined) return undefined;
    const record = this.parse(line);
    this.parsed.set(id, record);
    return record;
  }

  has(id: string): boolean {
    return this.lineOf.has(id);
  }

  get size(): number {
    return this.lineOf.size;
  }

  /** How many records have been parsed and kept so far. */
  get parsedCount(): number {
    return this.parsed.size;
  }

  keys(): MapIterator<string> {
    return this.lineOf.keys();
  }

  /**
   * Every record in the file's order. One not yet kept is parsed for the walk and not kept: a
   * walk over all of them (an export, the operator's counts) leaves the memory as it was.
   */
  *values(): MapIterator<T> {
    for (const [id, line] of this.lineOf) yield this.parsed.get(id) ?? this.parse(line);
  }

  *entries(): MapIterator<[string, T]> {
    for (const [id, line] of this.lineOf) yield [id, this.parsed.get(id) ?? this.parse(line)];
  }

  [Symbol.iterator](): MapIterator<[string, T]> {
    return this.entries();
  }

  forEach(callback: (value: T, key: string, map: ReadonlyMap<string, T>) => void): void {
    for (const [id, record] of this.entries()) callback(record, id, this);
  }

  private parse(line: number): T {
    return JSON.parse(this.bytes.toString('utf8', this.lines.starts[line], this.lines.ends[line])) as T;
  }
}
