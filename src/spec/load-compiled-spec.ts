// The committed document, parsed and compiled once per process for each content of its file.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadSpec, SPEC_PATH } from './load-spec.ts';
import type { OpenApiDocument } from './openapi-types.ts';
import { compileSpecValidators, type CompiledSpec } from './validators.ts';

// By file: the one content last read from each path, so an edited file is parsed and compiled again.
const compiledByFile = new Map<string, { sha256: string; spec: CompiledSpec }>();

/**
 * The document at `path` (the committed one by default), parsed by `load` and compiled once per
 * process for each content of the file; later calls read and hash the file (well under 1 ms) and
 * share the same objects.
 * - The document and validators are shared, read only: never change them.
 * - Throws as `load` and compileSpecValidators do; nothing is kept then.
 */
export function loadCompiledSpec(path: string = SPEC_PATH, load: (path: string) => OpenApiDocument = loadSpec): CompiledSpec {
  const file = resolve(path);
  const sha256 = sha256Of(file);
  const kept = compiledByFile.get(file);
  if (kept?.sha256 === sha256) return kept.spec;
  const document = load(file);
  const spec: CompiledSpec = { document, validators: compileSpecValidators(document) };
  // Kept only when the file did not change while it was parsed, so the hash names what was parsed.
  if (sha256Of(file) === sha256) compiledByFile.set(file, { sha256, spec });
  return spec;
}

function sha256Of(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

