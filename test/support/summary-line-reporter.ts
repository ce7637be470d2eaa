// Ends a run with the plain line `Tests: N passed, N failed, N skipped`, which CI reads to
// know that tests ran (vitest's own summary is not in a form it recognises).
import type { Reporter, SerializedError, TestModule, TestRunEndReason } from 'vitest/node';

/**
 * - `failed` counts failed tests, and also each failure outside a test: a file or suite whose
 *   hook threw or that did not load (its tests are skipped or never collected, yet the run
 *   fails), and each unhandled error. A run vitest ends as failed never reads `0 failed`.
 */
export default class SummaryLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>, reason: TestRunEndReason): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
      for (const suite of [testModule, ...testModule.children.allSuites()]) if (suite.errors().length > 0) counts.failed += 1;
    }
    counts.failed += unhandledErrors.length;
    if (reason === 'failed' && counts.failed === 0) counts.failed = 1;
    process.stdout.write(`Tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
