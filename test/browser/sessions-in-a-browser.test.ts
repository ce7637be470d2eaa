// Sessions from a real browser (issue 13): an app on another origin, given a session's token the
// README's Playwright way (an init script that puts it in localStorage), reads and writes through
// CORS in headless Chromium, and two pages in two sessions never see each other's writes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCorrections } from '../support/fixture-picks.ts';
import { startMock, type TestMock } from '../http/support.ts';
import { launchBrowser } from '../support/browser.ts';

/** The app under test: it knows the mock's URL, and takes its token from localStorage, nothing else. */
const APP_PAGE = (mockUrl: string) => `<!doctype html><meta charset="utf-8"><title>app</title><script>
  const call = async (method, path, body) => {
    const answer = await fetch(${JSON.stringify(mockUrl)} + path, {
      method,
      headers: { Authorization: 'Bearer ' + localStorage.getItem('kindgi-token'), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: answer.status, body: await answer.json() };
  };
  window.app = { call };
</script>`;

let mock: TestMock;
let app: Server;
let appUrl: string;
let browser: Browser;

beforeAll(async () => {
  mock = await startMock();
  app = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(APP_PAGE(mock.url)));
  await new Promise<void>((listening) => app.listen(0, '127.0.0.1', listening));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/`;
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((closed) => app?.close(closed));
  await mock?.close();
});

/** A page of the app in a context of its own, handed `token` before any script of the app runs. */
async function appWith(token: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((given) => (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem('kindgi-token', given), token);
  const page = await context.newPage();
  await page.goto(appUrl);
  return page;
}
const inPage = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(([m, p, b]) => (globalThis as unknown as { app: { call(m: string, p: string, b?: unknown): Promise<{ status: number; body: any }> } }).app.call(m as string, p as string, b), [method, path, body] as const);

describe('sessions from a browser', () => {
  it('two pages, each with a session of its own, change the same correction: each sees its own change through CORS; the base world sees neither; an ended session answers 401', async () => {
    const open = async (name: string) => (await mock.request('POST', '/__mock/sessions', { body: { name } })).body as { id: string; principals: Array<{ token: string; id: string }> };
    const [a, b] = [await open('page A'), await open('page B')];
    const adminOf = (session: typeof a) => session.principals.find((p) => p.id === 'usr_ada_admin')!.token;
    const [pageA, pageB] = [await appWith(adminOf(a)), await appWith(adminOf(b))];
    const [target] = openCorrections(1);

    const listed = await inPage(pageA, 'GET', '/v1/corrections?status=open&limit=5');
    expect(listed.status).toBe(200);
    expect(listed.body.data.length).toBeGreaterThan(0);
    expect((await inPage(pageA, 'PATCH', `/v1/corrections/${target!.id}`, { status: 'wont-fix', note: 'A' })).body.statusNote.text).toBe('A');
    expect((await inPage(pageB, 'PATCH', `/v1/corrections/${target!.id}`, { status: 'wont-fix', note: 'B' })).body.statusNote.text).toBe('B');
    expect((await inPage(pageA, 'GET', `/v1/corrections/${target!.id}`)).body.statusNote.text).toBe('A');
    expect((await inPage(pageB, 'GET', `/v1/corrections/${target!.id}`)).body.statusNote.text).toBe('B');
    expect((await mock.get(`/v1/corrections/${target!.id}`, 'admin')).body.status).toBe('open');

    expect((await mock.request('DELETE', `/__mock/sessions/${a.id}`)).status).toBe(200);
    const ended = await inPage(pageA, 'GET', `/v1/corrections/${target!.id}`);
    expect(ended.status).toBe(401);
    expect(ended.body.error.code).toBe('auth-invalid');
    expect((await inPage(pageB, 'GET', `/v1/corrections/${target!.id}`)).body.statusNote.text).toBe('B');
  }, 60_000);
});
