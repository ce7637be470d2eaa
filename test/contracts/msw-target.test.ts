// The contract kit against the MSW adapter (kindgi-mock/msw through msw/node): every check and
// scenario, writes included, through a fetch that MSW answers, with no failure, as against the server.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failed, run, summarize, tokensOf, type SuiteResult } from '../../contracts/index.ts';
import { createHandlers } from '../../src/msw/index.ts';
import { silentLogger, startMock } from '../http/support.ts';

const BASE_URL = 'https://api.kindgi-mock.test';
let againstServer: SuiteResult;

beforeAll(async () => {
  // First, before MSW takes over fetch: the same run against the server, to compare with.
  const express = await startMock();
  try {
    againstServer = await run({ baseUrl: express.url, allowWrites: true, maxRequests: 2000 });
  } finally {
    await express.close();
  }
}, 120_000);

describe('the contract kit against the MSW handlers', () => {
  let server: ReturnType<typeof setupServer> | undefined;
  afterAll(() => server?.close());

  it('runs every check and scenario the server gets, writes too, and finds nothing wrong', async () => {
    const mock = await createHandlers({ baseUrl: BASE_URL, logger: silentLogger().logger });
    server = setupServer(...mock.handlers);
    // Any request MSW does not answer is an error: nothing reaches a network.
    server.listen({ onUnhandledRequest: 'error' });
    const result = await run({ baseUrl: BASE_URL, tokens: tokensOf(mock.principals)!, allowWrites: true, isLoopback: () => true, maxRequests: 2000 });
    expect(failed(result), summarize(result)).toBe(false);
    expect(result.failures, summarize(result)).toEqual([]);
    expect(result.unavailable).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect(failed(againstServer), summarize(againstServer)).toBe(false);
    // No check or scenario was left out for want of a port.
    expect([...result.checksRun].sort()).toEqual([...againstServer.checksRun].sort());
    expect([...result.scenariosRun].sort()).toEqual([...againstServer.scenariosRun].sort());
    expect(result.checksRun.length).toBeGreaterThan(10);
  }, 120_000);
});
