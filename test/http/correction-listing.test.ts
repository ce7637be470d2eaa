// GET /__mock/corrections (issue 15): an operator finds corrections by the states the API's filters
// cannot name (reopened by a test run, with a status note), in the base world or a session's.
import { describe, expect, it } from 'vitest';
import type { Correction } from '../../src/domain/types.ts';
import { fixture } from '../support/fixture-picks.ts';
import { mocksClosedAfterEach } from './support.ts';

const mocks = mocksClosedAfterEach();
const corrections = fixture<Correction[]>('corrections.json');
const current = corrections.filter((c) => c.supersededBy === undefined);
const newestFirst = (list: Correction[]) => [...list].sort((a, b) => (a.createdAt === b.createdAt ? b.id.localeCompare(a.id) : b.createdAt.localeCompare(a.createdAt)));
type Listed = { id: string; status: string; projectId: string; reopenedIn?: unknown; statusNote?: { text: string } };
const idsOf = (body: { data: Listed[] }) => body.data.map((c) => c.id);

describe('GET /__mock/corrections', () => {
  it('lists the world\'s corrections newest first, superseded ones never, each with its state; status, projectId, reopened and note narrow it as the fixtures say', async () => {
    const server = await mocks.start({});
    const all = (await server.get('/__mock/corrections?limit=1000')).body;
    expect(all.hasMore).toBe(false);
    expect(idsOf(all)).toEqual(newestFirst(current).map((c) => c.id));
    const sample = all.data.find((c: Listed) => c.reopenedIn !== undefined && c.statusNote !== undefined) ?? all.data[0];
    const stored = corrections.find((c) => c.id === sample.id)!;
    expect(sample).toEqual({
      id: stored.id, status: stored.status, projectId: stored.projectId, subject: stored.subject, createdAt: stored.createdAt, updatedAt: stored.updatedAt,
      ...(stored.sortedTo ? { sortedTo: stored.sortedTo } : {}), ...(stored.reopenedIn ? { reopenedIn: stored.reopenedIn } : {}), ...(stored.statusNote ? { statusNote: stored.statusNote } : {}),
    });

    const project = current[0]!.projectId;
    const cases: Array<[string, (c: Correction) => boolean]> = [
      ['reopened=true', (c) => c.reopenedIn !== undefined],
      ['reopened=false', (c) => c.reopenedIn === undefined],
      ['note=true', (c) => c.statusNote !== undefined],
      ['status=removed', (c) => c.status === 'removed'],
      ['status=open,with-owner&note=false', (c) => ['open', 'with-owner'].includes(c.status) && c.statusNote === undefined],
      [`projectId=${project}&reopened=true`, (c) => c.projectId === project && c.reopenedIn !== undefined],
    ];
    for (const [query, keep] of cases) {
      const expected = newestFirst(current.filter(keep)).map((c) => c.id);
      expect(expected.length, query).toBeGreaterThan(0);
      expect(idsOf((await server.get(`/__mock/corrections?${query}&limit=1000`)).body), query).toEqual(expected);
    }
  });

  it('answers at most limit (100 by default), with hasMore when more matched', async () => {
    const server = await mocks.start({});
    const first = (await server.get('/__mock/corrections')).body;
    expect(first.data).toHaveLength(100);
    expect(first.hasMore).toBe(true);
    const three = (await server.get('/__mock/corrections?limit=3')).body;
    expect(idsOf(three)).toEqual(idsOf(first).slice(0, 3));
    const exact = current.filter((c) => c.status === 'removed').length;
    expect((await server.get(`/__mock/corrections?status=removed&limit=${exact}`)).body.hasMore).toBe(false);
    expect((await server.get(`/__mock/corrections?status=removed&limit=${exact - 1}`)).body.hasMore).toBe(true);
  });

  it('finds what a test run reopened and what a note was left on, in the session that did it and not in the base world', async () => {
    const server = await mocks.start({});
    const session = server.mock.createSession();
    const admin = session.principals.find((p) => p.id === 'usr_ada_admin')!.token;
    const adminId = session.principals.find((p) => p.id === 'usr_ada_admin')!.id;
    const writable = (await server.get('/__mock/principals')).body.data.find((p: { id: string }) => p.id === adminId).writableProjectIds as string[];
    const fixed = current.find((c) => c.status === 'fixed' && c.reopenedIn === undefined && writable.includes(c.projectId))!;
    const open = current.find((c) => c.status === 'open' && c.statusNote === undefined && writable.includes(c.projectId))!;
    const run = await server.request('POST', '/__mock/test-runs', { token: admin, body: { version: 'v-listing', how: 'pin', wrong: [fixed.id] } });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const noted = await server.request('PATCH', `/v1/corrections/${open.id}`, { token: admin, body: { status: 'wont-fix', note: 'listing test' } });
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);

    const inSession = (query: string) => server.get(`/__mock/sessions/${session.id}/corrections?${query}&limit=1000`);
    const reopened = (await inSession('reopened=true')).body.data as Listed[];
    expect(reopened.find((c) => c.id === fixed.id)).toMatchObject({ reopenedIn: { version: 'v-listing', how: 'pin' } });
    expect((await inSession('note=true&status=wont-fix')).body.data.find((c: Listed) => c.id === open.id)?.statusNote?.text).toBe('listing test');
    expect(idsOf((await server.get('/__mock/corrections?reopened=true&limit=1000')).body)).not.toContain(fixed.id);
    expect(idsOf((await server.get('/__mock/corrections?note=true&limit=1000')).body)).not.toContain(open.id);
  });

  it.each([
    ['status=closed', 'status'],
    ['status=', 'status'],
    ['reopened=yes', 'reopened'],
    ['note=1', 'note'],
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=2.5', 'limit'],
    ['projectId=a&projectId=b', 'projectId'],
  ])('?%s → 400 bad-input naming the parameter, in the envelope', async (query, parameter) => {
    const server = await mocks.start({});
    const answer = await server.get(`/__mock/corrections?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'bad-input', details: { parameter } });
    expect(answer.body.error.requestId).toEqual(expect.any(String));
  });

  it('a session that is not open → 404 not-found naming it', async () => {
    const server = await mocks.start({});
    const answer = await server.get('/__mock/sessions/ses_gone/corrections');
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatchObject({ code: 'not-found', details: { sessionId: 'ses_gone' } });
  });
});
