// The contract kit's command: exit codes, the summary line, JUnit output, and usage errors.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type TestMock } from '../http/support.ts';
import { runNode } from '../support/run-node.ts';

const runCli = (args: string[], env: Record<string, string> = {}) => runNode(['--import', 'tsx', 'src/bin.ts', 'contracts', ...args], env);

let mock: TestMock;
let broken: Server;
let brokenUrl: string;
const dir = mkdtempSync(join(tmpdir(), 'kindgi-contracts-'));

beforeAll(async () => {
  mock = await startMock();
  // A server that answers 200 {} to everything: the suite must fail it.
  broken = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'));
  await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
  brokenUrl = `http://127.0.0.1:${(broken.address() as { port: number }).port}`;
});

afterAll(async () => {
  await mock.close();
  await new Promise<void>((resolve) => broken.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('kindgi-mock contracts', () => {
  it('exits 0 against the mock, finding its tokens, and ends with the checks line', async () => {
    const output = join(dir, 'report.xml');
    const result = await runCli(['--base-url', mock.url, '--allow-writes', '--reporter', 'junit', '--output', output]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/\nChecks: \d+ passed, 0 failed$/m);
    expect(result.stderr).toContain('✓ filters');
    const xml = readFileSync(output, 'utf8');
    expect(xml).toMatch(/<testsuite name="kindgi-contracts" tests="\d+" failures="0"/);
    expect(xml).toContain('<testcase classname="kindgi-contracts" name="filter-exactness">\n      <properties>\n        <property name="source" value="page"/>\n        <property name="page" value="001"/>');
    expect(xml).toContain('<testcase classname="kindgi-contracts" name="unsupported-method">\n      <properties>\n        <property name="source" value="inferred"/>\n        <property name="x-inferred" value="/x-inferred-behaviours/unsupported-method"/>');
    expect(xml).not.toContain('<failure');
  });

  it('exits 1 against a server that answers 200 {} to everything, naming failed checks', async () => {
    const output = join(dir, 'broken.xml');
    const result = await runCli(['--base-url', brokenUrl, '--reporter', 'junit', '--output', output], { KINDGI_TOKEN: 'any-token' });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/✗ response-schema-conformance {2}GET \/v1\/corrections/);
    expect(result.stdout).toContain('reproduce: curl');
    expect(readFileSync(output, 'utf8')).toMatch(/<failure message=/);
  });

  it('exits 2 with usage when there is no base URL', async () => {
    const result = await runCli([], { KINDGI_BASE_URL: '' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--base-url is needed');
    expect(result.stderr).toContain('usage: kindgi-mock contracts');
  });

  it('exits 2 when a real deployment gets no token', async () => {
    const result = await runCli(['--base-url', brokenUrl], { KINDGI_TOKEN: '' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no token');
  });
});
