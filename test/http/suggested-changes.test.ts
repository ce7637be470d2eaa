// GET /v1/suggested-changes/{suggestedChangeId} (page 002): the stored change with what is derived
// (status, title, correctionCount), block content before and after, and 404 for what the caller
// cannot read.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/fixtures/load-world.ts';
import { expectNotFound, startMock, type TestMock } from './support.ts';

interface FixtureChange { kind: 'block' | 'code'; blockId?: string; from?: string; to?: string; deploymentId?: string; imageDigest?: string }
interface FixtureSuggestedChange {
  id: string;
  agentId: string;
  why: string;
  fixes: string[];
  changes: FixtureChange[];
  check: { status: 'not-started' | 'running' | 'done' | 'failed' };
  withdrawn?: unknown;
  addedAsLatest?: unknown;
  pinned?: unknown;
  approvalId?: string;
  [field: string]: unknown;
}
interface FixtureBlock { id: string; agentId: string; name: string; versions: Array<{ version: string; content: Record<string, unknown> }> }
interface FixtureAgent { id: string; tenantId: string; projectId: string; name: string }
interface FixtureProject { id: string; name: string }

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8')) as T;
const changes = fixture<FixtureSuggestedChange[]>('suggested-changes.json');
const blocks = new Map(fixture<FixtureBlock[]>('blocks.json').map((block) => [block.id, block]));
const agents = new Map(fixture<FixtureAgent[]>('agents.json').map((agent) => [agent.id, agent]));
const projects = fixture<FixtureProject[]>('projects.json');

const STATUSES = ['checking', 'check-failed', 'ready', 'waiting-for-second-person', 'pinned', 'added-as-latest', 'withdrawn'];
const NORTHWIND = 'ten_northwind';
const salesAssistId = projects.find((p) => p.name === 'Sales Assist')?.id;
const tenantOf = (change: FixtureSuggestedChange) => agents.get(change.agentId)?.tenantId;
const projectOf = (change: FixtureSuggestedChange) => agents.get(change.agentId)?.projectId;
const first = (what: string, test: (c: FixtureSuggestedChange) => boolean): FixtureSuggestedChange => {
  const found = changes.find(test);
  if (!found) throw new Error(`the fixtures have no ${what}`);
  return found;
};

/** Page 002's status, from the check, the pin and the change's own steps. */
function expectedStatus(change: FixtureSuggestedChange): string {
  if (change.withdrawn) return 'withdrawn';
  if (change.addedAsLatest) return 'added-as-latest';
  if (change.pinned) return 'pinned';
  if (change.approvalId) return 'waiting-for-second-person';
  return { running: 'checking', done: 'ready', failed: 'check-failed', 'not-started': 'check-failed' }[change.check.status];
}

const firstLine = (why: string) => why.split(/\r?\n/)[0] ?? '';
const contentOf = (blockId: string | undefined, version: string | undefined) =>
  blocks.get(blockId ?? '')?.versions.find((v) => v.version === version)?.content;

const blockChange = first('block change with from and to', (c) => tenantOf(c) === NORTHWIND && c.changes.some((x) => x.kind === 'block' && x.from && x.to));
const codeChange = first('code change', (c) => tenantOf(c) === NORTHWIND && c.changes.some((x) => x.kind === 'code'));
const draftChange = changes.find((c) => tenantOf(c) === NORTHWIND && c.changes.some((x) => x.kind === 'block' && x.to === undefined));
const longWhy = first('suggested change whose why opens with more than 60 characters', (c) => tenantOf(c) === NORTHWIND && [...firstLine(c.why)].length > 60);
const salesChange = first('suggested change of a Sales Assist agent', (c) => projectOf(c) === salesAssistId);
const supportChange = first('suggested change readable by member', (c) => tenantOf(c) === NORTHWIND && projectOf(c) !== salesAssistId);
const globexChange = first('suggested change of Globex', (c) => tenantOf(c) !== NORTHWIND);
const northwind = changes.filter((c) => tenantOf(c) === NORTHWIND);

let server: TestMock;
beforeAll(async () => { server = await startMock(); });
afterAll(async () => { await server.close(); });


describe('GET /v1/suggested-changes/{suggestedChangeId}', () => {
  it(`GET /v1/suggested-changes/${blockChange.id} (block change) → before and after are the block versions' content`, async () => {
    const answer = await server.get(`/v1/suggested-changes/${blockChange.id}`, 'admin');
    expect(answer.status).toBe(200);
    const stored = blockChange.changes[0]!;
    const served = answer.body.changes[0];
    expect(served.kind).toBe('block');
    expect(served.blockId).toBe(stored.blockId);
    expect(served.from).toBe(stored.from);
    expect(served.to).toBe(stored.to);
    expect(served.before).toEqual(contentOf(stored.blockId, stored.from));
    expect(served.after).toEqual(contentOf(stored.blockId, stored.to));
    expect(served.before).toBeDefined();
    expect(served.after).toBeDefined();
  });

  it(`GET /v1/suggested-changes/${codeChange.id} (code change) → neither before nor after`, async () => {
    const answer = await server.get(`/v1/suggested-changes/${codeChange.id}`, 'admin');
    expect(answer.status).toBe(200);
    const served = answer.body.changes.find((c: { kind: string }) => c.kind === 'code');
    expect(served).toBeDefined();
    expect(served).not.toHaveProperty('before');
    expect(served).not.toHaveProperty('after');
    expect(served.deploymentId).toBe(codeChange.changes.find((c) => c.kind === 'code')?.deploymentId);
  });

  it.runIf(draftChange !== undefined)('a block change with no `to` yet has before (from\'s content) and no after', async () => {
    const answer = await server.get(`/v1/suggested-changes/${draftChange!.id}`, 'admin');
    expect(answer.status).toBe(200);
    const stored = draftChange!.changes[0]!;
    expect(answer.body.changes[0].before).toEqual(contentOf(stored.blockId, stored.from));
    expect(answer.body.changes[0]).not.toHaveProperty('after');
  });

  it(`every Northwind suggested change (${northwind.length}) → status, title, fixes, correctionCount and content as derived from the fixtures`, async () => {
    for (const stored of northwind) {
      const answer = await server.get(`/v1/suggested-changes/${stored.id}`, 'admin');
      expect(answer.status, stored.id).toBe(200);
      const body = answer.body;
      expect(body.id).toBe(stored.id);
      expect(STATUSES, stored.id).toContain(body.status);
      expect(body.status, stored.id).toBe(expectedStatus(stored));
      expect(body.title.startsWith([...firstLine(stored.why)].slice(0, 60).join('')), `${stored.id}: ${body.title}`).toBe(true);
      expect(body.fixes.length).toBeLessThanOrEqual(100);
      expect(body.fixes).toEqual(stored.fixes.slice(0, 100));
      expect(body.correctionCount).toBe(stored.fixes.length);
      expect(body.why).toBe(stored.why);
      stored.changes.forEach((change, index) => {
        const served = body.changes[index];
        if (change.kind === 'code') {
          expect(served, stored.id).not.toHaveProperty('before');
          expect(served, stored.id).not.toHaveProperty('after');
          return;
        }
        expect(served.before, stored.id).toEqual(contentOf(change.blockId, change.from));
        if (change.to !== undefined) expect(served.after, stored.id).toEqual(contentOf(change.blockId, change.to));
        else expect(served, stored.id).not.toHaveProperty('after');
      });
    }
  });

  it(`a block change's title ends in its change, e.g. "${blocks.get(blockChange.changes[0]!.blockId!)?.name} ${blockChange.changes[0]!.from} → ${blockChange.changes[0]!.to}"`, async () => {
    const answer = await server.get(`/v1/suggested-changes/${blockChange.id}`, 'admin');
    const change = blockChange.changes[0]!;
    expect(answer.body.title).toContain(`${blocks.get(change.blockId!)?.name} ${change.from} → ${change.to}`);
    expect(answer.body.title.startsWith(firstLine(blockChange.why).slice(0, 60))).toBe(true);
  });

  it(`GET /v1/suggested-changes/${longWhy.id} (why opens with ${[...firstLine(longWhy.why)].length} characters) → title cut at 60 of them`, async () => {
    const answer = await server.get(`/v1/suggested-changes/${longWhy.id}`, 'admin');
    const line = firstLine(longWhy.why);
    expect(answer.body.title.startsWith([...line].slice(0, 60).join(''))).toBe(true);
    expect(answer.body.title).not.toContain(line);
  });

  it('the title never carries the rest of why (after its first line)', async () => {
    const multiLine = first('why of several lines', (c) => tenantOf(c) === NORTHWIND && c.why.includes('\n'));
    const answer = await server.get(`/v1/suggested-changes/${multiLine.id}`, 'admin');
    expect(answer.body.title).not.toContain('\n');
    const rest = multiLine.why.split(/\r?\n/).slice(1).join('\n').trim();
    expect(answer.body.title).not.toContain(rest);
  });

  it('the uppercase form of the UUID finds the same suggested change', async () => {
    const lower = await server.get(`/v1/suggested-changes/${blockChange.id}`, 'admin');
    const upper = await server.get(`/v1/suggested-changes/${blockChange.id.toUpperCase()}`, 'admin');
    expect(upper.status).toBe(200);
    expect(upper.body).toEqual(lower.body);
    expect(upper.body.id).toBe(blockChange.id);
  });

  it(`viewer: GET /v1/suggested-changes/${salesChange.id} (a Sales Assist agent's) → 200`, async () => {
    const answer = await server.get(`/v1/suggested-changes/${salesChange.id}`, 'viewer');
    expect(answer.status).toBe(200);
    expect(answer.body.agentId).toBe(salesChange.agentId);
  });

  it(`member: GET /v1/suggested-changes/${supportChange.id} (an agent it reads) → 200`, async () => {
    expect((await server.get(`/v1/suggested-changes/${supportChange.id}`, 'member')).status).toBe(200);
  });
});

describe('GET /v1/suggested-changes/{suggestedChangeId}: not found', () => {
  it.each(['not-a-uuid', 'cor_nor000001', `${blockChange.id}x`, blockChange.id.replace(/-/g, '')])(
    'GET /v1/suggested-changes/%s (no UUID) → 404 not-found, never 400',
    async (id) => {
      expectNotFound(await server.get(`/v1/suggested-changes/${id}`, 'admin'));
    },
  );

  it('GET /v1/suggested-changes/00000000-0000-4000-8000-000000000000 (unknown UUID) → 404 not-found', async () => {
    expectNotFound(await server.get('/v1/suggested-changes/00000000-0000-4000-8000-000000000000', 'admin'));
  });

  it(`other_tenant: GET /v1/suggested-changes/${blockChange.id} (Northwind's) → 404 not-found, never 403`, async () => {
    const answer = await server.get(`/v1/suggested-changes/${blockChange.id}`, 'other_tenant');
    expect(answer.status).not.toBe(403);
    expectNotFound(answer);
  });

  it(`other_tenant: GET /v1/suggested-changes/${globexChange.id} (its own) → 200; admin of Northwind → 404`, async () => {
    expect((await server.get(`/v1/suggested-changes/${globexChange.id}`, 'other_tenant')).status).toBe(200);
    expectNotFound(await server.get(`/v1/suggested-changes/${globexChange.id}`, 'admin'));
  });

  it(`member: GET /v1/suggested-changes/${salesChange.id} (a Sales Assist agent's) → 404 not-found`, async () => {
    const answer = await server.get(`/v1/suggested-changes/${salesChange.id}`, 'member');
    expect(answer.status).not.toBe(403);
    expectNotFound(answer);
  });

  it('without a token → 401 auth-missing, before any lookup', async () => {
    const answer = await server.get(`/v1/suggested-changes/${blockChange.id}`);
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('auth-missing');
  });
});

describe('a suggested change that fixes more than 100 corrections', () => {
  let big: TestMock;
  let target: FixtureSuggestedChange;
  let fixes: string[];

  beforeAll(async () => {
    const world = loadWorld();
    const stored = world.suggestedChanges.find((c) => c.id === supportChange.id)!;
    const agent = agents.get(stored.agentId)!;
    const others = world.corrections.filter((c) => c.tenantId === agent.tenantId && !stored.fixes.includes(c.id)).map((c) => c.id);
    fixes = [...stored.fixes, ...others].slice(0, 150);
    stored.fixes = fixes;
    target = supportChange;
    big = await startMock({ world });
  });
  afterAll(async () => { await big.close(); });

  it('GET /v1/suggested-changes/{id} → the first 100 in fixes, correctionCount 150', async () => {
    expect(fixes).toHaveLength(150);
    const answer = await big.get(`/v1/suggested-changes/${target.id}`, 'admin');
    expect(answer.status).toBe(200);
    expect(answer.body.fixes).toHaveLength(100);
    expect(answer.body.fixes).toEqual(fixes.slice(0, 100));
    expect(answer.body.correctionCount).toBe(150);
  });
});
