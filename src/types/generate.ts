// Generates what is committed from both documents (`npm run types`): src/types/api.ts from
// spec/openapi.yaml and src/types/mock-admin-api.ts from spec/mock-admin.yaml, and spec/openapi.json,
// the API's document as data for where no YAML file can be read (the MSW handlers, a browser);
// a dev tool, kept out of dist/.
import { writeFileSync } from 'node:fs';
import { loadSpec } from '../spec/load-spec.ts';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export interface GeneratedTypes {
  /** The document, as the repo names it. */
  spec: string;
  /** Where its types are committed. */
  file: string;
}

export const GENERATED_TYPES: readonly GeneratedTypes[] = [
  { spec: 'spec/openapi.yaml', file: fileURLToPath(new URL('./api.ts', import.meta.url)) },
  { spec: 'spec/mock-admin.yaml', file: fileURLToPath(new URL('./mock-admin-api.ts', import.meta.url)) },
];

const headerFor = (spec: string) =>
  `// Generated from ${spec} by openapi-typescript: do not edit. Regenerate with \`npm run types\`\n`
  + '// (node --import tsx src/types/generate.ts); test/types/generated.test.ts fails while this file is stale.\n\n';

/**
 * The text of a generated types file as its document generates it now.
 * - openapi-typescript's defaults, so `paths`, `components` and `operations` are what
 *   `openapi-fetch`'s `createClient<paths>()` expects.
 * - Silent: the documents' own lint is Spectral's (`npm run lint`), not Redocly's.
 */
export async function renderTypes(spec: string): Promise<string> {
  return headerFor(spec) + astToString(await openapiTS(new URL(`../../${spec}`, import.meta.url), { silent: true }));
}

/** Where the API's document is committed as JSON. */
export const DOCUMENT_JSON_FILE = fileURLToPath(new URL('../../spec/openapi.json', import.meta.url));

/** The text of spec/openapi.json as spec/openapi.yaml gives it now. */
export function renderDocumentJson(): string {
  return `${JSON.stringify(loadSpec(), null, 2)}\n`;
}

// Only when run as a script: the freshness test imports renderTypes and must not write.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const { spec, file } of GENERATED_TYPES) {
    writeFileSync(file, await renderTypes(spec));
    console.log(`wrote ${file}`);
  }
  writeFileSync(DOCUMENT_JSON_FILE, renderDocumentJson());
  console.log(`wrote ${DOCUMENT_JSON_FILE}`);
}
