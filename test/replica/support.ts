// Replicas for the tests of issue 35: several mocks on one fresh database of the run's PostgreSQL
// server, each reachable as a TestMock (tokens are the fixtures', the same on every replica).
import { inject } from 'vitest';
import type { MockOptions } from '../../src/index.ts';
import { startMock, type TestMock } from '../http/support.ts';
import { freshDatabaseFrom } from '../support/store-server.ts';

/** A database of its own on the run's server, for one test (or one file). */
export const freshStore = (): Promise<string> => freshDatabaseFrom(inject('storeUrl'));

/** `count` replicas named a, b, c… of one deployment on `store`, started one after the other. */
export async function startReplicas(store: string, count: number, options: MockOptions = {}): Promise<TestMock[]> {
  const replicas: TestMock[] = [];
  for (let index = 0; index < count; index += 1) replicas.push(await startReplica(store, String.fromCharCode(97 + index), options));
  return replicas;
}

export const startReplica = (store: string, replicaId: string, options: MockOptions = {}): Promise<TestMock> =>
  startMock({ deterministic: true, ...options, store, replicaId });

export async function closeAll(servers: readonly TestMock[]): Promise<void> {
  await Promise.all(servers.map((server) => server.close()));
}

/** A correction's body: the run named by index among the world's runs. */
export const correctionOf = (server: TestMock, run = 0, shouldSay = 'Refunds take 30 days.') => ({
  runId: server.mock.store.worldView().runs[run]!.id,
  answer: 'wrong',
  shouldSay,
});
