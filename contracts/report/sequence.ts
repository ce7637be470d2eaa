// The stateful walk in a report: the line that says what it walked and with which seed, and a
// failed sequence as steps with their curl lines, the step where target and model parted, and
// the two answers side by side. The summary, JUnit and the GitHub reporter all print these lines.
import type { StatefulReport } from '../stateful/scenario.ts';
import type { FailedSequence } from '../types.ts';

/** `--seed N`, or `--seed=-N` for a negative one (which the flag parser would read as a flag). */
export const seedFlag = (seed: number) => (seed < 0 ? `--seed=${seed}` : `--seed ${seed}`);

export function walkLine(walk: StatefulReport): string {
  const sent = walk.sequences - walk.whileShrinking;
  const shrinking = walk.whileShrinking > 0 ? `, and ${walk.whileShrinking} more while shrinking` : '';
  const cut = walk.stopped ? `; cut short: ${walk.stopped}` : '';
  const testRuns = walk.testRuns ? 'test runs among the steps' : 'no test runs (only a kindgi-mock on this machine offers them)';
  return [
    `Stateful walk: ${sent} of ${walk.runs} sequences sent${shrinking}, ${walk.requests} requests in ${(walk.durationMs / 1000).toFixed(1)} s${cut}.`,
    `  Runs ${walk.targetRuns.join(', ')}, corrected as ${walk.caller} with the primary token ($KINDGI_TOKEN in the curl lines); ${testRuns}.`,
    `  Seed ${walk.seed}: --stateful ${seedFlag(walk.seed)} sends the same sequences.`,
  ].join('\n');
}

export function sequenceLines(sequence: FailedSequence): string[] {
  const lines = [`sequence of ${sequence.steps.length} step(s), shrunk in ${sequence.shrinks} step(s), seed ${sequence.seed} (--stateful ${seedFlag(sequence.seed)} replays it):`];
  for (const [index, step] of sequence.steps.entries()) {
    const parted = index + 1 === sequence.diverged.step ? `   ← parted here, at ${sequence.diverged.path}` : '';
    lines.push(`  ${index + 1}. ${step.description}${parted}`);
    for (const curl of step.curl) lines.push(`     ${curl}`);
  }
  lines.push(`model answered:  ${sequence.model}`, `target answered: ${sequence.target}`);
  return lines;
}
