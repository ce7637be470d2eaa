// The inspector (issue 15) in headless Chromium: it loads with no console error and shows the
// principals; copies a token; a fault rate of 1 makes a 503 that shows in the live journal; the
// fault is cleared; a waiting pin is approved and becomes pinned; the world is reset. From another
// machine (its address injected in process) the page asks for the admin secret once and keeps it
// for the tab. (The README's screenshot is taken by inspector-scenarios.test.ts, with its scenario panel.)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/http/client-error.ts';
import { startMock, type TestMock } from '../http/support.ts';
import { launchBrowser } from '../support/browser.ts';

const ADMIN_SECRET = 'inspector-test-admin-secret';

let mock: TestMock;
let browser: Browser;
let scratch: string;

beforeAll(async () => {
  mock = await startMock({ deterministic: true, clock: { now: '2026-12-01T09:00:00Z', frozen: true } });
  browser = await launchBrowser();
  scratch = mkdtempSync(join(tmpdir(), 'kindgi-mock-inspector-'));
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await mock?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** A page in a context of its own; `problems` gathers its console errors and uncaught errors from now on. */
async function openInspector(url: string, context: BrowserContext): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') problems.push(`console: ${message.text()}`); });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await page.goto(`${url}/__mock/`);
  return { page, problems };
}

/** The page's globals, as this file (compiled without the DOM library) may name them. */
type InPage = typeof globalThis & {
  navigator: { clipboard: { readText(): Promise<string> } };
  sessionStorage: { getItem(key: string): string | null };
  document: { querySelectorAll(selector: string): { length: number } };
};

const text = async (page: Page, selector: string) => (await page.locator(selector).textContent()) ?? '';

describe('the inspector in a browser', () => {
  it('loads with no console error, shows the principals, and drives the world: copy a token, a 503 fault seen in the journal and cleared, a pin approved, a reset', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: mock.url });
    try {
      const { page, problems } = await openInspector(mock.url, context);
      await page.locator('#principal-rows tr[data-principal="usr_ada_admin"]', { hasText: 'Ada Lindqvist' }).waitFor();
      await page.locator('#journal-state', { hasText: 'live' }).waitFor();
      // The first list is read through /v1 as the admin, and the journal shows it.
      await page.locator('#journal-rows tr[data-status="200"]', { hasText: '/v1/corrections' }).first().waitFor();
      expect(problems).toEqual([]);
      expect(await page.locator('#main').isVisible()).toBe(true);

      // Copy a token.
      await page.locator('#principal-rows tr[data-principal="usr_ada_admin"] .copy-token').click();
      await page.locator('#status', { hasText: 'Copied the token of Ada Lindqvist' }).waitFor();
      expect(await page.evaluate(() => (globalThis as InPage).navigator.clipboard.readText())).toBe(mock.token('admin'));

      // A fault rate of 1: the next /v1 request is a 503, in the page and in the journal.
      await page.fill('#faults-form input[name="rate"]', '1');
      await page.click('#faults-set');
      await page.locator('#faults-now', { hasText: '503 at rate 1' }).waitFor();
      expect(mock.mock.context.base.faults).toMatchObject({ databaseBusy: { rate: 1 } });
      await page.click('#correction-filters button[type="submit"]');
      await page.locator('#status', { hasText: '503 database-busy' }).waitFor();
      const busy = page.locator('#journal-rows tr[data-status="503"]', { hasText: '/v1/corrections' }).first();
      await busy.waitFor();
      expect(await busy.locator('.error-code').textContent()).toBe('database-busy');
      expect(await busy.getAttribute('class')).toContain('server-error');

      // Cleared: the same list answers again.
      await page.click('#faults-clear');
      await page.locator('#faults-now', { hasText: 'now: none' }).waitFor();
      expect(mock.mock.context.base.faults).toEqual({});
      expect(await page.inputValue('#faults-form input[name="rate"]')).toBe('0');
      await page.click('#correction-filters button[type="submit"]');
      await page.locator('#status', { hasText: '25 corrections' }).waitFor();

      // An app's write refreshes the counts behind the operator's back, and leaves what they typed and chose alone.
      await page.fill('#faults-form input[name="rate"]', '0.8');
      const firstWaiting = page.locator('#approval-rows tr[data-approval]').first();
      const deciders = await firstWaiting.locator('select.decider option').evaluateAll((options) => options.map((o) => (o as unknown as { value: string }).value));
      expect(deciders.length).toBeGreaterThan(1);
      await firstWaiting.locator('select.decider').selectOption(deciders[1]!);
      const wontFix = Number(await text(page, '#counts tr[data-count="wont-fix"] td'));
      const [open] = (await mock.get('/v1/corrections?status=open&limit=1', 'admin')).body.data;
      expect((await mock.request('PATCH', `/v1/corrections/${open.id}`, { token: 'admin', body: { status: 'wont-fix', note: 'from the app' } })).status).toBe(200);
      await page.locator('#counts tr[data-count="wont-fix"] td', { hasText: String(wontFix + 1) }).waitFor();
      expect(await page.inputValue('#faults-form input[name="rate"]')).toBe('0.8');
      expect(await firstWaiting.locator('select.decider').inputValue()).toBe(deciders[1]);
      await page.fill('#faults-form input[name="rate"]', '0');

      // Approve a waiting pin: it becomes pinned, in the page and through the API.
      const waiting = page.locator('#approval-rows tr[data-approval]').first();
      await waiting.waitFor();
      const changeId = (await waiting.getAttribute('data-id'))!;
      const approvalCount = await page.locator('#approval-rows tr[data-approval]').count();
      await waiting.locator('.decide-approve').click();
      await page.locator('#status', { hasText: 'is now pinned' }).waitFor();
      expect(JSON.parse(await text(page, '#record')).status).toBe('pinned');
      expect((await mock.get(`/v1/suggested-changes/${changeId}`, 'admin')).body.status).toBe('pinned');
      await expectRows(page, '#approval-rows tr[data-approval]', approvalCount - 1);
      // The lists shown are asked again after an action.
      await page.locator(`#change-rows tr[data-id="${changeId}"]`, { hasText: 'pinned' }).waitFor();
      await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
      const shot = await page.screenshot({ path: join(scratch, 'inspector.png') });
      expect(shot.subarray(1, 4).toString()).toBe('PNG');

      // Reset: the pin waits again, and the page says so.
      await page.click('#reset');
      await page.locator('#status', { hasText: 'Reset the base world' }).waitFor();
      await page.locator(`#change-rows tr[data-id="${changeId}"]`, { hasText: 'waiting-for-second-person' }).waitFor();
      expect((await mock.get(`/v1/suggested-changes/${changeId}`, 'admin')).body.status).toBe('waiting-for-second-person');
      await expectRows(page, '#approval-rows tr[data-approval]', approvalCount);
      expect(problems.filter((p) => !p.includes('503'))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 30_000);

  it('from another machine, by the demo\'s own name: the page is served, asks for the admin secret, refuses a wrong one with the mock\'s message, keeps the right one for the tab, and drives the mock', async () => {
    mock.mock.context.adminToken = ADMIN_SECRET;
    // The server listens on loopback; each connection is made to look as if it came from outside.
    const outside = createMockServer(mock.mock.app);
    outside.on('connection', (socket) => Object.defineProperty(socket, 'remoteAddress', { value: '203.0.113.7', configurable: true }));
    await new Promise<void>((listening) => outside.listen(0, '127.0.0.1', listening));
    // The operator opens the demo by its own name (which the browser resolves to loopback): the page's
    // Origin and Host are that name, as on a real demo, and the page still drives the mock.
    const url = `http://demo.example:${(outside.address() as AddressInfo).port}`;
    const demoBrowser = await launchBrowser(['--host-resolver-rules=MAP demo.example 127.0.0.1']);
    const context = await demoBrowser.newContext();
    try {
      const { page, problems } = await openInspector(url, context);
      await page.locator('#secret-form').waitFor();
      expect(await page.locator('#main').isVisible()).toBe(false);
      expect(await text(page, '#secret-problem')).toContain('X-Mock-Admin-Token');

      await page.fill('#secret', 'not the secret');
      await page.click('#secret-form button[type="submit"]');
      await page.locator('#secret-problem', { hasText: 'is not the admin secret' }).waitFor();

      await page.fill('#secret', ADMIN_SECRET);
      await page.click('#secret-form button[type="submit"]');
      await page.locator('#principal-rows tr[data-principal="usr_ada_admin"]').waitFor();
      await page.locator('#journal-state', { hasText: 'live' }).waitFor();
      expect(await page.evaluate(() => (globalThis as InPage).sessionStorage.getItem('kindgi-mock-admin-token'))).toBe(ADMIN_SECRET);

      // Once for the tab: a reload opens straight on the world.
      await page.reload();
      await page.locator('#principal-rows tr[data-principal="usr_ada_admin"]').waitFor();
      expect(await page.locator('#secret-form').isVisible()).toBe(false);
      // State-changing requests from the page at the demo's address go through (its own origin, with the secret).
      await page.fill('#faults-form input[name="rate"]', '0.5');
      await page.click('#faults-set');
      await page.locator('#faults-now', { hasText: '503 at rate 0.5' }).waitFor();
      expect(mock.mock.context.base.faults).toMatchObject({ databaseBusy: { rate: 0.5 } });
      await page.click('#faults-clear');
      await page.locator('#faults-now', { hasText: 'now: none' }).waitFor();
      // An expired principal can be chosen, to show the 401 its token gets.
      await page.selectOption('#correction-filters select[name="as"]', 'usr_eve_expired');
      await page.click('#correction-filters button[type="submit"]');
      await page.locator('#status', { hasText: '401 auth-expired' }).waitFor();
      // The only errors are the browser's notes of the two 403s the secret form answered, and of the 401.
      expect(problems.filter((p) => !/40[13]/.test(p))).toEqual([]);
    } finally {
      await context.close();
      await demoBrowser.close();
      delete mock.mock.context.adminToken;
      outside.closeAllConnections();
      await new Promise((closed) => outside.close(closed));
    }
  }, 30_000);

  it('the page is plain files: no inline script, a policy that allows only its own, and every module it imports served', async () => {
    const page = await fetch(`${mock.url}/__mock/`);
    const html = await page.text();
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    const folder = new URL('../../inspector/', import.meta.url);
    const imports = ['inspector.js', 'api.js', 'dom.js', 'journal.js', 'projects.js', 'scenarios.js'].flatMap((file) => [...readFileSync(new URL(file, folder), 'utf8').matchAll(/from '\.\/([\w-]+\.js)'/g)].map((m) => m[1]!));
    for (const file of new Set(['inspector.js', 'inspector.css', ...imports])) {
      const served = await fetch(`${mock.url}/__mock/inspector/${file}`);
      expect(served.status, file).toBe(200);
      expect(served.headers.get('content-type'), file).toMatch(file.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
    }
  });
});

async function expectRows(page: Page, selector: string, count: number): Promise<void> {
  await page.waitForFunction(([s, n]) => (globalThis as InPage).document.querySelectorAll(s as string).length === n, [selector, count] as const);
}
