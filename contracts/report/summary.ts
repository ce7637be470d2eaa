// The human summary: the target record first, then each failure with its check, what it rests
// on, its request, expectation, what came and a curl line; then what was unavailable, what the
// run wrote and removed, and the counts.
import type { SuiteResult } from '../run-suite.ts';
import { describeSource } from '../sources.ts';
import type { Failure } from '../types.ts';
import { sequenceLines, walkLine } from './sequence.ts';
import { bySourceLine, checkOutcomes } from './tally.ts';
import { targetSection } from './target-section.ts';

/** Why a failure is a warning, when its check's own severity was an error. */
export const DEMOTED_NOTE = 'a warning: the target is not the mock, and no page or convention promises this (--strict makes it fail)';

export function restsOn(failure: Failure): string {
  return `${describeSource(failure.source)}${failure.demoted ? ` (${DEMOTED_NOTE})` : ''}`;
}

export function writesLines(result: SuiteResult): string[] {
  const writes = result.writes;
  if (!writes) return [];
  const ids = (list: string[]) => (list.length ? list.join(', ') : 'none');
  const lines = [
    `Writes (--allow-writes, each correction tagged ${writes.tag} in its why): created ${writes.created.length} (${ids(writes.created)}); removed by the checks: ${ids(writes.removedByChecks)}; superseded, kept by the API as history and in no list: ${ids(writes.superseded)}; removed at the end (POST …/remove): ${ids(writes.removedAtEnd)}`,
  ];
  if (writes.leftBehind.length > 0) lines.push(`Left behind by an interrupted run and removed now: ${writes.leftBehind.map((l) => `${l.id} (run ${l.run})`).join(', ')}`);
  for (const left of writes.notRemoved) lines.push(`! not removed: ${left.id}: ${left.why}; the next run with --allow-writes removes it`);
  return lines;
}

export function unavailableLines(result: SuiteResult): string[] {
  if (result.unavailable.length === 0) return [];
  return [
    `Unavailable (503 with Retry-After, retried and given up; not judged, and no check failed for it): ${result.unavailable.length} scenario(s)`,
    ...result.unavailable.map((u) => `⧗ ${u.scenario}: ${u.message}`),
  ];
}

export function summarize(result: SuiteResult): string {
  const errors = result.failures.filter((f) => f.severity === 'error');
  const warnings = result.failures.filter((f) => f.severity === 'warning');
  const lines: string[] = [targetSection(result.target), ''];
  for (const failure of result.failures) {
    lines.push(`${failure.severity === 'error' ? '✗' : '!'} ${failure.check}  ${failure.request}`);
    lines.push(`    expected: ${failure.expected}`);
    lines.push(`    actual:   ${failure.actual}`);
    lines.push(`    rests on: ${restsOn(failure)}`);
    if (failure.curl) lines.push(`    reproduce: ${failure.curl}`);
    if (failure.sequence) lines.push(...sequenceLines(failure.sequence).map((line) => `    ${line}`));
  }
  for (const skip of result.skipped) lines.push(`- skipped ${skip.scenario}: ${skip.reason}`);
  lines.push(...unavailableLines(result), ...writesLines(result));
  if (result.stateful) lines.push(walkLine(result.stateful));
  const outcomes = checkOutcomes(result);
  const failed = outcomes.filter((o) => o.state === 'failed').length;
  const passed = outcomes.length - failed;
  lines.push('');
  lines.push(`${result.requests} requests${result.retried ? ` (${result.retried} of them 503s sent again)` : ''} in ${(result.durationMs / 1000).toFixed(1)} s; ${outcomes.length} checks ran: ${passed} passed, ${failed} failed (${errors.length} failures, ${warnings.length} warnings)`);
  lines.push(`By source: ${bySourceLine(outcomes)}`);
  lines.push(`Checks: ${passed} passed, ${failed} failed`);
  return lines.join('\n');
}
