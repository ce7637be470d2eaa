// Issue 35, model-based: random sequences of session requests (open, write, read, list, reset, end,
// use after end), each sent to a random one of three replicas of one deployment, and the same
// sequence to one mock alone (no store), the model. Every answer must be the model's, byte for byte
// once the things each side makes at random are named alike (session ids, tokens, request ids, the
// sessions' cursors); and at the end every session's world is the same on all three replicas, the
// model's, and keeps every domain rule.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkWorld } from '../../src/domain/world-rules.ts';
import { startMock, type TestMock } from '../http/support.ts';
import { closeAll, freshStore, startReplicas } from './support.ts';

const FROZEN = { now: '2026-12-01T09:00:00Z', frozen: true };
const OPTIONS = { clock: FROZEN, checkMs: 60_000 };

let replicas: TestMock[];
let model: TestMock;

beforeAll(async () => {
  replicas = await startReplicas(await freshStore(), 3, OPTIONS);
  model = await startMock({ deterministic: true, ...OPTIONS });
});
afterAll(async () => {
  await closeAll(replicas ?? []);
  await model?.close();
});

type Step =
  | { kind: 'open'; seed: 42 | 7 }
  | { kind: 'write'; session: number; run: number }
  | { kind: 'read'; session: number; correction: number }
  | { kind: 'list'; session: number; pages: number }
  | { kind: 'reset'; session: number }
  | { kind: 'end'; session: number };

const index = fc.nat({ max: 1000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('open' as const), seed: fc.constantFrom(42 as const, 7 as const) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('write' as const), session: index, run: index }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('read' as const), session: index, correction: index }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('list' as const), session: index, pages: fc.integer({ min: 1, max: 3 }) }) },
  fc.record({ kind: fc.constant('reset' as const), session: index }),
  fc.record({ kind: fc.constant('end' as const), session: index }),
);

/** One session as the replicas know it and as the model knows it. */
interface Pair {
  name: string;
  real: { id: string; tokens: Map<string, string> };
  model: { id: string; tokens: Map<string, string> };
  ended: boolean;
}
interface Said { status: number; text: string }

/** What each side makes at random, named alike: sessions' ids and tokens, request ids, cursors. */
function normalised(text: string, requestId: string | null, pairs: readonly Pair[], side: 'real' | 'model'): string {
  let out = requestId ? text.replaceAll(requestId, '<request id>') : text;
  // Tokens first: each begins with its session's id.
  for (const pair of pairs) for (const [principal, token] of pair[side].tokens) out = out.replaceAll(token, `<${pair.name} ${principal}>`);
  for (const pair of pairs) out = out.replaceAll(pair[side].id, `<${pair.name}>`);
  // A session's cursors are sealed with a secret of its own, random on replicas (where the log shares it).
  return out.replace(/"nextCursor":"[^"]+"/g, '"nextCursor":"<cursor>"');
}

async function send(server: TestMock, method: string, path: string, token: string | undefined, body: unknown, pairs: readonly Pair[], side: 'real' | 'model') {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { raw: text, said: { status: response.status, text: normalised(text, response.headers.get('x-request-id'), pairs, side) } };
}

it('random session sequences across three replicas answer as one mock alone, and every world keeps every rule', async () => {
  const done = new Map<string, number>();
  const count = (kind: string) => done.set(kind, (done.get(kind) ?? 0) + 1);
  const sequence = fc.array(fc.record({ replica: fc.nat({ max: 2 }), step }), { minLength: 8, maxLength: 24 });
  let sequences = 0;
  let requests = 0;

  await fc.assert(
    fc.asyncProperty(sequence, async (steps) => {
      sequences += 1;
      const pairs: Pair[] = [];
      /** The same request to a replica and to the model; both answers, normalised. */
      const both = async (replica: number, method: string, path: (side: 'real' | 'model') => string, who: ((side: 'real' | 'model') => string | undefined) | undefined, body?: unknown) => {
        requests += 1;
        const [real, alone] = await Promise.all([
          send(replicas[replica]!, method, path('real'), who?.('real'), body, pairs, 'real'),
          send(model, method, path('model'), who?.('model'), body, pairs, 'model'),
        ]);
        return { real, alone };
      };
      const compare = (label: string, real: Said, alone: Said) => {
        expect(real, label).toEqual(alone);
        expect(real.status, real.text).toBeLessThan(500);
      };

      for (const { replica, step: s } of steps) {
        const label = `replica ${'abc'[replica]}: ${JSON.stringify(s)}`;
        if (s.kind === 'open') {
          const name = `session ${pairs.length}`;
          const { real, alone } = await both(replica, 'POST', () => '/__mock/sessions', undefined, { name, seed: s.seed, ttlSeconds: 3600 });
          expect([real.said.status, alone.said.status], real.raw).toEqual([201, 201]);
          const sides = [real.raw, alone.raw].map((raw) => JSON.parse(raw) as { id: string; principals: Array<{ id: string; token: string }> });
          const known = (opened: (typeof sides)[number]) => ({ id: opened.id, tokens: new Map(opened.principals.map((p) => [p.id, p.token])) });
          pairs.push({ name, real: known(sides[0]!), model: known(sides[1]!), ended: false });
          // Named only now: the answer that brought them is compared with them named.
          compare(label, { ...real.said, text: normalised(real.raw, null, pairs, 'real') }, { ...alone.said, text: normalised(alone.raw, null, pairs, 'model') });
          count('open');
          continue;
        }
        if (pairs.length === 0) continue;
        const pair = pairs[s.session % pairs.length]!;
        const admin = (side: 'real' | 'model') => pair[side].tokens.get('usr_ada_admin');
        const world = model.mock.sessions.peekWorld(pair.model.id)?.store.worldView();
        switch (s.kind) {
          case 'write': {
            // After its end the model has no world: the run of the base world is as good as any.
            const runs = (world ?? model.mock.store.worldView()).runs;
            const { real, alone } = await both(replica, 'POST', () => '/v1/corrections', admin, { runId: runs[s.run % runs.length]!.id, answer: 'wrong', shouldSay: `Said at step ${requests}.` });
            compare(label, real.said, alone.said);
            count(pair.ended ? 'use after end' : `write ${real.said.status}`);
            break;
          }
          case 'read': {
            const corrections = world?.corrections ?? [];
            const id = corrections.length > 0 ? corrections[s.correction % corrections.length]!.id : 'cor_none';
            const { real, alone } = await both(replica, 'GET', () => `/v1/corrections/${id}`, admin);
            compare(label, real.said, alone.said);
            count(pair.ended ? 'use after end' : 'read');
            break;
          }
          case 'list': {
            let cursors: [string, string] | undefined;
            for (let page = 0; page < s.pages; page += 1) {
              const query = (side: 'real' | 'model') => `/v1/corrections?limit=4${cursors ? `&cursor=${encodeURIComponent(cursors[side === 'real' ? 0 : 1])}` : ''}`;
              const { real, alone } = await both(replica, 'GET', query, admin);
              compare(`${label} page ${page}`, real.said, alone.said);
              count(pair.ended ? 'use after end' : 'list page');
              if (real.said.status !== 200) break;
              const next = [real.raw, alone.raw].map((raw) => (JSON.parse(raw) as { nextCursor?: string }).nextCursor);
              if (!next[0] || !next[1]) break;
              cursors = [next[0], next[1]];
            }
            break;
          }
          case 'reset': {
            const { real, alone } = await both(replica, 'POST', (side) => `/__mock/sessions/${pair[side].id}/reset`, undefined);
            compare(label, real.said, alone.said);
            count(pair.ended ? 'use after end' : 'reset');
            break;
          }
          case 'end': {
            const { real, alone } = await both(replica, 'DELETE', (side) => `/__mock/sessions/${pair[side].id}`, undefined);
            compare(label, real.said, alone.said);
            count(pair.ended ? 'use after end' : 'end');
            pair.ended = true;
            break;
          }
        }
      }

      // Every session still open: one world on all three replicas, the model's, keeping every rule.
      for (const pair of pairs.filter((p) => !p.ended)) {
        const modelView = model.mock.sessions.peekWorld(pair.model.id)!.store.worldView();
        const asModel = normalised(JSON.stringify(modelView), null, pairs, 'model');
        for (const server of replicas) {
          // A read first, so that the replica has applied the whole log.
          expect((await server.get(`/__mock/sessions/${pair.real.id}`)).status).toBe(200);
          const view = server.mock.sessions.peekWorld(pair.real.id)!.store.worldView();
          expect(normalised(JSON.stringify(view), null, pairs, 'real'), `${pair.name} on ${server.url}`).toBe(asModel);
          expect(checkWorld(view), pair.name).toEqual([]);
        }
        await both(0, 'DELETE', (side) => `/__mock/sessions/${pair[side].id}`, undefined);
      }
      expect(checkWorld(replicas[2]!.mock.store.worldView())).toEqual([]);
    }),
    { numRuns: 40, seed: 20261207 },
  );
  // The sequences must really open, change and end sessions, not only be refused.
  for (const kind of ['open', 'write 201', 'read', 'list page', 'reset', 'end', 'use after end']) {
    expect(done.get(kind) ?? 0, `${kind} steps: ${JSON.stringify([...done])}`).toBeGreaterThan(0);
  }
  console.info(`session-interleavings across replicas: ${sequences} sequences, ${requests} requests to each side, ${JSON.stringify(Object.fromEntries(done))}`);
}, 120_000);

// Found by the property above: a write refused with 409 draws an id of a seeded session's sequence
// and changes nothing, and the next write on another replica made that id again.
it('ids drawn by a refused write on one replica are not made again by a write on another', async () => {
  const [a, b] = replicas as [TestMock, TestMock];
  const open = async (server: TestMock) => (await server.request('POST', '/__mock/sessions', { body: { name: 'refused', seed: 42, ttlSeconds: 3600 } })).body as { id: string; principals: Array<{ id: string; token: string }> };
  const [onA, alone] = [await open(a), await open(model)];
  const admin = (opened: typeof onA) => opened.principals.find((p) => p.id === 'usr_ada_admin')!.token;
  const runs = model.mock.store.worldView().runs;
  const made: Array<[number, number, string | undefined, string | undefined]> = [];
  // The refused write (run 385 has not finished: 409) is the last on A before B writes.
  for (const [server, run] of [[a, 0], [a, 385], [b, 1]] as const) {
    const body = { runId: runs[run]!.id, answer: 'wrong', shouldSay: `Run ${run}.` };
    const [real, expected] = await Promise.all([server.request('POST', '/v1/corrections', { token: admin(onA), body }), model.request('POST', '/v1/corrections', { token: admin(alone), body })]);
    made.push([real.status, expected.status, real.body?.id, expected.body?.id]);
  }
  expect(made.map(([status]) => status)).toContain(409);
  for (const [status, expectedStatus, id, expectedId] of made) expect([status, id]).toEqual([expectedStatus, expectedId]);
  await a.request('DELETE', `/__mock/sessions/${onA.id}`);
  await model.request('DELETE', `/__mock/sessions/${alone.id}`);
});
