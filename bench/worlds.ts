// The generated worlds the benchmark serves: one fixtures folder per size, written by
// `npm run fixtures` in a child process and kept between runs (a 100 000 world takes ~15 s).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnTs, tailOf } from './child-process.ts';

export const DEFAULT_WORLDS_DIR = join(tmpdir(), 'kindgi-mock-bench-worlds');

/** Written after the generator has finished, so a half-written folder is never reused. */
export const DONE_FILE = 'bench-complete.json';

export interface WorldFolder {
  corrections: number;
  dir: string;
  /** How long generating and writing took; undefined when an earlier run's folder was reused. */
  generatedMs?: number;
}

/**
 * The fixtures folder of the world of `corrections` from `seed`, generating it when missing.
 * - Reuses a folder only when an earlier run finished writing it for the same seed and size.
 */
export async function ensureWorld(root: string, seed: number, corrections: number): Promise<WorldFolder> {
  const dir = join(root, `seed-${seed}-corrections-${corrections}`);
  const done = join(dir, DONE_FILE);
  if (existsSync(done)) {
    const made = JSON.parse(readFileSync(done, 'utf8')) as { seed?: number; corrections?: number };
    if (made.seed === seed && made.corrections === corrections) return { corrections, dir };
  }
  rmSync(dir, { recursive: true, force: true });
  const started = performance.now();
  const child = spawnTs('src/fixtures/generate-cli.ts', ['--seed', String(seed), '--corrections', String(corrections), '--out', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = tailOf(child);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`generating the world of ${corrections} corrections failed (exit ${code}):\n${output()}`);
  writeFileSync(done, `${JSON.stringify({ seed, corrections })}\n`);
  return { corrections, dir, generatedMs: performance.now() - started };
}
