// `--stateful` from the command line: its flags refused with a reason when wrong, and a divergence
// reported with its shrunk sequence (steps, curl lines, both answers, the seed) in the summary,
// JUnit and the GitHub reporter; the same seed sends the same sequences again.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type TestMock } from '../http/support.ts';
import { runNode } from '../support/run-node.ts';

const runCli = (args: string[], env: Record<string, string> = {}) => runNode(['--import', 'tsx', 'src/bin.ts', 'contracts', ...args], env);

let mock: TestMock;
const dir = mkdtempSync(join(tmpdir(), 'kindgi-stateful-cli-'));

beforeAll(async () => {
  // A re-sort of a removed correction is answered 200 with the correction as it was.
  mock = await startMock({ defects: ['removed-correction-change-ignored'] });
});

afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the stateful flags', () => {
  it.each([
    [['--stateful'], '--stateful needs --allow-writes'],
    [['--allow-writes', '--stateful', '--seed', 'abc'], '--seed takes a whole number'],
    [['--allow-writes', '--stateful', '--stateful-runs', '0'], '--stateful-runs takes a whole number above 0'],
    [['--allow-writes', '--seed', '7'], '--seed is for the stateful walk: add --stateful'],
    [['--allow-writes', '--stateful-runs', '7'], '--stateful-runs is for the stateful walk: add --stateful'],
  ])('%j exits 2: %s', async (args, message) => {
    const result = await runCli(['--base-url', mock.url, ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });
});

describe('a divergence, reported', () => {
  it('in the summary, JUnit and GitHub, with the shrunk sequence; the same seed gives the same sequence', async () => {
    const junit = join(dir, 'report.xml');
    const args = ['--base-url', mock.url, '--allow-writes', '--stateful', '--seed', '42'];
    const summary = await runCli([...args, '--reporter', 'junit', '--output', junit]);
    expect(summary.code, summary.stderr).toBe(1);
    const text = summary.stdout;
    expect(text).toMatch(/✗ stateful-walk {2}PATCH \/v1\/corrections\/cor_\w+/);
    expect(text).toContain('expected: status: 409 (as the model answers)');
    expect(text).toMatch(/sequence of \d+ step\(s\), shrunk in \d+ step\(s\), seed 42 \(--stateful --seed 42 replays it\):/);
    expect(text).toMatch(/ {6}1\. create a correction of run \d/);
    expect(text).toMatch(/remove correction #0/);
    expect(text).toMatch(/← parted here, at status/);
    expect(text).toMatch(/ {9}curl -i -X POST 'http:\/\/127\.0\.0\.1:\d+\/v1\/corrections\/cor_\w+\/remove' -H "Authorization: Bearer \$KINDGI_TOKEN"/);
    expect(text).toMatch(/model answered: {2}409 \{"error":\{"code":"already-terminal"/);
    expect(text).toMatch(/target answered: 200 \{"id":"cor_/);
    expect(text).toMatch(/^Stateful walk: \d+ of 20 sequences sent, and \d+ more while shrinking, \d+ requests in \d+\.\d s\.$/m);
    expect(text).toMatch(/^ {2}Runs run_\w+, run_\w+, corrected as user usr_\w+ with the primary token \(\$KINDGI_TOKEN in the curl lines\); test runs among the steps\.$/m);
    expect(text).toContain('  Seed 42: --stateful --seed 42 sends the same sequences.');
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(/<testcase classname="kindgi-contracts" name="stateful-walk">[\s\S]*<failure message="1 failure\(s\): status: 409[\s\S]*← parted here, at status/);

    const github = await runCli([...args, '--reporter', 'github', '--output', join(dir, 'summary.md')]);
    expect(github.code).toBe(1);
    expect(github.stdout).toMatch(/^::error title=stateful-walk \[inferred\]::PATCH .*%0Asequence of \d+ step/m);
    const markdown = readFileSync(join(dir, 'summary.md'), 'utf8');
    expect(markdown).toContain('#### `stateful-walk`: the shortest sequence found');
    // The same seed: the same sequence of steps, step for step.
    const steps = (output: string) => output.split('\n').filter((line) => /^ {6}\d+\. /.test(line)).join('\n');
    expect(steps(github.stdout.slice(github.stdout.indexOf('✗ stateful-walk')))).toBe(steps(text));
  }, 180_000);
});
