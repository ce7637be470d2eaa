// The inspector's scenario panel and project names (issue 32) in headless Chromium: the catalogue
// is listed with a labelled form made from each scenario's parameters; `correction` with count 3
// and status fixed makes three fixed corrections, which the counts, the projects and the lists
// then show; a value out of range shows the mock's bad-input refusal naming the field, and nothing
// changes; projects are named, not shown by id; a scenario applied while a session is shown goes
// to that session only. The README's screenshot is the one this file takes (UPDATE_INSPECTOR_SCREENSHOT=1).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type TestMock } from '../http/support.ts';
import { launchBrowser } from '../support/browser.ts';

const SCREENSHOT = process.env.UPDATE_INSPECTOR_SCREENSHOT === '1' ? new URL('../../docs/inspector.png', import.meta.url).pathname : undefined;
const BUILT_IN = ['correction', 'suggested-change', 'empty-project', 'pin-then-reopened', 'awaiting-approval', 'superseded'];

let mock: TestMock;
let browser: Browser;
let scratch: string;

beforeAll(async () => {
  mock = await startMock({ deterministic: true, clock: { now: '2026-12-01T09:00:00Z', frozen: true } });
  browser = await launchBrowser();
  scratch = mkdtempSync(join(tmpdir(), 'kindgi-mock-inspector-scenarios-'));
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await mock?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The inspector, loaded and following the journal; `problems` gathers its console errors and uncaught errors. */
async function openInspector(): Promise<{ page: Page; problems: string[]; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') problems.push(`console: ${message.text()}`); });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await page.goto(`${mock.url}/__mock/`);
  await page.locator('#principal-rows tr[data-principal="usr_ada_admin"]').waitFor();
  await page.locator('#journal-state', { hasText: 'live' }).waitFor();
  await page.locator('#scenario-name option').first().waitFor({ state: 'attached' });
  return { page, problems, context };
}

const text = async (page: Page, selector: string) => (await page.locator(selector).first().textContent()) ?? '';
/** A count of the base world's corrections by status, as the page's counts table shows it. */
const shownCount = async (page: Page, status: string) => Number(await text(page, `#counts table:first-child tr[data-count="${status}"] td`) || '0');
const baseCounts = async () => (await mock.request('GET', '/__mock/state')).body.corrections as Record<string, number>;
const projectsOf = async (path = '/__mock/projects') => (await mock.request('GET', path)).body.data as Array<{ id: string; name: string; counts: { corrections: Record<string, number> } }>;
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

describe('the inspector\'s scenarios and project names', () => {
  it('lists the catalogue, each scenario with a labelled form made from its parameters\' schema', async () => {
    const { page, problems, context } = await openInspector();
    try {
      const names = await page.locator('#scenario-name option').allTextContents();
      expect(names).toEqual(expect.arrayContaining(BUILT_IN));
      const listed = (await mock.request('GET', '/__mock/scenarios')).body.data as Array<{ name: string; description: string; params: { properties: Record<string, { enum?: string[] }> } }>;
      expect(names).toEqual(listed.map((s) => s.name));

      await page.selectOption('#scenario-name', 'correction');
      const correction = listed.find((s) => s.name === 'correction')!;
      expect(await text(page, '#scenario-description')).toBe(correction.description);
      // Every parameter has a field, reachable by its name as its label.
      for (const name of Object.keys(correction.params.properties)) expect(await page.getByLabel(name, { exact: true }).count(), name).toBe(1);
      // An integer is a number input with its bounds; an enum a select of its values, empty for the default.
      const count = page.getByLabel('count', { exact: true });
      expect(await count.getAttribute('type')).toBe('number');
      expect(await count.evaluate((input) => [(input as unknown as { min: string }).min, (input as unknown as { max: string }).max])).toEqual(['1', '10000']);
      const statuses = await page.getByLabel('status', { exact: true }).locator('option').evaluateAll((options) => options.map((o) => (o as unknown as { value: string }).value));
      expect(statuses).toEqual(['', ...correction.params.properties.status!.enum!]);
      expect(statuses).toEqual(expect.arrayContaining(['open', 'fixed', 'wont-fix']));
      // A project is offered by name.
      const offered = await page.locator('#scenario-projects option').evaluateAll((options) => options.map((o) => (o as unknown as { label: string }).label));
      expect(offered).toEqual((await projectsOf()).map((p) => p.name));

      await page.selectOption('#scenario-name', 'superseded');
      expect(await page.getByLabel('depth', { exact: true }).count()).toBe(1);
      expect(await page.getByLabel('count', { exact: true }).count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 30_000);

  it('applies correction with count 3 and status fixed to the base world: three fixed corrections made, linked, counted and listed', async () => {
    const { page, problems, context } = await openInspector();
    try {
      const before = await baseCounts();
      expect(await shownCount(page, 'fixed')).toBe(before.fixed);

      // In a project the admin chosen for the lists reads, so that the links can read what was made.
      const [support] = (await projectsOf()).filter((p) => p.name === 'Customer Support');
      await page.selectOption('#scenario-name', 'correction');
      await page.getByLabel('projectId', { exact: true }).fill(support!.id);
      expect(await text(page, '#scenario-params output.project-named')).toBe('Customer Support');
      await page.getByLabel('count', { exact: true }).fill('3');
      await page.getByLabel('status', { exact: true }).selectOption('fixed');
      await page.click('#scenario-apply');
      const outcome = page.locator('#scenario-result [data-outcome="created"]');
      await outcome.waitFor();
      expect(await outcome.locator('.request').textContent()).toBe(`POST /__mock/scenarios/correction {"projectId":"${support!.id}","count":3,"status":"fixed"}`);
      expect(await text(page, '#scenario-result [data-created="corrections"] strong')).toBe('3 corrections');
      // The parameters as the mock applied them, its defaults filled in, the project by its name.
      expect(await text(page, '#scenario-result [data-applied-params]')).toMatch(/^as applied: .*projectId Customer Support, .*count 3, .*status "fixed"/);
      const ids = await page.locator('#scenario-result [data-created="corrections"] [data-created-id]').evaluateAll((links) => links.map((l) => l.getAttribute('data-created-id')!));
      expect(ids).toHaveLength(3);
      await page.locator('#status', { hasText: 'Applied correction to the base world' }).waitFor();

      // In the world, through the API, and in the page's counts.
      for (const id of ids) expect((await mock.get(`/v1/corrections/${id}`, 'admin')).body.status).toBe('fixed');
      expect((await baseCounts()).fixed).toBe(before.fixed! + 3);
      await page.locator('#counts table:first-child tr[data-count="fixed"] td', { hasText: String(before.fixed! + 3) }).waitFor();
      // The README's picture: the panel, the scenario applied and what it made.
      await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
      if (SCREENSHOT) await page.screenshot({ path: SCREENSHOT });
      const shot = await page.screenshot({ path: join(scratch, 'inspector.png') });
      expect(shot.subarray(1, 4).toString()).toBe('PNG');

      // A link reads the record through /v1.
      await page.locator(`#scenario-result button[data-created-id="${ids[0]}"]`).click();
      await page.locator('#record-title', { hasText: `GET /v1/corrections/${ids[0]}` }).waitFor();
      const record = JSON.parse(await text(page, '#record'));
      expect(record).toMatchObject({ id: ids[0], status: 'fixed' });

      // The project's counts in the projects table, and the run's list, show them.
      const project = (await projectsOf()).find((p) => p.id === support!.id)!;
      expect(await text(page, `#project-rows tr[data-project="${project.id}"] td:nth-child(5)`)).toBe(String(sum(project.counts.corrections)));
      await page.locator('#scenario-result [data-created="runs"] button').first().click();
      await page.locator(`#correction-rows tr[data-id="${ids[0]}"]`, { hasText: 'fixed' }).waitFor();
      expect(await page.locator('#correction-rows tr[data-id]').count()).toBe(1);

      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 30_000);

  it('shows a refusal as the mock gave it: count 20 000 is bad-input naming count, the field is marked, and nothing was made', async () => {
    const { page, problems, context } = await openInspector();
    try {
      const before = await baseCounts();
      await page.selectOption('#scenario-name', 'correction');
      await page.getByLabel('count', { exact: true }).fill('20000');
      await page.click('#scenario-apply');
      const refused = page.locator('#scenario-result [data-outcome="refused"]');
      await refused.waitFor();
      expect(await refused.getAttribute('data-code')).toBe('bad-input');
      expect(await refused.getAttribute('role')).toBe('alert');
      expect(await text(page, '#scenario-result .error-code')).toBe('bad-input');
      expect(await text(page, '#scenario-result .error-message')).toContain('count');
      expect(JSON.parse(await text(page, '#scenario-result .error-details'))).toMatchObject({ field: 'count' });
      expect(await page.getByLabel('count', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await page.locator('#status.problem', { hasText: '400 bad-input' }).waitFor();
      expect(await baseCounts()).toEqual(before);

      // Put right, the mark goes and the scenario applies.
      await page.getByLabel('count', { exact: true }).fill('1');
      await page.click('#scenario-apply');
      await page.locator('#scenario-result [data-outcome="created"]').waitFor();
      expect(await page.getByLabel('count', { exact: true }).getAttribute('aria-invalid')).toBeNull();
      // The browser notes the 400 in its console; nothing else.
      expect(problems.filter((p) => !p.includes('400'))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 30_000);

  it('names projects wherever it showed their ids: principals, the project filter, corrections by state, suggested changes, the projects table', async () => {
    const { page, problems, context } = await openInspector();
    try {
      const projects = await projectsOf();
      const nameOf = new Map(projects.map((p) => [p.id, p.name]));
      const rows = page.locator('#project-rows tr[data-project]');
      expect(await rows.count()).toBe(projects.length);
      expect(await page.locator('#project-rows tr[data-project] td:first-child').allTextContents()).toEqual(projects.map((p) => p.name));

      const ben = page.locator('#principal-rows tr[data-principal="usr_ben_member"] td.project-names');
      const benListed = (await mock.request('GET', '/__mock/principals')).body.data.find((p: { id: string }) => p.id === 'usr_ben_member');
      expect(await ben.nth(0).textContent()).toBe(benListed.readableProjectIds.map((id: string) => nameOf.get(id)).join(', '));
      expect(await ben.nth(1).textContent()).toBe(benListed.writableProjectIds.map((id: string) => nameOf.get(id)).join(', '));

      const filterNames = await page.locator('#correction-filters select[name="project"] option').allTextContents();
      expect(filterNames.slice(1)).toEqual(expect.arrayContaining(['Customer Support', 'Returns Desk']));

      await page.click('#state-filters button[type="submit"]');
      const stateProject = page.locator('#state-rows tr[data-id] td:nth-child(3)').first();
      await stateProject.waitFor();
      expect([...nameOf.values()]).toContain(await stateProject.textContent());
      expect(nameOf.get((await stateProject.getAttribute('title'))!)).toBe(await stateProject.textContent());

      const changeProjects = await page.locator('#change-rows tr[data-id] td:nth-child(3)').allTextContents();
      expect(changeProjects.length).toBeGreaterThan(0);
      // A projectless change (made before projects) shows no name; every other is named.
      for (const name of changeProjects) expect(name === '' || [...nameOf.values()].includes(name), name).toBe(true);
      // No id where a name now stands (the projects table's own Id column aside).
      const named = (await page.locator('#principals, #state-rows, #change-rows, #correction-filters').allTextContents()).join(' ');
      for (const id of nameOf.keys()) expect(named, id).not.toContain(id.slice(0, 8));
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 30_000);

  it('applies a scenario to the session shown, and only to it: empty-project makes a named project of the session', async () => {
    const session = (await mock.request('POST', '/__mock/sessions', { body: { name: 'scenario lab' } })).body as { id: string };
    const { page, problems, context } = await openInspector();
    try {
      const baseProjects = await projectsOf();
      await page.selectOption('#world', session.id);
      await page.locator('#scenario-world', { hasText: `session ${session.id}` }).waitFor();
      await page.selectOption('#scenario-name', 'empty-project');
      await page.getByLabel('name', { exact: true }).fill('Quiet Project');
      await page.click('#scenario-apply');
      const outcome = page.locator('#scenario-result [data-outcome="created"]');
      await outcome.waitFor();
      expect(await outcome.locator('.request').textContent()).toBe(`POST /__mock/sessions/${session.id}/scenarios/empty-project {"name":"Quiet Project"}`);
      const [projectId] = await page.locator('#scenario-result [data-created="projects"] [data-created-id]').evaluateAll((links) => links.map((l) => l.getAttribute('data-created-id')!));
      expect(await text(page, '#scenario-result [data-created="projects"] [data-created-id]')).toContain('Quiet Project');
      await page.locator(`#project-rows tr[data-project="${projectId}"]`, { hasText: 'Quiet Project' }).waitFor();
      expect(await text(page, `#project-rows tr[data-project="${projectId}"] td:nth-child(5)`)).toBe('0');

      expect((await projectsOf(`/__mock/sessions/${session.id}/projects`)).map((p) => p.name)).toContain('Quiet Project');
      expect(await projectsOf()).toEqual(baseProjects);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      await mock.request('DELETE', `/__mock/sessions/${session.id}`);
    }
  }, 30_000);
});
