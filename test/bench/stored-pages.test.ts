// Pages of the list are assembled from each record's cached, validated JSON (src/http/send.ts):
// the bytes must be exactly JSON.stringify of a page that passes the full validator, and a record
// changed through the store must be validated again, never served from the cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Correction } from '../../src/domain/types.ts';
import { assembleStoredPage, storedRecordsPage } from '../../src/http/send.ts';
import { loadSpec } from '../../src/spec/load-spec.ts';
import { compileSpecValidators } from '../../src/spec/validators.ts';
import { startMock, silentLogger, type TestMock } from '../http/support.ts';

const validators = compileSpecValidators(loadSpec());
const validatePage = validators.response('listCorrections', 200)!;

interface Page {
  data: Correction[];
  hasMore: boolean;
  nextCursor?: string;
}

/**
 * A mock of its own for the calling describe block (started before its tests, closed after), its
 * log, and a GET as the admin that gives the status and the exact text.
 */
function mockForThisBlock() {
  let started: TestMock | undefined;
  const log = silentLogger();
  beforeAll(async () => {
    started = await startMock({ logger: log.logger });
  });
  afterAll(async () => {
    await started?.close();
  });
  const server = () => started!;
  const raw = async (path: string) => {
    const response = await fetch(`${server().url}${path}`, { headers: { Authorization: `Bearer ${server().token('admin')}` } });
    return { status: response.status, text: await response.text() };
  };
  return { log, raw, server };
}

describe('GET /v1/corrections, assembled from cached records', () => {
  const { log, raw, server } = mockForThisBlock();

  it('every page of ?limit=100, walked by cursor, is byte for byte JSON.stringify of a page the full validator passes', async () => {
    let path: string | undefined = '/v1/corrections?limit=100';
    let pages = 0;
    while (path !== undefined) {
      let page: Page | undefined;
      // Twice: the first answer fills the cache, the second is assembled from it.
      for (const round of [1, 2]) {
        const { status, text } = await raw(path);
        expect(status, `${path} round ${round}`).toBe(200);
        page = JSON.parse(text) as Page;
        expect(JSON.stringify(page)).toBe(text);
        expect(validatePage(page), JSON.stringify(validatePage.errors)).toBe(true);
      }
      pages += 1;
      path = page!.nextCursor !== undefined ? `/v1/corrections?limit=100&cursor=${encodeURIComponent(page!.nextCursor)}` : undefined;
    }
    expect(pages).toBeGreaterThan(2);
  });

  it('an empty page (?runId=nothing) is {"data":[],"hasMore":false}', async () => {
    expect(await raw('/v1/corrections?runId=nothing')).toEqual({ status: 200, text: '{"data":[],"hasMore":false}' });
  });

  it('a correction changed through the store (PATCH status) is listed with its new status', async () => {
    const first = JSON.parse((await raw('/v1/corrections?status=open&limit=5')).text) as Page;
    const target = first.data[0]!;
    const patched = await server().request('PATCH', `/v1/corrections/${target.id}`, { token: 'admin', body: { status: 'wont-fix', note: 'bench cache test' } });
    expect(patched.status).toBe(200);
    const listed = JSON.parse((await raw('/v1/corrections?status=wont-fix&limit=100')).text) as Page;
    expect(listed.data.find((c) => c.id === target.id)).toMatchObject({ status: 'wont-fix', statusNote: { text: 'bench cache test' } });
  });

  it('a cached correction replaced in the store by one that breaks the schema → 500 response-invalid naming its field, as the full validator would', async () => {
    const first = JSON.parse((await raw('/v1/corrections?limit=3')).text) as Page;
    const target = server().mock.store.lookup.correction(first.data[1]!.id)!;
    // `why` must be a string: no domain rule looks at its type, so the store takes it.
    server().mock.store.saveCorrection({ ...target, why: 42 } as unknown as Correction);
    const { status, text } = await raw('/v1/corrections?limit=3');
    expect(status).toBe(500);
    const body = JSON.parse(text) as { error: { code: string; details: { violations: Array<{ path: string }> } } };
    expect(body.error.code).toBe('response-invalid');
    expect(body.error.details.violations.map((v) => v.path)).toEqual(['/data/1/why']);
    expect(log.lines.join('\n')).toContain('/data/1/why');
    server().mock.store.saveCorrection(target);
    expect((await raw('/v1/corrections?limit=3')).status).toBe(200);
  });
});

describe('GET /v1/corrections/{id} and /v1/suggested-changes/{id}, validated once per version', () => {
  const { raw, server } = mockForThisBlock();
  const expectValidTwice = async (path: string, validate: ReturnType<typeof validators.response>) => {
    const answers = [await raw(path), await raw(path)];
    for (const { status, text } of answers) {
      expect(status, path).toBe(200);
      expect(JSON.stringify(JSON.parse(text))).toBe(text);
      expect(validate!(JSON.parse(text)), JSON.stringify(validate!.errors)).toBe(true);
    }
    expect(answers[1]!.text).toBe(answers[0]!.text);
    return JSON.parse(answers[0]!.text) as Record<string, unknown>;
  };

  it('a correction with its copies: the same bytes twice, a valid body; after a PATCH, its new status', async () => {
    const { data } = JSON.parse((await raw('/v1/corrections?status=open&limit=1')).text) as Page;
    const id = data[0]!.id;
    const before = await expectValidTwice(`/v1/corrections/${id}`, validators.response('getCorrection', 200));
    expect(before.status).toBe('open');
    const patched = await server().request('PATCH', `/v1/corrections/${id}`, { token: 'admin', body: { status: 'wont-fix', note: 'cache test' } });
    expect(patched.status).toBe(200);
    const after = await expectValidTwice(`/v1/corrections/${id}`, validators.response('getCorrection', 200));
    expect(after).toMatchObject({ status: 'wont-fix', statusNote: { text: 'cache test' } });
  });

  it('a suggested change: the same bytes twice, a valid body; after withdraw, withdrawn', async () => {
    const change = server().mock.store.exportWorld().suggestedChanges.find((s) => s.check.status === 'done' && !s.withdrawn && !s.addedAsLatest && !s.pinned && !s.approvalId)!;
    const path = `/v1/suggested-changes/${change.id}`;
    const before = await expectValidTwice(path, validators.response('getSuggestedChange', 200));
    expect(before.status).not.toBe('withdrawn');
    const withdrawn = await server().request('POST', `${path}/withdraw`, { token: 'admin', body: { reason: 'cache test' } });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(await expectValidTwice(path, validators.response('getSuggestedChange', 200))).toMatchObject({ status: 'withdrawn' });
  });

  it("a correction whose run changes in the store is served with the new run's copy", async () => {
    const { data } = JSON.parse((await raw('/v1/corrections?limit=1')).text) as Page;
    const id = data[0]!.id;
    const before = await expectValidTwice(`/v1/corrections/${id}`, validators.response('getCorrection', 200)) as { run: { runId: string; input: Record<string, unknown> } };
    const run = server().mock.store.lookup.run(before.run.runId)!;
    server().mock.store.commit({ runs: [{ ...run, input: { ...(run.input as Record<string, unknown>), cacheTest: 'changed' } }] });
    const after = await expectValidTwice(`/v1/corrections/${id}`, validators.response('getCorrection', 200)) as { run: { input: Record<string, unknown> } };
    expect(after.run.input.cacheTest).toBe('changed');
  });

  it("a suggested change whose block is renamed in the store is served with the new name in its title", async () => {
    const change = server().mock.store.exportWorld().suggestedChanges.find((s) => s.changes.some((c) => c.kind === 'block' && c.blockId !== undefined))!;
    const path = `/v1/suggested-changes/${change.id}`;
    const before = await expectValidTwice(path, validators.response('getSuggestedChange', 200)) as { title: string };
    const block = server().mock.store.lookup.block(change.changes.find((c) => c.kind === 'block')!.blockId!)!;
    expect(before.title).toContain(block.name);
    server().mock.store.commit({ blocks: [{ ...block, name: 'Renamed for the cache test' }] });
    const after = await expectValidTwice(path, validators.response('getSuggestedChange', 200)) as { title: string };
    expect(after.title).toContain('Renamed for the cache test');
  });

  it('a read correction replaced in the store by one that breaks the schema → 500 response-invalid naming its field', async () => {
    const { data } = JSON.parse((await raw('/v1/corrections?limit=1')).text) as Page;
    const target = server().mock.store.lookup.correction(data[0]!.id)!;
    expect((await raw(`/v1/corrections/${target.id}`)).status).toBe(200);
    server().mock.store.saveCorrection({ ...target, why: 42 } as unknown as Correction);
    const { status, text } = await raw(`/v1/corrections/${target.id}`);
    expect(status).toBe(500);
    const body = JSON.parse(text) as { error: { code: string; details: { violations: Array<{ path: string }> } } };
    expect(body.error.code).toBe('response-invalid');
    expect(body.error.details.violations.map((v) => v.path)).toEqual(['/why']);
    server().mock.store.saveCorrection(target);
    expect((await raw(`/v1/corrections/${target.id}`)).status).toBe(200);
  });
});

describe('assembleStoredPage', () => {
  it('gives exactly JSON.stringify(body) for a page with and without nextCursor', async () => {
    const server = await startMock();
    try {
      const records = server.mock.store.listCorrections(server.mock.store.principals()[0]!, { from: 'all' }, undefined, 25).corrections;
      for (const rest of [{ hasMore: true, nextCursor: 'abc.def' }, { hasMore: false }]) {
        const body = storedRecordsPage('Correction', records, rest);
        const bytes = assembleStoredPage(validators, validatePage, body);
        expect(bytes && Buffer.from(bytes).toString('utf8')).toBe(JSON.stringify(body));
        expect(validatePage(JSON.parse(JSON.stringify(body)))).toBe(true);
      }
    } finally {
      await server.close();
    }
  });

  it('leaves any other body to the full validator (undefined)', () => {
    expect(assembleStoredPage(validators, validatePage, { data: [], hasMore: false })).toBeUndefined();
  });

  it('gives undefined when the envelope breaks the page schema', () => {
    expect(assembleStoredPage(validators, validatePage, storedRecordsPage('Correction', [], { hasMore: 'no' }))).toBeUndefined();
  });
});
