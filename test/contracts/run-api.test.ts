// `kindgi-mock/contracts`'s run(): against the mock it finds its own tokens; a bad URL or a target
// that does not answer is refused with that reason, not with "no token".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failed, run, summarize } from '../../contracts/index.ts';
import { freePort } from '../support/free-port.ts';
import { startMock, type TestMock } from '../http/support.ts';

let server: TestMock;
beforeAll(async () => { server = await startMock(); });
afterAll(async () => { await server.close(); });

describe('run() of kindgi-mock/contracts', () => {
  it('against the mock, with no tokens given → finds them, and the mock passes', async () => {
    const result = await run({ baseUrl: server.url, maxRequests: 400 });
    expect(failed(result), summarize(result)).toBe(false);
    expect(result.checksRun.length).toBeGreaterThan(10);
  }, 60_000);

  it('a baseUrl that is no URL → TypeError saying so', async () => {
    await expect(run({ baseUrl: 'nope' })).rejects.toThrow(/baseUrl "nope" is not a URL/);
  });

  it('a URL where nothing listens → "cannot reach", with the cause', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    await expect(run({ baseUrl: url })).rejects.toThrow(new RegExp(`cannot reach ${url.replaceAll('.', '\\.')}: ECONNREFUSED`));
  });
});
