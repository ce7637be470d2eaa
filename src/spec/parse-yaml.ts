// The YAML parser, loaded when a document is first parsed: a start that finds the spec compiled
// (compiled-spec-cache.ts) parses no YAML, and loading the parser was 40 ms of every start.
import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);
let parser: typeof import('yaml') | undefined;

/** YAML's `parse`; throws as it does. */
export function parseYaml(text: string): unknown {
  parser ??= requireHere('yaml') as typeof import('yaml');
  return parser.parse(text);
}
