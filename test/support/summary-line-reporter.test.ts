// The summary line CI reads (`Tests: N passed, N failed, N skipped`) says a run failed whenever
// vitest says so: a file whose beforeAll threw and an error no test caught count as failures,
// not as skipped tests (or as nothing). A real vitest run, in a folder of its own, over four small files.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode, type Finished } from './run-node.ts';

const REPORTER = fileURLToPath(new URL('./summary-line-reporter.ts', import.meta.url));
const VITEST = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));

/** Test files with no imports (`globals`), so the folder needs no node_modules of its own. */
const FILES = {
  // Both tests are skipped by vitest when their beforeAll throws; the run still exits 1.
  'hook-throws.test.mjs': `
    beforeAll(() => { throw new Error('the fixture could not be set up'); });
    it('reads the fixture', () => {});
    it('reads it again', () => {});
  `,
  // Never loads, so it has no tests to count at all.
  'does-not-load.test.mjs': `throw new Error('the file fails as it loads');`,
  'passes.test.mjs': `it('passes', () => {});`,
  // Passes, and leaves behind a rejection nobody handles: vitest fails the run for it.
  'stray-rejection.test.mjs': `it('passes but leaves a rejection behind', () => { Promise.reject(new Error('nobody waited for this')); });`,
};

/** The environment of the run under test: none of this run's own vitest variables. */
const childEnv = () => Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && !entry[0].startsWith('VITEST') && entry[0] !== 'NODE_OPTIONS'));

describe('the summary line, for a run whose failures are outside any test', () => {
  let folder: string;
  let run: Finished;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'kindgi-summary-line-'));
    for (const [name, text] of Object.entries(FILES)) writeFileSync(join(folder, name), text);
    writeFileSync(join(folder, 'vitest.config.mjs'), `export default ${JSON.stringify({
      test: { include: ['*.test.mjs'], globals: true, reporters: [REPORTER], watch: false },
    })};\n`);
    run = await runNode([VITEST, 'run', '--root', folder], childEnv());
  }, 60_000);
  afterAll(() => { rmSync(folder, { recursive: true, force: true }); });

  it('exits 1', () => {
    expect(run.code, run.stdout + run.stderr).toBe(1);
  });

  it('counts the file whose beforeAll threw, the file that did not load and the stray rejection as failed (the two tests stay skipped)', () => {
    expect(run.stdout).toContain('Tests: 2 passed, 3 failed, 2 skipped\n');
  });
});
