// The folder of kindgi-mock's own package.json, where `spec/` and `fixtures/` ship: found from this
// file, so that the same code finds them when it runs from `src/` (tsx) or from `dist/src/` (node).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'kindgi-mock';

function isOurPackage(dir: string): boolean {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME;
  } catch {
    return false;
  }
}

/** Walks up from `start` to the first folder whose package.json is kindgi-mock's; throws naming `start` when there is none. */
export function packageRootFrom(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (isOurPackage(dir)) return dir;
    if (dirname(dir) === dir) throw new Error(`kindgi-mock: no package.json of ${PACKAGE_NAME} above ${start}; the package is incomplete`);
  }
}

export const PACKAGE_ROOT = packageRootFrom(dirname(fileURLToPath(import.meta.url)));

/** A path inside the package, such as `spec/openapi.yaml`. */
export const packagePath = (...parts: string[]) => join(PACKAGE_ROOT, ...parts);
