// Vitest globalSetup: one PostgreSQL server for the whole run; test files take a database of their own
// from it with freshDatabaseFrom(inject('storeUrl')).
import type { TestProject } from 'vitest/node';
import { startStoreServer } from './store-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the run's shared PostgreSQL server (its `postgres` database, as a superuser). */
    storeUrl: string;
  }
}

/**
 * - Starts the server before any test file runs (about a second: globalSetup cannot start it lazily).
 * - The returned teardown stops it and removes its data folder.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startStoreServer();
  project.provide('storeUrl', server.url);
  return () => server.stop();
}
