// The document of the mock's own routes (spec/mock-admin.yaml), with the API's components it
// references brought in, compiled once per process.
import { dirname, join } from 'node:path';
import { bundleExternalRefs } from './bundle-refs.ts';
import { loadSpec, SPEC_PATH } from './load-spec.ts';
import type { OpenApiDocument } from './openapi-types.ts';
import type { CompiledSpecCache } from './compiled-spec-cache.ts';
import { loadCompiledSpec } from './load-compiled-spec.ts';
import type { SpecValidators } from './validators.ts';

/** Beside the API's document, whose schemas it references by relative path. */
export const MOCK_ADMIN_SPEC_PATH = join(dirname(SPEC_PATH), 'mock-admin.yaml');

/** Where the mock's own routes are mounted; every path of the document starts with it. */
export const MOCK_ADMIN_PREFIX = '/__mock';

/**
 * The document, its references into other files resolved into components of its own.
 * - Throws, naming the file, when it is not OpenAPI 3.1, when a path is outside `/__mock`, or
 *   when a component it brings in clashes with one of its own (bundle-refs.ts).
 */
export function loadMockAdminSpec(path: string = MOCK_ADMIN_SPEC_PATH): OpenApiDocument {
  const document = bundleExternalRefs(loadSpec(path), path);
  const outside = Object.keys(document.paths).filter((p) => p !== MOCK_ADMIN_PREFIX && !p.startsWith(`${MOCK_ADMIN_PREFIX}/`));
  if (outside.length > 0) throw new Error(`${path}: every path must be ${MOCK_ADMIN_PREFIX} or start with ${MOCK_ADMIN_PREFIX}/, not ${outside.join(', ')}`);
  return document;
}

/**
 * Every validator of the document, compiled once per process for each content of the file, as
 * the API's are (loadCompiledSpec): the mock's tests build many apps in one process, and each
 * compile takes tens of milliseconds.
 * - `cache`: as loadCompiledSpec takes it.
 * - Throws as loadMockAdminSpec does, or on a schema that does not compile (validators.ts).
 */
export function mockAdminValidators(path: string = MOCK_ADMIN_SPEC_PATH, cache?: CompiledSpecCache): SpecValidators {
  return loadCompiledSpec(path, loadMockAdminSpec, cache).validators;
}
