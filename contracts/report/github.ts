// `--reporter github`: workflow commands (`::error` / `::warning` / `::notice`, one per check
// that failed or warned, and one per scenario the target could not serve) for the log and the
// run's annotations, and a Markdown job summary for $GITHUB_STEP_SUMMARY.
import type { SuiteResult } from '../run-suite.ts';
import { describeSource } from '../sources.ts';
import { sequenceLines, walkLine } from './sequence.ts';
import { DEMOTED_NOTE } from './summary.ts';
import { checkOutcomes, type CheckOutcome } from './tally.ts';
import { documentLines, targetKindLine } from './target-section.ts';

/** A workflow command's message: `%`, CR and LF escaped (as @actions/core does). */
export const escapeData = (text: string) => text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
/** A workflow command's property value: the message's escapes, and `:` and `,`. */
export const escapeProperty = (text: string) => escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');

const command = (kind: 'error' | 'warning' | 'notice', title: string, message: string) => `::${kind} title=${escapeProperty(title)}::${escapeData(message)}`;

function checkAnnotation(outcome: CheckOutcome): string {
  const found = outcome.state === 'failed' ? outcome.errors : outcome.warnings;
  const first = found[0]!;
  const count = found.length === 1 ? '' : ` (${found.length} ${outcome.state === 'failed' ? 'failures' : 'warnings'}; the first)`;
  const note = first.demoted ? ` (${DEMOTED_NOTE})` : '';
  const sequence = first.sequence ? `\n${sequenceLines(first.sequence).join('\n')}` : '';
  return command(outcome.state === 'failed' ? 'error' : 'warning', `${outcome.name} [${first.source.kind}]`,
    `${first.request}${count}: expected ${first.expected}; actual ${first.actual} — rests on ${describeSource(first.source)}${note}${sequence}`);
}

/** The workflow command lines, in order: checks that failed, checks that warned, unavailability, writes, skips, the totals. */
export function githubAnnotations(result: SuiteResult): string[] {
  const outcomes = checkOutcomes(result);
  const failed = outcomes.filter((o) => o.state === 'failed');
  const warned = outcomes.filter((o) => o.state === 'warned');
  const lines = [...failed, ...warned].map(checkAnnotation);
  for (const u of result.unavailable) lines.push(command('error', `target unavailable: ${u.scenario}`, `${u.message}: not judged, and no conformance failure (alone, it makes the run exit 2)`));
  for (const left of result.writes?.notRemoved ?? []) lines.push(command('warning', `correction left behind: ${left.id}`, `${left.why}; the next run with --allow-writes removes it`));
  for (const skip of result.skipped) lines.push(command('notice', `skipped: ${skip.scenario}`, skip.reason));
  lines.push(command('notice', 'kindgi contracts', `${result.target.baseUrl}: ${outcomes.length - failed.length} checks passed${warned.length ? ` (${warned.length} of them with warnings)` : ''}, ${failed.length} failed${result.unavailable.length ? `, ${result.unavailable.length} scenario(s) unavailable` : ''}`));
  return lines;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\r', '').replaceAll('\n', '<br>');
const row = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
const RESULT_MARK = { passed: '✅ passed', failed: '❌ failed', warned: '⚠️ warned' } as const;

/** The job summary, in GitHub-flavoured Markdown. */
export function githubSummary(result: SuiteResult): string {
  const outcomes = checkOutcomes(result);
  const failed = outcomes.filter((o) => o.state === 'failed').length;
  const { target } = result;
  const probe = (p: { honoured: boolean; how: string } | undefined, unprobed: string) => (p ? `${p.honoured ? 'honoured' : 'not honoured'} (${p.how})` : `not probed (${unprobed})`);
  const lines = [
    `## Contract checks: ${outcomes.length - failed} passed, ${failed} failed`,
    '',
    `**Target** ${target.baseUrl}: ${targetKindLine(target)}`,
    '',
    row(['what the kit saw', '']),
    '| --- | --- |',
    row(['document', documentLines(target).join('\n')]),
    row(['cursors', target.cursorsSealed ? `${target.cursorsSealed.sealed ? 'look sealed' : 'do not look sealed'} (${target.cursorsSealed.how})` : 'not seen']),
    row(['Prefer', probe(target.prefer, 'the provoked 503 scenario did not run')]),
    row(['Idempotency-Key replay', probe(target.idempotencyReplay, 'needs --allow-writes')]),
    row(['pace', `${target.pace.rps === undefined ? 'no ceiling' : `at most ${target.pace.rps} requests/s`} (${target.pace.why})`]),
    '',
  ];
  if (result.failures.length > 0) {
    lines.push('### Failures and warnings', '', row(['check', 'source', 'severity', 'request', 'expected', 'actual']), '| --- | --- | --- | --- | --- | --- |');
    for (const f of result.failures) lines.push(row([`\`${f.check}\``, f.source.kind, f.demoted ? 'warning (inferred, not the mock)' : f.severity, `\`${f.request}\``, f.expected, f.actual]));
    lines.push('');
    for (const f of result.failures.filter((failure) => failure.sequence)) {
      lines.push(`#### \`${f.check}\`: the shortest sequence found`, '', '```', ...sequenceLines(f.sequence!), '```', '');
    }
  }
  if (result.unavailable.length > 0) {
    lines.push('### Unavailable (503 past the retries: not judged)', '', ...result.unavailable.map((u) => `- **${u.scenario}**: ${u.message}`), '');
  }
  if (result.writes) {
    const w = result.writes;
    lines.push('### Writes', '', `- tag \`${w.tag}\` in every created correction's \`why\``, `- created: ${w.created.length}; removed by the checks: ${w.removedByChecks.length}; superseded (history): ${w.superseded.length}; removed at the end: ${w.removedAtEnd.length}`);
    if (w.leftBehind.length > 0) lines.push(`- left behind by an interrupted run and removed now: ${w.leftBehind.map((l) => `\`${l.id}\``).join(', ')}`);
    for (const n of w.notRemoved) lines.push(`- ⚠️ not removed: \`${n.id}\`: ${n.why}`);
    lines.push('');
  }
  if (result.stateful) lines.push('### Stateful walk', '', ...walkLine(result.stateful).split('\n').map((line) => `${line.trim().replace(/^Stateful walk: /, '')}  `), '');
  if (result.skipped.length > 0) lines.push('### Skipped', '', ...result.skipped.map((s) => `- **${s.scenario}**: ${s.reason}`), '');
  lines.push(`<details><summary>Every check (${outcomes.length}), and what it rests on</summary>`, '', row(['check', 'result', 'rests on']), '| --- | --- | --- |');
  for (const o of outcomes) lines.push(row([`\`${o.name}\``, RESULT_MARK[o.state], describeSource(o.source)]));
  lines.push('', '</details>', '');
  return lines.join('\n');
}
