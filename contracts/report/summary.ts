// The human summary: each failure with its check, request, expectation, what came, and a curl line.
import type { SuiteResult } from '../run-suite.ts';

export function summarize(result: SuiteResult): string {
  const errors = result.failures.filter((f) => f.severity === 'error');
  const warnings = result.failures.filter((f) => f.severity === 'warning');
  const lines: string[] = [];
  for (const failure of result.failures) {
    lines.push(`${failure.severity === 'error' ? '✗' : '!'} ${failure.check}  ${failure.request}`);
    lines.push(`    expected: ${failure.expected}`);
    lines.push(`    actual:   ${failure.actual}`);
    if (failure.curl) lines.push(`    reproduce: ${failure.curl}`);
  }
  for (const skip of result.skipped) lines.push(`- skipped ${skip.scenario}: ${skip.reason}`);
  const failedChecks = new Set(errors.map((f) => f.check));
  const passed = result.checksRun.filter((c) => !failedChecks.has(c)).length;
  lines.push('');
  lines.push(`${result.requests} requests in ${(result.durationMs / 1000).toFixed(1)} s; ${result.checksRun.length} checks ran: ${passed} passed, ${failedChecks.size} failed (${errors.length} failures, ${warnings.length} warnings)`);
  lines.push(`Checks: ${passed} passed, ${failedChecks.size} failed`);
  return lines.join('\n');
}
