// Every example of the docs runs (issue 33): each fenced block of the documents in test/docs/documents.json is run in a
// scratch app with the packed package, parsed, or marked not-run with a reviewed reason (test/docs/README.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExamples, ROOT, where, type ExamplesReport, type Failure, type NotRunEntry } from './check-examples.ts';
import { listedDocuments } from './documents.ts';
import { scratchApp, type ScratchApp } from './scratch-app.ts';

// The harness's own fixtures, checked in every run beside the docs: one passing block of each kind, and broken blocks.
const SAMPLE = 'test/docs/fixtures/sample.md';
const BROKEN = 'test/docs/fixtures/broken.md';

const documents = listedDocuments();
const notRun = (JSON.parse(readFileSync(join(ROOT, 'test/docs/not-run-blocks.json'), 'utf8')) as { blocks: NotRunEntry[] }).blocks;

let report: ExamplesReport;
let app: ScratchApp | undefined;
const failuresOf = (file: string) => report.failures.filter((failure) => failure.file === file);
const listed = (failures: readonly Failure[]) => failures.map((failure) => `${where(failure)}: ${failure.message}`).join('\n\n');

beforeAll(async () => {
  const started = Date.now();
  // One run over every document and the fixtures: one scratch app, one tsc, one Node process for the modules.
  report = await checkExamples({ documents: [...new Set([...documents, SAMPLE, BROKEN])], notRun, app: async () => (app ??= await scratchApp()) });
  console.log(`docs examples: ${JSON.stringify(report.counts)} in ${((Date.now() - started) / 1000).toFixed(1)} s ${JSON.stringify(report.seconds)}`);
}, 600_000);

afterAll(() => app?.remove());

describe('every block of the docs runs, parses, or is marked not-run with a reviewed reason', () => {
  it.each(documents.filter((file) => file !== SAMPLE))('%s', (file) => {
    const failures = failuresOf(file);
    expect(failures, `${failures.length} block(s) of ${file} failed:\n\n${listed(failures)}`).toEqual([]);
  });

  it('the sample fixture passes, and exercised every kind: ts, js, sh (with a server-less curl and a vitest run), json, yaml, text, not-run', () => {
    expect(listed(failuresOf(SAMPLE))).toBe('');
    expect(report.countsByFile[SAMPLE]).toEqual({ 'ran ts': 4, 'ran js': 1, 'ran sh': expect.any(Number), 'parsed json': expect.any(Number), 'parsed yaml': expect.any(Number), shown: expect.any(Number), 'not run': expect.any(Number) });
  });
});

describe('a broken document fails, naming the file, the line and what to do', () => {
  const messageAt = (line: number) => failuresOf(BROKEN).filter((failure) => failure.line === line).map((failure) => failure.message).join('\n');

  it('an unquoted ?-URL in a shell block: zsh would glob it', () => {
    expect(messageAt(4)).toMatch(/zsh reads the unquoted `\?` in `http:\/\/127\.0\.0\.1:4010\/__mock\/requests\?limit=1` as a glob/);
  });

  it('a TypeScript type error, at its own line, from strict tsc', () => {
    expect(messageAt(8)).toMatch(/tsc \(strict\): TS2322 Type 'string' is not assignable to type 'number'/);
  });

  it('a not-run block changed since its review: its entry in not-run-blocks.json must be updated', () => {
    expect(messageAt(12)).toMatch(/a not-run block changed since it was reviewed \(hash a036a30113081445, now [0-9a-f]{16}\).*test\/docs\/not-run-blocks\.json/);
  });

  it('invalid JSON, an unknown setup, and a language the harness does not run', () => {
    expect(messageAt(16)).toMatch(/not valid JSON/);
    expect(messageAt(20)).toMatch(/use=nothing: no block of this document has setup=nothing/);
    expect(messageAt(24)).toMatch(/the harness does not run ```html: .*not-run: REASON/);
  });

  it('a shell block that runs jq, which a developer may have and CI has not', () => {
    expect(messageAt(29)).toMatch(/`jq` is not on a fresh machine \(CI has none\).*node -p/);
  });

  it('nothing else of it fails, and nothing of it is skipped', () => {
    expect(failuresOf(BROKEN).map((failure) => failure.line).sort((a, b) => a - b)).toEqual([4, 8, 12, 16, 20, 24, 29]);
  });
});
