// The committed document, parsed and compiled once per process for each content of its file, and
// across processes through a CompiledSpecCache.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { CompiledSpecCache } from './compiled-spec-cache.ts';
import { loadSpec, SPEC_PATH } from './load-spec.ts';
import type { OpenApiDocument } from './openapi-types.ts';
import { validatorCode, validatorsFromCode } from './standalone-validators.ts';
import { PACKAGE_ROOT } from '../package-root.ts';
import { adoptSpecValidators, type CompiledSpec, type SpecSchema } from './validators.ts';

// By file: the one content last read from each path, so an edited file is parsed and compiled again.
const compiledByFile = new Map<string, { sha256: string; spec: CompiledSpec }>();

/**
 * The document at `path` (the committed one by default), parsed by `load` and compiled once per
 * process for each content of the file; later calls read and hash the file (well under 1 ms) and
 * share the same objects.
 * - `cache`: a document of the package's spec folder is taken from it when it was kept for the
 *   same bytes, the same `load` and the same code (and kept there when it was not). A document
 *   elsewhere is never cached: the files it references are not in the cache's code digest.
 * - The validators are Ajv's standalone code (standalone-validators.ts), cached or not.
 * - `extras`: schemas of other modules that refer to the document's components, compiled and
 *   kept with it when it is cached (adoptedValidator finds them then); the cache's key covers
 *   them. Without a cache they are left to their modules, which compile them when they need them.
 * - The document and validators are shared, read only: never change them.
 * - Throws as `load` does and on a schema that does not compile, naming where it sits; nothing is kept then.
 * - `rememberError`: the cache's folder could not be written (the document is compiled all the same).
 */
export function loadCompiledSpec(path: string = SPEC_PATH, load: (path: string) => OpenApiDocument = loadSpec, cache?: CompiledSpecCache, extras: readonly SpecSchema[] = []): CompiledSpec & { rememberError?: Error } {
  const file = resolve(path);
  const sha256 = sha256Of(file);
  const kept = compiledByFile.get(file);
  if (kept?.sha256 === sha256) return kept.spec;
  const { spec, rememberError, parsedAsHashed } = readCompiledSpec(file, load, cache, extras, sha256);
  // Kept only when the file did not change while it was parsed, so the hash names what was parsed.
  if (parsedAsHashed) compiledByFile.set(file, { sha256, spec });
  return rememberError ? { ...spec, rememberError } : spec;
}

/**
 * loadCompiledSpec without the process's memory of it: from `cache` (`recalled`), or parsed and
 * compiled (and kept in `cache`, or `rememberError`).
 * - `parsedAsHashed`: what was taken is what the file held when hashed as `sha256` (always, from
 *   the cache; when parsed, only if the file did not change meanwhile). Only such a spec is kept.
 */
export function readCompiledSpec(path: string, load: (path: string) => OpenApiDocument, cache: CompiledSpecCache | undefined, extras: readonly SpecSchema[] = [], sha256 = sha256Of(resolve(path))): { spec: CompiledSpec; recalled: boolean; parsedAsHashed: boolean; rememberError?: Error } {
  const file = resolve(path);
  const key = cache && inSpecFolder(file) ? cacheKey(cache, file, load, sha256, extras) : undefined;
  const recalled = key === undefined ? undefined : fromCache(cache!, key);
  if (recalled) return { spec: recalled, recalled: true, parsedAsHashed: true };
  const document = load(file);
  // Extras only where they will be kept: compiled for one start, they would cost it more than they save.
  const code = validatorCode(document, key === undefined ? [] : extras);
  const spec = { document, validators: adoptSpecValidators(document, validatorsFromCode(code)) };
  const parsedAsHashed = sha256Of(file) === sha256;
  // A document kept for bytes it was not parsed from would be served for them on every start.
  const rememberError = key !== undefined && parsedAsHashed ? cache!.remember(key, { document, code }) : undefined;
  return { spec, recalled: false, parsedAsHashed, ...(rememberError ? { rememberError } : {}) };
}

/** The kept entry as a CompiledSpec; undefined when there is none, or its code does not give every validator (compiled again then, and kept anew). */
function fromCache(cache: CompiledSpecCache, key: string): CompiledSpec | undefined {
  const entry = cache.recall(key);
  if (!entry) return undefined;
  try {
    return { document: entry.document, validators: adoptSpecValidators(entry.document, validatorsFromCode(entry.code)) };
  } catch {
    return undefined;
  }
}

/**
 * Of the code, the loader, the file and its bytes, and the extras' keys and schemas: the extras
 * may live outside the folders the code digest covers (the state file's entries are in store/).
 */
function cacheKey(cache: CompiledSpecCache, file: string, load: (path: string) => OpenApiDocument, sha256: string, extras: readonly SpecSchema[]): string {
  const extrasJson = JSON.stringify(extras.map(({ key, schema }) => [key, schema]));
  return createHash('sha256').update(`${cache.codeDigest}\n${load.name}\n${relative(PACKAGE_ROOT, file).replaceAll('\\', '/')}\n${sha256}\n${extrasJson}`).digest('hex');
}

const SPEC_FOLDER = resolve(PACKAGE_ROOT, 'spec');
const inSpecFolder = (file: string) => file.startsWith(`${SPEC_FOLDER}${sep}`);

function sha256Of(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}
