// The stateful walk in a report: the line that says what it walked and with which seed, and a
// failed sequence as steps with their curl lines, the step where target and model parted, and
// the two answers side by side. The summary, JUnit and the GitHub reporter all print these lines.
import type { StatefulReport } from '../stateful/scenario.ts';
import type { FailedSequence } from '../types.ts';

export function walkLine(walk: StatefulReport): string {
  const cut = walk.stopped ? `; cut short: ${walk.stopped}` : '';
  return `Stateful walk: ${walk.sequences} sequence(s) sent for ${walk.runs} asked (shrinking's included), on runs ${walk.targetRuns.join(', ')} as ${walk.caller}; seed ${walk.seed} (--stateful --seed ${walk.seed} sends the same sequences)${cut}`;
}

export function sequenceLines(sequence: FailedSequence): string[] {
  const lines = [`sequence of ${sequence.steps.length} step(s), shrunk in ${sequence.shrinks} step(s), seed ${sequence.seed} (--stateful --seed ${sequence.seed} replays it):`];
  for (const [index, step] of sequence.steps.entries()) {
    const parted = index + 1 === sequence.diverged.step ? `   ← parted here, at ${sequence.diverged.path}` : '';
    lines.push(`  ${index + 1}. ${step.description}${parted}`);
    for (const curl of step.curl) lines.push(`     ${curl}`);
  }
  lines.push(`model answered:  ${sequence.model}`, `target answered: ${sequence.target}`);
  return lines;
}
