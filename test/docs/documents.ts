// The documents the docs tests check: test/docs/documents.json's entries, a folder standing for every .md under it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './check-examples.ts';

/** documents.json's entries, expanded, in a stable order (repo-relative paths). */
export function listedDocuments(): string[] {
  const expand = (path: string): string[] => statSync(join(ROOT, path)).isDirectory()
    ? readdirSync(join(ROOT, path)).sort().flatMap((name) => expand(`${path.replace(/\/$/, '')}/${name}`))
    : path.endsWith('.md') ? [path] : [];
  const { documents } = JSON.parse(readFileSync(join(ROOT, 'test/docs/documents.json'), 'utf8')) as { documents: string[] };
  return [...new Set(documents.flatMap(expand))];
}
