// JUnit XML: one test case per check that ran, failed with every failure it found.
import type { SuiteResult } from '../run-suite.ts';

const escape = (text: string) => text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

export function toJunit(result: SuiteResult, suiteName = 'kindgi-contracts'): string {
  const errors = result.failures.filter((f) => f.severity === 'error');
  const cases = result.checksRun.map((check) => {
    const found = errors.filter((f) => f.check === check);
    if (found.length === 0) return `    <testcase classname="${suiteName}" name="${escape(check)}"/>`;
    const detail = found.map((f) => `${f.request}\nexpected: ${f.expected}\nactual: ${f.actual}\n${f.curl}`).join('\n\n');
    return `    <testcase classname="${suiteName}" name="${escape(check)}">\n      <failure message="${escape(`${found.length} failure(s): ${found[0]!.expected}`)}">${escape(detail)}</failure>\n    </testcase>`;
  });
  const skipped = result.skipped.map((s) => `    <testcase classname="${suiteName}" name="${escape(s.scenario)}"><skipped message="${escape(s.reason)}"/></testcase>`);
  const failedChecks = new Set(errors.map((f) => f.check)).size;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${suiteName}" tests="${cases.length + skipped.length}" failures="${failedChecks}" time="${(result.durationMs / 1000).toFixed(3)}">`,
    `  <testsuite name="${suiteName}" tests="${cases.length + skipped.length}" failures="${failedChecks}" skipped="${skipped.length}" time="${(result.durationMs / 1000).toFixed(3)}">`,
    ...cases,
    ...skipped,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
