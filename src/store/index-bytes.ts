// A world's corrections' index as bytes, kept with its verdict (checked-worlds.ts), so that a later
// start on the same files reads no correction and parses no index: a short JSON header (the
// counts), the lists' names and the live keys as string tables (string-table.ts: no string or Map
// entry each until asked for), then typed arrays copied as they are.
//
//   kindgi-mock index 2 <LE|BE>\n
//   u32       the header's length in bytes, then the header: {"count","tally","namesBytes","liveBytes"}
//   u8[namesBytes]        the lists' names, a string table
//   u8[liveBytes]         the live keys, a string table
//   f64[count]            each correction's createdAt (epoch ms), in the world's order
//   u32[names]            where each list's places end
//   u32[last end]         the places of each list's keys
//   u32[live keys]        the place of each live key's correction
import { endianness } from 'node:os';
import type { IndexedCorrections } from './indexed-corrections.ts';
import { createCorrectionIndex } from './correction-index.ts';
import type { SortKey } from './keyset.ts';
import { PlacedLists, PlacedMap } from './placed-lists.ts';
import { encodeStringTable, StringTable } from './string-table.ts';

/** The arrays are copied in the machine's byte order, which the first line names. */
const MAGIC = Buffer.from(`kindgi-mock index 2 ${endianness()}\n`, 'latin1');

interface Header {
  count: number;
  tally: Record<string, number>;
  namesBytes: number;
  liveBytes: number;
}

export function encodeIndex({ index, live, tally, keys }: IndexedCorrections): Buffer {
  const placeOfKey = new Map(keys.map((key, place) => [key, place]));
  const placeOfId = new Map(keys.map((key, place) => [key.id, place]));
  const names: string[] = [];
  const ends: number[] = [];
  const places: number[] = [];
  for (const [name, list] of index.lists) {
    names.push(name);
    for (const key of list) places.push(placeOfKey.get(key)!);
    ends.push(places.length);
  }
  const namesTable = encodeStringTable(names);
  const liveTable = encodeStringTable([...live.keys()]);
  const header: Header = { count: keys.length, tally, namesBytes: namesTable.length, liveBytes: liveTable.length };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  return Buffer.concat([
    MAGIC, bytesOf(Uint32Array.of(headerBytes.length)), headerBytes, namesTable, liveTable,
    bytesOf(Float64Array.from(keys, (key) => key.t)),
    bytesOf(Uint32Array.from(ends)),
    bytesOf(Uint32Array.from(places)),
    bytesOf(Uint32Array.from(live.values(), (id) => placeOfId.get(id)!)),
  ]);
}

/**
 * The corrections `bytes` describe, whose ids in the world's order are `ids`; undefined when the
 * bytes do not fit them (another world, another version of this format, a cut file): they are
 * then indexed from their records.
 */
export function decodeIndex(bytes: Uint8Array | undefined, ids: readonly string[]): IndexedCorrections | undefined {
  const reader = bytes && new Reader(bytes);
  if (!reader?.skip(MAGIC)) return undefined;
  const header = headerIn(reader);
  if (!header || header.count !== ids.length) return undefined;
  const names = reader.table(header.namesBytes);
  const liveKeys = reader.table(header.liveBytes);
  if (!names || !liveKeys) return undefined;
  const times = reader.array(Float64Array, header.count);
  const ends = reader.array(Uint32Array, names.size);
  const places = ends && reader.array(Uint32Array, ends.length > 0 ? ends[ends.length - 1]! : 0);
  const livePlaces = reader.array(Uint32Array, liveKeys.size);
  if (!times || !ends || !places || !livePlaces || !reader.atEnd()) return undefined;
  if (!times.every(Number.isFinite) || !ascending(ends) || !places.every((p) => p < ids.length) || !livePlaces.every((p) => p < ids.length)) return undefined;
  const keys: SortKey[] = ids.map((id, place) => ({ t: times[place]!, id }));
  return {
    index: createCorrectionIndex(new PlacedLists({ names, ends, places, keys })),
    live: new PlacedMap(liveKeys, livePlaces, ids),
    tally: header.tally,
    keys,
  };
}

function headerIn(reader: Reader): Header | undefined {
  const length = reader.uint32();
  const text = length === undefined ? undefined : reader.text(length);
  if (text === undefined) return undefined;
  let header: Partial<Header>;
  try {
    header = JSON.parse(text) as Partial<Header>;
  } catch {
    return undefined;
  }
  const { count, tally, namesBytes, liveBytes } = header;
  const isTally = typeof tally === 'object' && tally !== null && Object.values(tally).every((n) => Number.isInteger(n) && n >= 0);
  const isLength = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;
  return Number.isInteger(count) && isTally && isLength(namesBytes) && isLength(liveBytes) ? (header as Header) : undefined;
}

function ascending(ends: Uint32Array): boolean {
  for (let at = 1; at < ends.length; at += 1) if (ends[at]! < ends[at - 1]!) return false;
  return true;
}

function bytesOf(array: Float64Array | Uint32Array): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}

/** Reads `bytes` front to back; each read is undefined past their end. */
class Reader {
  #at = 0;
  readonly #bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }

  skip(expected: Uint8Array): boolean {
    if (!Buffer.from(this.#bytes.buffer, this.#bytes.byteOffset + this.#at, Math.min(expected.length, this.#bytes.length - this.#at)).equals(expected)) return false;
    this.#at += expected.length;
    return true;
  }

  uint32(): number | undefined {
    const array = this.array(Uint32Array, 1);
    return array?.[0];
  }

  text(length: number): string | undefined {
    if (this.#at + length > this.#bytes.length) return undefined;
    const text = Buffer.from(this.#bytes.buffer, this.#bytes.byteOffset + this.#at, length).toString('utf8');
    this.#at += length;
    return text;
  }

  /** The string table in the next `length` bytes; undefined when they are not one. */
  table(length: number): StringTable | undefined {
    if (this.#at + length > this.#bytes.length) return undefined;
    const table = StringTable.decode(this.#bytes.subarray(this.#at, this.#at + length));
    this.#at += length;
    return table;
  }

  /** `count` items copied out, so that they are aligned wherever they sat in the file. */
  array<T extends Float64Array | Uint32Array>(Type: { new (count: number): T; BYTES_PER_ELEMENT: number }, count: number): T | undefined {
    const length = count * Type.BYTES_PER_ELEMENT;
    if (this.#at + length > this.#bytes.length) return undefined;
    const array = new Type(count);
    new Uint8Array(array.buffer).set(this.#bytes.subarray(this.#at, this.#at + length));
    this.#at += length;
    return array;
  }

  atEnd(): boolean {
    return this.#at === this.#bytes.length;
  }
}
