// `npm run contracts:prism`: the suite through Prism's validating proxy reports Prism's findings
// beside its own: none for the mock, and the responses off the spec for a broken server.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type TestMock } from '../http/support.ts';
import { runNode } from '../support/run-node.ts';

const runPrismCli = (args: string[], env: Record<string, string> = {}) => runNode(['--import', 'tsx', 'contracts/prism-cli.ts', ...args], env);

let mock: TestMock;
let broken: Server;
let brokenUrl: string;

beforeAll(async () => {
  mock = await startMock();
  broken = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json', 'X-Request-Id': 'fixed-id' }).end('{}'));
  await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
  brokenUrl = `http://127.0.0.1:${(broken.address() as { port: number }).port}`;
});

afterAll(async () => {
  await mock.close();
  await new Promise<void>((resolve) => broken.close(() => resolve()));
});

describe('npm run contracts:prism', () => {
  it('passes the mock: no response off the spec, and the requests Prism answered itself kept apart', async () => {
    const result = await runPrismCli(['--upstream', mock.url, '--allow-writes']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Prism \(validating proxy, --errors\): 0 responses off the spec, \d+ requests it answered itself/);
    expect(result.stdout).toMatch(/prism answered \d+ request\(s\) itself with UNPROCESSABLE_ENTITY/);
    expect(result.stdout).toMatch(/\nChecks: \d+ passed, 0 failed$/m);
  });

  it('fails a server that answers 200 {} to everything, with Prism\'s violations listed', async () => {
    const result = await runPrismCli(['--upstream', brokenUrl], { KINDGI_TOKEN: 'any-token' });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/Prism \(validating proxy, --errors\): [1-9]\d* responses off the spec/);
    expect(result.stdout).toContain('✗ prism: response off the spec  GET /v1/corrections');
  });

  it('exits 2 without --upstream', async () => {
    const result = await runPrismCli([]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--upstream is needed');
  });
});
