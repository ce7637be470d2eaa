// What the CLI prints of a `--state` restore: a progress line while a long one runs, and the
// banner's line saying what it restored and how long it took (the figures come from the restore).
import type { RestoreProgress, RestoreSummary } from './store/state-restore.ts';

const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `restoring --state FILE: line N of M (T s)`, printed about once a second after the first. */
export function restoreProgressLine(file: string, progress: RestoreProgress): string {
  return `kindgi-mock: restoring --state ${file}: line ${progress.line} of ${progress.lines} (${(progress.elapsedMs / 1000).toFixed(1)} s)`;
}

/** The banner's `state:` line: the file, what it restored, from what, and how long it took. */
export function restoredStateLine(file: string, restored: RestoreSummary): string {
  const since = restored.fromSnapshot ? ` (${restored.fromSnapshot.writes} from a compacted snapshot, ${restored.writes - restored.fromSnapshot.writes} since)` : '';
  const clock = restored.clock ? `, the clock ${restored.clock.frozen ? 'frozen at' : 'running from'} ${new Date(restored.clock.now).toISOString()} as /__mock/clock left it` : '';
  return `  state: ${file}, ${counted(restored.writes, 'write')} restored${since}, ${counted(restored.openApprovals, 'open approval')}, ${counted(restored.keptAnswers, 'kept Idempotency-Key answer')}${clock}, in ${(restored.ms / 1000).toFixed(2)} s; every write is kept there (one server per file)`;
}
