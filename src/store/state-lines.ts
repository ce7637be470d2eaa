// The bytes of a state file: how a line is written (a checksum, a space, one JSON value, a
// newline) and how a file's bytes are read back into a header and entries, in bytes, never text.
//
// Version 2, the one written:
//   line 1      <c> {"format":"kindgi-mock-state","version":2,"world":"<sha-256 of the world>"}
//   line 2, …   <c> <one set of changes, as JSON>
// where <c> is the first 16 hex digits (lower case) of the SHA-256 of the JSON's exact bytes, so
// any changed byte of a line, its checksum included, is noticed. JSON never holds a raw newline, so
// 0x0A ends every line, and only a line cut short by a crash can lack it: that last line is kept
// when its checksum verifies (only its newline was lost), else it is dropped and reported.
// Version 1 (no checksums: each line is the bare JSON) is still read, and rewritten as version 2.
//
// A compacted file (state-file.ts) has the same shape: its header adds
// `"snapshot":{"lines":K,"writes":N}`, saying that its first K entries are a snapshot of the world
// after N writes (written at once, never torn), and the entries after them writes made since.
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import type { KeptClock } from '../worlds/mock-clock.ts';
import { StateFileError } from './state-errors.ts';
import type { WorldChanges } from './world-changes.ts';

export const STATE_FORMAT = 'kindgi-mock-state';
export const STATE_VERSION = 2;
const CHECKSUM_DIGITS = 16;
const CHECKSUM_PATTERN = /^[0-9a-f]{16}$/;
const NEWLINE = 0x0a;

/** The base world's clock as set by `/__mock/clock`, kept so that a restart goes on from it. */
export interface ClockEntry {
  clock: KeptClock;
}

/** What one line after the header holds: a write's changes, or the clock. */
export type JournalValue = WorldChanges | ClockEntry;

/** One line after the header, parsed but not yet checked against the world's rules. */
export interface JournalEntry {
  /** The line number in the file; the header is line 1. */
  line: number;
  value: unknown;
  /** False for a last line with no newline: it is kept only if it also passes every rule. */
  terminated: boolean;
  /** Where the line starts in the file, and how many bytes it has (its newline aside). */
  start: number;
  bytes: number;
}

/** A last line that was cut short, and why it is not a whole entry. */
export interface TornLine {
  line: number;
  start: number;
  bytes: number;
  why: string;
}

export type ParsedStateFile =
  /** No file, or an empty one: a new journal. */
  | { kind: 'new' }
  /** Only the beginning of a header (a crash while the file was created): it holds no write. */
  | { kind: 'torn-header'; bytes: number }
  | {
    kind: 'journal';
    version: 1 | 2;
    /** The header is the whole file and has no newline. */
    headerUnterminated: boolean;
    entries: JournalEntry[];
    torn?: TornLine;
    length: number;
    /** Set for a compacted file: its first `lines` entries are a snapshot of the world after `writes` writes. */
    snapshot?: SnapshotMark;
  };

/** What a compacted file's header says of the snapshot it starts with. */
export interface SnapshotMark {
  /** How many entries after the header the snapshot is. */
  lines: number;
  /** How many writes it stands for (each one once journalled on its own). */
  writes: number;
}

/** A version-1 line written for a write that changed nothing (`{}`): version 2 never writes one. */
export function isVersion1NoOp(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    && Object.values(value).every((list) => Array.isArray(list) && list.length === 0);
}

export function checksumOf(json: Uint8Array): string {
  return createHash('sha256').update(json).digest('hex').slice(0, CHECKSUM_DIGITS);
}

/** A version-2 line for `value`, newline included. */
export function encodeLine(value: unknown): Buffer {
  const json = JSON.stringify(value);
  if (json === undefined) throw new Error('the state file keeps JSON values only');
  return encodeJsonLine(json);
}

/** A version-2 line for JSON text already made (one value, no raw newline), newline included. */
export function encodeJsonLine(json: string): Buffer {
  const body = Buffer.from(json, 'utf8');
  return Buffer.concat([Buffer.from(`${checksumOf(body)} `, 'latin1'), body, Buffer.of(NEWLINE)]);
}

/** The version-2 header of a journal for the world with this fingerprint, newline included; a compacted file's names its snapshot. */
export function headerLine(worldFingerprint: string, snapshot?: SnapshotMark): Buffer {
  return encodeLine({ format: STATE_FORMAT, version: STATE_VERSION, world: worldFingerprint, ...(snapshot ? { snapshot } : {}) });
}

/**
 * Reads a state file's bytes, split on 0x0A.
 * - Throws StateFileError, naming the line, for a file that is not a state file, is of another
 *   version or world, or has a line that is corrupt before its last one.
 * - A last line without a newline is an entry when it verifies (`terminated: false`), else `torn`.
 */
export function parseStateFile(path: string, bytes: Buffer | undefined, worldFingerprint: string): ParsedStateFile {
  if (bytes === undefined || bytes.length === 0) return { kind: 'new' };
  const lines = splitLines(bytes);
  const first = lines[0]!;
  const headerBytes = bytes.subarray(first.start, first.end);
  const header = readHeader(headerBytes);
  if (!header.ok) {
    if (!first.terminated && isHeaderPrefix(headerBytes)) return { kind: 'torn-header', bytes: bytes.length };
    throw new StateFileError(path, header.problem);
  }
  if (header.world !== worldFingerprint) {
    throw new StateFileError(path, 'was written for another world (other fixtures, seed or size); start with that world, or give another path');
  }
  const entries: JournalEntry[] = [];
  let torn: TornLine | undefined;
  lines.slice(1).forEach((segment, index) => {
    const line = index + 2;
    const read = readEntry(header.version, bytes.subarray(segment.start, segment.end));
    const size = segment.end - segment.start;
    if (read.ok) entries.push({ line, value: read.value, terminated: segment.terminated, start: segment.start, bytes: size });
    else if (!segment.terminated) torn = { line, start: segment.start, bytes: size, why: `${read.why}: a write cut short` };
    else throw new StateFileError(path, `line ${line} is corrupt: ${read.why}; the state cannot be restored (the file was left as it was)`);
  });
  const { snapshot } = header;
  // A snapshot reaches the file whole (renamed into place once synced): one cut short is damage, not a crash.
  if (snapshot && entries.length < snapshot.lines) {
    throw new StateFileError(path, `line 1 (the header) names a snapshot of ${snapshot.lines} lines, and the file has ${entries.length} whole ones; the state cannot be restored (the file was left as it was)`);
  }
  return {
    kind: 'journal', version: header.version, headerUnterminated: !first.terminated, entries, ...(torn ? { torn } : {}), length: bytes.length, ...(snapshot ? { snapshot } : {}),
  };
}

interface Segment { start: number; end: number; terminated: boolean }

/** The lines of `bytes`, without their newlines; a file that ends with one has no empty last line. */
function splitLines(bytes: Buffer): Segment[] {
  const segments: Segment[] = [];
  let start = 0;
  while (start < bytes.length) {
    const newline = bytes.indexOf(NEWLINE, start);
    if (newline < 0) {
      segments.push({ start, end: bytes.length, terminated: false });
      break;
    }
    segments.push({ start, end: newline, terminated: true });
    start = newline + 1;
  }
  return segments;
}

type Read = { ok: true; value: unknown } | { ok: false; why: string };

function readEntry(version: 1 | 2, line: Buffer): Read {
  if (line.length === 0) return { ok: false, why: 'it is empty' };
  if (version === 1) return isUtf8(line) ? parseJson(line) : { ok: false, why: 'it is not UTF-8 text' };
  return readChecked(line);
}

const CHECKSUM_MISMATCH = 'its checksum does not match its bytes';

/** `<checksum> <json>`, the checksum verified before the JSON is read. */
function readChecked(line: Buffer): Read {
  const digits = line.subarray(0, CHECKSUM_DIGITS).toString('latin1');
  if (line.length <= CHECKSUM_DIGITS + 1 || !CHECKSUM_PATTERN.test(digits) || line[CHECKSUM_DIGITS] !== 0x20) {
    return { ok: false, why: 'it does not start with its checksum' };
  }
  const json = line.subarray(CHECKSUM_DIGITS + 1);
  if (checksumOf(json) !== digits) return { ok: false, why: CHECKSUM_MISMATCH };
  return parseJson(json);
}

function parseJson(bytes: Buffer): Read {
  try {
    return { ok: true, value: JSON.parse(bytes.toString('utf8')) };
  } catch {
    return { ok: false, why: 'it is not JSON' };
  }
}

type Header = { ok: true; version: 1 | 2; world: unknown; snapshot?: SnapshotMark } | { ok: false; problem: string };

/**
 * The first line: a version-2 header (checksummed) or a version-1 one (bare JSON). A line shaped
 * as ours (a checksum and a space, or the format's name) that does not verify is a corrupt
 * header, not a foreign file.
 */
function readHeader(line: Buffer): Header {
  const corrupt = (why: string): Header => ({ ok: false, problem: `line 1 (the header) is corrupt: ${why}; the state cannot be restored (the file was left as it was)` });
  const newer = (version: number): Header => ({ ok: false, problem: `line 1: has format version ${version}; this kindgi-mock reads versions 1 and 2 (a newer kindgi-mock wrote it)` });
  const fieldsOf = (value: unknown) => (typeof value === 'object' && value !== null ? value as { format?: unknown; version?: unknown; world?: unknown; snapshot?: unknown } : undefined);
  const checked = readChecked(line);
  if (checked.ok) {
    const fields = fieldsOf(checked.value);
    if (fields?.format !== STATE_FORMAT) return NOT_A_STATE_FILE;
    if (fields.version === STATE_VERSION) {
      if (fields.snapshot === undefined) return { ok: true, version: 2, world: fields.world };
      return isSnapshotMark(fields.snapshot) ? { ok: true, version: 2, world: fields.world, snapshot: fields.snapshot } : corrupt('its snapshot is not {"lines":N,"writes":N}');
    }
    return typeof fields.version === 'number' && fields.version > STATE_VERSION ? newer(fields.version) : corrupt(`it names version ${String(fields.version)}`);
  }
  if (checked.why === CHECKSUM_MISMATCH) return corrupt(checked.why);
  const bare = parseJson(line);
  const fields = bare.ok ? fieldsOf(bare.value) : undefined;
  if (fields?.format === STATE_FORMAT) {
    if (fields.version === 1) return { ok: true, version: 1, world: fields.world };
    return typeof fields.version === 'number' && fields.version > STATE_VERSION ? newer(fields.version) : corrupt('it has no checksum');
  }
  return line.includes(STATE_FORMAT, 0, 'latin1') ? corrupt(checked.why) : NOT_A_STATE_FILE;
}

function isSnapshotMark(value: unknown): value is SnapshotMark {
  const count = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 2
    && count((value as SnapshotMark).lines) && count((value as SnapshotMark).writes);
}

const NOT_A_STATE_FILE: Header = { ok: false, problem: 'is not a kindgi-mock state file (line 1 is not a state header); give another path or remove it' };

// A header a crash cut short is a beginning of one of these, `\0` standing for a hex digit.
const HEADER_SHAPES = [
  `${'\0'.repeat(CHECKSUM_DIGITS)} {"format":"${STATE_FORMAT}","version":${STATE_VERSION},"world":"${'\0'.repeat(64)}"}`,
  `{"format":"${STATE_FORMAT}","version":1,"world":"${'\0'.repeat(64)}"}`,
];

function isHeaderPrefix(line: Buffer): boolean {
  const isHex = (byte: number) => (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66);
  return HEADER_SHAPES.some((shape) => line.length < shape.length
    && line.every((byte, i) => (shape.charCodeAt(i) === 0 ? isHex(byte) : byte === shape.charCodeAt(i))));
}
