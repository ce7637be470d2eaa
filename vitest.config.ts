// Unit and integration tests; servers they start listen on 127.0.0.1 and stop in afterAll.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', './test/support/summary-line-reporter.ts'],
    // createMock() remembers checked worlds by default: this run keeps them in a temp folder of its own.
    // One PostgreSQL server for the run (the replica store); each test file takes a fresh database from it.
    globalSetup: ['./test/support/checked-worlds-setup.ts', './test/support/store-server-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
