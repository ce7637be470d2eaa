// Documents compiled before, kept as their parsed JSON and their validators' code: a start that
// finds its document here neither parses YAML nor compiles (about 0.6 s of a start on a
// remembered world), it evaluates the code (about 25 ms). Kept beside the checked worlds.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenApiDocument } from './openapi-types.ts';

export interface CompiledSpecEntry {
  document: OpenApiDocument;
  /** standalone-validators.ts's module for the document. */
  code: string;
}

export interface CompiledSpecCache {
  dir: string;
  /**
   * Of everything beside the document's file that decides what it compiles to: the loading and
   * compiling code, the spec folder (every file a committed document may reference), Ajv's and
   * node's versions (checked-worlds.ts's checkingCodeDigest).
   */
  codeDigest: string;
  /** The entry kept under `key`; undefined when there is none, or it is not intact, or it is not only this user's to write. */
  recall(key: string): CompiledSpecEntry | undefined;
  /** Keeps an entry; an error when the folder cannot be written (the document still loads). */
  remember(key: string, entry: CompiledSpecEntry): Error | undefined;
}

const FORMAT = 'kindgi-mock compiled spec 1';
const DIGEST = 'sha256';

/** A file per key, `spec-<key>`: the format and a digest of the rest on the first line, the document's JSON on the second, the code after. */
export function compiledSpecCacheIn(dir: string, codeDigest: string): CompiledSpecCache {
  const pathOf = (key: string) => join(dir, `spec-${key}`);
  return {
    dir,
    codeDigest,
    recall(key) {
      const path = pathOf(key);
      try {
        if (!onlyOwnerWrites(path)) return undefined;
        return entryIn(readFileSync(path));
      } catch {
        return undefined;
      }
    },
    remember(key, { document, code }) {
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        const rest = Buffer.from(`${JSON.stringify(document)}\n${code}`);
        const path = pathOf(key);
        // Written whole under another name, then renamed: a reader never sees half an entry.
        writeFileSync(`${path}.${process.pid}.tmp`, Buffer.concat([Buffer.from(`${FORMAT} ${digestOf(rest)}\n`), rest]), { mode: 0o600 });
        renameSync(`${path}.${process.pid}.tmp`, path);
        return undefined;
      } catch (error) {
        return error as Error;
      }
    },
  };
}

/** The code is run: only a file this user owns and no one else may write (where the system has owners). */
function onlyOwnerWrites(path: string): boolean {
  const stats = statSync(path);
  if (!stats.isFile()) return false;
  const uid = process.getuid?.();
  return uid === undefined || (stats.uid === uid && (stats.mode & 0o022) === 0);
}

function entryIn(bytes: Buffer): CompiledSpecEntry | undefined {
  const headerEnd = bytes.indexOf(0x0a);
  if (headerEnd < 0) return undefined;
  const rest = bytes.subarray(headerEnd + 1);
  if (bytes.toString('utf8', 0, headerEnd) !== `${FORMAT} ${digestOf(rest)}`) return undefined;
  const documentEnd = rest.indexOf(0x0a);
  if (documentEnd < 0) return undefined;
  const document = JSON.parse(rest.toString('utf8', 0, documentEnd)) as OpenApiDocument;
  return { document, code: rest.toString('utf8', documentEnd + 1) };
}

const digestOf = (bytes: Buffer) => createHash(DIGEST).update(bytes).digest('hex');
