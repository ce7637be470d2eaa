// Reads spec/openapi.yaml, the one document every shape in kindgi-mock comes from.
import { readFileSync } from 'node:fs';
import { parseYaml } from './parse-yaml.ts';
import { packagePath } from '../package-root.ts';
import type { OpenApiDocument } from './openapi-types.ts';

/** Path of the committed OpenAPI document. */
export const SPEC_PATH = packagePath('spec', 'openapi.yaml');

/**
 * Parses the OpenAPI document.
 * - Throws, naming the file, when it is not YAML or not an OpenAPI 3.1 document.
 */
export function loadSpec(path: string = SPEC_PATH): OpenApiDocument {
  const text = readFileSync(path, 'utf8');
  const document: unknown = parseYaml(text);
  if (!isOpenApi31(document)) {
    throw new Error(`${path} is not an OpenAPI 3.1 document (no "openapi: 3.1.x" or no "paths")`);
  }
  return document;
}

function isOpenApi31(value: unknown): value is OpenApiDocument {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.openapi === 'string'
    && candidate.openapi.startsWith('3.1.')
    && typeof candidate.paths === 'object'
    && candidate.paths !== null;
}
