// The read API answers through createMock on a loopback port.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMock, type TestMock } from './support.ts';

let server: TestMock;
beforeAll(async () => { server = await startMock(); });
afterAll(async () => { await server.close(); });

it('GET /v1/corrections?limit=2 answers a page of two, newest first, with a cursor', async () => {
  const answer = await server.get('/v1/corrections?limit=2', 'admin');
  expect(answer.status).toBe(200);
  expect(answer.body.data).toHaveLength(2);
  expect(answer.body.hasMore).toBe(true);
  expect(Date.parse(answer.body.data[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(answer.body.data[1].createdAt));
});
