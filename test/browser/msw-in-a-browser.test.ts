// kindgi-mock/msw in a real browser: a page bundled by esbuild for the browser platform (so a
// Node built-in anywhere in the core fails the build), its API answered by MSW's service worker
// with the mock's handlers, in headless Chromium. No server of the mock runs: the API's host
// resolves nowhere, so only the worker can answer.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { openCorrections } from '../support/fixture-picks.ts';

const ENTRY = fileURLToPath(new URL('./msw-page/app.ts', import.meta.url));
const WORKER = fileURLToPath(new URL('../../node_modules/msw/lib/mockServiceWorker.js', import.meta.url));
const INDEX = '<!doctype html><meta charset="utf-8"><title>loading</title><script type="module" src="/app.js"></script>';

interface Answer { status: number; headers: Record<string, string>; body: any }

let site: Server;
let siteUrl: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  const bundled = await build({ entryPoints: [ENTRY], bundle: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, logLevel: 'silent' });
  const files: Record<string, { type: string; body: Uint8Array | string }> = {
    '/': { type: 'text/html; charset=utf-8', body: INDEX },
    '/app.js': { type: 'text/javascript; charset=utf-8', body: bundled.outputFiles[0]!.contents },
    '/mockServiceWorker.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(WORKER) },
  };
  site = createServer((req, res) => {
    const found = files[req.url ?? ''];
    if (!found) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': found.type }).end(found.body);
  });
  await new Promise<void>((listening) => site.listen(0, '127.0.0.1', listening));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.goto(siteUrl);
  // The page sets its title when the worker has started (or failed to).
  for (let waited = 0; (await page.title()) === 'loading' && waited < 60_000; waited += 100) await new Promise((tick) => setTimeout(tick, 100));
  expect(await page.title()).toBe('ready');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((closed) => site?.close(closed));
});

const call = (method: string, path: string, options: { token?: string | null; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> =>
  page.evaluate(([m, p, o]) => (globalThis as unknown as { kindgi: { call(m: string, p: string, o: unknown): Promise<Answer> } }).kindgi.call(m, p, o), [method, path, options] as const);

describe('the page\'s bundle', () => {
  it('is built for the browser platform, which refuses a Node built-in (the check can fail)', async () => {
    const withNode = build({ stdin: { contents: 'import { createHash } from "node:crypto"; console.log(createHash);', resolveDir: process.cwd() }, bundle: true, platform: 'browser', write: false, logLevel: 'silent' });
    await expect(withNode).rejects.toThrow(/Could not resolve "node:crypto"/);
  });
});

describe('kindgi-mock/msw behind a service worker in Chromium', () => {
  it('the page is controlled by the worker, and a host nothing resolves is answered by it', async () => {
    expect(await page.evaluate(() => (globalThis as unknown as { kindgi: { controlled(): boolean } }).kindgi.controlled())).toBe(true);
    expect((await call('GET', '/health', { token: null })).body).toEqual({ ok: true });
  });

  it('lists corrections, PATCHes one, and sees the change on the next read and in the list', async () => {
    const listed = await call('GET', '/v1/corrections?status=open&limit=5');
    expect(listed.status).toBe(200);
    expect(listed.headers['x-request-id']).toMatch(/^req-/);
    expect(listed.body.data).toHaveLength(5);
    const [target] = openCorrections(1);
    const changed = await call('PATCH', `/v1/corrections/${target!.id}`, { body: { status: 'wont-fix', note: 'from the browser' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const read = await call('GET', `/v1/corrections/${target!.id}`);
    expect(read.body.status).toBe('wont-fix');
    expect(read.body.statusNote.text).toBe('from the browser');
    const wontFix = await call('GET', '/v1/corrections?status=wont-fix&limit=100');
    expect(wontFix.body.data.map((c: { id: string }) => c.id)).toContain(target!.id);
  });

  it('without a token → 401 auth-missing in the envelope, its requestId the X-Request-Id header', async () => {
    const refused = await call('GET', '/v1/corrections', { token: null });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('auth-missing');
    expect(refused.body.error.requestId).toBe(refused.headers['x-request-id']);
  });

  it('with Prefer: code=503 → 503 database-busy with Retry-After', async () => {
    const busy = await call('GET', '/v1/corrections', { headers: { Prefer: 'code=503' } });
    expect(busy.status).toBe(503);
    expect(busy.body.error.code).toBe('database-busy');
    expect(busy.headers['retry-after']).toBe('1');
  });

  it('walks the list by its cursors: every page answered, no correction twice', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let n = 0; n < 30; n += 1) {
      const answer = await call('GET', `/v1/corrections?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(answer.status).toBe(200);
      seen.push(...answer.body.data.map((c: { id: string }) => c.id));
      if (!answer.body.hasMore) break;
      cursor = answer.body.nextCursor;
    }
    expect(seen.length).toBeGreaterThan(100);
    expect(new Set(seen).size).toBe(seen.length);
  });
});
