// A fixed list of strings as bytes, looked up by value without a JavaScript string or Map entry
// per item: the index of a 100 000-correction world names some 100 000 lists and 85 000 live
// keys, which as strings and Maps were 20 MB of heap and most of its start-up parse.
//
//   u32            count
//   u32            slots: a power of two, at least twice count
//   u32[count+1]   where each string's UTF-8 bytes begin in the text (the last: where they end)
//   u32[slots]     open addressing by the string's hash: 0 for an empty slot, else its number + 1
//   u8[…]          the strings' UTF-8 bytes, one after another
// This layout is part of the index's format (index-bytes.ts) and the record file memo's
// (record-file-memo.ts): a change to it changes their version lines too.

/** FNV-1a over the string's UTF-16 code units: the same number for the same string, at writing and at lookup. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at += 1) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  return hash >>> 0;
}

/** Throws for a string that repeats: a lookup would only ever find the first. */
export function encodeStringTable(strings: readonly string[]): Buffer {
  if (new Set(strings).size !== strings.length) throw new Error('a string table holds each string once');
  const texts = strings.map((text) => Buffer.from(text, 'utf8'));
  let slots = 2;
  while (slots < strings.length * 2) slots *= 2;
  const numbers = new Uint32Array(2 + strings.length + 1 + slots);
  numbers[0] = strings.length;
  numbers[1] = slots;
  let offset = 0;
  for (let n = 0; n < texts.length; n += 1) {
    numbers[2 + n] = offset;
    offset += texts[n]!.length;
  }
  numbers[2 + strings.length] = offset;
  const table = numbers.subarray(3 + strings.length);
  strings.forEach((text, n) => {
    let slot = hashOf(text) & (slots - 1);
    while (table[slot] !== 0) slot = (slot + 1) & (slots - 1);
    table[slot] = n + 1;
  });
  return Buffer.concat([Buffer.from(numbers.buffer), ...texts]);
}

/** A fixed list of distinct strings, numbered from 0, found by value. */
export interface Names {
  readonly size: number;
  at(n: number): string;
  /** -1 when the list does not hold `text`. */
  indexOf(text: string): number;
}

export class StringTable implements Names {
  readonly size: number;
  readonly #starts: Uint32Array;
  readonly #slots: Uint32Array;
  readonly #text: Buffer;

  private constructor(starts: Uint32Array, slots: Uint32Array, text: Buffer) {
    this.size = starts.length - 1;
    this.#starts = starts;
    this.#slots = slots;
    this.#text = text;
  }

  /** The table of `strings`, as writing and reading its bytes gives it. */
  static of(strings: readonly string[]): StringTable {
    return StringTable.decode(encodeStringTable(strings))!;
  }

  /**
   * The table whose bytes are `bytes`; undefined when they are not one (cut, too long, numbers
   * out of range, a string in no slot or in two).
   */
  static decode(bytes: Uint8Array): StringTable | undefined {
    if (bytes.length < 8) return undefined;
    const head = copyU32(bytes, 0, 2);
    const [count, slots] = [head[0]!, head[1]!];
    if (slots < 2 || (slots & (slots - 1)) !== 0 || slots < count * 2) return undefined;
    const numbersEnd = (2 + count + 1 + slots) * 4;
    if (bytes.length < numbersEnd) return undefined;
    const starts = copyU32(bytes, 8, count + 1);
    const table = copyU32(bytes, 8 + (count + 1) * 4, slots);
    // A view, not a copy: copying megabytes into fresh memory at start-up costs more (page faults)
    // than keeping alive the rest of the file the table was read from.
    const text = Buffer.from(bytes.buffer, bytes.byteOffset + numbersEnd, bytes.length - numbersEnd);
    for (let n = 0; n < count; n += 1) if (starts[n]! > starts[n + 1]!) return undefined;
    if (starts[0] !== 0 || starts[count] !== text.length) return undefined;
    // Each string in exactly one slot. Where in its probe run is not checked: that would make
    // every string at start-up, which is what this table is for not doing.
    const placed = new Uint8Array(count);
    let filled = 0;
    for (let slot = 0; slot < table.length; slot += 1) {
      const entry = table[slot]!;
      if (entry === 0) continue;
      if (entry > count || placed[entry - 1] === 1) return undefined;
      placed[entry - 1] = 1;
      filled += 1;
    }
    if (filled !== count) return undefined;
    return new StringTable(starts, table, text);
  }

  /** Its bytes, as encodeStringTable writes them. */
  bytes(): Buffer {
    const head = Uint32Array.of(this.size, this.#slots.length);
    return Buffer.concat([u32Bytes(head), u32Bytes(this.#starts), u32Bytes(this.#slots), this.#text]);
  }

  /** The string numbered `n` (0 ≤ n < size). */
  at(n: number): string {
    return this.#text.toString('utf8', this.#starts[n]!, this.#starts[n + 1]!);
  }

  /** The number of `text`, or -1 when the table does not hold it. */
  indexOf(text: string): number {
    const mask = this.#slots.length - 1;
    for (let slot = hashOf(text) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.#slots[slot]!;
      if (entry === 0) return -1;
      if (this.#equals(entry - 1, text)) return entry - 1;
    }
  }

  #equals(n: number, text: string): boolean {
    const start = this.#starts[n]!;
    const end = this.#starts[n + 1]!;
    // A UTF-8 string is at least as many bytes as UTF-16 units, and at most three times as many.
    if (end - start < text.length || end - start > text.length * 3) return false;
    return this.#text.toString('utf8', start, end) === text;
  }
}

const u32Bytes = (values: Uint32Array) => Buffer.from(values.buffer, values.byteOffset, values.byteLength);

/** Copied: the table's place in its file need not be a multiple of 4. */
function copyU32(bytes: Uint8Array, offset: number, count: number): Uint32Array {
  const values = new Uint32Array(count);
  new Uint8Array(values.buffer).set(bytes.subarray(offset, offset + count * 4));
  return values;
}
