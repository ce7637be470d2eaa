// A scratch app with the packed package installed, as a frontend repo would have it: the docs' examples run in it.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { packedPackage } from './packed-package.ts';

const run = promisify(execFile);

/** What an app next to kindgi-mock has, pinned as this repo pins them (the npm cache then keeps the install quick). */
export const APP_VERSIONS = { 'openapi-fetch': '0.17.0', typescript: '5.9.3', vitest: '4.1.12', '@types/node': '20.19.43', msw: '2.15.0' };

/** This process's environment without the variables this Vitest run sets for itself, which would confuse a Vitest in the app. */
export function appEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'NODE_OPTIONS' && name !== 'TEST'));
}

export interface ScratchApp {
  readonly dir: string;
  readonly tarball: string;
  /** Writes `text` at `path` under the app, making its folders. */
  write(path: string, text: string): void;
  remove(): void;
}

/** A new app folder with `kindgi-mock` (the packed tarball) and APP_VERSIONS installed as dev dependencies. */
export async function scratchApp(): Promise<ScratchApp> {
  const { tarball } = await packedPackage();
  const dir = mkdtempSync(join(tmpdir(), 'kindgi-docs-app-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write('package.json', `${JSON.stringify({ name: 'docs-scratch-app', private: true, type: 'module' }, null, 2)}\n`);
  try {
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '-D', tarball, ...Object.entries(APP_VERSIONS).map(([name, version]) => `${name}@${version}`)],
      { cwd: dir, env: appEnv(), maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    throw new Error(`npm install in the scratch app failed:\n${(error as { stderr?: string }).stderr ?? String(error)}`);
  }
  return { dir, tarball, write, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
