// Issue 35: the same request raced through several replicas at once has exactly one effect, as it
// has on one mock: an Idempotency-Key is answered once, a suggested change is pinned once, and two
// corrections of one run by one author leave one live correction. Each race is run ten times.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkWorld } from '../../src/domain/world-rules.ts';
import type { TestMock } from '../http/support.ts';
import { closeAll, correctionOf, freshStore, startReplicas } from './support.ts';

const RACES = 10;
let replicas: TestMock[];

beforeAll(async () => {
  replicas = await startReplicas(await freshStore(), 3);
});
afterAll(() => closeAll(replicas ?? []));

/** The world as a replica holds it once a read has brought it up to date with the log. */
async function currentWorld(server: TestMock) {
  expect((await server.get('/__mock/state')).status).toBe(200);
  return server.mock.store.worldView();
}

it(`the same Idempotency-Key sent to three replicas at once is answered alike and makes one correction (${RACES} races)`, async () => {
  for (let race = 0; race < RACES; race += 1) {
    const key = `race-${race}-${Date.now()}`;
    const body = correctionOf(replicas[0]!, race, `Raced ${race}.`);
    const answers = await Promise.all(replicas.map((server) => server.request('POST', '/v1/corrections', { token: 'admin', body, headers: { 'Idempotency-Key': key } })));
    expect(answers[0]!.status, JSON.stringify(answers[0]!.body)).toBe(201);
    for (const answer of answers) expect([answer.status, answer.body]).toEqual([answers[0]!.status, answers[0]!.body]);
    for (const server of replicas) {
      const made = (await currentWorld(server)).corrections.filter((c) => c.shouldSay === `Raced ${race}.`);
      expect(made.map((c) => c.id), server.url).toEqual([answers[0]!.body.id]);
    }
  }
});

it(`a ready suggested change pinned through three replicas at once is pinned once; the others are refused (${RACES} races)`, async () => {
  const applied = await replicas[0]!.request('POST', '/__mock/scenarios/suggested-change', { body: { count: RACES, status: 'ready' } });
  expect(applied.status, JSON.stringify(applied.body)).toBeLessThan(300);
  const ready = await replicas[1]!.get('/__mock/suggested-changes?status=ready');
  const ids = (ready.body.data as Array<{ id: string }>).map((change) => change.id);
  expect(ids.length).toBeGreaterThanOrEqual(RACES);
  const refusals = new Set<string>();
  for (const id of ids.slice(-RACES)) {
    const answers = await Promise.all(replicas.map((server) => server.request('POST', `/v1/suggested-changes/${id}/pin`, { token: 'admin' })));
    const won = answers.filter((answer) => answer.status === 200);
    expect(won.length, JSON.stringify(answers.map((a) => [a.status, a.body]))).toBe(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      refusals.add(answer.body.error.code);
    }
    const after = await Promise.all(replicas.map((server) => server.get(`/v1/suggested-changes/${id}`, 'admin')));
    for (const answer of after) expect(answer.body).toEqual(after[0]!.body);
    expect(after[0]!.body.status).toBe(won[0]!.body.status ?? won[0]!.body.suggestedChange?.status);
  }
  // One documented refusal, the same one a single mock gives a pin of a change no longer ready.
  expect([...refusals]).toHaveLength(1);
  console.info(`pin races: ${RACES} races, each pinned once; the others refused with 409 ${[...refusals].join()}`);
});

it(`two corrections of one run by one author, sent to two replicas at once, leave one live correction (${RACES} races)`, async () => {
  const [a, b] = replicas as [TestMock, TestMock];
  for (let race = 0; race < RACES; race += 1) {
    const run = 20 + race;
    const answers = await Promise.all([a, b].map((server, n) => server.request('POST', '/v1/corrections', { token: 'admin', body: correctionOf(server, run, `Superseding ${race}.${n}`) })));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const runId = a.mock.store.worldView().runs[run]!.id;
    for (const server of replicas) {
      const world = await currentWorld(server);
      const ofRun = world.corrections.filter((c) => c.runId === runId && c.madeBy.id === 'usr_ada_admin');
      const live = ofRun.filter((c) => c.supersededBy === undefined && c.status !== 'removed');
      expect(live, `${server.url}: ${JSON.stringify(ofRun.map((c) => [c.id, c.status, c.supersededBy]))}`).toHaveLength(1);
      expect(checkWorld(world), server.url).toEqual([]);
    }
  }
});
