// JUnit XML: one test case per check that ran, with what it rests on as <property> elements,
// failed with every failure it found (warnings as <system-out>); a scenario the target could not
// serve is an <error>, not a <failure>: it says nothing of conformance.
import type { SuiteResult } from '../run-suite.ts';
import { describeSource, type CheckSource } from '../sources.ts';
import { sequenceLines, walkLine } from './sequence.ts';
import { restsOn } from './summary.ts';
import { checkOutcomes } from './tally.ts';

const escape = (text: string) => text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** `source` (page, convention or inferred) and where: `page` + `sentence`, `section` + `sentence`, or `x-inferred` + `reading`. */
export function sourceProperties(source: CheckSource): Array<[string, string]> {
  const where: Array<[string, string]> = source.kind === 'page' ? [['page', source.pages.join(', ')], ['sentence', source.sentence]]
    : source.kind === 'convention' ? [['convention', source.section], ['sentence', source.sentence]]
      : [['x-inferred', source.pointer], ['reading', source.reading]];
  return [['source', source.kind], ...where, ['rests-on', describeSource(source)]];
}

const properties = (source: CheckSource) => [
  '      <properties>',
  ...sourceProperties(source).map(([name, value]) => `        <property name="${escape(name)}" value="${escape(value)}"/>`),
  '      </properties>',
];

export function toJunit(result: SuiteResult, suiteName = 'kindgi-contracts'): string {
  const outcomes = checkOutcomes(result);
  const cases = outcomes.map(({ name, source, errors, warnings }) => {
    const body = [...properties(source)];
    if (errors.length > 0) {
      const detail = errors.map((f) => [`${f.request}\nexpected: ${f.expected}\nactual: ${f.actual}\nrests on: ${restsOn(f)}\n${f.curl}`, ...(f.sequence ? sequenceLines(f.sequence) : [])].join('\n')).join('\n\n');
      body.push(`      <failure message="${escape(`${errors.length} failure(s): ${errors[0]!.expected}`)}">${escape(detail)}</failure>`);
    }
    if (warnings.length > 0) {
      body.push(`      <system-out>${escape(warnings.map((f) => [`warning: ${f.request}\nexpected: ${f.expected}\nactual: ${f.actual}\nrests on: ${restsOn(f)}`, ...(f.sequence ? sequenceLines(f.sequence) : [])].join('\n')).join('\n\n'))}</system-out>`);
    }
    return [`    <testcase classname="${suiteName}" name="${escape(name)}">`, ...body, '    </testcase>'].join('\n');
  });
  const skipped = result.skipped.map((s) => `    <testcase classname="${suiteName}" name="${escape(s.scenario)}"><skipped message="${escape(s.reason)}"/></testcase>`);
  const unavailable = result.unavailable.map((u) => `    <testcase classname="${suiteName}" name="${escape(u.scenario)}"><error type="target-unavailable" message="${escape(u.message)}"/></testcase>`);
  const failedChecks = outcomes.filter((o) => o.state === 'failed').length;
  const tests = cases.length + skipped.length + unavailable.length;
  const time = (result.durationMs / 1000).toFixed(3);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${suiteName}" tests="${tests}" failures="${failedChecks}" errors="${unavailable.length}" time="${time}">`,
    `  <testsuite name="${suiteName}" tests="${tests}" failures="${failedChecks}" errors="${unavailable.length}" skipped="${skipped.length}" time="${time}">`,
    ...cases,
    ...skipped,
    ...unavailable,
    ...(result.stateful ? [`    <system-out>${escape(walkLine(result.stateful))}</system-out>`] : []),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
