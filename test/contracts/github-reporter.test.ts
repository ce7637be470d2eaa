// --reporter github: the workflow commands and the job summary, line by line, for a result with one
// of everything; then the command itself, writing the summary to $GITHUB_STEP_SUMMARY.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverTokens } from '../../contracts/discover.ts';
import { escapeData, escapeProperty, githubAnnotations, githubSummary } from '../../contracts/report/github.ts';
import { startMock, type TestMock } from '../http/support.ts';
import { runNode } from '../support/run-node.ts';
import { hideMockRoutes, startTargetProxy, type TargetProxy } from '../support/target-proxy.ts';
import { RESULT } from './github-fixture.ts';

const NEWEST = '"Corrections (not superseded, and not removed unless `status` asks for `removed`), newest first, cursor-paginated."';

describe('githubAnnotations', () => {
  it('one command per failed check (its first failure), then per warned check, unavailable scenario, correction left, skip, and the totals', () => {
    expect(githubAnnotations(RESULT)).toEqual([
      `::error title=list-newest-first [page]::GET /v1/corrections?limit=100 (2 failures; the first): expected corrections newest first; actual cor_2 (2026-01-02) comes after the older cor_1, 100%25 sure — rests on page 001 (List corrections): ${NEWEST}`,
      '::warning title=cache-control-no-store [convention]::GET /v1/corrections/cor_1: expected Cache-Control: no-store; actual Cache-Control: (none) — rests on convention (Responses): "Every `/v1` response carries `Cache-Control: no-store`."',
      '::warning title=unsupported-method [inferred]::DELETE /v1/corrections: expected 405 with an Allow header; actual 404, Allow: (none) — rests on inferred (x-inferred at /x-inferred-behaviours/unsupported-method): a method a documented path does not have answers 405 (a warning: the target is not the mock, and no page or convention promises this (--strict makes it fail))',
      '::error title=target unavailable%3A filters::GET /v1/corrections?status=open answered 503 (Retry-After: 1) 4 times; given up after 3 retries: not judged, and no conformance failure (alone, it makes the run exit 2)',
      '::warning title=correction left behind%3A cor_stuck::POST …/remove answered 500; the next run with --allow-writes removes it',
      '::notice title=skipped%3A provoked 503::the target does not honour Prefer: code=503',
      '::notice title=kindgi contracts::https://staging.example: 3 checks passed (2 of them with warnings), 1 failed, 1 scenario(s) unavailable',
    ]);
  });

  it('escapes as the runner reads it: %, CR and LF in a message; also : and , in a property', () => {
    expect(escapeData('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext: a, b');
    expect(escapeProperty('check: a, b\n')).toBe('check%3A a%2C b%0A');
  });

  it('a multi-line failure stays one command line', () => {
    const [, second] = RESULT.failures;
    const only = { ...RESULT, failures: [second!], unavailable: [], skipped: [], writes: undefined };
    expect(githubAnnotations(only)[0]).toBe(`::error title=list-newest-first [page]::GET /v1/corrections?status=fixed&limit=100: expected ?status=fixed newest first; actual line one%0Aline two — rests on page 001 (List corrections): ${NEWEST}`);
  });
});

describe('githubSummary', () => {
  it('the job summary: totals, the target record, failures and warnings, unavailable, writes, skips, every check with its source', () => {
    expect(githubSummary(RESULT).split('\n')).toEqual([
      '## Contract checks: 3 passed, 1 failed',
      '',
      '**Target** https://staging.example: not the mock (GET /__mock/principals answered 404: no kindgi-mock there): a failed inferred check is a warning (--strict makes it fail)',
      '',
      '| what the kit saw |  |',
      '| --- | --- |',
      '| document | GET /v1/openapi.json: openapi 3.1.0, info.title "Kindgi", info.version "0.6.0"; differs from spec/openapi.yaml:<br>  operations: + DELETE /v1/corrections/{correctionId}<br>  schemas: ~ Correction |',
      '| cursors | look sealed (an edited cursor answered 400) |',
      '| Prefer | not honoured (GET /v1/corrections?limit=1 with Prefer: code=503 answered 200) |',
      '| Idempotency-Key replay | not probed (needs --allow-writes) |',
      '| pace | at most 20 requests/s (not this machine: the default 20, --rps sets it) |',
      '',
      '### Failures and warnings',
      '',
      '| check | source | severity | request | expected | actual |',
      '| --- | --- | --- | --- | --- | --- |',
      '| `list-newest-first` | page | error | `GET /v1/corrections?limit=100` | corrections newest first | cor_2 (2026-01-02) comes after the older cor_1, 100% sure |',
      '| `list-newest-first` | page | error | `GET /v1/corrections?status=fixed&limit=100` | ?status=fixed newest first | line one<br>line two |',
      '| `unsupported-method` | inferred | warning (inferred, not the mock) | `DELETE /v1/corrections` | 405 with an Allow header | 404, Allow: (none) |',
      '| `cache-control-no-store` | convention | warning | `GET /v1/corrections/cor_1` | Cache-Control: no-store | Cache-Control: (none) |',
      '',
      '### Unavailable (503 past the retries: not judged)',
      '',
      '- **filters**: GET /v1/corrections?status=open answered 503 (Retry-After: 1) 4 times; given up after 3 retries',
      '',
      '### Writes',
      '',
      "- tag `[kindgi-contracts-run:abc123]` in every created correction's `why`",
      '- created: 2; removed by the checks: 1; superseded (history): 1; removed at the end: 0',
      '- left behind by an interrupted run and removed now: `cor_old`',
      '- ⚠️ not removed: `cor_stuck`: POST …/remove answered 500',
      '',
      '### Skipped',
      '',
      '- **provoked 503**: the target does not honour Prefer: code=503',
      '',
      '<details><summary>Every check (4), and what it rests on</summary>',
      '',
      '| check | result | rests on |',
      '| --- | --- | --- |',
      '| `cache-control-no-store` | ⚠️ warned | convention (Responses): "Every `/v1` response carries `Cache-Control: no-store`." |',
      `| \`list-newest-first\` | ❌ failed | page 001 (List corrections): ${NEWEST} |`,
      '| `unsupported-method` | ⚠️ warned | inferred (x-inferred at /x-inferred-behaviours/unsupported-method): a method a documented path does not have answers 405 |',
      '| `auth-required` | ✅ passed | page 000 (Fetch a correction with its copies), 001 (List corrections): "Missing / malformed / expired / revoked bearer token." |',
      '',
      '</details>',
      '',
    ]);
  });

  it('a | in a cell is escaped, so the table keeps its columns', () => {
    const piped = { ...RESULT, failures: [{ ...RESULT.failures[0]!, actual: 'a | b' }] };
    expect(githubSummary(piped)).toContain('| corrections newest first | a \\| b |');
  });
});

describe('kindgi-mock contracts --reporter github against a target that is not the mock', () => {
  let mock: TestMock;
  let staging: TargetProxy;
  const dir = mkdtempSync(join(tmpdir(), 'kindgi-github-'));
  beforeAll(async () => {
    mock = await startMock({ defects: ['method-not-allowed-as-404'] });
    staging = await startTargetProxy(mock.url, { answer: hideMockRoutes });
  });
  afterAll(async () => {
    await staging.close();
    await mock.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the commands before the summary, appends the Markdown to $GITHUB_STEP_SUMMARY, exits 0 (an inferred warning)', async () => {
    const summaryFile = join(dir, 'step-summary.md');
    writeFileSync(summaryFile, '# earlier step\n');
    const tokens = (await discoverTokens(mock.url))!;
    const result = await runNode(['--import', 'tsx', 'src/bin.ts', 'contracts', '--base-url', staging.url, '--reporter', 'github'], { KINDGI_TOKEN: tokens.primary, GITHUB_STEP_SUMMARY: summaryFile });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    const commands = lines.filter((l) => l.startsWith('::'));
    expect(lines.slice(0, commands.length)).toEqual(commands);
    expect(commands[0]).toBe('::warning title=unsupported-method [inferred]::DELETE /v1/corrections (2 warnings; the first): expected 405 with an Allow header; actual 404, Allow: (none) — rests on inferred (x-inferred at /x-inferred-behaviours/unsupported-method): a method a documented path does not have answers 405 method-not-allowed with Allow; the conventions name only 404 route-not-found, for a route that does not exist (a warning: the target is not the mock, and no page or convention promises this (--strict makes it fail))');
    expect(commands.slice(1, -1).every((c) => c.startsWith('::notice title=skipped%3A '))).toBe(true);
    expect(commands.at(-1)).toMatch(/^::notice title=kindgi contracts::http:\/\/127\.0\.0\.1:\d+: \d+ checks passed \(1 of them with warnings\), 0 failed$/);
    expect(lines[commands.length]).toMatch(/^Target http:\/\/127\.0\.0\.1:\d+: not the mock /);
    const markdown = readFileSync(summaryFile, 'utf8').split('\n');
    expect(markdown[0]).toBe('# earlier step');
    expect(markdown[1]).toMatch(/^## Contract checks: \d+ passed, 0 failed$/);
    expect(markdown).toContain('| `unsupported-method` | inferred | warning (inferred, not the mock) | `DELETE /v1/corrections` | 405 with an Allow header | 404, Allow: (none) |');
  });
});
