// `npm run docs:reference`: writes docs/reference/*.md from spec/, the error catalogue and the CLI's --help.
// test/docs/reference-current.test.ts fails while a page differs from what this makes now.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliPage } from './cli-page.ts';
import { errorCodesPage } from './error-codes-page.ts';
import { mockRoutesPage } from './mock-routes-page.ts';
import { loadSpecs } from './spec-documents.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Each generated page's path (from the repo root) and its text; the same inputs always give the same bytes. */
export async function referencePages(root = ROOT): Promise<Map<string, string>> {
  const specs = loadSpecs(join(root, 'spec'));
  return new Map([
    ['docs/reference/mock-routes.md', mockRoutesPage(specs)],
    ['docs/reference/error-codes.md', errorCodesPage(specs)],
    ['docs/reference/cli.md', await cliPage(root)],
  ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  mkdirSync(join(ROOT, 'docs/reference'), { recursive: true });
  for (const [path, text] of await referencePages()) {
    writeFileSync(join(ROOT, path), text);
    process.stdout.write(`wrote ${path} (${text.split('\n').length} lines)\n`);
  }
}
